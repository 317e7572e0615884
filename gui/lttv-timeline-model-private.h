/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-timeline-model-private.h: the timeline model's fields, shared by
 * its files: the rows and their order (lttv-timeline-model.c), their
 * drawing (-draw.c) and the view's export to a file (-export.c). */
#pragma once

#include "lttv-marks.h"
#include "lttv-timeline-losses.h"
#include "lttv-timeline-model.h"
#include "lttv-viewer-context-private.h"

#define EXPANDER_WIDTH 14
#define CELL_PAD 6
#define NAMES_FONT "Sans 9"
#define LABEL_FONT "Sans 8"

typedef struct
{
  char *state;
  char *label;
  double rgb[3];
} LegendEntry;

struct _LttvTimelineModel
{
  gint ref_count;
  LttvHistory *history;
  /* Keep the history alive: models live in draw and fill workers that may
   * outlast their viewer (ctx) or the tab's traceset (data, see
   * lttv_viewer_context_get_held). */
  LttvViewerContext *ctx;
  LttvTraceData *data;
  guint n_columns;
  char *titles[LTTV_TIMELINE_MAX_COLUMNS];
  int col_width[LTTV_TIMELINE_MAX_COLUMNS];
  GArray *rows;              /* LttvTimelineRow */
  GHashTable *palette;       /* state name -> double[3] */
  GArray *legend;            /* LegendEntry */
  LttvTimelineLosses *losses;
  LttvTimelineLabelFunc label_func;
  gpointer label_data;
  LttvTimelineColourFunc colour_func;
  gpointer colour_data;
  LttvValue highlight;

  gboolean tree;
  int sort_column;
  gboolean descending;
  char *find;                /* casefolded, or NULL */
  GArray *visible;           /* guint row index per position */
  GArray *depth;             /* guint per position */
  GArray *position;          /* int per row */
  guint8 *has_children;      /* per row */
  gboolean widths_valid;
  /* Rows it refuses are hidden too (the view's "rows with matches only"). */
  gboolean (*row_filter) (const LttvTimelineRow *row, gpointer data);
  gpointer row_filter_data;
};

void lttv_timeline_model_set_row_filter (LttvTimelineModel *m,
                                         gboolean (*filter) (const LttvTimelineRow *, gpointer),
                                         gpointer data);

/* A copy of `m` that no other thread changes (rows, order, widths,
 * colours): what an export job draws. */
LttvTimelineModel *lttv_timeline_model_snapshot (LttvTimelineModel *m);

/* What a render needs of the viewer's context, read on the main thread. */
typedef struct {
  LttvTime t0, t1;          /* the window */
  LttvTime begin;           /* the traceset's first time (the ruler's origin) */
  LttvTime sel0, sel1;
  gboolean has_selection;
  LttvTime now;             /* the current time */
  LttvMarks marks;          /* the same, and the bookmarks, as lttv_marks_draw takes them */
} LttvTimelineFrame;

void lttv_timeline_model_frame_of (LttvViewerContext *ctx, LttvTimelineFrame *f);
void lttv_timeline_model_frame_clear (LttvTimelineFrame *f);
/* lttv_timeline_model_render at `f`; with a job, the rows drawn a piece
 * at a time, with progress; FALSE when cancelled. */
gboolean lttv_timeline_model_render_frame (LttvTimelineModel *m, const LttvTimelineFrame *f,
                                           cairo_t *cr, int width, int height, LttvJob *job,
                                           GCancellable *cancellable);
/* lttv_timeline_model_export in a job of `ctx` (progress and Cancel in
 * the tab): the model is copied and the frame read now, the drawing and
 * the file's writing done in the worker. `done` runs on the main thread
 * with the job as source (lttv_job_finish: FALSE with the error, or
 * G_IO_ERROR_CANCELLED; the file is then not left half written). */
LttvJob *lttv_timeline_model_export_async (LttvTimelineModel *m, LttvViewerContext *ctx,
                                           const char *file, int width, int height,
                                           GAsyncReadyCallback done, gpointer user_data);

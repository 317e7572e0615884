/* SPDX-License-Identifier: GPL-2.0-or-later */
/* critpath: the critical path of the tab's selected thread over its
 * selection (or the whole traceset), as a timeline on the tab's time axis,
 * one row per thread the path passes through, and the time per cause. */
#pragma once

#include <lttv/critpath.h>
#include <lttv-module.h>

G_BEGIN_DECLS

/* A computed path and all it shows: made in a worker, read on the main
 * thread, never changed once made. */
typedef struct {
  gint64 tid;
  LttvTime begin, end;
  GArray *segments;     /* LttvPathSegment */
  GArray *causes;       /* LttvPathCause, the largest first */
  GArray *rows;         /* gint64 tids, in the order the path meets them */
  GPtrArray *row_names; /* "name (tid)" per row */
  GPtrArray *cause_texts; /* a sentence per cause */
  guint *seg_row;       /* the row of each segment */
  int *cause_seg;       /* the longest segment of each cause */
} CpResult;

CpResult *cp_result_compute (LttvState *s, gint64 tid, LttvTime begin, LttvTime end);
void cp_result_free (CpResult *r);
/* The segment at `t`, or -1. */
int cp_result_segment_at (const CpResult *r, LttvTime t);
/* The longest segment of cause `i`, or -1. */
int cp_result_cause_segment (const CpResult *r, guint cause);
/* "running", "blocked on disk" ...: the kind's legend label (translated). */
const char *cp_kind_label (LttvPathKind kind);
void cp_kind_colour (LttvPathKind kind, double rgb[3]);

/* Drawing, the same on screen and in exports: the chart spans
 * [chart_x, chart_x + chart_w) showing [t0, t1]. */
typedef struct {
  LttvViewerContext *ctx;
  const CpResult *r;
  LttvTime t0, t1;
  double chart_x;
  int chart_w;
  LttvTime sel0, sel1;  /* the tab's selection, NONE: none */
  const char *status;   /* shown instead of the path when not NULL */
} CpDraw;

#define CP_ROW_HEIGHT 22
#define CP_TOP 4
/* Draws rows, path and legend into width x height; returns the height
 * used. */
int cp_draw (const CpDraw *d, cairo_t *cr, int width, int height);
/* The row at y, or -1. */
int cp_row_at (const CpResult *r, double y);

/* The result as TSV: a header line, the segments, then the causes. */
char *cp_result_tsv (const CpResult *r, LttvViewerContext *ctx);
/* Writes the view to `file`: .tsv as text, else .png, .svg or .pdf. */
gboolean cp_export_file (const CpDraw *d, const char *file, int width, int height,
                         GError **error);
gboolean cp_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height,
                    GError **error);
gboolean cp_export_text (LttvViewerContext *ctx, GString *out, GError **error);

G_END_DECLS

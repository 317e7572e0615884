/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTimelineModel: the rows of a timeline viewer (control flow, resource
 * view) and how they are drawn: one row per history attribute, coloured
 * per pixel from lttv_history_query_row with the shared state colours,
 * labels written on intervals where they fit, sub-pixel changes marked as
 * dense. The names pane (columns, tree, sort, find) and the legend are
 * drawn here too, so that the widget (lttv-timeline-view.h) and headless
 * export draw the same picture. Installed with lttv-module.h. */
#pragma once

#include <gtk/gtk.h>

#include <lttv/history.h>

#include "lttv-module.h"

G_BEGIN_DECLS

#define LTTV_TIMELINE_MAX_COLUMNS 6
#define LTTV_TIMELINE_ROW_HEIGHT 20
#define LTTV_TIMELINE_HEADER_HEIGHT 28
#define LTTV_TIMELINE_LEGEND_HEIGHT 24

typedef struct
{
  char *cells[LTTV_TIMELINE_MAX_COLUMNS]; /* names pane texts (owned) */
  gint64 keys[LTTV_TIMELINE_MAX_COLUMNS]; /* sort keys (G_MININT64: by text) */
  LttvAttr attr;        /* coloured per pixel; LTTV_ATTR_NONE: a group row */
  LttvAttr label_attr;  /* written on its intervals when they fit, or NONE */
  LttvTime birth, death;/* nothing drawn outside [birth, death] */
  int parent;           /* index of the parent row (added before), -1: top */
  guint64 tag;          /* the viewer's own: tid, CPU number... */
  guint kind;           /* the viewer's own */
  gboolean tint;        /* colour by label value (one tint per thread) */
  gboolean hidden;      /* hidden by the viewer's filters */
  gboolean user_hidden; /* hidden by the user (names pane menu) */
  gboolean collapsed;   /* children hidden (tree mode) */
} LttvTimelineRow;

typedef struct _LttvTimelineModel LttvTimelineModel;

/* Writes the label of `v`, held around time `t`, into `buf` and returns
 * it (or a static string), NULL for none. Called from the drawing worker:
 * must only read. */
typedef const char *(*LttvTimelineLabelFunc) (const LttvTimelineRow *row,
                                              LttvValue v, LttvTime t,
                                              char buf[64], gpointer data);
/* Colour of a value the shared palette does not name (integers): FALSE
 * for nothing drawn. Called from the drawing worker. */
typedef gboolean (*LttvTimelineColourFunc) (const LttvTimelineRow *row,
                                            LttvValue v, double rgb[3],
                                            gpointer data);

/* `history` must outlive the model; `titles` are the n_columns column
 * titles (translated). State colours come from `ctx`. */
LttvTimelineModel *lttv_timeline_model_new (LttvViewerContext *ctx,
                                            LttvHistory *history,
                                            guint n_columns,
                                            const char *const *titles);
LttvTimelineModel *lttv_timeline_model_ref (LttvTimelineModel *m);
void lttv_timeline_model_unref (LttvTimelineModel *m);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvTimelineModel, lttv_timeline_model_unref)

LttvHistory *lttv_timeline_model_get_history (LttvTimelineModel *m);
/* Copies `row` (and its cells); returns its index. */
guint lttv_timeline_model_add_row (LttvTimelineModel *m,
                                   const LttvTimelineRow *row);
guint lttv_timeline_model_n_rows (LttvTimelineModel *m);
/* Owned by the model; change `hidden` or `collapsed`, then call
 * lttv_timeline_model_refilter. */
LttvTimelineRow *lttv_timeline_model_get_row (LttvTimelineModel *m, guint i);
void lttv_timeline_model_set_label_func (LttvTimelineModel *m,
                                         LttvTimelineLabelFunc func,
                                         gpointer data);
void lttv_timeline_model_set_colour_func (LttvTimelineModel *m,
                                          LttvTimelineColourFunc func,
                                          gpointer data);
/* Legend entries: state names of the shared palette, and their labels. */
void lttv_timeline_model_add_legend (LttvTimelineModel *m, const char *state,
                                     const char *label);
/* Rows whose label value is `v` are outlined where they hold it (a thread
 * selected elsewhere); LTTV_VALUE_NONE for none. */
/* The tracer's losses drawn over the rows, with their legend entry (the
 * model owns `losses`; NULL: none). */
typedef struct _LttvTimelineLosses LttvTimelineLosses;
void lttv_timeline_model_set_losses (LttvTimelineModel *m,
                                     LttvTimelineLosses *losses);
LttvTimelineLosses *lttv_timeline_model_get_losses (LttvTimelineModel *m);
void lttv_timeline_model_set_highlight (LttvTimelineModel *m, LttvValue v);
LttvValue lttv_timeline_model_get_highlight (LttvTimelineModel *m);

/* --- Visible rows -------------------------------------------------------- */

void lttv_timeline_model_set_tree (LttvTimelineModel *m, gboolean tree);
gboolean lttv_timeline_model_get_tree (LttvTimelineModel *m);
/* Sorts by column `column` (-1: insertion order). */
void lttv_timeline_model_set_sort (LttvTimelineModel *m, int column,
                                   gboolean descending);
int lttv_timeline_model_get_sort (LttvTimelineModel *m, gboolean *descending);
/* Shows only rows whose first cell contains `text` (case-insensitive) or
 * whose tag is `text` as a number, with their ancestors. */
void lttv_timeline_model_set_find (LttvTimelineModel *m, const char *text);
/* Recomputes the visible rows after a change of hidden/collapsed flags. */
void lttv_timeline_model_refilter (LttvTimelineModel *m);
guint lttv_timeline_model_n_visible (LttvTimelineModel *m);
/* The row shown at position `pos`, its depth in the tree. */
guint lttv_timeline_model_visible_row (LttvTimelineModel *m, guint pos,
                                       guint *depth);
/* The position of row `i`, or -1 when it is not shown. */
int lttv_timeline_model_row_position (LttvTimelineModel *m, guint i);
gboolean lttv_timeline_model_has_children (LttvTimelineModel *m, guint i);

/* --- Drawing ------------------------------------------------------------- */

/* Width of the names pane for the rows shown (columns fitted to texts). */
int lttv_timeline_model_names_width (LttvTimelineModel *m);
/* Draws the column headers (sort arrow) into `width` x HEADER_HEIGHT. */
void lttv_timeline_model_draw_header (LttvTimelineModel *m, cairo_t *cr,
                                      int width);
/* Column at x in the header, -1 for none. */
int lttv_timeline_model_column_at (LttvTimelineModel *m, double x);
/* Draws the names of rows from position `first` (y offset `y0`, pixels)
 * into width x height; `selected` is a row index or -1. */
void lttv_timeline_model_draw_names (LttvTimelineModel *m, cairo_t *cr,
                                     int width, int height, guint first,
                                     int y0, int selected);
/* TRUE when x (in the names pane) falls on row i's expander. */
gboolean lttv_timeline_model_on_expander (LttvTimelineModel *m, guint i,
                                          double x);

/* A snapshot of the rows to draw, for a worker: rows n_visible positions
 * from `first`, copied. */
typedef struct _LttvTimelineSlice LttvTimelineSlice;
LttvTimelineSlice *lttv_timeline_slice_new (LttvTimelineModel *m,
                                            guint first, guint n);
void lttv_timeline_slice_free (LttvTimelineSlice *s);
/* Draws the slice's rows over [t0, t1] (any thread): row k at
 * y0 + k * ROW_HEIGHT. FALSE when cancelled. */
gboolean lttv_timeline_slice_draw (LttvTimelineSlice *s, cairo_t *cr,
                                   int width, int y0, LttvTime t0,
                                   LttvTime t1, GCancellable *cancellable);
/* The same, giving up (FALSE) between two rows once the monotonic clock
 * (g_get_monotonic_time) passes `deadline`; 0: no deadline. */
gboolean lttv_timeline_slice_draw_until (LttvTimelineSlice *s, cairo_t *cr,
                                         int width, int y0, LttvTime t0,
                                         LttvTime t1,
                                         GCancellable *cancellable,
                                         gint64 deadline);

/* Draws the legend into width x LEGEND_HEIGHT. */
void lttv_timeline_model_draw_legend (LttvTimelineModel *m, cairo_t *cr,
                                      int width);

/* The whole view as a viewer's render function draws it: headers and
 * ruler, names pane, rows from the top, current time, selection, legend.
 * Draws the rows synchronously. */
void lttv_timeline_model_render (LttvTimelineModel *m, LttvViewerContext *ctx,
                                 cairo_t *cr, int width, int height);

/* Renders the view (lttv_timeline_model_render) into `file`: PNG, SVG or
 * PDF by its extension. */
gboolean lttv_timeline_model_export (LttvTimelineModel *m,
                                     LttvViewerContext *ctx, const char *file,
                                     int width, int height, GError **error);

/* The text of a state value (LTTV_VALUE_NONE: NULL); for tooltips. */
const char *lttv_timeline_model_value_text (LttvTimelineModel *m,
                                            const LttvTimelineRow *row,
                                            LttvValue v, char buf[64]);

G_END_DECLS

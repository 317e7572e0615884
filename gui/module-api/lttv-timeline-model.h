/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:lttv-timeline-model
 * @title: LttvTimelineModel
 * @short_description: the rows of a timeline viewer and how they are drawn
 * @include: lttv-timeline-model.h
 *
 * LttvTimelineModel: the rows of a timeline viewer (control flow, resource
 * view) and how they are drawn: one row per history attribute, coloured
 * per pixel from lttv_history_query_row with the shared state colours,
 * labels written on intervals where they fit, sub-pixel changes marked as
 * dense. The names pane (columns, tree, sort, find) and the legend are
 * drawn here too, so that the widget (lttv-timeline-view.h) and headless
 * export draw the same picture. Installed with lttv-module.h.
 */
#pragma once

#include <gtk/gtk.h>

#include <lttv/history.h>

#include "lttv-module.h"

G_BEGIN_DECLS

/**
 * LTTV_TIMELINE_MAX_COLUMNS:
 *
 * The most columns a names pane has.
 */
#define LTTV_TIMELINE_MAX_COLUMNS 6
/**
 * LTTV_TIMELINE_ROW_HEIGHT:
 *
 * The height of a row, in pixels.
 */
#define LTTV_TIMELINE_ROW_HEIGHT 16
/**
 * LTTV_TIMELINE_HEADER_HEIGHT:
 *
 * The height of the column headers, in pixels.
 */
#define LTTV_TIMELINE_HEADER_HEIGHT 28
/**
 * LTTV_TIMELINE_LEGEND_HEIGHT:
 *
 * The height of the legend, in pixels.
 */
#define LTTV_TIMELINE_LEGEND_HEIGHT 24
/**
 * LTTV_TIMELINE_HANDLE_WIDTH:
 *
 * The width of the handle between a timeline's names and its chart (it
 * drags the tab's time axis).
 */
#define LTTV_TIMELINE_HANDLE_WIDTH 5

/**
 * LttvTimelineRow:
 * @cells: names pane texts (owned)
 * @keys: sort keys (G_MININT64: by text)
 * @attr: coloured per pixel; LTTV_ATTR_NONE: a group row
 * @label_attr: written on its intervals when they fit, or NONE
 * @birth: nothing drawn outside [birth, death]
 * @death: nothing drawn outside [birth, death]
 * @parent: index of the parent row (added before), -1: top
 * @tag: the viewer's own: tid, CPU number...
 * @kind: the viewer's own
 * @tint: colour by label value (one tint per thread)
 * @hidden: hidden by the viewer's filters
 * @user_hidden: hidden by the user (names pane menu)
 * @collapsed: children hidden (tree mode)
 *
 * A row of a timeline; lttv_timeline_model_add_row() copies it.
 */
typedef struct {
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

/**
 * LttvTimelineModel:
 *
 * An opaque structure, freed with lttv_timeline_model_unref().
 */
typedef struct _LttvTimelineModel LttvTimelineModel;

/**
 * LttvTimelineLabelFunc:
 * @row: a row
 * @v: a value
 * @t: a time
 * @buf: a buffer of 64 bytes
 * @data: the data given to the callback
 *
 * Writes the label of @v, held around time @t, into @buf and returns
 * it (or a static string), NULL for none. Called from the drawing worker:
 * must only read.
 *
 * Returns: (nullable): @buf, a static string, or %NULL
 */
typedef const char *(*LttvTimelineLabelFunc) (const LttvTimelineRow *row,
                                              LttvValue v, LttvTime t,
                                              char buf[64], gpointer data);
/**
 * LttvTimelineColourFunc:
 * @row: a row
 * @v: a value
 * @rgb: return location for the colour
 * @data: the data given to the callback
 *
 * Colour of a value the shared palette does not name (integers): FALSE
 * for nothing drawn. Called from the drawing worker.
 *
 * Returns: %TRUE when *@rgb was set
 */
typedef gboolean (*LttvTimelineColourFunc) (const LttvTimelineRow *row,
                                            LttvValue v, double rgb[3],
                                            gpointer data);

/**
 * lttv_timeline_model_new:
 * @ctx: the viewer's context
 * @history: a history
 * @n_columns: the number of columns, at most %LTTV_TIMELINE_MAX_COLUMNS
 * @titles: (array length=n_columns): the columns' titles (copied)
 *
 * @history must outlive the model; @titles are the n_columns column
 * titles (translated). State colours come from @ctx.
 *
 * Returns: (transfer full): a new model, to free with
 * lttv_timeline_model_unref()
 */
LttvTimelineModel *lttv_timeline_model_new (LttvViewerContext *ctx,
                                            LttvHistory *history,
                                            guint n_columns,
                                            const char *const *titles);
/**
 * lttv_timeline_model_ref:
 * @m: a timeline model
 *
 * Takes a reference to @m.
 *
 * Returns: (transfer full): @m
 */
LttvTimelineModel *lttv_timeline_model_ref (LttvTimelineModel *m);
/**
 * lttv_timeline_model_unref:
 * @m: a timeline model
 *
 * Drops a reference to @m; the last one frees it.
 */
void lttv_timeline_model_unref (LttvTimelineModel *m);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvTimelineModel, lttv_timeline_model_unref)

/**
 * lttv_timeline_model_get_history:
 * @m: a timeline model
 *
 * The history the model draws.
 *
 * Returns: (transfer none): the history given to lttv_timeline_model_new()
 */
LttvHistory *lttv_timeline_model_get_history (LttvTimelineModel *m);
/**
 * lttv_timeline_model_add_row:
 * @m: a timeline model
 * @row: a row
 *
 * Copies @row (and its cells); returns its index.
 *
 * Returns: the row's index
 */
guint lttv_timeline_model_add_row (LttvTimelineModel *m,
                                   const LttvTimelineRow *row);
/**
 * lttv_timeline_model_n_rows:
 * @m: a timeline model
 *
 * How many rows the model has.
 *
 * Returns: the number of rows
 */
guint lttv_timeline_model_n_rows (LttvTimelineModel *m);
/**
 * lttv_timeline_model_get_row:
 * @m: a timeline model
 * @i: a row index
 *
 * Owned by the model; change `hidden` or `collapsed`, then call
 * lttv_timeline_model_refilter.
 *
 * Returns: (transfer none): owned by @m
 */
LttvTimelineRow *lttv_timeline_model_get_row (LttvTimelineModel *m, guint i);
/**
 * lttv_timeline_model_set_label_func:
 * @m: a timeline model
 * @func: the label function
 * @data: the data given to the callback
 *
 * Sets how values are written on intervals.
 */
void lttv_timeline_model_set_label_func (LttvTimelineModel *m,
                                         LttvTimelineLabelFunc func,
                                         gpointer data);
/**
 * lttv_timeline_model_set_colour_func:
 * @m: a timeline model
 * @func: the colour function
 * @data: the data given to the callback
 *
 * Sets the colours of values the palette does not name.
 */
void lttv_timeline_model_set_colour_func (LttvTimelineModel *m,
                                          LttvTimelineColourFunc func,
                                          gpointer data);
/**
 * lttv_timeline_model_add_legend:
 * @m: a timeline model
 * @state: a string
 * @label: a string
 *
 * Legend entries: state names of the shared palette, and their labels.
 */
void lttv_timeline_model_add_legend (LttvTimelineModel *m, const char *state,
                                     const char *label);
/* (an LttvTimelineLosses: lttv-timeline-losses.h, which includes this) */
struct _LttvTimelineLosses;
/**
 * lttv_timeline_model_set_losses:
 * @m: a timeline model
 * @losses: (transfer full) (nullable): the losses, or %NULL for none
 *
 * The tracer's losses drawn over the rows, with their legend entry.
 */
void lttv_timeline_model_set_losses (LttvTimelineModel *m,
                                     struct _LttvTimelineLosses *losses);
/**
 * lttv_timeline_model_get_losses:
 * @m: a timeline model
 *
 * The losses drawn over the rows.
 *
 * Returns: (transfer none) (nullable): owned by @m
 */
struct _LttvTimelineLosses *lttv_timeline_model_get_losses (LttvTimelineModel *m);
/**
 * lttv_timeline_model_set_highlight:
 * @m: a timeline model
 * @v: a value
 *
 * Rows whose label value is @v are outlined where they hold it (a thread
 * selected elsewhere); %LTTV_VALUE_NONE for none.
 */
void lttv_timeline_model_set_highlight (LttvTimelineModel *m, LttvValue v);
/**
 * lttv_timeline_model_get_highlight:
 * @m: a timeline model
 *
 * The highlighted value.
 *
 * Returns: a value, or %LTTV_VALUE_NONE
 */
LttvValue lttv_timeline_model_get_highlight (LttvTimelineModel *m);

/* --- Visible rows -------------------------------------------------------- */

/**
 * lttv_timeline_model_set_tree:
 * @m: a timeline model
 * @tree: %TRUE for a tree
 *
 * Shows the rows as a tree, or flat.
 */
void lttv_timeline_model_set_tree (LttvTimelineModel *m, gboolean tree);
/**
 * lttv_timeline_model_get_tree:
 * @m: a timeline model
 *
 * Whether the rows are shown as a tree.
 *
 * Returns: %TRUE for a tree
 */
gboolean lttv_timeline_model_get_tree (LttvTimelineModel *m);
/**
 * lttv_timeline_model_set_sort:
 * @m: a timeline model
 * @column: a column, or -1
 * @descending: %TRUE for descending
 *
 * Sorts by column @column (-1: insertion order).
 */
void lttv_timeline_model_set_sort (LttvTimelineModel *m, int column,
                                   gboolean descending);
/**
 * lttv_timeline_model_get_sort:
 * @m: a timeline model
 * @descending: (out) (optional): return location
 *
 * The sort column.
 *
 * Returns: a column, or -1
 */
int lttv_timeline_model_get_sort (LttvTimelineModel *m, gboolean *descending);
/**
 * lttv_timeline_model_set_find:
 * @m: a timeline model
 * @text: a string
 *
 * Shows only rows whose first cell contains @text (case-insensitive) or
 * whose tag is @text as a number, with their ancestors.
 */
void lttv_timeline_model_set_find (LttvTimelineModel *m, const char *text);
/**
 * lttv_timeline_model_refilter:
 * @m: a timeline model
 *
 * Recomputes the visible rows after a change of hidden/collapsed flags.
 */
void lttv_timeline_model_refilter (LttvTimelineModel *m);
/**
 * lttv_timeline_model_n_visible:
 * @m: a timeline model
 *
 * How many rows are shown.
 *
 * Returns: the number of rows shown
 */
guint lttv_timeline_model_n_visible (LttvTimelineModel *m);
/**
 * lttv_timeline_model_visible_row:
 * @m: a timeline model
 * @pos: a position
 * @depth: (out) (optional): return location for its depth
 *
 * The row shown at position @pos, its depth in the tree.
 *
 * Returns: a row index
 */
guint lttv_timeline_model_visible_row (LttvTimelineModel *m, guint pos,
                                       guint *depth);
/**
 * lttv_timeline_model_row_position:
 * @m: a timeline model
 * @i: a row index
 *
 * The position of row @i, or -1 when it is not shown.
 *
 * Returns: a position, or -1
 */
int lttv_timeline_model_row_position (LttvTimelineModel *m, guint i);
/**
 * lttv_timeline_model_has_children:
 * @m: a timeline model
 * @i: a row index
 *
 * Whether row @i has children.
 *
 * Returns: %TRUE when it has
 */
gboolean lttv_timeline_model_has_children (LttvTimelineModel *m, guint i);

/* --- Drawing ------------------------------------------------------------- */

/**
 * lttv_timeline_model_names_width:
 * @m: a timeline model
 *
 * Width of the names pane for the rows shown (columns fitted to texts).
 *
 * Returns: a width in pixels
 */
int lttv_timeline_model_names_width (LttvTimelineModel *m);
/**
 * lttv_timeline_model_draw_header:
 * @m: a timeline model
 * @cr: a cairo context to draw into
 * @width: the width in pixels
 *
 * Draws the column headers (sort arrow) into @width x HEADER_HEIGHT.
 */
void lttv_timeline_model_draw_header (LttvTimelineModel *m, cairo_t *cr,
                                      int width);
/**
 * lttv_timeline_model_column_at:
 * @m: a timeline model
 * @x: an x in the header
 *
 * Column at x in the header, -1 for none.
 *
 * Returns: a column, or -1
 */
int lttv_timeline_model_column_at (LttvTimelineModel *m, double x);
/**
 * lttv_timeline_model_draw_names:
 * @m: a timeline model
 * @cr: a cairo context to draw into
 * @width: the width in pixels
 * @height: the height in pixels
 * @first: the first position drawn
 * @y0: its y offset in pixels
 * @selected: a row index, or -1
 *
 * Draws the names of rows from position @first (y offset @y0, pixels)
 * into width x height; @selected is a row index or -1.
 */
void lttv_timeline_model_draw_names (LttvTimelineModel *m, cairo_t *cr,
                                     int width, int height, guint first,
                                     int y0, int selected);
/**
 * lttv_timeline_model_on_expander:
 * @m: a timeline model
 * @i: a row index
 * @x: an x in the names pane
 *
 * TRUE when x (in the names pane) falls on row i's expander.
 *
 * Returns: %TRUE on the expander
 */
gboolean lttv_timeline_model_on_expander (LttvTimelineModel *m, guint i,
                                          double x);

/**
 * LttvTimelineSlice:
 *
 * A snapshot of rows to draw, for a worker (lttv_timeline_slice_new()),
 * freed with lttv_timeline_slice_free().
 */
typedef struct _LttvTimelineSlice LttvTimelineSlice;
/**
 * lttv_timeline_slice_new:
 * @m: a timeline model
 * @first: a position
 * @n: the number of rows
 *
 * A copy of @n visible rows from position @first, for a worker to draw.
 *
 * Returns: (transfer full): a new slice, to free with
 * lttv_timeline_slice_free()
 */
LttvTimelineSlice *lttv_timeline_slice_new (LttvTimelineModel *m,
                                            guint first, guint n);
/**
 * lttv_timeline_slice_free:
 * @s: a slice
 *
 * Frees @s and what it owns.
 */
void lttv_timeline_slice_free (LttvTimelineSlice *s);
/**
 * lttv_timeline_slice_draw:
 * @s: a slice
 * @cr: a cairo context to draw into
 * @width: the width in pixels
 * @y0: the y of the first row
 * @t0: the start of the range
 * @t1: the end of the range
 * @cancellable: a #GCancellable
 *
 * Draws the slice's rows over [t0, t1] (any thread): row k at
 * y0 + k * ROW_HEIGHT. FALSE when cancelled.
 *
 * Returns: %FALSE when cancelled
 */
gboolean lttv_timeline_slice_draw (LttvTimelineSlice *s, cairo_t *cr,
                                   int width, int y0, LttvTime t0,
                                   LttvTime t1, GCancellable *cancellable);
/**
 * lttv_timeline_slice_draw_until:
 * @s: a slice
 * @cr: a cairo context to draw into
 * @width: the width in pixels
 * @y0: the y of the first row
 * @t0: the start of the range
 * @t1: the end of the range
 * @cancellable: a #GCancellable
 * @deadline: a g_get_monotonic_time() time, or 0
 *
 * The same, giving up (FALSE) between two rows once the monotonic clock
 * (g_get_monotonic_time) passes @deadline; 0: no deadline.
 *
 * Returns: %FALSE when cancelled or late
 */
gboolean lttv_timeline_slice_draw_until (LttvTimelineSlice *s, cairo_t *cr,
                                         int width, int y0, LttvTime t0,
                                         LttvTime t1,
                                         GCancellable *cancellable,
                                         gint64 deadline);

/**
 * lttv_timeline_model_draw_legend:
 * @m: a timeline model
 * @cr: a cairo context to draw into
 * @width: the width in pixels
 *
 * Draws the legend into width x LEGEND_HEIGHT.
 */
void lttv_timeline_model_draw_legend (LttvTimelineModel *m, cairo_t *cr,
                                      int width);

/**
 * lttv_timeline_model_render:
 * @m: a timeline model
 * @ctx: the viewer's context
 * @cr: a cairo context to draw into
 * @width: the width in pixels
 * @height: the height in pixels
 *
 * The whole view as a viewer's render function draws it: headers and
 * ruler, names pane, rows from the top, current time, selection, legend.
 * Draws the rows synchronously.
 */
void lttv_timeline_model_render (LttvTimelineModel *m, LttvViewerContext *ctx,
                                 cairo_t *cr, int width, int height);

/**
 * lttv_timeline_model_export:
 * @m: a timeline model
 * @ctx: the viewer's context
 * @file: a file name
 * @width: the width in pixels
 * @height: the height in pixels
 * @error: return location for a #GError, or %NULL
 *
 * Renders the view (lttv_timeline_model_render) into @file: PNG, SVG or
 * PDF by its extension.
 *
 * Returns: %TRUE when written, else %FALSE with @error set
 */
gboolean lttv_timeline_model_export (LttvTimelineModel *m,
                                     LttvViewerContext *ctx, const char *file,
                                     int width, int height, GError **error);

/**
 * lttv_timeline_model_value_text:
 * @m: a timeline model
 * @row: a row
 * @v: a value
 * @buf: a buffer of 64 bytes
 *
 * The text of a state value (LTTV_VALUE_NONE: NULL); for tooltips.
 *
 * Returns: (transfer none) (nullable): @buf, a static string, or %NULL
 */
const char *lttv_timeline_model_value_text (LttvTimelineModel *m,
                                            const LttvTimelineRow *row,
                                            LttvValue v, char buf[64]);

G_END_DECLS

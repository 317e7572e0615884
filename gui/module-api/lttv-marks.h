/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:lttv-marks
 * @title: Marks and bookmarks
 * @short_description: the current time, the selection and the bookmarks, drawn alike by every timeline
 * @include: lttv-marks.h
 *
 * What a tab marks on its time axis: the current time, the selected range
 * and the bookmarks (an #LttvBookmarks the tab's viewers share, saved per
 * traceset in the user's data folder). lttv_marks_draw() draws them over a
 * timeline in colours that no state uses, each with a light halo so that
 * it stays visible on any row colour and on light and dark themes.
 *
 * Installed with lttv-module.h.
 */
#pragma once

#include "lttv-module.h"

G_BEGIN_DECLS

/**
 * LttvBookmark:
 * @start: its time, or the start of its range
 * @end: the end of its range; @start for an instant
 * @name: its name (owned by the store)
 * @note: (nullable): a note (owned by the store)
 * @colour: the colour it is drawn in
 *
 * One bookmark of an #LttvBookmarks.
 */
typedef struct {
  LttvTime start, end;
  char *name;
  char *note;
  GdkRGBA colour;
} LttvBookmark;

/**
 * LTTV_TYPE_BOOKMARKS:
 *
 * The #GType of #LttvBookmarks.
 */
#define LTTV_TYPE_BOOKMARKS (lttv_bookmarks_get_type ())
/**
 * LttvBookmarks:
 *
 * A tab's bookmarks, sorted by time, with a "changed" signal (no
 * arguments, main thread) after every change; its fields are private.
 */
G_DECLARE_FINAL_TYPE (LttvBookmarks, lttv_bookmarks, LTTV, BOOKMARKS, GObject)

/**
 * lttv_bookmarks_new:
 *
 * An empty store, saved nowhere.
 *
 * Returns: (transfer full): a new #LttvBookmarks
 */
LttvBookmarks *lttv_bookmarks_new (void);
/**
 * lttv_bookmarks_n:
 * @self: a store
 *
 * How many bookmarks @self holds.
 *
 * Returns: a count
 */
guint lttv_bookmarks_n (LttvBookmarks *self);
/**
 * lttv_bookmarks_get:
 * @self: a store
 * @i: an index below lttv_bookmarks_n(), in time order
 *
 * The @i-th bookmark in time order.
 *
 * Returns: (transfer none): the bookmark, valid until the next change
 */
const LttvBookmark *lttv_bookmarks_get (LttvBookmarks *self, guint i);
/**
 * lttv_bookmarks_add:
 * @self: a store
 * @start: its time or the start of its range
 * @end: the end of its range (@start for an instant)
 * @name: its name (copied)
 * @note: (nullable): a note (copied)
 * @colour: (nullable): its colour; %NULL: the next of the default palette
 *
 * Adds a bookmark and saves the store when it has a file.
 *
 * Returns: its index in time order
 */
guint lttv_bookmarks_add (LttvBookmarks *self, LttvTime start, LttvTime end,
                          const char *name, const char *note,
                          const GdkRGBA *colour);
/**
 * lttv_bookmarks_update:
 * @self: a store
 * @i: an index
 * @name: (nullable): a new name, or %NULL to keep it
 * @note: (nullable): a new note, or %NULL to keep it
 * @colour: (nullable): a new colour, or %NULL to keep it
 *
 * Renames a bookmark, changes its note or its colour.
 */
void lttv_bookmarks_update (LttvBookmarks *self, guint i, const char *name,
                            const char *note, const GdkRGBA *colour);
/**
 * lttv_bookmarks_remove:
 * @self: a store
 * @i: an index
 *
 * Deletes a bookmark.
 */
void lttv_bookmarks_remove (LttvBookmarks *self, guint i);
/**
 * lttv_bookmarks_next:
 * @self: a store
 * @t: a time
 * @forward: %TRUE for the first bookmark after @t, %FALSE for the last
 *   before it
 *
 * The bookmark to go to from @t.
 *
 * Returns: an index, or -1 when there is none
 */
int lttv_bookmarks_next (LttvBookmarks *self, LttvTime t, gboolean forward);

/**
 * lttv_bookmarks_default_colour:
 * @i: any number
 *
 * The @i-th colour of the bookmarks' default palette (it cycles): colours
 * far from every state colour.
 *
 * Returns: a colour
 */
GdkRGBA lttv_bookmarks_default_colour (guint i);

/**
 * LttvMarks:
 * @now: the current time
 * @sel0: the selection's start, %LTTV_TIME_NONE for none
 * @sel1: the selection's end
 * @bookmarks: (element-type LttvBookmark): a copy of the bookmarks
 * @origin: the traceset's start, for the labels' times
 * @time_format: the format of the labels' times (the user's preference)
 *
 * What lttv_marks_draw() draws, read on the main thread (a worker may then
 * draw it). Free with lttv_marks_clear().
 */
typedef struct {
  LttvTime now;
  LttvTime sel0, sel1;
  GArray *bookmarks;
  LttvTime origin;
  int time_format;
} LttvMarks;

/**
 * LttvMarksFlags:
 * @LTTV_MARKS_LINES: the lines and the selection's tint
 * @LTTV_MARKS_LABELS: the selection's start, end and duration and the
 *   bookmarks' names, written (on a ruler)
 * @LTTV_MARKS_DURATION: the selection's duration only, in a bubble at the
 *   top (on a chart)
 *
 * What lttv_marks_draw() draws.
 */
typedef enum {
  LTTV_MARKS_LINES = 1 << 0,
  LTTV_MARKS_LABELS = 1 << 1,
  LTTV_MARKS_DURATION = 1 << 2,
} LttvMarksFlags;

/**
 * lttv_marks_get:
 * @ctx: a viewer's context
 * @marks: (out caller-allocates): what to fill
 *
 * The tab's marks now (main thread).
 */
void lttv_marks_get (LttvViewerContext *ctx, LttvMarks *marks);
/**
 * lttv_marks_clear:
 * @marks: marks filled by lttv_marks_get()
 *
 * Frees what @marks holds.
 */
void lttv_marks_clear (LttvMarks *marks);
/**
 * lttv_marks_draw:
 * @marks: the marks
 * @cr: a cairo context whose origin is the left of the time axis
 * @width: the width of the time axis, in pixels
 * @height: the height to draw over
 * @t0: the time at x = 0
 * @t1: the time at x = @width
 * @flags: what to draw
 *
 * Draws the selection, the bookmarks and the current time (on top), in
 * the mark colours, each line with a light halo. Any thread.
 */
void lttv_marks_draw (const LttvMarks *marks, cairo_t *cr, double width,
                      double height, LttvTime t0, LttvTime t1,
                      LttvMarksFlags flags);

/**
 * LttvMarkKind:
 * @LTTV_MARK_CURRENT_TIME: the current-time line
 * @LTTV_MARK_SELECTION: the selection's edges (and, paler, its tint)
 * @LTTV_MARK_HALO: the halo around every mark line
 *
 * The marks whose colours lttv_mark_colour() gives.
 */
typedef enum {
  LTTV_MARK_CURRENT_TIME,
  LTTV_MARK_SELECTION,
  LTTV_MARK_HALO,
} LttvMarkKind;

/**
 * lttv_mark_colour:
 * @kind: a mark
 *
 * The colour of a mark.
 *
 * Returns: its colour, the same in every viewer and theme
 */
GdkRGBA lttv_mark_colour (LttvMarkKind kind);

/**
 * lttv_marks_extend_selection:
 * @ctx: a viewer's context
 * @t: the time clicked
 *
 * What Shift+click does in every timeline: the selection grows to @t (its
 * nearer end moves there); with no selection, it runs from the current
 * time to @t.
 */
void lttv_marks_extend_selection (LttvViewerContext *ctx, LttvTime t);

/**
 * lttv_viewer_context_get_bookmarks:
 * @ctx: a viewer's context
 *
 * The tab's bookmarks; connect to its "changed" signal to redraw.
 *
 * Returns: (transfer none): owned by the tab
 */
LttvBookmarks *lttv_viewer_context_get_bookmarks (LttvViewerContext *ctx);

G_END_DECLS

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-timeline-view-private.h: the timeline view's fields, shared by its
 * files: the widget (lttv-timeline-view.c), its cached image of the rows
 * drawn by workers (-cache.c) and its mouse and keys (-input.c). */
#pragma once

#include "lttv-timeline-matches.h"
#include "lttv-timeline-view.h"

/* Draws at once, on the main thread, take at most this much of a frame,
 * all timeline views of the window together; a draw whose last one took
 * more than what is left goes to a worker (the old image, moved to the
 * new window, stands in meanwhile), and one that runs past it gives up
 * for a worker (the rows just scrolled to or the window just zoomed to
 * may cost far more than the last ones). */
#define SYNC_FRAME_MS 12.0
#define MIN_SPAN 10

typedef struct
{
  LttvTime t0, t1;
  guint first;        /* first row position drawn */
  int width, height;
  guint generation;
} CacheKey;

struct _LttvTimelineView
{
  GtkGrid parent_instance;

  LttvViewerContext *ctx;
  LttvTimelineModel *model;
  LttvTimelineTooltipFunc tooltip_func;
  gpointer tooltip_data;
  LttvTimelineOverlayFunc overlay_func;
  gpointer overlay_data;

  GtkWidget *header;      /* column titles */
  GtkWidget *names;
  GtkWidget *canvas;
  GtkWidget *legend;
  GtkWidget *ruler;       /* its own, hidden under a title row */
  GtkWidget *title_row;   /* the tab's, in the ruler's place, or NULL */
  GtkWidget *legend_button; /* the legend in a popover, in the title row */
  GtkWidget *popover_legend;
  GtkWidget *scrollbar, *corner;
  GtkAdjustment *vadj;

  cairo_surface_t *cache;
  CacheKey cache_key;
  guint generation;
  GCancellable *pending;  /* a worker draw in flight */
  CacheKey pending_key;
  double last_draw_ms;
  /* ... measured on the finished history: one measured while it built
   * says nothing of the first draw after, which makes the busy rows'
   * rank indexes (seconds on a big trace) */
  gboolean last_draw_finished;

  /* The tab's filter on the rows (lttv-timeline-view-matches.c). */
  LttvTimelineMatchFunc match_func;
  gpointer match_data;
  LttvTimelineMatches *matches;        /* of the window shown, or NULL */
  LttvTimelineMatches *matches_asked;  /* what the worker finds (owned by it) */
  GCancellable *matches_pending;
  gboolean matches_only;

  int selected;
  double hover_x;         /* -1: pointer away */
  gboolean pressed, dragging;
  double press_x;
  gboolean handle_dragging; /* the names column's edge */
  double handle_press_x;
  int handle_press_start;
};


/* Starts finding the window's matches when they are not known (from the
 * draw), and draws them over the rows. */
void lttv_timeline_view_update_matches (LttvTimelineView *self);
void lttv_timeline_view_draw_matches (LttvTimelineView *self, cairo_t *cr, int width, int height);
void lttv_timeline_view_clear_matches (LttvTimelineView *self);

/* The row count and page of the scrollbar, from the model. */
void lttv_timeline_view_update_adjustment (LttvTimelineView *self);
/* The image the canvas needs now; two are equal when one can stand for
 * the other. */
CacheKey lttv_timeline_view_current_key (LttvTimelineView *self);
gboolean lttv_timeline_view_key_equal (const CacheKey *a, const CacheKey *b);
/* Draws the rows for `key` at once when that was quick last time, else
 * starts a worker (its image replaces the cache when done). */
void lttv_timeline_view_refresh_cache (LttvTimelineView *self, const CacheKey *key);
/* Connects the mouse, keys and "timeline.*" actions. */
void lttv_timeline_view_connect_input (LttvTimelineView *self);
/* The time window, and the first row position shown (and the pixels of it
 * scrolled above the top, in `offset`). */
void lttv_timeline_view_window_of (LttvTimelineView *self, LttvTime *t0, LttvTime *t1);
guint lttv_timeline_view_first_position (LttvTimelineView *self, int *offset);

/* The tab's title row of the viewer (name, toolbar, buttons) in the place
 * of the view's own ruler, the tab's ruler right above standing for it;
 * the legend then in the popover of lttv_timeline_view_get_legend_button.
 * NULL: the ruler and the legend line back (the view in the dock). */
void lttv_timeline_view_set_title_row (LttvTimelineView *self, GtkWidget *row);
GtkWidget *lttv_timeline_view_get_legend_button (LttvTimelineView *self);

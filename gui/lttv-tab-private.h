/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-tab-private.h: what the tab's three files share: the object
 * (lttv-tab.c), its layout of viewers (lttv-tab-layout.c) and the opening
 * of its traces with the state build (lttv-tab-open.c). */
#pragma once

#include <lttv/lttv.h>

#include "lttv-tab.h"
#include "lttv-trace-data.h"
#include "lttv-viewer-context-private.h"


/* The dock's first height, when not remembered, at the least: ten events
 * of the event list (compact rows) with its bar and its header
 * (the timelines above need their room more). */
#define LTTV_TAB_DOCK_HEIGHT 240

typedef struct
{
  const LttvViewerInfo *info;
  LttvViewerContext *ctx;
  GtkWidget *frame;     /* header + viewer widget; we hold a reference */
  GtkWidget *header;    /* shown in the upper area; the dock has tabs */
  GtkWidget *tab_label; /* its tab in the dock */
  GtkWidget *widget;
  /* The viewer's toolbar (LTTV_VIEWER_TOOLBAR_CLASS), or NULL: in the
   * upper area it holds the title and the buttons too, one row, in the
   * place of the timeline view's ruler when it has one (view). */
  GtkWidget *toolbar;
  GtkWidget *toolbar_title, *toolbar_buttons;
  gpointer view;        /* LttvTimelineView*, or NULL */
  gboolean docked;      /* in the lower dock, else in the upper area */
} Viewer;

struct _LttvTab
{
  GtkBox parent_instance;

  GtkInfoBar *problem_bar;
  GtkLabel *problem_label;
  GtkWidget *time_bar;
  GtkWidget *job_bar;
  GtkWidget *ruler;
  GtkBox *viewer_area;
  GtkWidget *split;     /* upper area above, dock below */
  GtkWidget *upper;     /* the ruler and the timelines' chain */
  GtkWidget *chain;     /* holds the timelines' panes */
  GtkWidget *dock;      /* GtkNotebook of the list-like viewers */
  GtkWidget *empty_label;
  gpointer maximised;   /* Viewer*, or NULL */
  gboolean dock_placed; /* the split's position was set */
  gboolean placing;     /* by us, now */
  gboolean dock_moved;  /* by the user */
  gboolean closing;     /* lttv_tab_close: going a viewer a turn */
  guint save_idle;

  LttvTimeContext *time_context;
  LttvTimeAxis *axis;
  LttvBookmarks *bookmarks; /* the traceset's, shared by the viewers */
  GtkWidget *status;    /* the selection's measure */
  LttvViewerContext *ruler_context;
  GPtrArray *paths;     /* char*: every trace the tab was asked to open */
  LttvTraceData *data;  /* the traceset and its state */
  LttvTraceset *traceset; /* = the data's, for short */
  GPtrArray *viewers;   /* Viewer* */
  GQueue pending;       /* const char*: default viewers still to build */
  guint pending_idle;   /* builds the next one */
  guint pending_added;  /* how many of them were built */
  LttvJob *open_job;
  LttvJob *build_job;   /* the state build, while it runs */
  guint build_timer;    /* polls its progress */
  guint damage_timer;   /* watches the cached state for damaged blocks */
  char *open_error;     /* why the traces could not be opened, or NULL */
  GArray *layout_heights; /* int: a session's timeline heights, or NULL */
  int layout_dock_height; /* a session's dock height, -1: the user's */
  char *title;
  char *live_title;     /* replaces the traces' names, or NULL */
  gboolean uncached;    /* the state skips the cache (a live session) */
  gboolean growing;     /* a live session's: the traces open to grow,
                           the state is built by lttv-live-tab.c */
};

enum { OPENED, TITLE_CHANGED, VIEWERS_CHANGED, N_SIGNALS };
/* lttv-tab.c makes them; the layout and the opening emit them. */
G_GNUC_INTERNAL extern guint lttv_tab_signals[N_SIGNALS];

/* lttv-tab-layout.c: the ruler, the upper area and the dock, once. */
G_GNUC_INTERNAL void lttv_tab_build_layout (LttvTab *self);
/* lttv-tab-layout.c: the viewer whose frame is `frame` (and its index). */
G_GNUC_INTERNAL Viewer *lttv_tab_viewer_of_frame (LttvTab *self, GtkWidget *frame, guint *index);
/* lttv-tab-frame.c: a new viewer's frame, its title row and buttons. */
G_GNUC_INTERNAL GtkWidget *lttv_tab_make_frame (LttvTab *self, Viewer *v);
/* lttv-tab-frame.c: the title row folded into the toolbar over the
 * timeline (upper area) or given back to the viewer (dock). */
G_GNUC_INTERNAL void lttv_tab_fold_title (Viewer *v, gboolean upper);
/* lttv-tab-frame.c: the title and buttons in the viewer's toolbar, in the
 * upper area and when it is the dock's only page. */
G_GNUC_INTERNAL void lttv_tab_show_toolbar_title (Viewer *v, gboolean upper, gboolean alone);
/* lttv-tab-open.c: stops the state build and its progress polling. */
G_GNUC_INTERNAL void lttv_tab_stop_build (LttvTab *self);

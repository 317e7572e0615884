/* SPDX-License-Identifier: GPL-2.0-or-later */
/* el-private.h: the event list viewer's state, shared by its files. */
#pragma once

#include <glib/gi18n-lib.h>
#include <lttv-module.h>
#include <lttv/lttv.h>

#include "el-rows.h"

typedef struct _ElScan ElScan;
typedef struct _ElSearch ElSearch;

typedef struct
{
  LttvViewerContext *ctx;
  LttvState *state;           /* the tab's, once built; NULL before */
  ElRows *rows;               /* on `state`; NULL before */
  struct _ElOpening *opening; /* rows being opened in a worker */

  /* widgets */
  GtkWidget *top;
  GtkWidget *tree;            /* GtkTreeView of the rows on screen */
  GtkListStore *store;
  GtkAdjustment *adj;         /* event positions: value = first row */
  GtkWidget *scrollbar;
  GtkWidget *status;          /* "N events", "N matches", building... */
  GtkWidget *filter_entry;
  GtkWidget *window_only;     /* GtkToggleButton */
  GtkWidget *search_bar;
  GtkWidget *search_entry;
  GtkWidget *columns_menu;
  GtkTreeViewColumn *columns[EL_N_COLS];

  /* the rows: [0, n_rows) over either every event in [rank_lo, rank_hi)
   * or the matches of the filter */
  guint64 rank_lo, rank_hi;   /* unfiltered: window limits */
  GArray *matches;            /* ElMatch, all found so far; NULL: no filter */
  guint match_lo, match_hi;   /* filtered: window limits */
  guint64 n_rows;
  guint64 top_row;            /* first row on screen */
  guint n_visible;            /* rows that fit */
  guint64 selected_rank;      /* G_MAXUINT64: none */
  LttvTime selected_time;

  LttvFilter *filter;         /* compiled tab filter, NULL: none */
  ElScan *scan;               /* running filter scan, or NULL */
  LttvJob *scan_job;
  guint scan_timer;
  gboolean scan_done;

  ElSearch *search;
  LttvJob *search_job;

  gboolean setting_time;      /* our own current-time change */
  gboolean filling;           /* the store is being refilled */
  guint refill_idle;
  guint save_timer;           /* columns saved a moment after a change */
  guint window_timer;         /* limits updated once the window rests */
} EventList;

/* el-list.c: the virtual list */
void el_list_build (EventList *el, GtkWidget *box);
void el_list_reset (EventList *el);
void el_list_refill (EventList *el);
void el_list_scroll_to (EventList *el, gint64 top_row);
/* Shows and selects `row`; TRUE when it exists. */
gboolean el_list_select_row (EventList *el, guint64 row, gboolean set_time);
guint64 el_list_row_rank (EventList *el, guint64 row);
LttvTime el_list_row_time (EventList *el, guint64 row);
/* The row of the first event at or after `t`. */
guint64 el_list_row_for_time (EventList *el, LttvTime t);
guint64 el_list_row_for_rank (EventList *el, guint64 rank);
void el_list_update_limits (EventList *el);
void el_list_update_status (EventList *el);
/* The selected row, or G_MAXUINT64. */
guint64 el_list_selected_row (EventList *el);

/* el-columns.c: visibility, order and widths, remembered */
void el_columns_setup (EventList *el);
void el_columns_save (EventList *el);
GtkWidget *el_columns_menu (EventList *el);
extern const char *const el_column_keys[EL_N_COLS];
guint el_columns_layout (int order[EL_N_COLS], int widths[EL_N_COLS]);
const char *el_column_title (int column);

/* el-render.c: the list drawn without a widget, for headless export */
gboolean el_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height,
                    GError **error);

/* el-scan.c: the filter over the whole traceset, in the background */
void el_scan_start (EventList *el);
void el_scan_stop (EventList *el);

/* el-search.c: Ctrl+F, F3, Shift+F3 */
void el_search_build (EventList *el, GtkWidget *box);
void el_search_show (EventList *el);
void el_search_next (EventList *el, gboolean backward);
void el_search_stop (EventList *el);
/* TRUE when a text search is active and the row texts contain it. */
gboolean el_search_text_marks (EventList *el, char *const texts[EL_N_COLS]);

/* Store columns after the texts: the row index, its highlight colour
 * and its text colour. A search match is dark text on opaque yellow, the
 * same in light and dark themes (a translucent tint under a dark theme's
 * light text read badly). */
#define EL_STORE_ROW EL_N_COLS
#define EL_STORE_MARK (EL_N_COLS + 1)
#define EL_STORE_MARK_TEXT (EL_N_COLS + 2)
#define EL_STORE_N (EL_N_COLS + 3)
#define EL_MARK_COLOUR "#f6d32d"
#define EL_MARK_TEXT_COLOUR "#241f31"

/* el-export.c: copy and export */
void el_copy_selection (EventList *el);
void el_export (EventList *el);
void el_export_to (EventList *el, const char *path);
/* One row as text fields (newly allocated strings), for copy, export and
 * the store. */
void el_row_texts (EventList *el, const ElRow *row, char *texts[EL_N_COLS]);

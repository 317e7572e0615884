/* SPDX-License-Identifier: GPL-2.0-or-later */
/* controlflow: one row per thread lifetime, coloured by its state over
 * time (docs/state-model.md), on the shared timeline widget. */
#pragma once

#include <lttv/state.h>
#include <lttv-module.h>
#include <lttv-timeline-model.h>
#include <lttv-timeline-view.h>

G_BEGIN_DECLS

enum {
  CF_COL_PROCESS,
  CF_COL_TID,
  CF_COL_PID,
  CF_COL_PPID,
  CF_COL_BIRTH,
  CF_N_COLUMNS
};

/* A new model with one row per thread lifetime of `history` (committed
 * part), children under their parent. Rows: tag = tid, kind = 0. Reads
 * only: may run in a worker; `model` comes from cf_model_new on the main
 * thread. */
LttvTimelineModel *cf_model_new (LttvViewerContext *ctx, LttvHistory *history);
void cf_model_fill (LttvTimelineModel *model, LttvHistory *history,
                    LttvTime origin);
/* Hides the rows of threads not active in [t0, t1] (active: running or
 * changing state in it), or shows all when `active_only` is FALSE. */
void cf_model_filter_active (LttvTimelineModel *model, gboolean active_only,
                             LttvTime t0, LttvTime t1);
/* The same in steps, for the main loop: decides rows from *next on into
 * hidden[] (one per row) until the monotonic time `deadline` (µs); TRUE
 * when every row is decided, else FALSE with *next the first one left. */
gboolean cf_model_filter_active_step (LttvTimelineModel *model, LttvTime t0,
                                      LttvTime t1, gboolean *hidden,
                                      guint *next, gint64 deadline);
/* The row of thread `tid` alive at `t` (any lifetime when t is NONE), or
 * -1. */
int cf_model_find_thread (LttvTimelineModel *model, gint64 tid, LttvTime t);
/* Tooltip lines for thread rows: CPU, system call, PID. */
char *cf_tooltip (LttvTimelineModel *m, const LttvTimelineRow *row, LttvTime t,
                  gpointer data);

/* Rows by thread and CPUs' current-thread attributes, for the
 * scheduling arrows. */
typedef struct _CfIndex CfIndex;
CfIndex *cf_index_new (LttvTimelineModel *model);
void cf_index_free (CfIndex *x);
/* Draws, for each CPU, an arrow from the thread switched out to the one
 * switched in at each switch of [t0, t1]; nothing when the window holds
 * too many switches to read. */
void cf_draw_arrows (LttvTimelineView *view, CfIndex *x, cairo_t *cr,
                     int width, int height, LttvTime t0, LttvTime t1);
LttvHistory *cf_index_history (CfIndex *x);
/* The row of thread `tid` alive at `t` (tid 0: swapper/`cpu`), or -1. */
int cf_index_row_for (CfIndex *x, LttvTimelineModel *m, gint64 tid, guint cpu,
                      LttvTime t);

/* Wakeup arrows (controlflow-wakeups.c), from `s`'s wakeup edges once its
 * build is finished: draws those of [t0, t1], a few per pixel column. */
void cf_draw_wakeups (LttvTimelineView *view, CfIndex *x, LttvState *s,
                      cairo_t *cr, int width, int height, LttvTime t0,
                      LttvTime t1);
/* Tooltip lines for the arrows within a few pixels of (row, t), or NULL. */
char *cf_wakeups_tooltip (LttvTimelineView *view, CfIndex *x, LttvState *s,
                          LttvViewerContext *ctx, const LttvTimelineRow *row,
                          LttvTime t);
/* The first wakeup edge after `now` (before it when !forward) where `tid`
 * wakes or is woken by another thread, or NULL. */
const LttvWakeup *cf_wakeup_follow (LttvState *s, gint64 tid, LttvTime now,
                                    gboolean forward);

/* The state of ctx's tab; when the host has none (headless export before
 * the tab built it), one built here, synchronously, from the cache when
 * it can (freed with the traceset's last viewer). NULL when no traceset. */
LttvState *cf_state_get (LttvViewerContext *ctx, gboolean build);

G_END_DECLS

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* statistics-model.h: the state core's statistics (the numbers of
 * `lttv stats`) as a tree for the viewer, and as text for copying and
 * export. */
#pragma once

#include <gtk/gtk.h>

#include <lttv/stats.h>

#include "statistics-traps.h"

enum {
  STATS_COL_NAME,      /* string */
  STATS_COL_COUNT,     /* guint64, G_MAXUINT64 when it does not apply */
  STATS_COL_COUNT_TEXT,
  STATS_COL_TIME,      /* guint64 ns, G_MAXUINT64 when it does not apply */
  STATS_COL_TIME_TEXT,
  STATS_COL_PERCENT,   /* int 0..100: the bar */
  STATS_COL_PERCENT_TEXT,
  STATS_COL_SORT_KEY,  /* string: keeps numeric ids in numeric order */
  STATS_N_COLS
};

GtkTreeStore *statistics_model_new (void);
/* A trace of the tree, or the kernel traces together: the state core
 * keeps one set of CPUs and threads for the traceset. */
typedef struct {
  char *title;
  GHashTable *types;   /* its event type names (a set); NULL: every type */
  gboolean kernel;     /* holds the CPUs and threads */
} StatsGroup;

/* The groups of `ts`: one per userspace trace, one for its kernel traces
 * (named "a + b" when several); a single one for a single trace.
 * g_ptr_array_unref frees them. */
GPtrArray *statistics_groups_new (const LttvTraceset *ts);

/* Fills `store` from `st`: with one group, its tree at the top; with
 * several, a traceset row `title` above one tree per group. `discarded`
 * comes from the density; `traps` (NULL: none counted) adds the traps of
 * each CPU and thread; `history` (NULL: none) the processes, their
 * threads found from its Threads/<tid>/PID. Reads only: may run in a
 * worker. */
void statistics_model_fill_groups (GtkTreeStore *store, const char *title,
                                   const GPtrArray *groups, const LttvStats *st,
                                   guint64 discarded, const StatsTraps *traps,
                                   LttvHistory *history);
/* One group named `title` holding everything, no traps per CPU. */
void statistics_model_fill (GtkTreeStore *store, const char *title,
                            const LttvStats *st, guint64 discarded);
/* The rows under `iter` (all rows for NULL) as indented text, one row a
 * line, columns separated by two spaces or more; newly allocated. */
char *statistics_model_to_text (GtkTreeModel *model, GtkTreeIter *iter);

/* statistics-model.h: the state core's statistics (the numbers of
 * `lttv stats`) as a tree for the viewer, and as text for copying and
 * export. */
#pragma once

#include <gtk/gtk.h>

#include <lttv/stats.h>

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
/* Fills `store` from `st`; `title` names the root (the traces);
 * `discarded` comes from the density. */
void statistics_model_fill (GtkTreeStore *store, const char *title,
                            const LttvStats *st, guint64 discarded);
/* The rows under `iter` (all rows for NULL) as indented text, one row a
 * line, columns separated by two spaces or more; newly allocated. */
char *statistics_model_to_text (GtkTreeModel *model, GtkTreeIter *iter);

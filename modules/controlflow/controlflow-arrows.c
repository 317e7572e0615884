/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Scheduling arrows: on each CPU, which thread followed which. Drawn over
 * the rows when the window holds few enough switches to read them. */
#include "config.h"

#include <math.h>

#include "controlflow.h"

/* More switches than this in the window: no arrow (they would be a grey
 * wall; zoom in to see them). */
#define MAX_ARROWS 400

struct _CfIndex
{
  LttvHistory *history;
  GHashTable *by_tid;   /* tid -> GArray of row indexes */
  GArray *cpus;         /* CPUs/<n>/Current_thread attr, by n (NONE if absent) */
  GArray *swappers;     /* row of swapper/<n>, by n (-1) */
};

static void
array_free (gpointer a)
{
  g_array_unref (a);
}

CfIndex *
cf_index_new (LttvTimelineModel *m)
{
  CfIndex *x = g_new0 (CfIndex, 1);
  LttvHistory *h = lttv_timeline_model_get_history (m);
  guint n = lttv_timeline_model_n_rows (m);
  LttvAttr cpus = lttv_history_attr_lookup (h, "CPUs");

  x->history = h;
  x->by_tid = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, array_free);
  x->cpus = g_array_new (FALSE, FALSE, sizeof (LttvAttr));
  x->swappers = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < n; i++)
    {
      const LttvTimelineRow *row = lttv_timeline_model_get_row (m, i);
      gint64 tid = (gint64) row->tag;
      GArray *rows;

      if (tid == 0 && g_str_has_prefix (row->cells[CF_COL_PROCESS], "swapper/"))
        {
          guint cpu = (guint) g_ascii_strtoull (row->cells[CF_COL_PROCESS] + 8, NULL, 10);
          int none = -1;
          while (x->swappers->len <= cpu)
            g_array_append_val (x->swappers, none);
          g_array_index (x->swappers, int, cpu) = i;
          continue;
        }
      if ((rows = g_hash_table_lookup (x->by_tid, &tid)) == NULL)
        {
          rows = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (x->by_tid, g_memdup2 (&tid, sizeof tid), rows);
        }
      g_array_append_val (rows, i);
    }
  /* CPUs/<n>/Current_thread by n: the children of CPUs named by numbers. */
  for (guint a = 0, n_attrs = cpus != LTTV_ATTR_NONE ? lttv_history_n_attrs (h) : 0; a < n_attrs; a++)
    if (lttv_history_attr_parent (h, a) == cpus)
      {
        const char *name = lttv_history_attr_name (h, a);
        char *end;
        guint64 c = g_ascii_strtoull (name, &end, 10);
        g_autofree char *path = g_strdup_printf ("CPUs/%s/Current_thread", name);
        LttvAttr none = LTTV_ATTR_NONE;

        if (end == name || *end != '\0' || c > 4096)
          continue;
        while (x->cpus->len <= c)
          g_array_append_val (x->cpus, none);
        g_array_index (x->cpus, LttvAttr, c) = lttv_history_attr_lookup (h, path);
      }
  return x;
}

void
cf_index_free (CfIndex *x)
{
  if (x == NULL)
    return;
  g_hash_table_unref (x->by_tid);
  g_array_unref (x->cpus);
  g_array_unref (x->swappers);
  g_free (x);
}

LttvHistory *
cf_index_history (CfIndex *x)
{
  return x->history;
}

int
cf_index_row_for (CfIndex *x, LttvTimelineModel *m, gint64 tid, guint cpu, LttvTime t)
{
  GArray *rows;

  if (tid == 0)
    return cpu < x->swappers->len ? g_array_index (x->swappers, int, cpu) : -1;
  if ((rows = g_hash_table_lookup (x->by_tid, &tid)) == NULL)
    return -1;
  for (guint k = 0; k < rows->len; k++)
    {
      const LttvTimelineRow *row = lttv_timeline_model_get_row (m, g_array_index (rows, guint, k));
      if ((row->birth == LTTV_TIME_NONE || row->birth <= t) && (row->death == LTTV_TIME_NONE || row->death >= t))
        return g_array_index (rows, guint, k);
    }
  return -1;
}

void
cf_draw_arrows (LttvTimelineView *view, CfIndex *x, cairo_t *cr, int width, int height,
                LttvTime t0, LttvTime t1)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (view);
  guint64 total = 0;

  if (m == NULL || x == NULL || lttv_timeline_model_get_history (m) != x->history || t1 <= t0)
    return;
  /* Count first, from one sample per CPU: never list a dense window. */
  for (guint c = 0; c < x->cpus->len; c++)
    {
      LttvAttr a = g_array_index (x->cpus, LttvAttr, c);
      LttvSample s;
      if (a != LTTV_ATTR_NONE && lttv_history_query_row (x->history, a, t0, t1 - t0 + 1, 1, &s) > 0)
        total += s.mixed;
    }
  if (total > MAX_ARROWS)
    return;
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.75);
  for (guint c = 0; c < x->cpus->len; c++)
    {
      LttvAttr a = g_array_index (x->cpus, LttvAttr, c);
      g_autoptr (GArray) ivs = NULL;

      if (a == LTTV_ATTR_NONE)
        continue;
      ivs = lttv_history_intervals (x->history, a, t0, t1);
      for (guint k = 1; k < ivs->len; k++)
        {
          const LttvInterval *prev = &g_array_index (ivs, LttvInterval, k - 1);
          const LttvInterval *next = &g_array_index (ivs, LttvInterval, k);
          int ra, rb;
          double xa, ya, yb, dir;

          if (lttv_value_type (prev->value) != LTTV_VALUE_INT || lttv_value_type (next->value) != LTTV_VALUE_INT)
            continue;
          ra = cf_index_row_for (x, m, lttv_value_get_int (prev->value), c, prev->end);
          rb = cf_index_row_for (x, m, lttv_value_get_int (next->value), c, next->start);
          if (ra < 0 || rb < 0 || ra == rb)
            continue;
          ya = lttv_timeline_view_row_y (view, ra);
          yb = lttv_timeline_view_row_y (view, rb);
          if (ya < 0 || yb < 0 || (ya > height && yb > height) || (ya < 0 && yb < 0))
            continue;
          xa = floor (((double) next->start - (double) t0) * width / (double) (t1 - t0)) + 0.5;
          dir = yb > ya ? 1 : -1;
          cairo_move_to (cr, xa, ya);
          cairo_line_to (cr, xa, yb - dir * 3);
          cairo_stroke (cr);
          cairo_move_to (cr, xa, yb);
          cairo_line_to (cr, xa - 3, yb - dir * 5);
          cairo_line_to (cr, xa + 3, yb - dir * 5);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
    }
}

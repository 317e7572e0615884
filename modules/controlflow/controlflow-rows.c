/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The control flow's rows: thread lifetimes read from the history. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include <lttv-timeline-losses.h>
#include "controlflow.h"

typedef struct
{
  gint64 tid;
  gint64 pid, ppid;
  LttvTime birth, death;   /* death NONE: alive at the end */
  LttvAttr attr, syscall, cpu_rq;
  char *name;
  gboolean swapper;
} Lifetime;

static LttvAttr
child_attr (LttvHistory *h, const char *thread, const char *name)
{
  g_autofree char *path = g_strdup_printf ("Threads/%s/%s", thread, name);
  return lttv_history_attr_lookup (h, path);
}

static gint64
int_at (LttvHistory *h, LttvAttr attr, LttvTime t, gint64 fallback)
{
  LttvInterval iv;
  if (attr != LTTV_ATTR_NONE && lttv_history_query (h, attr, t, &iv)
      && lttv_value_type (iv.value) == LTTV_VALUE_INT)
    return lttv_value_get_int (iv.value);
  return fallback;
}

static int
compare_lifetimes (gconstpointer a, gconstpointer b)
{
  const Lifetime *x = a, *y = b;
  if (x->swapper != y->swapper)
    return x->swapper ? -1 : 1;
  if (x->birth != y->birth)
    return x->birth < y->birth ? -1 : 1;
  return x->tid < y->tid ? -1 : x->tid > y->tid;
}

/* Lifetimes of one thread attribute: maximal runs of a named (Exec_name
 * set) thread; a thread never named lives while its status is set. */
static void
add_lifetimes (LttvHistory *h, GArray *out, LttvAttr attr, const char *key, LttvTime begin,
               LttvTime end)
{
  LttvAttr exec = child_attr (h, key, "Exec_name");
  LttvAttr pid = child_attr (h, key, "PID"), ppid = child_attr (h, key, "PPID");
  LttvAttr syscall = child_attr (h, key, "System_call"), rq = child_attr (h, key, "Current_cpu_rq");
  gboolean swapper = g_str_has_prefix (key, "0_");
  gint64 tid = swapper ? 0 : g_ascii_strtoll (key, NULL, 10);
  g_autoptr (GArray) ivs = lttv_history_intervals (h, exec != LTTV_ATTR_NONE ? exec : attr, begin, end);
  gboolean named = FALSE;

  for (guint i = 0; i < ivs->len; i++)
    if (g_array_index (ivs, LttvInterval, i).value != LTTV_VALUE_NONE)
      named = TRUE;
  if (!named && exec != LTTV_ATTR_NONE)
    {
      g_array_unref (ivs);
      ivs = lttv_history_intervals (h, attr, begin, end);
      exec = LTTV_ATTR_NONE;
    }
  for (guint i = 0; i < ivs->len;)
    {
      const LttvInterval *iv = &g_array_index (ivs, LttvInterval, i);
      Lifetime lt = { .tid = tid, .attr = attr, .syscall = syscall, .cpu_rq = rq, .swapper = swapper };
      LttvValue last;
      LttvInterval st;
      guint j = i;

      if (iv->value == LTTV_VALUE_NONE)
        {
          i++;
          continue;
        }
      while (j + 1 < ivs->len && g_array_index (ivs, LttvInterval, j + 1).value != LTTV_VALUE_NONE)
        j++;
      lt.birth = iv->start;
      lt.death = g_array_index (ivs, LttvInterval, j).end;
      last = g_array_index (ivs, LttvInterval, j).value;
      /* A thread woken before it was named already lived (not before the
       * gap that follows its previous lifetime). */
      if (exec != LTTV_ATTR_NONE && lt.birth > begin
          && lttv_history_query (h, attr, lt.birth - 1, &st) && st.value != LTTV_VALUE_NONE)
        lt.birth = MAX (st.start, i > 0 ? g_array_index (ivs, LttvInterval, i - 1).start : begin);
      if (lt.death >= end || lttv_history_committed_end (h) <= lt.death)
        lt.death = LTTV_TIME_NONE;
      if (swapper)
        lt.name = g_strdup_printf ("swapper/%s", key + 2);
      else if (exec != LTTV_ATTR_NONE && lttv_history_string (h, last) != NULL)
        lt.name = g_strdup (lttv_history_string (h, last));
      else
        lt.name = g_strdup ("");
      lt.pid = int_at (h, pid, lt.birth, tid);
      lt.ppid = int_at (h, ppid, lt.birth, -1);
      if (lt.ppid < 0)
        lt.ppid = int_at (h, ppid, g_array_index (ivs, LttvInterval, j).start, -1);
      g_array_append_val (out, lt);
      i = j + 1;
    }
}

LttvTimelineModel *
cf_model_new (LttvViewerContext *ctx, LttvHistory *history)
{
  const char *titles[CF_N_COLUMNS] = {
    _("Process"), _("TID"), _("PID"), _("PPID"), _("Birth"),
  };
  static const struct { const char *state; const char *label; } legend[] = {
    { "RUN_USERMODE", N_("User mode") },
    { "RUN_SYSCALL", N_("System call") },
    { "INTERRUPTED", N_("Interrupted") },
    { "WAIT_FOR_CPU", N_("Waiting for CPU") },
    { "WAIT_BLOCKED", N_("Blocked") },
    { "WAIT_UNKNOWN", N_("Waiting") },
    { "WAIT_FORK", N_("Forked") },
    { "UNKNOWN", N_("Unknown") },
  };
  LttvTimelineModel *m = lttv_timeline_model_new (ctx, history, CF_N_COLUMNS, titles);

  for (guint i = 0; i < G_N_ELEMENTS (legend); i++)
    lttv_timeline_model_add_legend (m, legend[i].state, _(legend[i].label));
  /* a loss spans every thread: which ones it touched is not known */
  lttv_timeline_model_set_losses (m, lttv_timeline_losses_new (lttv_viewer_context_get_traceset (ctx),
                                                               NULL));
  return m;
}

void
cf_model_fill (LttvTimelineModel *model, LttvHistory *h, LttvTime origin)
{
  LttvAttr threads = lttv_history_attr_lookup (h, "Threads");
  LttvTime begin = lttv_history_begin (h), end = lttv_history_committed_end (h);
  g_autoptr (GArray) lives = g_array_new (FALSE, TRUE, sizeof (Lifetime));
  g_autoptr (GHashTable) by_tid = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                                         (GDestroyNotify) g_array_unref);
  guint n;

  if (threads == LTTV_ATTR_NONE || end == LTTV_TIME_NONE)
    return;
  n = lttv_history_n_attrs (h);
  for (LttvAttr a = 0; a < n; a++)
    if (lttv_history_attr_parent (h, a) == threads)
      add_lifetimes (h, lives, a, lttv_history_attr_name (h, a), begin, end);
  g_array_sort (lives, compare_lifetimes);

  for (guint i = 0; i < lives->len; i++)
    {
      Lifetime *lt = &g_array_index (lives, Lifetime, i);
      LttvTimelineRow row = { .attr = lt->attr, .label_attr = lt->syscall, .tag = lt->tid,
                              .birth = lt->swapper ? LTTV_TIME_NONE : lt->birth,
                              .death = lt->death, .parent = -1 };
      char tid[24], pid[24], ppid[24], birth[32];
      GArray *same;
      guint index;

      g_snprintf (tid, sizeof tid, "%" G_GINT64_FORMAT, lt->tid);
      g_snprintf (pid, sizeof pid, "%" G_GINT64_FORMAT, lt->pid);
      if (lt->ppid >= 0)
        g_snprintf (ppid, sizeof ppid, "%" G_GINT64_FORMAT, lt->ppid);
      else
        ppid[0] = '\0';
      g_snprintf (birth, sizeof birth, "%.6f", lt->birth >= origin ? (lt->birth - origin) / 1e9 : 0.0);
      row.cells[CF_COL_PROCESS] = lt->name;
      row.cells[CF_COL_TID] = tid;
      row.cells[CF_COL_PID] = pid;
      row.cells[CF_COL_PPID] = ppid;
      row.cells[CF_COL_BIRTH] = birth;
      row.keys[CF_COL_PROCESS] = G_MININT64;
      row.keys[CF_COL_TID] = lt->tid;
      row.keys[CF_COL_PID] = lt->pid;
      row.keys[CF_COL_PPID] = lt->ppid;
      row.keys[CF_COL_BIRTH] = (gint64) (lt->swapper ? 0 : lt->birth);
      /* The parent: the lifetime of the PPID thread alive at our birth,
       * listed before us (so the tree has no cycle). */
      if (lt->ppid > 0 && (same = g_hash_table_lookup (by_tid, &lt->ppid)) != NULL)
        for (guint k = same->len; k-- > 0;)
          {
            guint p = g_array_index (same, guint, k);
            const Lifetime *pl = &g_array_index (lives, Lifetime, p);
            if (pl->birth <= lt->birth && (pl->death == LTTV_TIME_NONE || pl->death >= lt->birth))
              {
                row.parent = p;
                break;
              }
          }
      index = lttv_timeline_model_add_row (model, &row);
      g_assert (index == i);
      if ((same = g_hash_table_lookup (by_tid, &lt->tid)) == NULL)
        {
          same = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (by_tid, &lt->tid, same);
        }
      g_array_append_val (same, index);
    }
  /* The hash keys point into `lives`: free the table first. */
  g_hash_table_remove_all (by_tid);
  for (guint i = 0; i < lives->len; i++)
    g_free (g_array_index (lives, Lifetime, i).name);
}

static gboolean
is_active_value (LttvHistory *h, LttvValue v)
{
  const char *s = lttv_history_string (h, v);
  return s != NULL && (g_str_has_prefix (s, "RUN_") || strcmp (s, "INTERRUPTED") == 0);
}

gboolean
cf_model_filter_active_step (LttvTimelineModel *model, LttvTime t0, LttvTime t1,
                             gboolean *hidden, guint *next, gint64 deadline)
{
  LttvHistory *h = lttv_timeline_model_get_history (model);
  guint n = lttv_timeline_model_n_rows (model);

  for (guint i = *next; i < n; i++)
    {
      /* (a look at the clock every 32 rows: a query is a few µs, or a
       * block of the cache decoded) */
      if (i % 32 == 0 && i > *next && g_get_monotonic_time () >= deadline)
        {
          *next = i;
          return FALSE;
        }
      const LttvTimelineRow *row = lttv_timeline_model_get_row (model, i);
      LttvInterval iv;
      LttvTime from = row->birth != LTTV_TIME_NONE ? MAX (row->birth, t0) : t0;
      LttvTime to = row->death != LTTV_TIME_NONE ? MIN (row->death, t1) : t1;

      hidden[i] = TRUE;
      if (from > to || !lttv_history_query (h, row->attr, from, &iv))
        continue;
      /* A change inside the window, or running all along. */
      hidden[i] = !(iv.end < to || is_active_value (h, iv.value));
    }
  *next = n;
  return TRUE;
}

void
cf_model_filter_active (LttvTimelineModel *model, gboolean active_only, LttvTime t0, LttvTime t1)
{
  guint n = lttv_timeline_model_n_rows (model), next = 0;
  g_autofree gboolean *hidden = g_new0 (gboolean, MAX (n, 1));

  if (active_only)
    cf_model_filter_active_step (model, t0, t1, hidden, &next, G_MAXINT64);
  for (guint i = 0; i < n; i++)
    lttv_timeline_model_get_row (model, i)->hidden = hidden[i];
}

int
cf_model_find_thread (LttvTimelineModel *model, gint64 tid, LttvTime t)
{
  guint n = lttv_timeline_model_n_rows (model);
  int any = -1;

  for (guint i = 0; i < n; i++)
    {
      const LttvTimelineRow *row = lttv_timeline_model_get_row (model, i);
      if ((gint64) row->tag != tid)
        continue;
      if (t == LTTV_TIME_NONE)
        return i;
      if ((row->birth == LTTV_TIME_NONE || row->birth <= t)
          && (row->death == LTTV_TIME_NONE || row->death >= t))
        return i;
      any = i;
    }
  return any;
}

char *
cf_tooltip (LttvTimelineModel *m, const LttvTimelineRow *row, LttvTime t, gpointer data)
{
  LttvHistory *h = lttv_timeline_model_get_history (m);
  GString *s = g_string_new (NULL);
  LttvInterval iv;
  LttvAttr rq;
  g_autofree char *path = lttv_history_attr_path (h, row->attr);
  g_autofree char *rq_path = g_strdup_printf ("%s/Current_cpu_rq", path);

  rq = lttv_history_attr_lookup (h, rq_path);
  if (rq != LTTV_ATTR_NONE && lttv_history_query (h, rq, t, &iv)
      && lttv_value_type (iv.value) == LTTV_VALUE_INT)
    g_string_append_printf (s, "%s: %" G_GINT64_FORMAT, _("CPU"), lttv_value_get_int (iv.value));
  if (row->label_attr != LTTV_ATTR_NONE && lttv_history_query (h, row->label_attr, t, &iv)
      && lttv_history_string (h, iv.value) != NULL)
    g_string_append_printf (s, "%s%s: %s", s->len > 0 ? "\n" : "", _("System call"),
                            lttv_history_string (h, iv.value));
  g_string_append_printf (s, "%s%s: %s, %s: %s", s->len > 0 ? "\n" : "", _("PID"),
                          row->cells[CF_COL_PID], _("PPID"),
                          row->cells[CF_COL_PPID][0] != '\0' ? row->cells[CF_COL_PPID] : "–");
  g_autofree char *lost = lttv_timeline_losses_describe (lttv_timeline_model_get_losses (m), row, t, 0);
  if (lost != NULL)
    g_string_append_printf (s, "\n%s", lost);
  return g_string_free (s, FALSE);
}

LttvState *
cf_state_get (LttvViewerContext *ctx, gboolean build)
{
  LttvState *s = lttv_viewer_context_get_state (ctx);
  LttvTraceset *ts;
  g_autoptr (GError) error = NULL;

  if (s != NULL || !build)
    return s;
  if ((s = g_object_get_data (G_OBJECT (ctx), "controlflow-state")) != NULL)
    return s;
  if ((ts = lttv_viewer_context_get_traceset (ctx)) == NULL)
    return NULL;
  s = lttv_state_new (ts);
  if (!lttv_state_build (s, TRUE, LTTV_CANCEL_NONE, &error))
    g_printerr ("controlflow: %s\n", error->message);
  g_object_set_data_full (G_OBJECT (ctx), "controlflow-state", s, (GDestroyNotify) lttv_state_free);
  return s;
}

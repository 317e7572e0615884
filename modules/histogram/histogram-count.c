/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Exact counts per bar from the events themselves (histogram-count.h).
 * Thread values for the filter come from the state history at the event's
 * time: the CPU's current thread, then that thread's attributes. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "histogram-count.h"

HistogramCount *
histogram_count_new (LttvTime t0, LttvTime step, guint n, const char *filter)
{
  HistogramCount *req = g_new0 (HistogramCount, 1);
  req->t0 = t0;
  req->step = MAX (step, 1);
  req->n = n;
  req->filter = g_strdup (filter != NULL ? filter : "");
  req->counts = g_new0 (guint64, MAX (n, 1));
  return req;
}

void
histogram_count_free (gpointer data)
{
  HistogramCount *req = data;
  if (req == NULL)
    return;
  g_free (req->filter);
  g_free (req->counts);
  g_free (req);
}

typedef struct {
  LttvHistory *h;
  GHashTable *cpu_attrs;    /* cpu + 1 -> Current_thread attr + 1 */
  GHashTable *thread_attrs; /* tid key -> Threads/<tid> attr + 1 */
  GHashTable *child_attrs;  /* thread attr * 8 + child -> attr + 1 */
} ThreadSource;

/* Looks `path` up once; later calls for `key` come from `cache`. */
static LttvAttr
cached_lookup (LttvHistory *h, GHashTable *cache, guint64 key, const char *path)
{
  gpointer v;
  if (g_hash_table_lookup_extended (cache, &key, NULL, &v))
    return GPOINTER_TO_UINT (v) - 1;
  LttvAttr a = lttv_history_attr_lookup (h, path);
  guint64 *k = g_new (guint64, 1);
  *k = key;
  g_hash_table_insert (cache, k, GUINT_TO_POINTER (a + 1));
  return a;
}

/* The Threads/<tid> attribute of the thread on the event's CPU, or NONE. */
static LttvAttr
event_thread (ThreadSource *ts, const LttvEvent *ev, int64_t *tid_out)
{
  int cpu = lttv_event_cpu (ev);
  if (cpu < 0)
    return LTTV_ATTR_NONE;
  gpointer v = g_hash_table_lookup (ts->cpu_attrs, GINT_TO_POINTER (cpu + 1));
  LttvAttr cur;
  if (v == NULL)
    {
      char path[48];
      snprintf (path, sizeof path, "CPUs/%d/Current_thread", cpu);
      cur = lttv_history_attr_lookup (ts->h, path);
      g_hash_table_insert (ts->cpu_attrs, GINT_TO_POINTER (cpu + 1),
                           GUINT_TO_POINTER (cur + 1));
    }
  else
    cur = GPOINTER_TO_UINT (v) - 1;
  LttvInterval iv;
  if (cur == LTTV_ATTR_NONE || !lttv_history_query (ts->h, cur, lttv_event_time (ev), &iv)
      || lttv_value_type (iv.value) != LTTV_VALUE_INT)
    return LTTV_ATTR_NONE;
  int64_t tid = lttv_value_get_int (iv.value);
  *tid_out = tid;
  char path[48] = "";
  /* the swappers are one per CPU: keys above any tid */
  guint64 key = tid == 0 ? (1ull << 62) + (guint64) cpu : (guint64) tid;
  if (!g_hash_table_contains (ts->thread_attrs, &key))
    {
      if (tid == 0)
        snprintf (path, sizeof path, "Threads/0_%d", cpu);
      else
        snprintf (path, sizeof path, "Threads/%lld", (long long) tid);
    }
  return cached_lookup (ts->h, ts->thread_attrs, key, path);
}

static const char *const thread_children[] = { "PID", "PPID", "Exec_name", "System_call" };

static LttvValue
thread_value (ThreadSource *ts, const LttvEvent *ev, guint child, int64_t *tid)
{
  LttvAttr th = event_thread (ts, ev, tid);
  if (th == LTTV_ATTR_NONE || child >= G_N_ELEMENTS (thread_children))
    return LTTV_VALUE_NONE;
  guint64 key = (guint64) th * 8 + child;
  LttvAttr a;
  if (!g_hash_table_contains (ts->child_attrs, &key))
    {
      /* once per thread and value: the path is built only here */
      g_autofree char *path = lttv_history_attr_path (ts->h, th);
      g_autofree char *full = g_strconcat (path, "/", thread_children[child], NULL);
      a = cached_lookup (ts->h, ts->child_attrs, key, full);
    }
  else
    a = cached_lookup (ts->h, ts->child_attrs, key, NULL);
  LttvInterval iv;
  if (a == LTTV_ATTR_NONE || !lttv_history_query (ts->h, a, lttv_event_time (ev), &iv))
    return LTTV_VALUE_NONE;
  return iv.value;
}

static gboolean
source_number (gpointer data, const LttvEvent *ev, LttvFilterThreadValue what,
               int64_t *out)
{
  ThreadSource *ts = data;
  int64_t tid = -1;
  LttvValue v;
  switch (what)
    {
    case LTTV_FILTER_THREAD_TID:
      event_thread (ts, ev, &tid);
      *out = tid;
      return tid >= 0;
    case LTTV_FILTER_THREAD_PID:
      v = thread_value (ts, ev, 0, &tid);
      /* PID is stored only when it differs from the tid */
      *out = lttv_value_type (v) == LTTV_VALUE_INT ? lttv_value_get_int (v) : tid;
      return *out >= 0;
    case LTTV_FILTER_THREAD_PPID:
      v = thread_value (ts, ev, 1, &tid);
      if (lttv_value_type (v) != LTTV_VALUE_INT)
        return FALSE;
      *out = lttv_value_get_int (v);
      return TRUE;
    default:
      return FALSE;
    }
}

static const char *
source_string (gpointer data, const LttvEvent *ev, LttvFilterThreadValue what)
{
  ThreadSource *ts = data;
  int64_t tid = -1;
  guint child = what == LTTV_FILTER_THREAD_COMM ? 2
                : what == LTTV_FILTER_THREAD_SYSCALL ? 3 : G_MAXUINT;
  LttvValue v = thread_value (ts, ev, child, &tid);
  return lttv_history_string (ts->h, v);
}

gboolean
histogram_count_run (HistogramCount *req, LttvState *s,
                     void (*report) (gpointer, double, guint64),
                     gpointer report_data, GCancellable *cancellable,
                     GError **error)
{
  g_autoptr (LttvFilter) filter = NULL;
  if (req->filter[0] != '\0')
    {
      filter = lttv_filter_new (req->filter, error);
      if (filter == NULL)
        return FALSE;
    }
  ThreadSource ts = { lttv_state_get_history (s),
                      g_hash_table_new (g_direct_hash, g_direct_equal),
                      g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL),
                      g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  LttvFilterThreadSource source = { source_number, source_string, &ts };
  g_autoptr (LttvIter) it = lttv_iter_new (lttv_state_get_traceset (s));
  LttvTime end = req->t0 + req->n * req->step;
  gboolean ok = lttv_iter_seek_time (it, req->t0, error);
  const LttvEvent *ev;
  guint64 read = 0;
  GError *local = NULL;
  while (ok && (ev = lttv_iter_next (it, &local)) != NULL)
    {
      LttvTime t = lttv_event_time (ev);
      if (t >= end)
        break;
      read++;
      if ((read & 0xffff) == 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            {
              ok = FALSE;
              break;
            }
          if (report != NULL)
            report (report_data, (double) (t - req->t0) / (double) (end - req->t0), read);
        }
      if (t < req->t0)
        continue;
      if (filter != NULL && !lttv_filter_match (filter, ev, &source))
        continue;
      req->counts[(t - req->t0) / req->step]++;
    }
  if (ok && local != NULL)
    {
      g_propagate_error (error, local);
      ok = FALSE;
    }
  g_clear_error (&local);
  req->total = read;
  g_hash_table_destroy (ts.cpu_attrs);
  g_hash_table_destroy (ts.thread_attrs);
  g_hash_table_destroy (ts.child_attrs);
  return ok;
}

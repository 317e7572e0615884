/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thread-lookup.c: the thread an event ran in, from the history at the
 * event's time and CPU, for the event list's thread columns and the
 * filter's thread values (tid, pid, ppid, comm, syscall).
 *
 * The values are those just before the event (t - 1): the thread that
 * emitted a sched_switch is its prev thread, and a system call entry is not
 * yet inside its call. Intervals are cached per CPU and per attribute, so a
 * pass in time order costs a few comparisons per event, not queries. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <lttv/state.h>

/* The last answer of one attribute: valid for q in [start, end]. */
typedef struct {
  LttvAttr attr;
  LttvInterval iv;
  gboolean valid;
  const char *text;          /* iv.value's text, for string values */
} CachedValue;

enum { V_EXEC, V_PID, V_PPID, V_SYSCALL, N_VALUES };

/* The attributes of one thread, looked up once, with their last answers:
 * kept per thread, they survive the thread being switched out. */
typedef struct {
  CachedValue values[N_VALUES];
} ThreadAttrs;

typedef struct {
  LttvAttr current_thread;   /* CPUs/<n>/Current_thread, NONE: not yet */
  CachedValue tid;
  int64_t attrs_tid;         /* the thread `attrs` belongs to, -1: none */
  ThreadAttrs *attrs;
} CpuCache;

struct _LttvStateThreads {
  LttvState *state;
  LttvHistory *h;
  GArray *cpus;              /* CpuCache, by CPU */
  GHashTable *threads;       /* path name ("42", "0_1") -> ThreadAttrs */
  LttvFilterThreadSource source;
  /* the last event answered */
  LttvTime last_t;
  int last_cpu;
  gboolean last_ok;
  LttvStateThread last;
};

static void
cached_reset (CachedValue *c, LttvAttr attr)
{
  c->attr = attr;
  c->valid = FALSE;
}

/* The value of c->attr at q, through the cache. */
static gboolean
cached_query (LttvHistory *h, CachedValue *c, LttvTime q, LttvValue *out)
{
  if (c->attr == LTTV_ATTR_NONE)
    return FALSE;
  if (!c->valid || q < c->iv.start || q > c->iv.end)
    {
      if (!lttv_history_query (h, c->attr, q, &c->iv))
        {
          c->valid = FALSE;
          return FALSE;
        }
      /* The last interval may still grow while the history builds: its
       * end is the committed end at query time, so the cache stays
       * right. */
      c->valid = TRUE;
      c->text = lttv_history_string (h, c->iv.value);
    }
  *out = c->iv.value;
  return TRUE;
}

static CpuCache *
cpu_cache (LttvStateThreads *st, int cpu)
{
  if ((guint) cpu >= st->cpus->len)
    {
      guint old = st->cpus->len;
      g_array_set_size (st->cpus, (guint) cpu + 1);
      for (guint i = old; i < st->cpus->len; i++)
        {
          CpuCache *c = &g_array_index (st->cpus, CpuCache, i);
          c->current_thread = LTTV_ATTR_NONE;
          c->attrs_tid = -1;
          c->attrs = NULL;
          cached_reset (&c->tid, LTTV_ATTR_NONE);
        }
    }
  CpuCache *c = &g_array_index (st->cpus, CpuCache, cpu);
  if (c->current_thread == LTTV_ATTR_NONE)
    {
      char path[48];
      snprintf (path, sizeof path, "CPUs/%d/Current_thread", cpu);
      /* Created by the builder when the CPU first appears: retried until
       * then. */
      c->current_thread = lttv_history_attr_lookup (st->h, path);
      cached_reset (&c->tid, c->current_thread);
    }
  return c;
}

static ThreadAttrs *
thread_attrs (LttvStateThreads *st, int64_t tid, int cpu)
{
  char name[32];
  if (tid == 0)
    snprintf (name, sizeof name, "0_%d", cpu);
  else
    snprintf (name, sizeof name, "%lld", (long long) tid);
  ThreadAttrs *ta = g_hash_table_lookup (st->threads, name);
  if (ta != NULL)
    return ta;
  char path[64];
  snprintf (path, sizeof path, "Threads/%s", name);
  LttvAttr base = lttv_history_attr_lookup (st->h, path);
  if (base == LTTV_ATTR_NONE)
    return NULL;   /* not created yet: looked up again next time */
  ta = g_new (ThreadAttrs, 1);
  static const char *const children[N_VALUES] = { "Exec_name", "PID", "PPID", "System_call" };
  for (guint i = 0; i < N_VALUES; i++)
    {
      snprintf (path, sizeof path, "Threads/%s/%s", name, children[i]);
      cached_reset (&ta->values[i], lttv_history_attr_lookup (st->h, path));
    }
  g_hash_table_insert (st->threads, g_strdup (name), ta);
  return ta;
}

gboolean
lttv_state_threads_lookup (LttvStateThreads *st, LttvTime t, int cpu,
                           LttvStateThread *out)
{
  out->tid = out->pid = out->ppid = -1;
  out->comm = out->syscall = NULL;
  if (cpu < 0 || cpu > 4095)
    return FALSE;
  if (st->last_ok && t == st->last_t && cpu == st->last_cpu)
    {
      *out = st->last;
      return TRUE;
    }
  LttvTime begin = lttv_history_begin (st->h);
  LttvTime q = t > begin ? t - 1 : t;
  CpuCache *c = cpu_cache (st, cpu);
  LttvValue v;
  if (!cached_query (st->h, &c->tid, q, &v) || lttv_value_type (v) != LTTV_VALUE_INT)
    return FALSE;
  int64_t tid = lttv_value_get_int (v);
  out->tid = tid;
  out->pid = tid;

  /* The same thread as last time on this CPU, most of the time. */
  if (c->attrs_tid != tid || c->attrs == NULL)
    {
      c->attrs = thread_attrs (st, tid, cpu);
      c->attrs_tid = tid;
    }
  ThreadAttrs *ta = c->attrs;
  if (ta != NULL)
    {
      if (cached_query (st->h, &ta->values[V_EXEC], q, &v))
        out->comm = ta->values[V_EXEC].text;
      if (cached_query (st->h, &ta->values[V_PID], q, &v)
          && lttv_value_type (v) == LTTV_VALUE_INT)
        out->pid = lttv_value_get_int (v);
      if (cached_query (st->h, &ta->values[V_PPID], q, &v)
          && lttv_value_type (v) == LTTV_VALUE_INT)
        out->ppid = lttv_value_get_int (v);
      if (cached_query (st->h, &ta->values[V_SYSCALL], q, &v))
        out->syscall = ta->values[V_SYSCALL].text;
    }
  st->last_t = t;
  st->last_cpu = cpu;
  st->last = *out;
  st->last_ok = TRUE;
  return TRUE;
}

static const LttvStateThread *
event_thread (LttvStateThreads *st, const LttvEvent *ev)
{
  static const LttvStateThread unknown = { -1, -1, -1, NULL, NULL };
  LttvStateThread th;
  if (!lttv_state_threads_lookup (st, lttv_event_time (ev), lttv_event_cpu (ev), &th))
    return &unknown;
  return &st->last;
}

static gboolean
source_number (gpointer data, const LttvEvent *ev, LttvFilterThreadValue what,
               int64_t *out)
{
  const LttvStateThread *th = event_thread (data, ev);
  switch (what)
    {
    case LTTV_FILTER_THREAD_TID: *out = th->tid; break;
    case LTTV_FILTER_THREAD_PID: *out = th->pid; break;
    case LTTV_FILTER_THREAD_PPID: *out = th->ppid; break;
    default: return FALSE;
    }
  return *out >= 0;
}

static const char *
source_string (gpointer data, const LttvEvent *ev, LttvFilterThreadValue what)
{
  const LttvStateThread *th = event_thread (data, ev);
  if (what == LTTV_FILTER_THREAD_COMM)
    return th->comm;
  if (what == LTTV_FILTER_THREAD_SYSCALL)
    return th->syscall;
  return NULL;
}

LttvStateThreads *
lttv_state_threads_new (LttvState *s)
{
  g_return_val_if_fail (s != NULL, NULL);
  LttvStateThreads *st = g_new0 (LttvStateThreads, 1);
  st->state = s;
  st->h = lttv_state_get_history (s);
  st->cpus = g_array_new (FALSE, FALSE, sizeof (CpuCache));
  st->threads = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  st->source.number = source_number;
  st->source.string = source_string;
  st->source.data = st;
  return st;
}

void
lttv_state_threads_free (LttvStateThreads *st)
{
  if (st == NULL)
    return;
  g_array_unref (st->cpus);
  g_hash_table_unref (st->threads);
  g_free (st);
}

const LttvFilterThreadSource *
lttv_state_threads_source (LttvStateThreads *st)
{
  return &st->source;
}

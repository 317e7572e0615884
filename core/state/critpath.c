/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The critical path of a thread (lttv/critpath.h): its status intervals
 * from the history, each blocked one replaced by what ended it, found by
 * the wakeup edge at the time it became runnable. A walk back through
 * wakers: a blocked interval [a, b) of A woken by B at b is B's own path
 * over [a, b), so the segments cover the range once. */
#include "config.h"

#include <stdio.h>

#include <lttv/critpath.h>

#include "state-private.h"

typedef struct {
  LttvState *s;
  LttvHistory *h;
  GArray *out;
  GPtrArray *scratch;          /* one LttvInterval array per depth */
  int64_t stack[LTTV_PATH_MAX_DEPTH + 1];
  /* attribute lookups parse their path: each done once per walk */
  GHashTable *thread_attrs;    /* tid -> ThreadAttrs */
  GArray *cpu_attrs;           /* CPU -> CPUs/<n>/Current_thread + 1, 0: not looked up */
  LttvValue v_user, v_syscall, v_interrupted, v_wait_cpu, v_blocked,
    v_wait_unknown, v_wait_fork;
} Walk;

static void
push (Walk *w, LttvTime begin, LttvTime end, int64_t tid, LttvPathKind kind,
      int64_t other, guint depth)
{
  if (end <= begin)
    return;
  if (w->out->len > 0)
    {
      LttvPathSegment *last = &g_array_index (w->out, LttvPathSegment, w->out->len - 1);
      if (last->end == begin && last->tid == tid && last->kind == kind
          && last->other == other && last->depth == depth)
        {
          last->end = end;
          return;
        }
    }
  LttvPathSegment seg = { begin, end, tid, kind, other, depth };
  g_array_append_val (w->out, seg);
}

typedef struct {
  int64_t tid;
  LttvAttr status, cpu_rq;
} ThreadAttrs;

static LttvAttr
thread_attr (LttvHistory *h, int64_t tid, const char *child);

static const ThreadAttrs *
thread_attrs (Walk *w, int64_t tid)
{
  ThreadAttrs *ta = g_hash_table_lookup (w->thread_attrs, &tid);
  if (ta == NULL)
    {
      ta = g_new (ThreadAttrs, 1);
      ta->tid = tid;
      ta->status = thread_attr (w->h, tid, NULL);
      ta->cpu_rq = thread_attr (w->h, tid, "Current_cpu_rq");
      g_hash_table_insert (w->thread_attrs, &ta->tid, ta);
    }
  return ta;
}

static LttvAttr
thread_attr (LttvHistory *h, int64_t tid, const char *child)
{
  char path[64];
  g_snprintf (path, sizeof path, "Threads/%" G_GINT64_FORMAT "%s%s", tid,
              child != NULL ? "/" : "", child != NULL ? child : "");
  return lttv_history_attr_lookup (h, path);
}

static int64_t
int_at (LttvHistory *h, LttvAttr a, LttvTime t)
{
  LttvInterval iv;
  if (a == LTTV_ATTR_NONE || !lttv_history_query (h, a, t, &iv)
      || lttv_value_type (iv.value) != LTTV_VALUE_INT)
    return -1;
  return lttv_value_get_int (iv.value);
}

/* The thread current on the CPU of `tid`'s run queue at `t`. */
static int64_t
cpu_holder (Walk *w, int64_t tid, LttvTime t)
{
  int64_t cpu = int_at (w->h, thread_attrs (w, tid)->cpu_rq, t);
  if (cpu < 0 || cpu >= 65536)
    return -1;
  if ((guint) cpu >= w->cpu_attrs->len)
    g_array_set_size (w->cpu_attrs, (guint) cpu + 1);
  LttvAttr *a = &g_array_index (w->cpu_attrs, LttvAttr, cpu);
  if (*a == 0)
    {
      char path[64];
      g_snprintf (path, sizeof path, "CPUs/%" G_GINT64_FORMAT "/Current_thread", cpu);
      *a = lttv_history_attr_lookup (w->h, path) + 1;
    }
  return int_at (w->h, *a - 1, t);
}

static gboolean
on_cpu (Walk *w, LttvValue v)
{
  return v == w->v_user || v == w->v_syscall || v == w->v_interrupted;
}

static void walk (Walk *w, int64_t tid, LttvTime a, LttvTime b, guint depth);

/* [a, b) of `tid`, blocked until `wake` (the time it became runnable). */
static void
blocked (Walk *w, int64_t tid, LttvTime a, LttvTime b, LttvTime wake,
         gboolean has_wake, guint depth)
{
  const LttvWakeup *e = has_wake ? lttv_state_wakeup_at (w->s, tid, wake) : NULL;
  if (e == NULL)
    {
      push (w, a, b, tid, LTTV_PATH_BLOCKED_UNKNOWN, -1, depth);
      return;
    }
  switch (e->kind)
    {
    case LTTV_WAKER_IRQ:
      push (w, a, b, tid, LTTV_PATH_BLOCKED_IRQ, e->id, depth);
      return;
    case LTTV_WAKER_TIMER:
      push (w, a, b, tid, LTTV_PATH_BLOCKED_TIMER, -1, depth);
      return;
    case LTTV_WAKER_SOFTIRQ:
      /* (the timer soft IRQs: TIMER 1, HRTIMER 8) */
      if (e->id == 1 || e->id == 8)
        push (w, a, b, tid, LTTV_PATH_BLOCKED_TIMER, -1, depth);
      else
        push (w, a, b, tid, LTTV_PATH_BLOCKED_SOFTIRQ, e->id, depth);
      return;
    case LTTV_WAKER_THREAD:
      if (e->waker == 0)
        {
          push (w, a, b, tid, LTTV_PATH_BLOCKED_IDLE, -1, depth);
          return;
        }
      if (e->waker > 0 && depth < LTTV_PATH_MAX_DEPTH)
        {
          gboolean cycle = FALSE;
          for (guint i = 0; i <= depth; i++)
            cycle |= w->stack[i] == e->waker;
          if (!cycle)
            {
              walk (w, e->waker, a, b, depth + 1);
              return;
            }
        }
      break;
    default:
      break;
    }
  push (w, a, b, tid, LTTV_PATH_BLOCKED_UNKNOWN, -1, depth);
}

static void
walk (Walk *w, int64_t tid, LttvTime a, LttvTime b, guint depth)
{
  w->stack[depth] = tid;
  LttvAttr attr = thread_attrs (w, tid)->status;
  if (attr == LTTV_ATTR_NONE)
    {
      push (w, a, b, tid, LTTV_PATH_UNKNOWN, -1, depth);
      return;
    }
  while (w->scratch->len <= depth)
    g_ptr_array_add (w->scratch, g_array_new (FALSE, FALSE, sizeof (LttvInterval)));
  GArray *ivs = g_ptr_array_index (w->scratch, depth);
  lttv_history_intervals_into (w->h, attr, a, b - 1, ivs);
  /* (the recursion below reuses deeper arrays only: ivs stays valid) */
  LttvTime t = a;
  LttvTime hist_end = lttv_history_committed_end (w->h);
  for (guint i = 0; i < ivs->len; i++)
    {
      const LttvInterval *iv = &g_array_index (ivs, LttvInterval, i);
      LttvTime s = MAX (iv->start, a);
      LttvTime e = iv->end >= b - 1 ? b : iv->end + 1;
      if (e <= t)
        continue;
      if (s > t)
        push (w, t, s, tid, LTTV_PATH_UNKNOWN, -1, depth);
      s = MAX (s, t);
      LttvValue v = iv->value;
      if (v == w->v_user || v == w->v_syscall)
        push (w, s, e, tid, LTTV_PATH_RUNNING, -1, depth);
      else if (v == w->v_interrupted)
        push (w, s, e, tid, LTTV_PATH_INTERRUPTED, -1, depth);
      else if (v == w->v_wait_cpu || v == w->v_wait_fork)
        {
          gboolean preempted = FALSE;
          if (v == w->v_wait_cpu
              && lttv_state_wakeup_at (w->s, tid, iv->start) == NULL)
            {
              LttvInterval before;
              if (i > 0)
                preempted = on_cpu (w, g_array_index (ivs, LttvInterval, i - 1).value);
              else if (iv->start > 0
                       && lttv_history_query (w->h, attr, iv->start - 1, &before))
                preempted = on_cpu (w, before.value);
            }
          push (w, s, e, tid, preempted ? LTTV_PATH_PREEMPTED : LTTV_PATH_WAIT_CPU,
                cpu_holder (w, tid, iv->start), depth);
        }
      else if (v == w->v_blocked || v == w->v_wait_unknown)
        {
          /* (the last interval runs to the history's end: no wakeup) */
          gboolean has_wake = iv->end < hist_end;
          blocked (w, tid, s, e, iv->end + 1, has_wake, depth);
          w->stack[depth] = tid;
        }
      else
        push (w, s, e, tid, LTTV_PATH_UNKNOWN, -1, depth);
      t = e;
    }
  if (t < b)
    push (w, t, b, tid, LTTV_PATH_UNKNOWN, -1, depth);
}

GArray *
lttv_critical_path (LttvState *s, int64_t tid, LttvTime begin, LttvTime end)
{
  g_return_val_if_fail (s != NULL, NULL);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (LttvPathSegment));
  if (end <= begin)
    return out;
  LttvHistory *h = s->history;
  Walk w = { .s = s, .h = h, .out = out,
             .scratch = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref),
             .thread_attrs = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free),
             .cpu_attrs = g_array_new (FALSE, TRUE, sizeof (LttvAttr)) };
#define V(field, text) w.field = lttv_history_find_string (h, text)
  V (v_user, "RUN_USERMODE");
  V (v_syscall, "RUN_SYSCALL");
  V (v_interrupted, "INTERRUPTED");
  V (v_wait_cpu, "WAIT_FOR_CPU");
  V (v_blocked, "WAIT_BLOCKED");
  V (v_wait_unknown, "WAIT_UNKNOWN");
  V (v_wait_fork, "WAIT_FORK");
#undef V
  if (tid <= 0)
    push (&w, begin, end, tid, LTTV_PATH_UNKNOWN, -1, 0);
  else
    walk (&w, tid, begin, end, 0);
  g_ptr_array_unref (w.scratch);
  g_hash_table_destroy (w.thread_attrs);
  g_array_unref (w.cpu_attrs);
  return out;
}

static gint
cause_cmp (gconstpointer pa, gconstpointer pb)
{
  const LttvPathCause *a = pa, *b = pb;
  if (a->total != b->total)
    return a->total > b->total ? -1 : 1;
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  if (a->tid != b->tid)
    return a->tid < b->tid ? -1 : 1;
  return a->other < b->other ? -1 : a->other > b->other;
}

GArray *
lttv_critical_path_summary (const GArray *segments)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (LttvPathCause));
  GHashTable *at = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                          (GDestroyNotify) g_bytes_unref, NULL);
  for (guint i = 0; i < segments->len; i++)
    {
      const LttvPathSegment *seg = &g_array_index (segments, LttvPathSegment, i);
      int64_t key[3] = { seg->kind, seg->tid, seg->other };
      GBytes *k = g_bytes_new (key, sizeof key);
      gpointer p = g_hash_table_lookup (at, k);
      if (p == NULL)
        {
          LttvPathCause c = { seg->kind, seg->tid, seg->other, 0, 0 };
          g_array_append_val (out, c);
          g_hash_table_insert (at, k, GUINT_TO_POINTER (out->len));
          p = GUINT_TO_POINTER (out->len);
        }
      else
        g_bytes_unref (k);
      LttvPathCause *c = &g_array_index (out, LttvPathCause, GPOINTER_TO_UINT (p) - 1);
      c->total += seg->end - seg->begin;
      c->count++;
    }
  g_hash_table_destroy (at);
  g_array_sort (out, cause_cmp);
  return out;
}

const char *
lttv_path_kind_name (LttvPathKind kind)
{
  switch (kind)
    {
    case LTTV_PATH_RUNNING: return "running";
    case LTTV_PATH_INTERRUPTED: return "interrupted";
    case LTTV_PATH_PREEMPTED: return "preempted";
    case LTTV_PATH_WAIT_CPU: return "wait-cpu";
    case LTTV_PATH_BLOCKED_IRQ: return "blocked-irq";
    case LTTV_PATH_BLOCKED_SOFTIRQ: return "blocked-softirq";
    case LTTV_PATH_BLOCKED_TIMER: return "blocked-timer";
    case LTTV_PATH_BLOCKED_IDLE: return "blocked-idle";
    case LTTV_PATH_BLOCKED_UNKNOWN: return "blocked-unknown";
    case LTTV_PATH_UNKNOWN: return "unknown";
    default: return "?";
    }
}

/* "name (tid)", or "tid" when it has no name then. */
static char *
thread_name (LttvState *s, int64_t tid, LttvTime t)
{
  if (tid < 0)
    return g_strdup ("?");
  if (tid == 0)
    return g_strdup ("idle (0)");
  LttvHistory *h = s->history;
  LttvInterval iv;
  LttvAttr a = thread_attr (h, tid, "Exec_name");
  const char *name = NULL;
  if (a != LTTV_ATTR_NONE && lttv_history_query (h, a, t, &iv)
      && lttv_value_type (iv.value) == LTTV_VALUE_STRING)
    name = lttv_history_string (h, iv.value);
  if (name == NULL)
    return g_strdup_printf ("%" G_GINT64_FORMAT, tid);
  return g_strdup_printf ("%s (%" G_GINT64_FORMAT ")", name, tid);
}

static const char *
softirq_name (int64_t vec)
{
  static const char *const names[] = { "high-priority tasklet", "timer",
    "network transmit", "network receive", "block device", "IRQ poll",
    "tasklet", "scheduler", "high-resolution timer", "RCU" };
  return vec >= 0 && vec < (int64_t) G_N_ELEMENTS (names) ? names[vec] : NULL;
}

char *
lttv_path_describe (LttvState *s, LttvPathKind kind, int64_t tid,
                    int64_t other, LttvTime t)
{
  g_autofree char *who = thread_name (s, tid, t);
  switch (kind)
    {
    case LTTV_PATH_RUNNING:
      return g_strdup_printf ("running %s", who);
    case LTTV_PATH_INTERRUPTED:
      return g_strdup_printf ("%s interrupted", who);
    case LTTV_PATH_PREEMPTED:
    case LTTV_PATH_WAIT_CPU:
      {
        if (other < 0)
          return g_strdup_printf (kind == LTTV_PATH_PREEMPTED ? "%s preempted"
                                                               : "%s waiting for CPU", who);
        if (other == 0)
          return g_strdup_printf (kind == LTTV_PATH_PREEMPTED ? "%s preempted (CPU idle)"
                                                               : "%s waiting for CPU (idle)", who);
        g_autofree char *by = thread_name (s, other, t);
        return g_strdup_printf (kind == LTTV_PATH_PREEMPTED ? "%s preempted by %s"
                                                             : "%s waiting for CPU (%s on it)",
                                who, by);
      }
    case LTTV_PATH_BLOCKED_IRQ:
      return g_strdup_printf ("%s blocked on IRQ %" G_GINT64_FORMAT, who, other);
    case LTTV_PATH_BLOCKED_SOFTIRQ:
      {
        const char *name = softirq_name (other);
        if (name != NULL)
          return g_strdup_printf ("%s blocked on %s", who, name);
        return g_strdup_printf ("%s blocked on soft IRQ %" G_GINT64_FORMAT, who, other);
      }
    case LTTV_PATH_BLOCKED_TIMER:
      return g_strdup_printf ("%s blocked on a timer", who);
    case LTTV_PATH_BLOCKED_IDLE:
      return g_strdup_printf ("%s blocked, woken from an idle CPU", who);
    case LTTV_PATH_BLOCKED_UNKNOWN:
      return g_strdup_printf ("%s blocked, cause unknown", who);
    case LTTV_PATH_UNKNOWN:
    default:
      return g_strdup_printf ("%s in an unknown state", who);
    }
}

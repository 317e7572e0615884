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

static GArray *
scratch (Walk *w, guint k)
{
  while (w->scratch->len <= k)
    g_ptr_array_add (w->scratch, g_array_new (FALSE, FALSE, sizeof (LttvInterval)));
  return g_ptr_array_index (w->scratch, k);
}

/* `tid` waits in a run queue from `t`: after its wakeup (or fork), or
 * preempted (it ran just before the status interval holding `t`). */
static LttvPathKind
waiting_kind (Walk *w, int64_t tid, LttvTime t)
{
  LttvAttr attr = thread_attrs (w, tid)->status;
  LttvInterval st, before;
  if (!lttv_history_query (w->h, attr, t, &st) || st.value != w->v_wait_cpu
      || lttv_state_wakeup_at (w->s, tid, st.start) != NULL || st.start == 0)
    return LTTV_PATH_WAIT_CPU;
  if (lttv_history_query (w->h, attr, st.start - 1, &before) && on_cpu (w, before.value))
    return LTTV_PATH_PREEMPTED;
  return LTTV_PATH_WAIT_CPU;
}

/* [s, e) of `tid`, in CPU `cpu`'s run queue: running while it is that
 * CPU's current thread, else waiting (the current one the other). */
static void
on_queue (Walk *w, int64_t tid, int64_t cpu, LttvTime s, LttvTime e, guint depth)
{
  LttvAttr ct = LTTV_ATTR_NONE;
  if (cpu >= 0 && cpu < 65536)
    {
      if ((guint) cpu >= w->cpu_attrs->len)
        g_array_set_size (w->cpu_attrs, (guint) cpu + 1);
      LttvAttr *a = &g_array_index (w->cpu_attrs, LttvAttr, cpu);
      if (*a == 0)
        {
          char path[64];
          g_snprintf (path, sizeof path, "CPUs/%" G_GINT64_FORMAT "/Current_thread", cpu);
          *a = lttv_history_attr_lookup (w->h, path) + 1;
        }
      ct = *a - 1;
    }
  if (ct == LTTV_ATTR_NONE)
    {
      push (w, s, e, tid, waiting_kind (w, tid, s), -1, depth);
      return;
    }
  GArray *ivs = scratch (w, 2 * depth + 1);
  LttvTime t = s;
  /* (a wait after running here is a preemption, and a wait goes on the
   * same while other threads take turns: the status is read only for
   * the first) */
  int wait = -1;
  /* The CPU's switches a window at a time, sized to hold a few thousand:
   * a thread runnable for seconds spans hundreds of thousands of them,
   * and one array of them all cost more in fresh pages than the walk. */
  LttvTime span = 1 << 20;
  while (t < e)
    {
      LttvTime hi = e - 1 - t < span ? e - 1 : t + span - 1;
      lttv_history_intervals_into (w->h, ct, t, hi, ivs);
      if (ivs->len == 0)
        break;
      for (guint i = 0; i < ivs->len; i++)
        {
          const LttvInterval *iv = &g_array_index (ivs, LttvInterval, i);
          LttvTime cs = MAX (iv->start, t);
          LttvTime ce = iv->end >= hi ? hi + 1 : iv->end + 1;
          if (ce <= cs)
            continue;
          if (cs > t)
            push (w, t, cs, tid, LTTV_PATH_UNKNOWN, -1, depth);
          int64_t cur = lttv_value_type (iv->value) == LTTV_VALUE_INT
                        ? lttv_value_get_int (iv->value) : -1;
          if (cur == tid)
            {
              push (w, cs, ce, tid, LTTV_PATH_RUNNING, -1, depth);
              wait = LTTV_PATH_PREEMPTED;
            }
          else
            {
              if (wait < 0)
                wait = waiting_kind (w, tid, cs);
              push (w, cs, ce, tid, wait, cur, depth);
            }
          t = ce;
        }
      if (t <= hi)
        break;            /* (past the committed end) */
      if (ivs->len > 4096 && span > 1024)
        span /= 2;
      else if (ivs->len < 512 && span < G_MAXUINT64 / 4)
        span *= 2;
    }
  if (t < e)
    push (w, t, e, tid, LTTV_PATH_UNKNOWN, -1, depth);
}

/* [s, e) of `tid`, in no run queue (Current_cpu_rq unset) until `last`
 * (inclusive): blocked, as its status says at `s`, until the wakeup that
 * put it in one at `last` + 1; or not known. */
static void
off_queue (Walk *w, int64_t tid, LttvTime s, LttvTime e, LttvTime last, guint depth)
{
  LttvAttr attr = thread_attrs (w, tid)->status;
  LttvInterval st;
  if (!lttv_history_query (w->h, attr, s, &st))
    {
      push (w, s, e, tid, LTTV_PATH_UNKNOWN, -1, depth);
      return;
    }
  LttvValue v = st.value;
  if (on_cpu (w, v))          /* (a statedump's thread: no CPU known) */
    push (w, s, e, tid, LTTV_PATH_RUNNING, -1, depth);
  else if (v == w->v_wait_cpu || v == w->v_wait_fork)
    push (w, s, e, tid, LTTV_PATH_WAIT_CPU, -1, depth);
  else if (v != w->v_blocked && v != w->v_wait_unknown)
    push (w, s, e, tid, LTTV_PATH_UNKNOWN, -1, depth);
  else if (last >= lttv_history_committed_end (w->h))
    blocked (w, tid, s, e, 0, FALSE, depth);    /* (to the end: no wakeup) */
  else if (lttv_state_wakeup_at (w->s, tid, last + 1) != NULL)
    blocked (w, tid, s, e, last + 1, TRUE, depth);
  else
    {
      /* A wakeup without a target CPU leaves the run queue unset: its
       * status says when it came. */
      LttvInterval end;
      if (lttv_history_query (w->h, attr, last, &end) && end.value == w->v_wait_cpu
          && end.start > s && lttv_state_wakeup_at (w->s, tid, end.start) != NULL)
        {
          blocked (w, tid, s, MIN (end.start, e), end.start, TRUE, depth);
          if (end.start < e)
            push (w, end.start, e, tid, LTTV_PATH_WAIT_CPU, -1, depth);
        }
      else
        blocked (w, tid, s, e, 0, FALSE, depth);
    }
  w->stack[depth] = tid;
}

/* The path of `tid` over [a, b). Its run-queue CPU changes only at
 * scheduling events, and that CPU's current thread only at switches: the
 * status row changes at every system call too (2.6 M times for
 * big-60s's busiest thread), and is read only where these leave a
 * doubt. */
static void
walk (Walk *w, int64_t tid, LttvTime a, LttvTime b, guint depth)
{
  w->stack[depth] = tid;
  const ThreadAttrs *ta = thread_attrs (w, tid);
  if (ta->status == LTTV_ATTR_NONE || ta->cpu_rq == LTTV_ATTR_NONE)
    {
      push (w, a, b, tid, LTTV_PATH_UNKNOWN, -1, depth);
      return;
    }
  GArray *ivs = scratch (w, 2 * depth);
  lttv_history_intervals_into (w->h, ta->cpu_rq, a, b - 1, ivs);
  /* (deeper walks use other arrays: ivs stays valid) */
  LttvTime t = a;
  for (guint i = 0; i < ivs->len; i++)
    {
      const LttvInterval *iv = &g_array_index (ivs, LttvInterval, i);
      LttvTime s = MAX (MAX (iv->start, a), t);
      LttvTime e = iv->end >= b - 1 ? b : iv->end + 1;
      if (e <= s)
        continue;
      if (s > t)
        push (w, t, s, tid, LTTV_PATH_UNKNOWN, -1, depth);
      if (lttv_value_type (iv->value) == LTTV_VALUE_INT)
        on_queue (w, tid, lttv_value_get_int (iv->value), s, e, depth);
      else
        off_queue (w, tid, s, e, iv->end, depth);
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

/* A cause's key, hashed in place: no allocation per segment (a path has
 * tens of thousands of segments and a few thousand causes). */
typedef struct {
  gint64 kind, tid, other;
} CauseKey;

static guint
cause_hash (gconstpointer p)
{
  const CauseKey *k = p;
  guint64 h = (guint64) k->tid * 0x9E3779B97F4A7C15u ^ (guint64) k->other * 0xC2B2AE3D27D4EB4Fu
              ^ (guint64) k->kind;
  return (guint) (h ^ (h >> 32));
}

static gboolean
cause_equal (gconstpointer a, gconstpointer b)
{
  const CauseKey *x = a, *y = b;
  return x->kind == y->kind && x->tid == y->tid && x->other == y->other;
}

GArray *
lttv_critical_path_summary (const GArray *segments)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (LttvPathCause));
  GHashTable *at = g_hash_table_new_full (cause_hash, cause_equal, g_free, NULL);
  for (guint i = 0; i < segments->len; i++)
    {
      const LttvPathSegment *seg = &g_array_index (segments, LttvPathSegment, i);
      CauseKey key = { seg->kind, seg->tid, seg->other };
      gpointer p = g_hash_table_lookup (at, &key);
      if (p == NULL)
        {
          LttvPathCause c = { seg->kind, seg->tid, seg->other, 0, 0 };
          g_array_append_val (out, c);
          p = GUINT_TO_POINTER (out->len);
          g_hash_table_insert (at, g_memdup2 (&key, sizeof key), p);
        }
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

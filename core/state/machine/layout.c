/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tracer layouts: LTTng 2.0 to 2.5, LTTng 2.6 and newer (2.7 soft-IRQ
 * names, 2.12 statedump fields), perf, ftrace (trace-cmd .dat files:
 * perf's tracepoint fields, names without a subsystem, the thread in
 * common_pid). Names are compared here, once per
 * event class, never per event. */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <lttv-internal/saved-names.h>

#include "machine/layout.h"
#include "machine/syscalls.h"
#include "machine/wakeups.h"

typedef enum {
  H_NONE,
  H_SWITCH,
  H_SYSCALL_ENTRY,     /* name known from the event class */
  H_SYSCALL_ENTRY_ID,  /* perf raw_syscalls: name from the id */
  H_SYSCALL_EXIT,
  H_IRQ_ENTRY,
  H_IRQ_EXIT,
  H_SOFT_RAISE,
  H_SOFT_ENTRY,
  H_SOFT_EXIT,
  H_WAKEUP,
  H_WAKEUP_EDGE,       /* a wakeup that is also an edge (Wakeups) */
  H_TIMER_ENTRY,
  H_TIMER_EXIT,
  H_MIGRATE,
  H_SETPRIO,
  H_FORK,
  H_EXEC,
  H_FREE,
  H_STATEDUMP,
  H_BLOCK_ISSUE,
  H_BLOCK_COMPLETE,
  H_THREAD,            /* nothing but the event's thread */
} HandlerKind;

#define MAX_FIELDS STATE_REC_FIELDS

typedef struct {
  HandlerKind kind;
  LttvFieldRef f[MAX_FIELDS];
  guint n_f;                     /* f[n_f..] are all absent */
  LttvIntFields ints;            /* f[0..n_f), resolved */
  gboolean has_str;              /* its kind reads strings: */
  LttvFieldRef str[2];           /* which fields, or -1 */
  LttvValue syscall;
  int tid_at;                    /* f[tid_at]: the event's thread, or -1 */
  int pid_at;                    /* f[pid_at]: its process (LTTng's pid), or -1 */
  int name_at;                   /* string slot of its procname, or -1 */
} Handler;

/* Recent short strings (command names) and their interned values, so that
 * most events intern nothing. A string of fewer than 16 bytes is known by
 * its length and two 8-byte words: its first bytes (zero-padded) and its
 * last 8 (overlapping the first when shorter than 16). */
#define STRING_CACHE 512
#define SHORT_STRING 16
typedef struct {
  guint64 first, last;
  guint8 len;
  LttvValue value;
} CachedString;

struct _StateLayout {
  gboolean perf;
  gboolean has_waking;        /* the trace has sched_waking (Wakeups) */
  gboolean ftrace;            /* (perf is set too: the same fields) */
  gboolean x86_64;            /* system call numbers are x86-64's */
  StatePrevEncoding prev_encoding;
  LttvHistory *h;
  Handler *handlers;
  guint n_handlers;
  CachedString strings[STRING_CACHE];
  const LttvTrace *saved_names; /* the trace, when its recorder kept
                                   thread names (a .dat's
                                   saved_cmdlines); else NULL */
  LttvValue *perf_syscalls;   /* by id, interned on first use */
  guint n_perf_syscalls;
};

/* Field names per handler, in the order the handler reads them; the perf
 * names differ only in tid fields (pid for tid). */
typedef struct {
  HandlerKind kind;
  const char *fields[MAX_FIELDS];
} HandlerFields;

static const HandlerFields handler_fields[] = {
  { H_SWITCH, { "prev_tid", "prev_state", "prev_comm", "prev_prio",
                "next_tid", "next_comm", "next_prio" } },
  { H_SYSCALL_ENTRY_ID, { "id" } },
  { H_IRQ_ENTRY, { "irq" } },
  { H_IRQ_EXIT, { "irq" } },
  { H_SOFT_RAISE, { "vec" } },
  { H_SOFT_ENTRY, { "vec" } },
  { H_SOFT_EXIT, { "vec" } },
  { H_WAKEUP, { "tid", "prio", "target_cpu" } },
  { H_WAKEUP_EDGE, { "tid", "prio", "target_cpu" } },
  { H_MIGRATE, { "tid", "dest_cpu" } },
  { H_SETPRIO, { "tid", "newprio" } },
  { H_FORK, { "parent_tid", "child_tid", "child_pid", "child_comm" } },
  { H_EXEC, { "tid", "filename" } },
  { H_FREE, { "tid" } },
  { H_STATEDUMP, { "tid", "pid", "ppid", "name", "status", "cpu" } },
  { H_BLOCK_ISSUE, { "dev", "sector", "nr_sector", "rwbs" } },
  { H_BLOCK_COMPLETE, { "dev", "sector", "nr_sector" } },
};

/* perf names tids "pid" (and has no tgid in these events). */
static const char *
perf_field_name (HandlerKind kind, const char *name)
{
  if (strcmp (name, "tid") == 0)
    return "pid";
  if (strcmp (name, "prev_tid") == 0)
    return "prev_pid";
  if (strcmp (name, "next_tid") == 0)
    return "next_pid";
  if (strcmp (name, "parent_tid") == 0)
    return "parent_pid";
  if (strcmp (name, "child_tid") == 0)
    return "child_pid";
  if (kind == H_FORK && strcmp (name, "child_pid") == 0)
    return "";   /* perf's child_pid is the child's tid */
  return name;
}

static gboolean
has_prefix (const char *s, const char *prefix, const char **rest)
{
  size_t n = strlen (prefix);
  if (strncmp (s, prefix, n) != 0)
    return FALSE;
  *rest = s + n;
  return TRUE;
}

static HandlerKind
classify (StateLayout *l, const char *name, LttvValue *syscall)
{
  const char *rest;
  if (l->ftrace)
    {
      if (strcmp (name, "sys_enter") == 0)
        return H_SYSCALL_ENTRY_ID;
      if (strcmp (name, "sys_exit") == 0)
        return H_SYSCALL_EXIT;
    }
  else if (l->perf)
    {
      if (strcmp (name, "raw_syscalls:sys_enter") == 0)
        return H_SYSCALL_ENTRY_ID;
      if (strcmp (name, "raw_syscalls:sys_exit") == 0)
        return H_SYSCALL_EXIT;
      /* The rest are LTTng names with a subsystem prefix. */
      const char *colon = strchr (name, ':');
      if (colon == NULL)
        return H_NONE;
      name = colon + 1;
    }
  else
    {
      if (has_prefix (name, "syscall_entry_", &rest)
          || has_prefix (name, "compat_syscall_entry_", &rest)
          || has_prefix (name, "sys_", &rest)
          || has_prefix (name, "compat_sys_", &rest))
        {
          *syscall = lttv_history_intern (l->h, rest);
          return H_SYSCALL_ENTRY;
        }
      if (has_prefix (name, "syscall_exit_", &rest)
          || has_prefix (name, "compat_syscall_exit_", &rest)
          || strcmp (name, "exit_syscall") == 0)
        return H_SYSCALL_EXIT;
      if (strcmp (name, "lttng_statedump_process_state") == 0)
        return H_STATEDUMP;
    }
  /* From LTTng 2.7 soft IRQs are irq_softirq_*. */
  if (has_prefix (name, "irq_softirq_", &rest))
    name = rest - strlen ("softirq_");
  const struct { const char *name; HandlerKind kind; } names[] = {
    { "sched_switch", H_SWITCH },
    { "irq_handler_entry", H_IRQ_ENTRY },
    { "irq_handler_exit", H_IRQ_EXIT },
    { "softirq_raise", H_SOFT_RAISE },
    { "softirq_entry", H_SOFT_ENTRY },
    { "softirq_exit", H_SOFT_EXIT },
    /* (edges from sched_waking, in the waker's context, when the trace
     * has it; else from sched_wakeup: docs/state-model.md, Wakeups) */
    { "sched_waking", H_WAKEUP_EDGE },
    { "sched_wakeup", l->has_waking ? H_WAKEUP : H_WAKEUP_EDGE },
    { "sched_wakeup_new", H_WAKEUP_EDGE },
    { "hrtimer_expire_entry", H_TIMER_ENTRY },
    { "hrtimer_expire_exit", H_TIMER_EXIT },
    { "timer_hrtimer_expire_entry", H_TIMER_ENTRY },
    { "timer_hrtimer_expire_exit", H_TIMER_EXIT },
    { "timer_expire_entry", H_TIMER_ENTRY },
    { "timer_expire_exit", H_TIMER_EXIT },
    { "local_timer_entry", H_TIMER_ENTRY },
    { "local_timer_exit", H_TIMER_EXIT },
    { "x86_irq_vectors_local_timer_entry", H_TIMER_ENTRY },
    { "x86_irq_vectors_local_timer_exit", H_TIMER_EXIT },
    { "sched_migrate_task", H_MIGRATE },
    { "sched_pi_setprio", H_SETPRIO },
    { "sched_process_fork", H_FORK },
    { "sched_process_exec", H_EXEC },
    { "sched_process_free", H_FREE },
    { "block_rq_issue", H_BLOCK_ISSUE },
    { "block_rq_complete", H_BLOCK_COMPLETE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (name, names[i].name) == 0)
      return names[i].kind;
  return H_NONE;
}

/* Kernels from 4.14 report prev_state in a compact encoding. */
static StatePrevEncoding
prev_encoding (LttvTrace *trace)
{
  const char *release = lttv_trace_env_string (trace, "kernel_release");
  if (release == NULL)
    release = lttv_trace_env_string (trace, "release");
  if (release == NULL)
    return STATE_PREV_NEW;
  char *end;
  long major = strtol (release, &end, 10);
  long minor = *end == '.' ? strtol (end + 1, NULL, 10) : 0;
  return major > 4 || (major == 4 && minor >= 14) ? STATE_PREV_NEW
                                                  : STATE_PREV_OLD;
}

static void
string_fields (HandlerKind kind, int out[2])
{
  out[0] = out[1] = -1;
  switch (kind)
    {
    case H_SWITCH: out[0] = 2; out[1] = 5; break;
    case H_FORK: case H_STATEDUMP: out[0] = 3; break;
    case H_EXEC: out[0] = 1; break;
    default: break;
    }
}

StateLayout *
state_layout_new (LttvTrace *trace, LttvHistory *h)
{
  StateLayout *l = g_new0 (StateLayout, 1);
  const char *tracer = lttv_trace_env_string (trace, "tracer_name");
  l->ftrace = tracer != NULL && strcmp (tracer, "ftrace") == 0;
  l->perf = l->ftrace || (tracer != NULL && strcmp (tracer, "perf") == 0);
  /* (perf's CTF names no architecture: it is x86-64's, where LTTV runs) */
  const char *arch = lttv_trace_env_string (trace, "architecture");
  l->x86_64 = arch == NULL || strcmp (arch, "x86_64") == 0;
  l->prev_encoding = prev_encoding (trace);
  l->h = h;
  if (lttv_trace_has_saved_thread_names (trace))
    l->saved_names = trace;
  l->n_handlers = lttv_trace_n_event_classes (trace);
  l->handlers = g_new0 (Handler, MAX (1, l->n_handlers));
  for (guint i = 0; i < l->n_handlers; i++)
    {
      const char *name = lttv_event_class_name (lttv_trace_get_event_class (trace, i));
      const char *colon = strchr (name, ':');
      if (strcmp (colon != NULL ? colon + 1 : name, "sched_waking") == 0)
        l->has_waking = TRUE;
    }
  for (guint i = 0; i < l->n_handlers; i++)
    {
      const LttvEventClass *ec = lttv_trace_get_event_class (trace, i);
      Handler *hd = &l->handlers[lttv_event_class_index (ec)];
      hd->kind = classify (l, lttv_event_class_name (ec), &hd->syscall);
      for (guint f = 0; f < MAX_FIELDS; f++)
        hd->f[f] = -1;
      guint n_names = 0;
      for (guint k = 0; k < G_N_ELEMENTS (handler_fields); k++)
        if (handler_fields[k].kind == hd->kind)
          for (guint f = 0; f < MAX_FIELDS && handler_fields[k].fields[f]; f++)
            {
              const char *name = handler_fields[k].fields[f];
              if (l->perf)
                name = perf_field_name (hd->kind, name);
              hd->f[f] = *name ? lttv_event_class_field (ec, name) : -1;
              n_names = f + 1;
            }
      /* The thread that emitted the event, after the handler's fields
       * (a switch names its own: prev_tid). */
      hd->tid_at = hd->pid_at = hd->name_at = -1;
      LttvFieldRef tid = l->ftrace ? lttv_event_class_field (ec, "common_pid")
                         : l->perf ? lttv_event_class_field (ec, "perf_tid")
                                 : lttv_event_class_context_field (ec, "tid");
      if (tid >= 0 && hd->kind != H_SWITCH && n_names < MAX_FIELDS)
        {
          hd->f[n_names] = tid;
          hd->tid_at = (int) n_names++;
          if (hd->kind == H_NONE)
            hd->kind = H_THREAD;
        }
      /* LTTng's pid and procname contexts name a thread the CPU is
       * re-synced to (read only then: state_layout_execute). */
      LttvFieldRef pid = hd->tid_at < 0 || l->perf ? -1 : lttv_event_class_context_field (ec, "pid");
      if (pid >= 0 && n_names < MAX_FIELDS)
        {
          hd->f[n_names] = pid;
          hd->pid_at = (int) n_names++;
        }
      for (guint f = 0; f < MAX_FIELDS; f++)
        if (hd->f[f] >= 0)
          hd->n_f = f + 1;
      lttv_event_class_int_fields (ec, hd->f, hd->n_f, &hd->ints);
      int sf[2];
      string_fields (hd->kind, sf);
      hd->has_str = sf[0] >= 0;
      for (guint k = 0; k < 2; k++)
        hd->str[k] = sf[k] >= 0 ? hd->f[sf[k]] : -1;
      LttvFieldRef name = hd->tid_at < 0 || l->perf ? -1 : lttv_event_class_context_field (ec, "procname");
      if (name >= 0 && hd->str[1] < 0)
        {
          hd->name_at = hd->str[0] < 0 ? 0 : 1;
          hd->str[hd->name_at] = name;
          hd->has_str = TRUE;
        }
    }
  return l;
}

void
state_layout_free (StateLayout *l)
{
  if (l == NULL)
    return;
  g_free (l->handlers);
  g_free (l->perf_syscalls);
  g_free (l);
}

gboolean
state_layout_is_perf (const StateLayout *l)
{
  return l->perf;
}

static LttvValue
perf_syscall (StateLayout *l, int64_t id)
{
  if (id < 0 || id > 4096)
    {
      char buf[32];
      g_snprintf (buf, sizeof buf, "syscall_%" G_GINT64_FORMAT, id);
      return lttv_history_intern (l->h, buf);
    }
  if ((guint) id >= l->n_perf_syscalls)
    {
      guint n = (guint) id + 1;
      l->perf_syscalls = g_renew (LttvValue, l->perf_syscalls, n);
      memset (l->perf_syscalls + l->n_perf_syscalls, 0,
              (n - l->n_perf_syscalls) * sizeof (LttvValue));
      l->n_perf_syscalls = n;
    }
  if (l->perf_syscalls[id] == LTTV_VALUE_NONE)
    {
      const char *name = l->x86_64 ? state_syscall_name_x86_64 (id) : NULL;
      char buf[32];
      if (name == NULL)
        {
          g_snprintf (buf, sizeof buf, "syscall_%" G_GINT64_FORMAT, id);
          name = buf;
        }
      l->perf_syscalls[id] = lttv_history_intern (l->h, name);
    }
  return l->perf_syscalls[id];
}

gboolean
state_layout_wants (const StateLayout *l, guint index)
{
  return index < l->n_handlers && l->handlers[index].kind != H_NONE;
}

guint
state_layout_fields (const StateLayout *l, guint index, LttvFieldRef out[MAX_FIELDS])
{
  guint n = 0;
  if (state_layout_wants (l, index))
    for (guint i = 0; i < MAX_FIELDS; i++)
      if (l->handlers[index].f[i] >= 0)
        out[n++] = l->handlers[index].f[i];
  return n;
}

gboolean
state_layout_record_form (const StateLayout *l, guint index, guint16 trace,
                          guint32 type, LttvRecordForm *form)
{
  if (index >= l->n_handlers)
    return FALSE;
  const Handler *hd = &l->handlers[index];
  /* (a string its class lacks: state_layout_extract notes it absent) */
  if (hd->kind != H_NONE
      && (hd->ints.general || (hd->has_str && (hd->str[0] < 0 || hd->str[1] < 0))))
    return FALSE;
  memset (form, 0, sizeof *form);
  StateRec rec = { .type = type, .cls = index, .trace = trace,
                   .words = sizeof (StateRec) / 8 };
  if (hd->kind != H_NONE)
    {
      /* (what state_layout_extract makes: every field the handler reads
       * that the class has as an integer) */
      rec.words += hd->n_f;
      for (guint i = 0; i < hd->n_f; i++)
        if (hd->ints.slots[i] >= 0)
          {
            form->fields[form->n_fields] = hd->f[i];
            form->field_at[form->n_fields++] = (guint8) (offsetof (StateRec, v) + 8 * i);
            rec.has |= (guint8) (1u << i);
          }
      if (hd->has_str)
        {
          /* (each string's place and length: str[2k] and str[2k + 1]) */
          guint str_at = offsetof (StateRec, v) + 8 * hd->n_f;
          rec.words += 2;
          for (guint k = 0; k < 2; k++)
            {
              form->strings[k] = hd->str[k];
              form->string_at[k] = (guint8) (str_at + 8 * k);
            }
          form->n_strings = 2;
        }
    }
  G_STATIC_ASSERT (sizeof (StateRec) + 8 * STATE_REC_FIELDS <= LTTV_RECORD_MAX);
  G_STATIC_ASSERT (sizeof (StateRec) <= LTTV_RECORD_HEAD);
  form->size = (guint8) (rec.words * 8);
  form->cpu_at = (gint8) offsetof (StateRec, cpu);
  memcpy (form->head, &rec, sizeof rec);
  return TRUE;
}

/* The string fields of each kind of handler: which of its fields, in the
 * record's two string slots. */
void
state_layout_extract (const StateLayout *l, const LttvEvent *ev, StateRec *r,
                      Writer *arena)
{
  const Handler *hd = &l->handlers[r->cls];
  r->words = sizeof (StateRec) / 8;
  if (hd->kind == H_NONE)
    return;
  /* (none for a system call's exit: a third of the events) */
  r->has = hd->n_f == 0 ? 0 : (guint8) lttv_event_get_int_fields (ev, &hd->ints, r->v);
  r->words += hd->n_f;
  if (!hd->has_str)
    return;
  guint32 *str = (guint32 *) (r->v + hd->n_f);
  r->words += 2;
  for (guint k = 0; k < 2; k++)
    {
      size_t len;
      const char *s = hd->str[k] >= 0 ? lttv_event_get_string (ev, hd->str[k], &len)
                                      : NULL;
      if (s == NULL || len >= G_MAXUINT32)
        {
          str[2 * k] = str[2 * k + 1] = STATE_REC_NO_STRING;
          continue;
        }
      str[2 * k] = (guint32) arena->len;
      str[2 * k + 1] = (guint32) len;
      writer_append (arena, s, len);
    }
}

/* String slot `k` of `r`, interned (recent short ones from the cache,
 * compared and hashed by words rather than bytes: every scheduler switch
 * has two command names). */
static LttvValue
get_string (StateLayout *l, const guint32 *str, const guint8 *arena, guint k)
{
  if (str[2 * k + 1] == STATE_REC_NO_STRING)
    return LTTV_VALUE_NONE;
  const char *s = (const char *) arena + str[2 * k];
  size_t len = str[2 * k + 1];
  if (len >= SHORT_STRING)
    return lttv_history_intern_len (l->h, s, len);
  guint64 first = 0, last = 0;
  if (len >= 8)
    {
      memcpy (&first, s, 8);
      memcpy (&last, s + len - 8, 8);
    }
  else
    memcpy (&first, s, len);
  guint64 hash = (first ^ (last * 0x9e3779b97f4a7c15u) ^ len) * 0xff51afd7ed558ccdu;
  CachedString *c = &l->strings[(hash >> 32) % STRING_CACHE];
  if (c->value != LTTV_VALUE_NONE && c->first == first && c->last == last && c->len == len)
    return c->value;
  c->value = lttv_history_intern_len (l->h, s, len);
  c->first = first;
  c->last = last;
  c->len = (guint8) len;
  return c->value;
}

/* A thread the CPU is re-synced to, named by the trace's recorder apart
 * from its events (trace-cmd's saved_cmdlines: a thread no scheduler
 * switch names, seen only as an event's common_pid): its Exec_name,
 * while unset. (Once per re-sync, not per event.) */
static G_GNUC_NO_INLINE void
saved_identity (StateLayout *l, StateMachine *m, LttvTime t, int cpu, int64_t tid)
{
  const char *name = lttv_trace_saved_thread_name (l->saved_names, tid);
  if (name != NULL)
    state_thread_identity (m, t, cpu, tid, NULL,
                           lttv_history_intern_len (l->h, name, strlen (name)));
}

void
state_layout_execute (StateLayout *l, StateMachine *m, const StateRec *r,
                      const guint8 *arena, LttvTime t)
{
  const Handler *hd = &l->handlers[r->cls];
  if (hd->kind == H_NONE)
    return;
  int cpu = r->cpu;
  /* An event of no known CPU does not fit the model, whatever it is. */
  if (!state_machine_cpu_ok (m, cpu))
    return;
  const int64_t *v = r->v;
  /* (where the strings are, when the handler reads some) */
  const guint32 *str = (const guint32 *) (v + hd->n_f);
#define HAS(i) ((r->has >> (i)) & 1)
#define OPT(i) (HAS (i) ? &v[i] : NULL)
#define NEED(i) if (!HAS (i)) goto missing
  if (hd->tid_at >= 0 && HAS (hd->tid_at))
    {
      int64_t tid = v[hd->tid_at];
      if (!state_thread_is_current (m, cpu, tid))
        {
          state_thread_resync (m, t, cpu, tid);
          if (hd->pid_at >= 0 || hd->name_at >= 0)
            state_thread_identity (m, t, cpu, tid, hd->pid_at >= 0 ? OPT (hd->pid_at) : NULL,
                                   hd->name_at >= 0 ? get_string (l, str, arena, hd->name_at)
                                                    : LTTV_VALUE_NONE);
          else if (l->saved_names != NULL)
            saved_identity (l, m, t, cpu, tid);
        }
    }

  switch (hd->kind)
    {
    case H_SWITCH:
      NEED (0); NEED (1); NEED (4);
      state_sched_switch (m, t, cpu, v[0], v[1], l->prev_encoding,
                          get_string (l, str, arena, 0), OPT (3), v[4],
                          get_string (l, str, arena, 1), OPT (6));
      break;
    case H_SYSCALL_ENTRY:
      state_syscall_entry (m, t, cpu, hd->syscall);
      break;
    case H_SYSCALL_ENTRY_ID:
      NEED (0);
      state_syscall_entry (m, t, cpu, perf_syscall (l, v[0]));
      break;
    case H_SYSCALL_EXIT:
      state_syscall_exit (m, t, cpu);
      break;
    case H_IRQ_ENTRY:
      NEED (0);
      state_irq_entry (m, t, cpu, v[0]);
      break;
    case H_IRQ_EXIT:
      NEED (0);
      state_irq_exit (m, t, cpu, v[0]);
      break;
    case H_SOFT_RAISE:
      NEED (0);
      state_softirq_raise (m, t, cpu, v[0]);
      break;
    case H_SOFT_ENTRY:
      NEED (0);
      state_softirq_entry (m, t, cpu, v[0]);
      break;
    case H_SOFT_EXIT:
      NEED (0);
      state_softirq_exit (m, t, cpu, v[0]);
      break;
    case H_WAKEUP_EDGE:
      NEED (0);
      state_wakeup_edge (m, t, cpu, v[0]);
      /* fall through */
    case H_WAKEUP:
      NEED (0);
      state_latency_wakeup (m, t, v[0]);
      state_wakeup (m, t, v[0], OPT (1), OPT (2));
      break;
    case H_TIMER_ENTRY:
      state_timer_entry (m, cpu);
      break;
    case H_TIMER_EXIT:
      state_timer_exit (m, cpu);
      break;
    case H_MIGRATE:
      NEED (0); NEED (1);
      state_migrate (m, t, v[0], v[1]);
      break;
    case H_SETPRIO:
      NEED (0); NEED (1);
      state_setprio (m, t, v[0], v[1]);
      break;
    case H_FORK:
      NEED (0); NEED (1);
      state_fork (m, t, v[0], v[1], OPT (2), get_string (l, str, arena, 0));
      break;
    case H_EXEC:
      {
        int64_t tid;
        if (HAS (0))
          tid = v[0];
        else if (cpu >= 0 && (tid = state_current_tid (m, cpu)) >= 0)
          ;
        else
          goto missing;
        if (str[1] == STATE_REC_NO_STRING)
          goto missing;
        state_exec (m, t, tid, (const char *) arena + str[0], str[1]);
      }
      break;
    case H_FREE:
      NEED (0);
      state_free (m, t, v[0]);
      break;
    case H_STATEDUMP:
      NEED (0);
      state_statedump (m, t, v[0], OPT (1), OPT (2),
                       get_string (l, str, arena, 0), OPT (4), OPT (5));
      break;
    case H_BLOCK_ISSUE:
      NEED (0); NEED (1);
      state_block_issue (m, t, v[0], v[1]);
      state_latency_block_issue (m, t, cpu, v[0], v[1], OPT (2), OPT (3));
      break;
    case H_BLOCK_COMPLETE:
      NEED (0); NEED (1);
      state_block_complete (m, t, v[0], v[1]);
      state_latency_block_complete (m, t, v[0], v[1], OPT (2));
      break;
    case H_THREAD:
    case H_NONE:
      break;
    }
  return;
missing:
  state_machine_anomaly (m, LTTV_ANOMALY_MISSING_FIELD);
#undef HAS
#undef OPT
#undef NEED
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* event-table.c: the kernel events the state model uses, laid out as the
 * real tracers declare them.
 *
 * Models: lttng-modules 2.8 on x86_64 (the many-threads trace), 2.5 (the
 * bug446190 trace: sys_* / exit_syscall, sched_wakeup's `success`, no
 * namespace fields), 2.12's statedump (tid, pid, ppid, name, type, mode,
 * submode, status, cpu, file_table_address) and perf 6.1's
 * `perf data convert --to-ctf` (the vm-small trace). */
#include "ctf-writer.h"

#include <string.h>

#define I8(n)    { n, CW_FT_INT, 8, 1, 10 }
#define U8(n)    { n, CW_FT_INT, 8, 0, 10 }
#define U16(n)   { n, CW_FT_INT, 16, 0, 10 }
#define I32(n)   { n, CW_FT_INT, 32, 1, 10 }
#define U32(n)   { n, CW_FT_INT, 32, 0, 10 }
#define I64(n)   { n, CW_FT_INT, 64, 1, 10 }
#define U64(n)   { n, CW_FT_INT, 64, 0, 10 }
#define X64(n)   { n, CW_FT_INT, 64, 0, 16 }
#define LONG(n)  { n, CW_FT_LONG, 0, 1, 10 }
#define ULONG(n) { n, CW_FT_LONG, 0, 0, 10 }
#define XLONG(n) { n, CW_FT_LONG, 0, 0, 16 }
#define TEXT(n)  { n, CW_FT_TEXT16, 0, 0, 10 }
#define STR(n)   { n, CW_FT_STRING, 0, 0, 10 }

typedef struct {
  const char *name;
  guint id;
  const CwFieldDesc *fields;
  guint n_fields;
} TableEntry;

#define EV(name, id, f) { name, id, f, G_N_ELEMENTS (f) }
#define EV0(name, id) { name, id, NULL, 0 }

/* ---- LTTng, shared by all versions ---- */

static const CwFieldDesc lt_switch[] = {
  TEXT ("prev_comm"), I32 ("prev_tid"), I32 ("prev_prio"), LONG ("prev_state"),
  TEXT ("next_comm"), I32 ("next_tid"), I32 ("next_prio"),
};
static const CwFieldDesc lt_wakeup[] = {
  TEXT ("comm"), I32 ("tid"), I32 ("prio"), I32 ("target_cpu"),
};
static const CwFieldDesc lt_migrate[] = {
  TEXT ("comm"), I32 ("tid"), I32 ("prio"), I32 ("orig_cpu"), I32 ("dest_cpu"),
};
static const CwFieldDesc lt_pi[] = {
  TEXT ("comm"), I32 ("tid"), I32 ("oldprio"), I32 ("newprio"),
};
static const CwFieldDesc lt_exec[] = {
  STR ("filename"), I32 ("tid"), I32 ("old_tid"),
};
static const CwFieldDesc lt_task[] = {
  TEXT ("comm"), I32 ("tid"), I32 ("prio"),
};
static const CwFieldDesc lt_irq_entry[] = { I32 ("irq"), STR ("name") };
static const CwFieldDesc lt_irq_exit[] = { I32 ("irq"), I32 ("ret") };
static const CwFieldDesc lt_softirq[] = { U32 ("vec") };

/* ---- LTTng 2.0 to 2.5 ---- */

static const CwFieldDesc lt25_wakeup[] = {
  TEXT ("comm"), I32 ("tid"), I32 ("prio"), I32 ("success"), I32 ("target_cpu"),
};
static const CwFieldDesc lt25_fork[] = {
  TEXT ("parent_comm"), I32 ("parent_tid"), I32 ("parent_pid"),
  TEXT ("child_comm"), I32 ("child_tid"), I32 ("child_pid"),
};
static const CwFieldDesc lt25_statedump[] = {
  I32 ("tid"), I32 ("vtid"), I32 ("pid"), I32 ("vpid"), I32 ("ppid"),
  I32 ("vppid"), TEXT ("name"), I32 ("type"), I32 ("mode"), I32 ("submode"),
  I32 ("status"), I32 ("ns_level"),
};
static const CwFieldDesc lt25_rq_issue[] = {
  U32 ("dev"), U64 ("sector"), U32 ("nr_sector"), U32 ("bytes"), U32 ("rwbs"),
  I32 ("tid"), TEXT ("comm"), { "cmd", CW_FT_CMD, 8, 0, 16 },
};
static const CwFieldDesc lt25_rq_complete[] = {
  U32 ("dev"), U64 ("sector"), U32 ("nr_sector"), I32 ("errors"), U32 ("rwbs"),
  { "cmd", CW_FT_CMD, 8, 0, 16 },
};

static const TableEntry lttng25_table[] = {
  EV ("sched_switch", 0, lt_switch),
  EV ("sched_wakeup", 2, lt25_wakeup),
  EV ("sched_wakeup_new", 3, lt25_wakeup),
  EV ("sched_migrate_task", 4, lt_migrate),
  EV ("sched_pi_setprio", 5, lt_pi),
  EV ("sched_process_fork", 6, lt25_fork),
  EV ("sched_process_exec", 7, lt_exec),
  EV ("sched_process_exit", 8, lt_task),
  EV ("sched_process_free", 9, lt_task),
  EV ("irq_handler_entry", 10, lt_irq_entry),
  EV ("irq_handler_exit", 11, lt_irq_exit),
  EV ("softirq_raise", 12, lt_softirq),
  EV ("softirq_entry", 13, lt_softirq),
  EV ("softirq_exit", 14, lt_softirq),
  EV ("lttng_statedump_process_state", 15, lt25_statedump),
  EV ("block_rq_issue", 16, lt25_rq_issue),
  EV ("block_rq_complete", 17, lt25_rq_complete),
  EV0 ("lttng_statedump_start", 18),
  EV0 ("lttng_statedump_end", 19),
};

/* ---- LTTng 2.6 and newer ---- */

static const CwFieldDesc lt26_fork[] = {
  TEXT ("parent_comm"), I32 ("parent_tid"), I32 ("parent_pid"),
  U32 ("parent_ns_inum"), TEXT ("child_comm"), I32 ("child_tid"),
  { "vtids", CW_FT_VTIDS, 32, 1, 10 }, I32 ("child_pid"), U32 ("child_ns_inum"),
};
static const CwFieldDesc lt26_statedump[] = {
  I32 ("tid"), I32 ("vtid"), I32 ("pid"), I32 ("vpid"), I32 ("ppid"),
  I32 ("vppid"), TEXT ("name"), I32 ("type"), I32 ("mode"), I32 ("submode"),
  I32 ("status"), I32 ("ns_level"), U32 ("ns_inum"),
};
static const CwFieldDesc lt210_statedump[] = {
  I32 ("tid"), I32 ("vtid"), I32 ("pid"), I32 ("vpid"), I32 ("ppid"),
  I32 ("vppid"), TEXT ("name"), I32 ("type"), I32 ("mode"), I32 ("submode"),
  I32 ("status"), I32 ("ns_level"), U32 ("ns_inum"), U32 ("cpu"),
};
static const CwFieldDesc lt212_statedump[] = {
  I32 ("tid"), I32 ("pid"), I32 ("ppid"), TEXT ("name"), I32 ("type"),
  I32 ("mode"), I32 ("submode"), I32 ("status"), U32 ("cpu"),
  XLONG ("file_table_address"),
};
static const CwFieldDesc lt26_rq_issue[] = {
  U32 ("dev"), U64 ("sector"), U32 ("nr_sector"), U32 ("bytes"), I32 ("tid"),
  U32 ("rwbs"), TEXT ("comm"),
};
/* Trap (page fault) counts: x86 only, as lttng-modules instruments it. */
static const CwFieldDesc lt_page_fault[] = {
  XLONG ("address"), XLONG ("ip"), { "error_code", CW_FT_INT, 8, 0, 16 },
};
/* lttng-modules' hrtimer expiry (timer_hrtimer_expire_entry / _exit). */
static const CwFieldDesc lt_hrtimer_entry[] = {
  XLONG ("hrtimer"), I64 ("now"), XLONG ("function"),
};
static const CwFieldDesc lt_hrtimer_exit[] = { XLONG ("hrtimer") };
static const CwFieldDesc lt26_rq_complete[] = {
  U32 ("dev"), U64 ("sector"), U32 ("nr_sector"), I32 ("error"), U32 ("rwbs"),
};

/* Statedump and soft IRQ names are filled in per version. */
static const TableEntry lttng26_table[] = {
  EV ("sched_switch", 0, lt_switch),
  EV ("sched_waking", 1, lt_wakeup),
  EV ("sched_wakeup", 2, lt_wakeup),
  EV ("sched_wakeup_new", 3, lt_wakeup),
  EV ("sched_migrate_task", 4, lt_migrate),
  EV ("sched_pi_setprio", 5, lt_pi),
  EV ("sched_process_fork", 6, lt26_fork),
  EV ("sched_process_exec", 7, lt_exec),
  EV ("sched_process_exit", 8, lt_task),
  EV ("sched_process_free", 9, lt_task),
  EV ("irq_handler_entry", 10, lt_irq_entry),
  EV ("irq_handler_exit", 11, lt_irq_exit),
  EV ("block_rq_issue", 16, lt26_rq_issue),
  EV ("block_rq_complete", 17, lt26_rq_complete),
  EV0 ("lttng_statedump_start", 18),
  EV0 ("lttng_statedump_end", 19),
  EV ("x86_exceptions_page_fault_user", 20, lt_page_fault),
  EV ("x86_exceptions_page_fault_kernel", 21, lt_page_fault),
  EV ("timer_hrtimer_expire_entry", 22, lt_hrtimer_entry),
  EV ("timer_hrtimer_expire_exit", 23, lt_hrtimer_exit),
};

/* ---- System calls (LTTng); other names get no arguments ---- */

typedef struct {
  const char *name;
  const CwFieldDesc *entry26; guint n_entry26;
  const CwFieldDesc *exit26; guint n_exit26;
  const CwFieldDesc *entry25; guint n_entry25;
} SyscallEntry;

static const CwFieldDesc sc_exit_ret[] = { LONG ("ret") };
static const CwFieldDesc sc_read26[] = { U32 ("fd"), ULONG ("count") };
static const CwFieldDesc sc_read_exit26[] = { LONG ("ret"), ULONG ("buf") };
static const CwFieldDesc sc_rw25[] = { U32 ("fd"), XLONG ("buf"), ULONG ("count") };
static const CwFieldDesc sc_write26[] = { U32 ("fd"), ULONG ("buf"), ULONG ("count") };
static const CwFieldDesc sc_open[] = { STR ("filename"), I32 ("flags"), U16 ("mode") };
static const CwFieldDesc sc_openat[] = {
  I32 ("dfd"), STR ("filename"), I32 ("flags"), U16 ("mode"),
};
static const CwFieldDesc sc_close[] = { U32 ("fd") };
static const CwFieldDesc sc_clone[] = {
  XLONG ("clone_flags"), XLONG ("newsp"), XLONG ("parent_tid"), XLONG ("child_tid"),
};
static const CwFieldDesc sc_execve[] = { STR ("filename"), XLONG ("argv"), XLONG ("envp") };
static const CwFieldDesc sc_exit_group[] = { I32 ("error_code") };
static const CwFieldDesc sc_nanosleep26[] = { ULONG ("rqtp") };
static const CwFieldDesc sc_nanosleep_exit26[] = { LONG ("ret"), ULONG ("rmtp") };
static const CwFieldDesc sc_nanosleep25[] = { XLONG ("rqtp"), XLONG ("rmtp") };
static const CwFieldDesc sc_brk[] = { ULONG ("brk") };

#define SC(n, e26, x26, e25) \
  { n, e26, G_N_ELEMENTS (e26), x26, G_N_ELEMENTS (x26), e25, G_N_ELEMENTS (e25) }
#define SC0(n) { n, NULL, 0, sc_exit_ret, 1, NULL, 0 }

static const SyscallEntry syscalls[] = {
  SC ("read", sc_read26, sc_read_exit26, sc_rw25),
  SC ("write", sc_write26, sc_exit_ret, sc_rw25),
  SC ("open", sc_open, sc_exit_ret, sc_open),
  SC ("openat", sc_openat, sc_exit_ret, sc_openat),
  SC ("close", sc_close, sc_exit_ret, sc_close),
  SC ("clone", sc_clone, sc_exit_ret, sc_clone),
  SC ("execve", sc_execve, sc_exit_ret, sc_execve),
  SC ("exit_group", sc_exit_group, sc_exit_ret, sc_exit_group),
  SC ("nanosleep", sc_nanosleep26, sc_nanosleep_exit26, sc_nanosleep25),
  SC ("brk", sc_brk, sc_exit_ret, sc_brk),
  SC0 ("getpid"),
  SC0 ("sched_yield"),
};

/* ---- perf ---- */

/* perf data convert puts these before every event's own fields. */
static const CwFieldDesc pf_common[] = {
  X64 ("perf_ip"), I32 ("perf_tid"), I32 ("perf_pid"), U64 ("perf_id"),
  U64 ("perf_period"), U32 ("common_type"), U32 ("common_flags"),
  U32 ("common_preempt_count"), I32 ("common_pid"),
};
static const CwFieldDesc pf_switch[] = {
  STR ("prev_comm"), I32 ("prev_pid"), I32 ("prev_prio"), I64 ("prev_state"),
  STR ("next_comm"), I32 ("next_pid"), I32 ("next_prio"),
};
static const CwFieldDesc pf_wakeup[] = {
  STR ("comm"), I32 ("pid"), I32 ("prio"), I32 ("target_cpu"),
};
static const CwFieldDesc pf_fork[] = {
  STR ("parent_comm"), I32 ("parent_pid"), STR ("child_comm"), I32 ("child_pid"),
};
static const CwFieldDesc pf_exit[] = {
  STR ("comm"), I32 ("pid"), I32 ("prio"), U32 ("group_dead"),
};
static const CwFieldDesc pf_free[] = { STR ("comm"), I32 ("pid"), I32 ("prio") };
static const CwFieldDesc pf_exec[] = { STR ("filename"), I32 ("pid"), I32 ("old_pid") };
static const CwFieldDesc pf_migrate[] = {
  STR ("comm"), I32 ("pid"), I32 ("prio"), I32 ("orig_cpu"), I32 ("dest_cpu"),
};
static const CwFieldDesc pf_pi[] = {
  STR ("comm"), I32 ("pid"), I32 ("oldprio"), I32 ("newprio"),
};
static const CwFieldDesc pf_irq_entry[] = { I32 ("irq"), STR ("name") };
static const CwFieldDesc pf_irq_exit[] = { I32 ("irq"), I32 ("ret") };
static const CwFieldDesc pf_softirq[] = { U32 ("vec") };
static const CwFieldDesc pf_sys_enter[] = {
  I64 ("id"), { "args", CW_FT_ARGS6, 64, 0, 16 },
};
static const CwFieldDesc pf_sys_exit[] = { I64 ("id"), I64 ("ret") };
static const CwFieldDesc pf_rq_issue[] = {
  U32 ("dev"), U64 ("sector"), U32 ("nr_sector"), U32 ("bytes"), U32 ("ioprio"),
  STR ("rwbs"), STR ("comm"), STR ("cmd"),
};
static const CwFieldDesc pf_rq_complete[] = {
  U32 ("dev"), U64 ("sector"), U32 ("nr_sector"), I32 ("error"), U32 ("ioprio"),
  STR ("rwbs"), STR ("cmd"),
};
static const CwFieldDesc pf_cpu_idle[] = { U32 ("state"), U32 ("cpu_id") };
/* perf writes unsigned longs as hexadecimal ("mostly pointers"). */
static const CwFieldDesc pf_page_fault[] = {
  X64 ("address"), X64 ("ip"), X64 ("error_code"),
};

/* perf numbers classes in order of first use; the ids here are unused. */
static const TableEntry perf_table[] = {
  EV ("sched:sched_switch", 0, pf_switch),
  EV ("sched:sched_wakeup", 0, pf_wakeup),
  EV ("sched:sched_wakeup_new", 0, pf_wakeup),
  EV ("sched:sched_waking", 0, pf_wakeup),
  EV ("sched:sched_process_fork", 0, pf_fork),
  EV ("sched:sched_process_exit", 0, pf_exit),
  EV ("sched:sched_process_free", 0, pf_free),
  EV ("sched:sched_process_exec", 0, pf_exec),
  EV ("sched:sched_migrate_task", 0, pf_migrate),
  EV ("sched:sched_pi_setprio", 0, pf_pi),
  EV ("irq:irq_handler_entry", 0, pf_irq_entry),
  EV ("irq:irq_handler_exit", 0, pf_irq_exit),
  EV ("irq:softirq_entry", 0, pf_softirq),
  EV ("irq:softirq_exit", 0, pf_softirq),
  EV ("irq:softirq_raise", 0, pf_softirq),
  EV ("raw_syscalls:sys_enter", 0, pf_sys_enter),
  EV ("raw_syscalls:sys_exit", 0, pf_sys_exit),
  EV ("block:block_rq_issue", 0, pf_rq_issue),
  EV ("block:block_rq_complete", 0, pf_rq_complete),
  EV ("power:cpu_idle", 0, pf_cpu_idle),
  EV ("exceptions:page_fault_user", 0, pf_page_fault),
  EV ("exceptions:page_fault_kernel", 0, pf_page_fault),
};

G_DEFINE_QUARK (cw-error-quark, cw_error)

gboolean
cw_version_at_least (const CwConfig *config, guint major, guint minor)
{
  return config->major > major
         || (config->major == major && config->minor >= minor);
}

static CwClass *
class_new (const char *name, guint id)
{
  CwClass *klass = g_new0 (CwClass, 1);
  klass->name = g_strdup (name);
  klass->id = id;
  return klass;
}

static void
class_add (CwClass *klass, const CwFieldDesc *fields, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_assert (klass->n_fields < CW_MAX_FIELDS);
      klass->fields[klass->n_fields++] = &fields[i];
    }
}

void
cw_class_free (CwClass *klass)
{
  if (klass == NULL)
    return;
  g_free (klass->name);
  g_free (klass);
}

static const TableEntry *
table_find (const TableEntry *table, guint n, const char *name)
{
  for (guint i = 0; i < n; i++)
    if (strcmp (table[i].name, name) == 0)
      return &table[i];
  return NULL;
}

static const SyscallEntry *
syscall_find (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (syscalls); i++)
    if (strcmp (syscalls[i].name, name) == 0)
      return &syscalls[i];
  return NULL;
}

/* "syscall_entry_read" -> "read", with the prefix that matched. */
static const char *
strip_prefix (const char *name, const char *const *prefixes)
{
  for (guint i = 0; prefixes[i] != NULL; i++)
    if (g_str_has_prefix (name, prefixes[i]) && name[strlen (prefixes[i])] != '\0')
      return name + strlen (prefixes[i]);
  return NULL;
}

static CwClass *
lookup_syscall (const CwConfig *config, const char *name, guint *next_id)
{
  static const char *const entry26[] = { "syscall_entry_", "compat_syscall_entry_", NULL };
  static const char *const exit26[] = { "syscall_exit_", "compat_syscall_exit_", NULL };
  static const char *const entry25[] = { "sys_", "compat_sys_", NULL };
  gboolean v26 = cw_version_at_least (config, 2, 6);
  const char *sc;
  CwClass *klass;

  if (!v26 && strcmp (name, "exit_syscall") == 0)
    {
      klass = class_new (name, (*next_id)++);
      class_add (klass, sc_exit_ret, 1);
      return klass;
    }
  if (v26 && (sc = strip_prefix (name, entry26)) != NULL)
    {
      const SyscallEntry *e = syscall_find (sc);
      klass = class_new (name, (*next_id)++);
      if (e != NULL)
        class_add (klass, e->entry26, e->n_entry26);
      return klass;
    }
  if (v26 && (sc = strip_prefix (name, exit26)) != NULL)
    {
      const SyscallEntry *e = syscall_find (sc);
      klass = class_new (name, (*next_id)++);
      if (e != NULL)
        class_add (klass, e->exit26, e->n_exit26);
      else
        class_add (klass, sc_exit_ret, 1);
      return klass;
    }
  if (!v26 && (sc = strip_prefix (name, entry25)) != NULL)
    {
      const SyscallEntry *e = syscall_find (sc);
      klass = class_new (name, (*next_id)++);
      if (e != NULL)
        class_add (klass, e->entry25, e->n_entry25);
      return klass;
    }
  return NULL;
}

/* Names that exist in another version of the tracer: say which. */
static const char *
version_hint (const CwConfig *config, const char *name)
{
  gboolean v26 = cw_version_at_least (config, 2, 6);
  gboolean v27 = cw_version_at_least (config, 2, 7);

  if (g_str_has_prefix (name, "irq_softirq_") && !v27)
    return "irq_softirq_* names start with lttng-modules 2.7; use softirq_*";
  if (g_str_has_prefix (name, "softirq_") && v27)
    return "lttng-modules 2.7 and newer name it irq_softirq_*";
  if ((g_str_has_prefix (name, "sys_") || strcmp (name, "exit_syscall") == 0) && v26)
    return "lttng-modules 2.6 and newer use syscall_entry_* / syscall_exit_*";
  if (g_str_has_prefix (name, "syscall_") && !v26)
    return "lttng-modules 2.5 and older use sys_* / exit_syscall";
  if (strcmp (name, "sched_waking") == 0 && !v26)
    return "sched_waking does not exist before lttng-modules 2.6";
  if (strchr (name, ':') != NULL)
    return "perf names (with ':') need \"flavour perf\"";
  return NULL;
}

static CwClass *
lookup_lttng (const CwConfig *config, const char *name, guint *next_id,
              GError **error)
{
  gboolean v26 = cw_version_at_least (config, 2, 6);
  gboolean v27 = cw_version_at_least (config, 2, 7);
  const TableEntry *e;
  CwClass *klass;
  const char *hint;

  if ((hint = version_hint (config, name)) != NULL)
    {
      g_set_error (error, CW_ERROR, 0, "unknown event \"%s\" for lttng-modules %u.%u: %s",
                   name, config->major, config->minor, hint);
      return NULL;
    }

  e = table_find (v26 ? lttng26_table : lttng25_table,
                  v26 ? G_N_ELEMENTS (lttng26_table) : G_N_ELEMENTS (lttng25_table),
                  name);
  if (e != NULL)
    {
      klass = class_new (name, e->id);
      class_add (klass, e->fields, e->n_fields);
      return klass;
    }

  if (v26)
    {
      const char *sirq = v27 ? "irq_softirq_" : "softirq_";
      const char *rest = g_str_has_prefix (name, sirq) ? name + strlen (sirq) : NULL;
      if (rest != NULL)
        {
          guint id = strcmp (rest, "raise") == 0 ? 12 : strcmp (rest, "entry") == 0 ? 13
                     : strcmp (rest, "exit") == 0 ? 14 : 0;
          if (id != 0)
            {
              klass = class_new (name, id);
              class_add (klass, lt_softirq, 1);
              return klass;
            }
        }
      if (strcmp (name, "lttng_statedump_process_state") == 0)
        {
          klass = class_new (name, 15);
          if (cw_version_at_least (config, 2, 12))
            class_add (klass, lt212_statedump, G_N_ELEMENTS (lt212_statedump));
          else if (cw_version_at_least (config, 2, 10))
            class_add (klass, lt210_statedump, G_N_ELEMENTS (lt210_statedump));
          else
            class_add (klass, lt26_statedump, G_N_ELEMENTS (lt26_statedump));
          return klass;
        }
    }

  if ((klass = lookup_syscall (config, name, next_id)) != NULL)
    return klass;

  g_set_error (error, CW_ERROR, 0, "unknown event \"%s\" for lttng-modules %u.%u",
               name, config->major, config->minor);
  return NULL;
}

static CwClass *
lookup_perf (const char *name, guint *next_id, GError **error)
{
  const TableEntry *e = table_find (perf_table, G_N_ELEMENTS (perf_table), name);
  CwClass *klass;

  if (e == NULL)
    {
      g_set_error (error, CW_ERROR, 0, "unknown event \"%s\" for perf%s", name,
                   strchr (name, ':') == NULL
                   ? " (perf names carry their system: sched:sched_switch, "
                     "raw_syscalls:sys_enter...)" : "");
      return NULL;
    }
  klass = class_new (name, (*next_id)++);
  class_add (klass, pf_common, G_N_ELEMENTS (pf_common));
  class_add (klass, e->fields, e->n_fields);
  return klass;
}

CwClass *
cw_table_lookup (const CwConfig *config, const char *name,
                 guint *next_id, GError **error)
{
  if (config->tracer == CW_TRACER_PERF)
    return lookup_perf (name, next_id, error);
  return lookup_lttng (config, name, next_id, error);
}

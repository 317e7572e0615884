/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The filter evaluator on real events of perf/vm-small, against values
 * worked out by hand from babeltrace2's text of those events (quoted
 * above each group). Thread values come from the state history (the
 * thread just before the event on its CPU). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <lttv/lttv.h>

typedef struct {
  guint index;          /* event number in babeltrace2's order */
  const char *expr;
  gboolean want;
} Case;

static const Case cases[] = {
  /* [0] [1787.002622624] sched:sched_waking: { cpu_id = 0 }, { perf_ip =
   * 0xFFFFFFFF813B4B46, perf_tid = 18, ..., comm = "perf", pid = 12571,
   * prio = 120, target_cpu = 0 }  -- before any sched_switch on CPU 0 */
  { 0, "name == \"sched:sched_waking\"", TRUE },
  { 0, "name == \"sched:*\"", TRUE },
  { 0, "name == \"sched:sched_wak\"", FALSE },
  { 0, "name !~ \"^power\"", TRUE },
  { 0, "field.comm == \"perf\" && field.pid == 12571", TRUE },
  { 0, "prio == 120 && target_cpu == 0", TRUE },
  { 0, "prio > 120", FALSE },
  { 0, "perf_ip == 0xFFFFFFFF813B4B46", TRUE },
  { 0, "perf_ip > 0x7FFFFFFFFFFFFFFF", TRUE },
  { 0, "cpu == 0", TRUE },
  { 0, "time == 1787002622624", TRUE },
  { 0, "time < 1787.002622625 && time >= 1787.002622624", TRUE },
  { 0, "time > 1787.002622624", FALSE },
  { 0, "trace =~ \"vm-small/?$\"", TRUE },
  { 0, "prio == \"120\"", FALSE },      /* a number field against text */
  { 0, "no_such_field == 0 || no_such_field != 0", FALSE },
  /* settled per class: a field the class lacks, under ! and || */
  { 0, "!(no_such_field == 1)", TRUE },
  { 0, "name == \"sched:sched_waking\" && !(ret < 0)", TRUE },
  { 0, "ret < 0 || name =~ \"waking$\"", TRUE },
  { 0, "!(name == \"sched:*\") || ret < 0", FALSE },
  /* before any switch on CPU 0, the event's own perf_tid names its
   * thread (docs/state-model.md) */
  { 0, "tid == 18", TRUE },
  { 0, "tid != 18", FALSE },
  { 0, "!(tid == 18)", FALSE },
  /* precedence: && before ||, ! before both */
  { 0, "name == \"x\" || cpu == 0 && prio == 120", TRUE },
  { 0, "(name == \"x\" || cpu == 0) && prio == 121", FALSE },
  { 0, "!name == \"x\" && cpu == 0", TRUE },
  /* [6] [1787.002951128] sched:sched_switch: { cpu_id = 0 }, { ...,
   * prev_comm = "swapper/0", prev_pid = 0, prev_prio = 120, prev_state = 0,
   * next_comm = "perf-exec", next_pid = 12572, next_prio = 120 }; CPU 0
   * switched to swapper/0 at [2] */
  { 6, "tid == 0 && comm == \"swapper/0\"", TRUE },
  { 6, "next_comm =~ \"^perf-\" && prev_state == 0 && next_pid == 12572", TRUE },
  /* [7] [1787.002984662] raw_syscalls:sys_exit: { cpu_id = 0 }, { ...,
   * id = 0, ret = 1 }: now 12572 "perf-exec" runs on CPU 0, no system
   * call entered yet */
  { 7, "tid == 12572 && pid == 12572 && comm == \"perf-exec\"", TRUE },
  { 7, "id == 0 && ret == 1", TRUE },
  { 7, "syscall == \"*\"", FALSE },
  /* [8] sys_enter id = 59 (execve); [9] [1787.003238896]
   * raw_syscalls:sys_exit: { ..., id = 59, ret = -2 }: inside execve */
  { 8, "syscall == \"*\"", FALSE },
  { 9, "syscall == \"execve\"", TRUE },
  { 9, "ret == -2 && ret < 0 && ret >= -2", TRUE },
  { 9, "ret > 100", FALSE },
  /* [515] [1787.013976241] raw_syscalls:sys_exit: { cpu_id = 1 }, { ...,
   * id = -1, ret = 12574 } */
  { 515, "id == -1 && id < 0", TRUE },
  { 515, "id >= 0", FALSE },
  { 515, "cpu == 1 && ret == 0x311E", TRUE },
  /* the same class as [7] and [9], decided per event, not per class */
  { 515, "name == \"raw_syscalls:sys_exit\" && !(ret < 0)", TRUE },
};

static LttvTraceset *ts;
static LttvState *state;

static void
test_cases (void)
{
  g_autoptr (LttvStateThreads) threads = lttv_state_threads_new (state);
  const LttvFilterThreadSource *src = lttv_state_threads_source (threads);
  g_autoptr (LttvIter) it = lttv_iter_new (ts);
  guint index = 0;
  const LttvEvent *ev = lttv_iter_next (it, NULL);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      while (ev != NULL && index < cases[c].index)
        ev = lttv_iter_next (it, NULL), index++;
      g_assert_nonnull (ev);
      g_autoptr (GError) error = NULL;
      g_autoptr (LttvFilter) f = lttv_filter_new (cases[c].expr, &error);
      g_assert_no_error (error);
      gboolean got = lttv_filter_match (f, ev, src);
      if (got != cases[c].want)
        g_error ("event %u, %s: got %s", cases[c].index, cases[c].expr, got ? "TRUE" : "FALSE");
    }
}

/* Field kinds per event: the signed `ret` of sys_exit, the unsigned
 * perf_ip, the string comm. */
static void
test_field_kinds (void)
{
  g_autoptr (LttvIter) it = lttv_iter_new (ts);
  const LttvEvent *ev = lttv_iter_next (it, NULL);
  const LttvEventClass *ec = lttv_event_get_class (ev);
  g_assert_cmpint (lttv_event_field_kind (ev, lttv_event_class_field (ec, "perf_ip")), ==, LTTV_FIELD_UNSIGNED);
  g_assert_cmpint (lttv_event_field_kind (ev, lttv_event_class_field (ec, "comm")), ==, LTTV_FIELD_STRING);
  g_assert_cmpint (lttv_event_field_kind (ev, lttv_event_class_field (ec, "nope")), ==, LTTV_FIELD_ABSENT);
  for (int i = 0; i < 9; i++)
    ev = lttv_iter_next (it, NULL);
  ec = lttv_event_get_class (ev);
  g_assert_cmpstr (lttv_event_class_name (ec), ==, "raw_syscalls:sys_exit");
  LttvFieldRef ret = lttv_event_class_field (ec, "ret");
  g_assert_cmpint (lttv_event_field_kind (ev, ret), ==, LTTV_FIELD_SIGNED);
  int64_t v;
  g_assert_true (lttv_event_get_int (ev, ret, &v));
  g_assert_cmpint (v, ==, -2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  const char *dir = g_getenv ("LTTV_TEST_TRACES");
  g_autofree char *path = g_build_filename (dir != NULL ? dir : ".", "perf", "vm-small", NULL);
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      printf ("1..0 # SKIP no test trace %s\n", path);
      return 0;
    }
  const char *paths[] = { path, NULL };
  g_autoptr (GError) error = NULL;
  ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  state = lttv_state_new (ts);
  g_assert_true (lttv_state_build (state, FALSE, LTTV_CANCEL_NONE, &error));
  g_test_add_func ("/filter/eval/hand-worked", test_cases);
  g_test_add_func ("/filter/eval/field-kinds", test_field_kinds);
  int status = g_test_run ();
  lttv_state_free (state);
  lttv_traceset_free (ts);
  return status;
}

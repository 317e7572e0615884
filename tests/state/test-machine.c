/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The state machine of docs/state-model.md on small hand-worked scenarios,
 * fed decoded events directly (the whole path, from CTF traces made by
 * tests/ctf-writer, is tested by scenarios.sh). Every expected value below
 * was worked out by hand from state-model.md. */
#include <string.h>

#include <lttv/lttv.h>

#include "state/machine/machine.h"

typedef struct {
  LttvHistory *h;
  StateMachine *m;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  (void) data;
  f->h = lttv_history_new ();
  f->m = state_machine_new (f->h);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  (void) data;
  state_machine_free (f->m);
  lttv_history_free (f->h);
}

static void
finish (Fixture *f, LttvTime end)
{
  lttv_history_finish (f->h, end);
}

/* The value of `path` at `t` as `lttv state` prints it (NULL: nothing). */
static void
expect (Fixture *f, LttvTime t, const char *path, const char *value)
{
  LttvAttr a = lttv_history_attr_lookup (f->h, path);
  const char *got = NULL;
  char buf[32];
  if (a != LTTV_ATTR_NONE)
    {
      LttvInterval iv;
      g_assert_true (lttv_history_query (f->h, a, t, &iv));
      got = lttv_history_format_value (f->h, iv.value, buf);
    }
  if (g_strcmp0 (got, value) != 0)
    g_error ("at %" G_GUINT64_FORMAT ", %s: expected %s, got %s", t, path,
             value ? value : "(nothing)", got ? got : "(nothing)");
}

static LttvValue
str (Fixture *f, const char *s)
{
  return lttv_history_intern (f->h, s);
}

static const int64_t P20 = 20;

static void
switch_to (Fixture *f, LttvTime t, int cpu, int64_t prev, int64_t prev_state,
           int64_t next, const char *next_comm)
{
  state_sched_switch (f->m, t, cpu, prev, prev_state, STATE_PREV_NEW,
                      LTTV_VALUE_NONE, NULL, next, str (f, next_comm), &P20);
}

static void
test_switch_and_syscalls (Fixture *f, gconstpointer data)
{
  (void) data;
  state_sched_switch (f->m, 10, 0, 0, 0, STATE_PREV_OLD, str (f, "swapper/0"),
                      &P20, 100, str (f, "bash"), &P20);
  state_syscall_entry (f->m, 20, 0, str (f, "read"));
  state_syscall_exit (f->m, 30, 0);
  state_sched_switch (f->m, 40, 0, 100, 1, STATE_PREV_OLD, str (f, "bash"),
                      &P20, 0, str (f, "swapper/0"), &P20);
  finish (f, 50);

  expect (f, 10, "CPUs/0", "RUN_USERMODE");
  expect (f, 10, "CPUs/0/Current_thread", "100");
  expect (f, 10, "Threads/100", "RUN_USERMODE");
  expect (f, 10, "Threads/100/Exec_name", "bash");
  expect (f, 10, "Threads/100/Prio", "20");
  expect (f, 10, "Threads/100/Current_cpu_rq", "0");
  /* The swapper was preempted (state 0): waiting for CPU 0. */
  expect (f, 10, "Threads/0_0", "WAIT_FOR_CPU");
  expect (f, 10, "Threads/0_0/Current_cpu_rq", "0");
  expect (f, 10, "Threads/0_0/Exec_name", "swapper/0");
  expect (f, 9, "CPUs/0", NULL);

  expect (f, 20, "Threads/100", "RUN_SYSCALL");
  expect (f, 20, "Threads/100/System_call", "read");
  expect (f, 29, "CPUs/0", "RUN_SYSCALL");
  expect (f, 30, "CPUs/0", "RUN_USERMODE");
  expect (f, 30, "Threads/100", "RUN_USERMODE");
  expect (f, 30, "Threads/100/System_call", NULL);

  /* Blocked (old kernel, state 1): off the run queue; the CPU idles. */
  expect (f, 40, "Threads/100", "WAIT_BLOCKED");
  expect (f, 40, "Threads/100/Current_cpu_rq", NULL);
  expect (f, 40, "CPUs/0", "IDLE");
  expect (f, 40, "CPUs/0/Current_thread", "0");
  expect (f, 40, "Threads/0_0", "RUN_USERMODE");
}

static void
test_syscall_survives_switch (Fixture *f, gconstpointer data)
{
  (void) data;
  switch_to (f, 10, 0, 0, 0, 100, "a");
  state_syscall_entry (f->m, 20, 0, str (f, "futex"));
  switch_to (f, 30, 0, 100, 1, 0, "swapper/0");
  state_wakeup (f->m, 40, 100, &P20, &(int64_t) { 1 });
  switch_to (f, 50, 1, 0, 0, 100, "a");
  finish (f, 60);
  expect (f, 30, "Threads/100", "WAIT_BLOCKED");
  expect (f, 30, "Threads/100/System_call", "futex");
  expect (f, 40, "Threads/100", "WAIT_FOR_CPU");
  expect (f, 40, "Threads/100/Current_cpu_rq", "1");
  expect (f, 50, "Threads/100", "RUN_SYSCALL");
  expect (f, 50, "CPUs/1", "RUN_SYSCALL");
}

/* An IRQ inside a soft IRQ, and a raise while the soft IRQ runs. */
static void
test_irq_inside_softirq (Fixture *f, gconstpointer data)
{
  (void) data;
  switch_to (f, 10, 0, 0, 0, 100, "a");
  state_softirq_raise (f->m, 20, 0, 1);
  state_softirq_entry (f->m, 30, 0, 1);
  state_irq_entry (f->m, 40, 0, 5);
  state_softirq_raise (f->m, 45, 0, 1);
  state_irq_exit (f->m, 50, 0, 5);
  state_softirq_exit (f->m, 60, 0, 1);
  state_softirq_entry (f->m, 70, 0, 1);
  state_softirq_exit (f->m, 80, 0, 1);
  finish (f, 90);

  /* Raised only: nothing is interrupted. */
  expect (f, 20, "CPUs/0/Soft_IRQs/1", "RAISED");
  expect (f, 20, "Soft_IRQs/1", "RAISED");
  expect (f, 20, "Threads/100", "RUN_USERMODE");
  expect (f, 20, "CPUs/0", "RUN_USERMODE");
  expect (f, 30, "CPUs/0/Soft_IRQs/1", "RUNNING");
  expect (f, 30, "Soft_IRQs/1", "RUNNING");
  expect (f, 30, "Threads/100", "INTERRUPTED");
  expect (f, 30, "CPUs/0", "SOFTIRQ");
  expect (f, 40, "CPUs/0/IRQs/5", "RUNNING");
  expect (f, 40, "IRQs/5", "0");
  expect (f, 40, "CPUs/0", "IRQ");
  expect (f, 45, "CPUs/0/Soft_IRQs/1", "RAISED_RUNNING");
  expect (f, 45, "Soft_IRQs/1", "RUNNING");
  /* The IRQ ends under a running soft IRQ: still interrupted. */
  expect (f, 50, "CPUs/0/IRQs/5", NULL);
  expect (f, 50, "IRQs/5", NULL);
  expect (f, 50, "Threads/100", "INTERRUPTED");
  expect (f, 50, "CPUs/0", "SOFTIRQ");
  /* The soft IRQ ends with a raise pending. */
  expect (f, 60, "CPUs/0/Soft_IRQs/1", "RAISED");
  expect (f, 60, "Soft_IRQs/1", "RAISED");
  expect (f, 60, "Threads/100", "RUN_USERMODE");
  expect (f, 60, "CPUs/0", "RUN_USERMODE");
  expect (f, 70, "CPUs/0/Soft_IRQs/1", "RUNNING");
  expect (f, 80, "CPUs/0/Soft_IRQs/1", NULL);
  expect (f, 80, "Soft_IRQs/1", NULL);
  g_assert_cmpuint (state_machine_anomalies (f->m)[LTTV_ANOMALY_UNMATCHED_IRQ_EXIT], ==, 0);
}

static void
test_irq_on_two_cpus (Fixture *f, gconstpointer data)
{
  (void) data;
  state_irq_entry (f->m, 10, 0, 5);
  state_irq_entry (f->m, 20, 1, 5);
  state_irq_exit (f->m, 30, 1, 5);
  state_irq_exit (f->m, 40, 0, 5);
  state_irq_entry (f->m, 50, 2, 6);
  state_irq_entry (f->m, 60, 1, 6);
  state_irq_entry (f->m, 70, 3, 6);
  state_irq_exit (f->m, 80, 1, 6);
  finish (f, 90);
  /* Entered on 2, 1, 3; 1 exits: the lowest CPU still running it. */
  expect (f, 70, "IRQs/6", "3");
  expect (f, 80, "IRQs/6", "2");
  expect (f, 10, "IRQs/5", "0");
  expect (f, 20, "IRQs/5", "1");
  /* CPU 0 still runs it. */
  expect (f, 30, "IRQs/5", "0");
  expect (f, 40, "IRQs/5", NULL);
  /* No current thread known: IRQ while the IRQ runs, then nothing to
   * derive a status from. */
  expect (f, 10, "CPUs/0", "IRQ");
  expect (f, 40, "CPUs/0", NULL);
}

static void
test_unmatched_exits_are_anomalies (Fixture *f, gconstpointer data)
{
  (void) data;
  switch_to (f, 10, 1, 0, 0, 100, "a");
  state_irq_exit (f->m, 20, 1, 7);
  state_softirq_exit (f->m, 30, 1, 3);
  finish (f, 40);
  const guint64 *an = state_machine_anomalies (f->m);
  g_assert_cmpuint (an[LTTV_ANOMALY_UNMATCHED_IRQ_EXIT], ==, 1);
  g_assert_cmpuint (an[LTTV_ANOMALY_UNMATCHED_SOFTIRQ_EXIT], ==, 1);
  expect (f, 35, "Threads/100", "RUN_USERMODE");
  expect (f, 35, "CPUs/1", "RUN_USERMODE");
  expect (f, 35, "IRQs/7", NULL);
}

/* A wakeup then a switch at the same time: one interval, no zero-length
 * WAIT_FOR_CPU left. */
static void
test_several_writes_at_one_time (Fixture *f, gconstpointer data)
{
  (void) data;
  state_wakeup (f->m, 10, 200, &P20, &(int64_t) { 0 });
  switch_to (f, 10, 0, 0, 0, 200, "b");
  finish (f, 20);
  expect (f, 10, "Threads/200", "RUN_USERMODE");
  LttvAttr a = lttv_history_attr_lookup (f->h, "Threads/200");
  g_autoptr (GArray) ivs = lttv_history_intervals (f->h, a, 0, 20);
  g_assert_cmpuint (ivs->len, ==, 2);   /* nothing, then RUN_USERMODE */
}

static void
test_wakeup_leaves_running_thread (Fixture *f, gconstpointer data)
{
  (void) data;
  switch_to (f, 10, 0, 0, 0, 100, "a");
  state_wakeup (f->m, 20, 100, &(int64_t) { 19 }, &(int64_t) { 3 });
  state_migrate (f->m, 30, 100, 2);
  state_setprio (f->m, 40, 100, -51);
  finish (f, 50);
  /* Running: the wakeup touches nothing (state-model.md, difference 2). */
  expect (f, 20, "Threads/100", "RUN_USERMODE");
  expect (f, 20, "Threads/100/Current_cpu_rq", "0");
  expect (f, 20, "Threads/100/Prio", "20");
  expect (f, 30, "Threads/100/Current_cpu_rq", "2");
  expect (f, 30, "Threads/100", "RUN_USERMODE");
  expect (f, 40, "Threads/100/Prio", "-51");
}

static void
test_fork_exec_free_and_tid_reuse (Fixture *f, gconstpointer data)
{
  (void) data;
  switch_to (f, 10, 0, 0, 0, 100, "bash");
  state_syscall_entry (f->m, 15, 0, str (f, "clone"));
  state_fork (f->m, 20, 100, 101, &(int64_t) { 100 }, str (f, "bash"));
  state_exec (f->m, 30, 101, "/usr/bin/very-long-program-name", 31);
  state_free (f->m, 40, 101);
  state_fork (f->m, 50, 100, 101, &(int64_t) { 101 }, str (f, "sh"));
  finish (f, 60);
  expect (f, 20, "Threads/101", "WAIT_FOR_CPU");
  expect (f, 20, "Threads/101/PPID", "100");
  expect (f, 20, "Threads/101/PID", "100");
  expect (f, 20, "Threads/101/Exec_name", "bash");
  expect (f, 20, "Threads/101/Current_cpu_rq", "0");
  expect (f, 20, "Threads/101/System_call", "clone");
  expect (f, 30, "Threads/101/Exec_name", "very-long-progr");
  const char *attrs[] = { "Threads/101", "Threads/101/PPID", "Threads/101/PID",
                          "Threads/101/Exec_name", "Threads/101/Current_cpu_rq",
                          "Threads/101/System_call" };
  for (guint i = 0; i < G_N_ELEMENTS (attrs); i++)
    expect (f, 45, attrs[i], NULL);
  /* A new thread with the same tid: nothing of the old one. */
  expect (f, 50, "Threads/101/PID", NULL);
  expect (f, 50, "Threads/101/PPID", "100");
  expect (f, 50, "Threads/101/Exec_name", "sh");
  expect (f, 50, "Threads/101/System_call", "clone");
}

typedef struct {
  int64_t prev_state;
  StatePrevEncoding enc;
  const char *status;       /* NULL: not alive */
  const char *rq;
} PrevCase;

static void
test_prev_state_codes (Fixture *f, gconstpointer data)
{
  (void) data;
  static const PrevCase cases[] = {
    { 0, STATE_PREV_OLD, "WAIT_FOR_CPU", "0" },
    { 1, STATE_PREV_OLD, "WAIT_BLOCKED", NULL },
    { 2, STATE_PREV_OLD, "WAIT_BLOCKED", NULL },
    { 4, STATE_PREV_OLD, "WAIT_UNKNOWN", NULL },
    { 64, STATE_PREV_OLD, NULL, NULL },
    { 1024, STATE_PREV_OLD, "WAIT_FOR_CPU", "0" },  /* preempted, & 1023 */
    { 2049, STATE_PREV_OLD, "WAIT_BLOCKED", NULL },
    { 0, STATE_PREV_NEW, "WAIT_FOR_CPU", "0" },
    { 256, STATE_PREV_NEW, "WAIT_FOR_CPU", "0" },
    { 1, STATE_PREV_NEW, "WAIT_BLOCKED", NULL },
    { 2, STATE_PREV_NEW, "WAIT_BLOCKED", NULL },
    { 64, STATE_PREV_NEW, "WAIT_BLOCKED", NULL },
    { 128, STATE_PREV_NEW, "WAIT_BLOCKED", NULL },
    { 16, STATE_PREV_NEW, NULL, NULL },
    { 32, STATE_PREV_NEW, NULL, NULL },
    { 4, STATE_PREV_NEW, "WAIT_UNKNOWN", NULL },
    { 8, STATE_PREV_NEW, "WAIT_UNKNOWN", NULL },
  };
  LttvTime t = 10;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++, t += 20)
    {
      int64_t tid = 1000 + i;
      switch_to (f, t, 0, 0, 0, tid, "x");
      state_sched_switch (f->m, t + 10, 0, tid, cases[i].prev_state,
                          cases[i].enc, str (f, "x"), &P20, 0,
                          str (f, "swapper/0"), &P20);
    }
  finish (f, t);
  t = 10;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++, t += 20)
    {
      char path[64];
      g_snprintf (path, sizeof path, "Threads/%u", 1000 + i);
      expect (f, t, path, "RUN_USERMODE");
      expect (f, t + 10, path, cases[i].status);
      g_snprintf (path, sizeof path, "Threads/%u/Current_cpu_rq", 1000 + i);
      expect (f, t + 10, path, cases[i].rq);
    }
}

static void
test_statedump_fills_only_unset (Fixture *f, gconstpointer data)
{
  (void) data;
  switch_to (f, 10, 0, 0, 0, 300, "a");
  state_statedump (f->m, 20, 300, &(int64_t) { 300 }, &(int64_t) { 1 },
                   str (f, "b"), &(int64_t) { 5 }, NULL);
  state_statedump (f->m, 20, 301, &(int64_t) { 300 }, &(int64_t) { 1 },
                   str (f, "c"), &(int64_t) { 2 }, &(int64_t) { 3 });
  state_statedump (f->m, 20, 302, &(int64_t) { 302 }, &(int64_t) { 1 },
                   str (f, "d"), &(int64_t) { 7 }, NULL);
  state_statedump (f->m, 20, 303, &(int64_t) { 303 }, &(int64_t) { 1 },
                   str (f, "e"), &(int64_t) { 1 }, NULL);
  state_statedump (f->m, 20, 0, &(int64_t) { 0 }, &(int64_t) { 0 },
                   str (f, "swapper"), &(int64_t) { 6 }, NULL);
  finish (f, 30);
  expect (f, 20, "Threads/300/Exec_name", "a");
  expect (f, 20, "Threads/300", "RUN_USERMODE");
  expect (f, 20, "Threads/300/PPID", "1");
  expect (f, 20, "Threads/300/PID", NULL);
  expect (f, 20, "Threads/301", "WAIT_FOR_CPU");
  expect (f, 20, "Threads/301/Current_cpu_rq", "3");
  expect (f, 20, "Threads/301/PID", "300");
  expect (f, 20, "Threads/301/Exec_name", "c");
  expect (f, 20, "Threads/302", NULL);
  expect (f, 20, "Threads/302/Exec_name", "d");
  expect (f, 20, "Threads/303", "WAIT_FORK");
  expect (f, 20, "Threads/0_0/Exec_name", NULL);
  expect (f, 20, "Threads/0", NULL);
}

static void
test_block_requests_never_below_zero (Fixture *f, gconstpointer data)
{
  (void) data;
  /* matched by device and sector: the completion at 50 (sector 300) was
   * never issued: an anomaly, the count stays 0 */
  state_block_issue (f->m, 10, 8, 100);
  state_block_issue (f->m, 20, 8, 200);
  state_block_complete (f->m, 30, 8, 100);
  state_block_complete (f->m, 40, 8, 200);
  state_block_complete (f->m, 50, 8, 300);
  g_assert_cmpuint (state_machine_anomalies (f->m)[LTTV_ANOMALY_BLOCK_NOT_ISSUED], ==, 1);
  g_autoptr (GArray) reqs = state_machine_block_requests (f->m);
  g_assert_cmpuint (reqs->len, ==, 3);
  LttvBlockRequest *r = (LttvBlockRequest *) reqs->data;
  g_assert_cmpuint (r[0].sector, ==, 100);
  g_assert_cmpuint (r[0].issue, ==, 10);
  g_assert_cmpuint (r[0].complete, ==, 30);
  g_assert_cmpuint (r[1].issue, ==, 20);
  g_assert_cmpuint (r[1].complete, ==, 40);
  g_assert_cmpuint (r[2].issue, ==, LTTV_TIME_NONE);
  g_assert_cmpuint (r[2].complete, ==, 50);
  finish (f, 60);
  expect (f, 10, "Block/8/Requests", "1");
  expect (f, 20, "Block/8/Requests", "2");
  expect (f, 30, "Block/8/Requests", "1");
  expect (f, 40, "Block/8/Requests", "0");
  expect (f, 50, "Block/8/Requests", "0");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, fn) g_test_add ("/machine/" name, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("switch-and-syscalls", test_switch_and_syscalls);
  ADD ("syscall-survives-switch", test_syscall_survives_switch);
  ADD ("irq-inside-softirq", test_irq_inside_softirq);
  ADD ("irq-on-two-cpus", test_irq_on_two_cpus);
  ADD ("unmatched-exits-are-anomalies", test_unmatched_exits_are_anomalies);
  ADD ("several-writes-at-one-time", test_several_writes_at_one_time);
  ADD ("wakeup-leaves-running-thread", test_wakeup_leaves_running_thread);
  ADD ("fork-exec-free-and-tid-reuse", test_fork_exec_free_and_tid_reuse);
  ADD ("prev-state-codes", test_prev_state_codes);
  ADD ("statedump-fills-only-unset", test_statedump_fills_only_unset);
  ADD ("block-requests-never-below-zero", test_block_requests_never_below_zero);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* wakeups.h: the state machine's wakeup edges (wakeups.c): who woke whom,
 * when (docs/state-model.md, Wakeups). */
#pragma once

#include <lttv/state.h>

#include "machine/machine.h"

/* A wakeup of `tid` at `t` on `cpu` (the waker's CPU): an edge when the
 * wakee is not on a CPU (the wakeups that change its status). */
void state_wakeup_edge (StateMachine *m, LttvTime t, int cpu, int64_t tid);
/* A timer's handler begins or ends on `cpu` (timer_expire_*,
 * hrtimer_expire_*, local_timer_*): wakeups meanwhile are the timer's. */
void state_timer_entry (StateMachine *m, int cpu);
void state_timer_exit (StateMachine *m, int cpu);
/* At the end of the build: every edge (LttvWakeup) in time order; the
 * caller's. */
GArray *state_machine_wakeups (StateMachine *m);

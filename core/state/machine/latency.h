/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency.h: the latency analyses' side of the state machine
 * (latency.c): intervals opened and closed by the machine's rows, one
 * call each. Only the machine/ sources include it. */
#pragma once

#include "latency-store.h"
#include "machine/machine-private.h"

typedef struct _LatencyBuilder LatencyBuilder;

/* NULL when !latency_wanted () (the build without the analyses). */
LatencyBuilder *latency_builder_new (LttvHistory *h);
void latency_builder_free (LatencyBuilder *b);

/* The rows' hooks (a no-op without a builder). */
void latency_syscall_entry (StateMachine *m, LttvTime t, int cpu, Thread *th, LttvValue name);
void latency_syscall_exit (StateMachine *m, LttvTime t, Thread *th);
void latency_switch_in (StateMachine *m, LttvTime t, int cpu, Thread *next, LttvValue comm);
void latency_irq_entry (StateMachine *m, LttvTime t, int cpu, int64_t irq);
void latency_irq_exit (StateMachine *m, LttvTime t, int cpu, int64_t irq);
void latency_softirq_raise (StateMachine *m, LttvTime t, int cpu, guint vec);
void latency_softirq_entry (StateMachine *m, LttvTime t, int cpu, guint vec);
void latency_softirq_exit (StateMachine *m, LttvTime t, int cpu, guint vec);
/* Events were lost (of any CPU): every interval open is cut. */
void latency_lost (StateMachine *m);

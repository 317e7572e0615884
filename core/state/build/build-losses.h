/* SPDX-License-Identifier: GPL-2.0-or-later */
/* build-losses.h: the tracer's losses (discarded events, lost packets) as
 * events of their own in the state build, in time order: the build checks
 * one time per event, and only a loss that is due costs more. */
#pragma once

#include <lttv/traceset.h>

#include "machine/machine.h"

typedef struct {
  GArray *at;                    /* LossAt, by time */
  guint next;
} StateLosses;

void state_losses_init (StateLosses *l, const LttvTraceset *ts);
void state_losses_clear (StateLosses *l);
/* Passes over the losses at or before `t` (applied by an earlier run). */
void state_losses_skip_through (StateLosses *l, LttvTime t);
/* The time of the next loss not applied yet; G_MAXUINT64 when none. */
LttvTime state_losses_due (const StateLosses *l);
/* Applies the losses due at or before `t` to `m`, each at its time (not
 * before `*last_t`, the build's current time, which it moves). */
void state_losses_apply (StateLosses *l, StateMachine *m, LttvHistory *h,
                         LttvTime t, LttvTime *last_t, guint32 *same_t);

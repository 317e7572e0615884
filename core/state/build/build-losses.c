/* SPDX-License-Identifier: GPL-2.0-or-later */
/* build-losses.c: see build-losses.h. */
#include "config.h"

#include "build/build-losses.h"
#include "history/history-write.h"

typedef struct {
  LttvTime t;
  int cpu;
} LossAt;

void
state_losses_init (StateLosses *l, const LttvTraceset *ts)
{
  l->at = g_array_new (FALSE, FALSE, sizeof (LossAt));
  l->next = 0;
  g_autoptr (GArray) lost = lttv_traceset_discarded (ts);
  /* sorted by begin: so is l->at */
  for (guint i = 0; i < lost->len; i++)
    {
      const LttvDiscarded *d = &g_array_index (lost, LttvDiscarded, i);
      if (d->cpu < 0)
        continue;
      /* begin is the end of the packet before the loss, whose events
       * were all recorded: what they did holds up to there */
      LossAt a = { d->begin + 1, d->cpu };
      g_array_append_val (l->at, a);
    }
}

void
state_losses_clear (StateLosses *l)
{
  g_clear_pointer (&l->at, g_array_unref);
}

void
state_losses_skip_through (StateLosses *l, LttvTime t)
{
  while (l->next < l->at->len && g_array_index (l->at, LossAt, l->next).t <= t)
    l->next++;
}

LttvTime
state_losses_due (const StateLosses *l)
{
  return l->next < l->at->len ? g_array_index (l->at, LossAt, l->next).t
                              : G_MAXUINT64;
}

void
state_losses_apply (StateLosses *l, StateMachine *m, LttvHistory *h,
                    LttvTime t, LttvTime *last_t, guint32 *same_t)
{
  while (l->next < l->at->len)
    {
      const LossAt *a = &g_array_index (l->at, LossAt, l->next);
      if (a->t > t)
        break;
      LttvTime at = MAX (a->t, *last_t);
      history_commit (h, at);
      if (at != *last_t)
        {
          *same_t = 0;
          *last_t = at;
        }
      state_cpu_lost (m, at, a->cpu);
      l->next++;
    }
}

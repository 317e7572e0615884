/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Event positions: checkpoints every LTTV_STATE_CHECKPOINT_EVENTS events,
 * found by binary search on rank or time. */
#include "config.h"

#include "state-private.h"

guint
lttv_state_n_checkpoints (LttvState *s)
{
  return s->checkpoints->len;
}

const LttvCheckpoint *
lttv_state_get_checkpoint (LttvState *s, guint i)
{
  g_return_val_if_fail (i < s->checkpoints->len, NULL);
  return &g_array_index (s->checkpoints, LttvCheckpoint, i);
}

const LttvCheckpoint *
lttv_state_checkpoint_for_rank (LttvState *s, guint64 rank)
{
  guint n = s->checkpoints->len;
  if (n == 0)
    return NULL;
  /* Checkpoint i is at rank i * LTTV_STATE_CHECKPOINT_EVENTS. */
  guint64 i = MIN (rank / LTTV_STATE_CHECKPOINT_EVENTS, (guint64) n - 1);
  return &g_array_index (s->checkpoints, LttvCheckpoint, i);
}

/* The last checkpoint strictly before `t`, else the first one. */
const LttvCheckpoint *
lttv_state_checkpoint_for_time (LttvState *s, LttvTime t)
{
  guint n = s->checkpoints->len;
  if (n == 0)
    return NULL;
  guint lo = 0, hi = n;
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;
      if (g_array_index (s->checkpoints, LttvCheckpoint, mid).time < t)
        lo = mid;
      else
        hi = mid;
    }
  return &g_array_index (s->checkpoints, LttvCheckpoint, lo);
}

gboolean
lttv_state_seek_rank (LttvState *s, LttvIter *it, guint64 rank,
                      GError **error)
{
  const LttvCheckpoint *cp = lttv_state_checkpoint_for_rank (s, rank);
  if (cp == NULL)
    return lttv_iter_seek_time (it, 0, error);
  if (!lttv_iter_seek_time (it, cp->time, error))
    return FALSE;
  /* The seek lands on the first event at cp->time; the checkpoint may be
   * a few events after it. */
  for (guint64 i = 0; i < cp->skip + (rank - cp->rank); i++)
    if (lttv_iter_next (it, error) == NULL)
      return error == NULL || *error == NULL;
  return TRUE;
}

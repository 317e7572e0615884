/* SPDX-License-Identifier: GPL-2.0-or-later */
/* history-write.h: the builder's writes into the history, inline (the
 * state machine's and the build's per-event path); all that the machine
 * knows of the history beside <lttv/history.h>. */
#pragma once

#include "history/history-private.h"

/* Stores change `k` of `a` at `c`, the next slot of its chunk. */
static inline void
history_store (LttvHistory *h, HistoryAttr *a, guint k, HistoryChange *c,
               LttvTime t, LttvValue v)
{
  c->start = t;
  c->value = v;
  a->last_start = t;
  a->tail = c;
  a->next = c + 1;
  if (k == 0)
    a->first_start = t;
  __atomic_store_n (&a->n, k + 1, __ATOMIC_RELEASE);
  h->n_intervals++;
}


/* A builder's write. Most change nothing (the value is already there),
 * and most others go after the last change, in its chunk: both inline,
 * as a call per change would show in the builder's thread;
 * lttv_history_set does the rest (a second write at one time, a new
 * chunk, a sealed attribute). */
static inline void
history_set (LttvHistory *h, LttvAttr attr, LttvTime t, LttvValue v)
{
  HistoryAttr *a = &h->attrs[attr];
  if (a->current == v)
    return;
  /* (last_start is the last change's start: a later time and room in its
   * chunk are lttv_history_set's store; with no last change it stores
   * there too) */
  if (G_LIKELY (a->next != a->next_end && a->last_start < t))
    {
      a->current = v;
      history_store (h, a, a->n, a->next, t, v);
    }
  else
    lttv_history_set (h, attr, t, v);
}


/* Notes that `attr` will probably not change again (its thread is gone):
 * its last chunk, partly filled, can then be encoded and its memory serve
 * others, as a full one's does (the attribute is sealed); a change after
 * all decodes it back (unsealed). Noted only while chunks are. */
static inline void
history_note_quiet (LttvHistory *h, LttvAttr attr)
{
  if (h->quiet != NULL)
    g_array_append_val (h->quiet, attr);
}


/* lttv_history_commit, inline for the builder (once per time). */
static inline void
history_commit (LttvHistory *h, LttvTime t)
{
  if (t > h->committed_limit)
    __atomic_store_n (&h->committed_limit, t, __ATOMIC_RELEASE);
}


static inline LttvValue
history_current (LttvHistory *h, LttvAttr attr)
{
  return h->attrs[attr].current;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* build-private.h: the build pipeline's parts, shared by build/'s files. */
#pragma once

#include "machine/layout.h"
#include "state-private.h"
#include "writer.h"

/* The build's reader thread (build-reader.c): events reduced to records,
 * in batches, read ahead of the thread that applies them. */
typedef struct {
  guint8 *recs;             /* StateRec, packed */
  gsize len;                /* their bytes */
  Writer arena;             /* the records' strings */
  gboolean last;            /* nothing comes after this batch */
  GError *error;            /* with the last batch: why reading stopped */
} StateBatch;

typedef struct _StateReader StateReader;

/* What the build counts of its records (build-counts.c): events per type
 * and CPU per checkpoint interval (s->counts, s->block_start), and the
 * density; by the reader's thread, then finished by the builder's. */
typedef struct _StateCounter StateCounter;
StateCounter *state_counter_new (LttvState *s);
void state_counter_add (StateCounter *c, const guint8 *recs, gsize len);
void state_counter_finish (StateCounter *c);
void state_counter_free (StateCounter *c);

/* Starts reading `ts` from its first event; `traces`, `layouts` and
 * `types` (per trace: class index -> event type) must outlive it, and
 * `counter`, which counts the records as they are made, until
 * state_reader_stop. */
StateReader *state_reader_start (LttvTraceset *ts, const LttvTrace **traces,
                                 StateLayout **layouts, guint **types,
                                 guint n_traces, StateCounter *counter);
/* The same, for the events in [from, until) only: from LTTV_TIME_NONE,
 * from the first event; until LTTV_TIME_NONE, to the end. */
StateReader *state_reader_start_range (LttvTraceset *ts, const LttvTrace **traces,
                                       StateLayout **layouts, guint **types,
                                       guint n_traces, StateCounter *counter,
                                       LttvTime from, LttvTime until);
/* The next batch (waits for it); after the last one, do not ask again. */
StateBatch *state_reader_next (StateReader *r);
/* Gives a batch back once applied. */
void state_reader_done (StateReader *r, StateBatch *b);
/* Stops reading (early or at the end), waits for the thread, frees. */
void state_reader_stop (StateReader *r);

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* layout.h: tracer layouts (docs/state-model.md, Layouts). When a trace
 * opens, each event class is resolved once into a handler (what it means
 * for the state, and its fields as LttvFieldRef); per event, the handler
 * table is indexed by lttv_event_class_index. Internal to the core. */
#pragma once

#include <lttv/traceset.h>
#include <lttv-internal/iter-records.h>

#include "machine/machine.h"
#include "writer.h"

typedef struct _StateLayout StateLayout;

/* The handlers of every event class of `trace`; strings are interned in
 * `h`. */
StateLayout *state_layout_new (LttvTrace *trace, LttvHistory *h);
void state_layout_free (StateLayout *l);
/* An event reduced to what the state needs: read by one thread (the
 * reader's), applied by another (build.c). Records are packed one after
 * the other in a batch: the header, then the integer fields its handler
 * reads (the handler's n_f of them, none without a handler), then where
 * its strings are in the batch's byte arena (when its handler reads
 * strings). Every byte is written by one core and read by the other, and
 * packed records take a third of the bytes of fixed-size ones. */
#define STATE_REC_FIELDS 8
G_STATIC_ASSERT (STATE_REC_FIELDS <= LTTV_INT_FIELDS_MAX);
#define STATE_REC_NO_STRING G_MAXUINT32
#define STATE_REC_NO_TRACE G_MAXUINT16

typedef struct {
  LttvTime time;          /* as the reader gave it */
  guint32 type;           /* the event type (statistics) */
  gint32 cpu;
  guint32 cls;            /* event class index in its trace */
  guint16 trace;          /* index in the traceset, or STATE_REC_NO_TRACE */
  guint8 has;             /* bit i: v[i] was read */
  guint8 words;           /* the record's size, in 8-byte words */
  int64_t v[];            /* then per string: guint32 its place in the
                             arena, its length */
} StateRec;

/* The largest record, in bytes. */
#define STATE_REC_MAX (sizeof (StateRec) + 8 * STATE_REC_FIELDS + 16)

/* Fills `r`'s handler part from `ev` (an event of the layout's trace),
 * its strings appended to `arena`, and sets its size. Reads only the
 * layout's handler table: any thread. */
void state_layout_extract (const StateLayout *l, const LttvEvent *ev,
                           StateRec *r, Writer *arena);
/* Applies `r` to the machine at time `t` (its time, or the time before it
 * when the trace went back); `arena` holds its strings. The machine's
 * thread. */
void state_layout_execute (StateLayout *l, StateMachine *m, const StateRec *r,
                           const guint8 *arena, LttvTime t);
/* TRUE when events of class `index` change the state (their fields are
 * read); the others are only counted. */
gboolean state_layout_wants (const StateLayout *l, guint index);
/* The fields the handler of class `index` reads, into `out`; their
 * number. */
guint state_layout_fields (const StateLayout *l, guint index,
                           LttvFieldRef out[STATE_REC_FIELDS]);
/* The record state_layout_extract would make of each event of class
 * `index` (of trace `trace`, event type `type`), as a form the reader
 * fills itself (lttv_iter_set_record_form); FALSE when its handler reads
 * strings. */
gboolean state_layout_record_form (const StateLayout *l, guint index, guint16 trace,
                                   guint32 type, LttvRecordForm *form);
/* TRUE for perf traces, FALSE for LTTng. */
gboolean state_layout_is_perf (const StateLayout *l);

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* iter-records.h: the reader's shortcuts for the state build, inside the
 * tree only (not installed): integer fields read by slot, and records the
 * iterator writes itself. They tie a consumer to the reader's layout, so
 * they are no part of the public API (lttv/traceset.h) and liblttv does
 * not export them: tests link the reader's convenience library. */
#pragma once

#include <lttv/traceset.h>

G_BEGIN_DECLS

/* Integer fields of one event class, resolved once when the trace opens
 * (lttv_event_class_int_fields): lttv_event_get_int_fields then reads them
 * per event without looking at their types or scopes again, for events of
 * that class only. The state build's reader reads the same fields of
 * every event, which lttv_event_get_ints would find again each time. */
#define LTTV_INT_FIELDS_MAX 8
typedef struct {
  guint n;
  gboolean general;         /* some are not the class's own: read as
                               lttv_event_get_ints does */
  LttvFieldRef refs[LTTV_INT_FIELDS_MAX];  /* the ones asked for ... */
  int slots[LTTV_INT_FIELDS_MAX];          /* ... and their values' slots,
                                              -1 when not integers */
} LttvIntFields;
G_GNUC_INTERNAL
void lttv_event_class_int_fields (const LttvEventClass *ec,
                                  const LttvFieldRef *fields, guint n,
                                  LttvIntFields *out);
/* lttv_event_get_ints (ev, f's fields, ...) for an event of f's class. */
G_GNUC_INTERNAL
guint lttv_event_get_int_fields (const LttvEvent *ev, const LttvIntFields *f,
                                 int64_t *out);
/* Records the iterator writes itself (lttv_iter_each_records): for a class
 * whose wanted fields are integers and strings of whole bytes (a perf
 * trace's system calls and scheduler events: nearly all of its events),
 * the reader makes the consumer's record of each event in its own loop,
 * without a call to the sink and without decoding into the event's
 * values. A record is `head` (its first LTTV_RECORD_HEAD bytes, or its
 * size's), with over it the event's time (int64 ns, bytes 0-7) and its
 * CPU (gint32 at `cpu_at`, when not negative), then each field's value
 * (int64 at `field_at[i]`) and each string's place among the strings
 * (LttvRecordOut's) and its length (guint32 at `string_at[i]` and 4 bytes
 * after). */
#define LTTV_RECORD_FIELDS 8
#define LTTV_RECORD_STRINGS 2
#define LTTV_RECORD_HEAD 32
#define LTTV_RECORD_MAX 128
typedef struct {
  guint8 size;                   /* bytes: a multiple of 8, 8 to LTTV_RECORD_MAX */
  gint8 cpu_at;
  guint8 n_fields, n_strings;
  guint8 field_at[LTTV_RECORD_FIELDS];
  LttvFieldRef fields[LTTV_RECORD_FIELDS];
  guint8 string_at[LTTV_RECORD_STRINGS];
  LttvFieldRef strings[LTTV_RECORD_STRINGS];
  guint8 head[LTTV_RECORD_HEAD];
} LttvRecordForm;
/* Where records go: a record of `size` bytes is written at buf + len
 * while len + size <= room, and len moves past it; the sink, given the
 * other events, writes its own there too. The buffer must go on at least
 * LTTV_RECORD_HEAD bytes past `room` (a head is copied whole). The
 * records' strings go to `strings` (their bytes, without a NUL) while
 * they fit in `strings_room`; a sink that moves that buffer says so. */
typedef struct {
  guint8 *buf;
  gsize len, room;
  guint8 *strings;
  gsize strings_len, strings_room;
} LttvRecordOut;
/* Gives class `ec`'s events the record `form` (copied); FALSE when they
 * cannot have one (a field that is not an integer or a string of whole
 * bytes, or comes after one that is neither; an event context; an
 * unusual header): they go to the sink. Its fields and strings must be
 * wanted (lttv_iter_set_fields_wanted_only): the sink gets the events the
 * reader cannot make a record of itself (at a window's end, a time going
 * back, a string without room). */
G_GNUC_INTERNAL
gboolean lttv_iter_set_record_form (LttvIter *it, const LttvEventClass *ec,
                                    const LttvRecordForm *form);
/* lttv_iter_each_records ends (as at the events' end) at the first event
 * at or after `until`, which it consumes: for a pass over a time range. */
G_GNUC_INTERNAL
void lttv_iter_set_until (LttvIter *it, LttvTime until);
/* lttv_iter_each, the events of classes with a record form made into
 * records at `out` when they can be, in their turn among the sink's. */
G_GNUC_INTERNAL
gboolean lttv_iter_each_records (LttvIter *it, LttvEventSink sink, gpointer data,
                                 LttvRecordOut *out, GError **error);

G_END_DECLS

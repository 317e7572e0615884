/* SPDX-License-Identifier: GPL-2.0-or-later */
/* traceset.h: the format-independent trace API. A traceset is a set of
 * traces read together; its iterator yields their events merged in time
 * order. Everything a viewer, the state core or the command line needs from
 * a trace goes through here; the CTF reader (core/ctf/) implements it. */
#pragma once

#include <glib.h>
#include <stdint.h>

#include <lttv/time.h>

G_BEGIN_DECLS

typedef struct _LttvTraceset   LttvTraceset;
typedef struct _LttvTrace      LttvTrace;
typedef struct _LttvEventClass LttvEventClass;
typedef struct _LttvEvent      LttvEvent;
typedef struct _LttvIter       LttvIter;
typedef struct _LttvIterPos    LttvIterPos;

/* A field of an event class, resolved once by name (lttv_event_class_field)
 * and then read from any event of that class without a name lookup.
 * Negative: the class has no such field. */
typedef int LttvFieldRef;

/* --- Traceset ----------------------------------------------------------- */

/* Opens every trace found under `paths` (trace folders, or folders holding
 * traces at any depth). Traces that fail to open are left out and their
 * errors kept (lttv_traceset_get_problems); returns NULL and sets `error`
 * only when no trace at all could be opened. Free with lttv_traceset_free. */
LttvTraceset *lttv_traceset_open (const char *const *paths, GError **error);
void lttv_traceset_free (LttvTraceset *ts);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvTraceset, lttv_traceset_free)

guint lttv_traceset_n_traces (const LttvTraceset *ts);
LttvTrace *lttv_traceset_get_trace (const LttvTraceset *ts, guint i);
/* Where the traceset begins: the time of its first event (what the event
 * list and babeltrace2 show first), the origin of every `+T` time
 * (docs/cli.md). Found once, by decoding the first event of each stream;
 * without events, the begin of its first packet. */
LttvTime lttv_traceset_begin (const LttvTraceset *ts);
/* Where it ends: the end of its last packet (packet index). */
LttvTime lttv_traceset_end (const LttvTraceset *ts);
/* Problems met while opening: GError* owned by the traceset. */
const GPtrArray *lttv_traceset_get_problems (const LttvTraceset *ts);

/* Events a tracer discarded (its packets' events_discarded counters): one
 * entry per packet that reports new losses, lost between `begin` (the end
 * of the stream's previous packet, or the packet's start for the first)
 * and `end` (the end of that packet). Packets lost (a gap in
 * packet_seq_num) are an entry of their own with `packets` set and
 * `count` 0 (how many events they held is not known), lost between the
 * end of the packet before the gap and the start of the one after it. */
typedef struct {
  LttvTime begin, end;
  guint64 count;
  guint64 packets;               /* packets lost; 0 for discarded events */
  guint trace;                   /* index in the traceset */
  guint stream;                  /* index in its trace */
  int cpu;                       /* the stream's cpu_id; -1 when it has none */
} LttvDiscarded;

/* The losses of every stream of every trace of `ts`, sorted by begin:
 * a new array of LttvDiscarded (g_array_unref). */
GArray *lttv_traceset_discarded (const LttvTraceset *ts);
/* The name of stream `stream` of `trace` (its file's base name, as the
 * anomalies name it): a new string. */
char *lttv_trace_stream_name (const LttvTrace *trace, guint stream);

/* --- Trace -------------------------------------------------------------- */

const char *lttv_trace_path (const LttvTrace *trace);
/* The CTF version of its metadata: "CTF 1.8" (TSDL) or "CTF 2" (JSON). */
const char *lttv_trace_format (const LttvTrace *trace);
/* A value of the metadata's `env` block: NULL / FALSE when absent. */
const char *lttv_trace_env_string (const LttvTrace *trace, const char *key);
gboolean lttv_trace_env_int (const LttvTrace *trace, const char *key,
                             int64_t *out);
guint lttv_trace_n_event_classes (const LttvTrace *trace);
/* Event classes are numbered 0..n-1 within their trace, densely, so that a
 * handler table can be an array indexed by lttv_event_class_index. */
const LttvEventClass *lttv_trace_get_event_class (const LttvTrace *trace,
                                                  guint index);
/* The trace's time range from its packet index: the first packet's begin
 * (which may come well before the first event) to the last one's end. */
LttvTime lttv_trace_begin (const LttvTrace *trace);
LttvTime lttv_trace_end (const LttvTrace *trace);
/* The time of the trace's first event (LTTV_TIME_NONE: it has none),
 * found once. */
LttvTime lttv_trace_first_event (const LttvTrace *trace);
/* lttv_traceset_begin of the traceset the trace was opened in: where
 * `+T` counts from for its events (the filter's `time`). */
LttvTime lttv_trace_traceset_begin (const LttvTrace *trace);
/* Data streams (stream files) and their packets, from the packet index. */
guint lttv_trace_n_streams (const LttvTrace *trace);
guint64 lttv_trace_n_packets (const LttvTrace *trace);
/* The trace clock's name and frequency in Hz; NULL when it has none. */
const char *lttv_trace_clock (const LttvTrace *trace, uint64_t *freq);
/* Events the tracer says it discarded (packet contexts' counters). */
guint64 lttv_trace_discarded_events (const LttvTrace *trace);
/* Anomalies found in the packet index (lost packets, packets going back
 * in time, missing end times): one line each, owned by the trace. */
const GPtrArray *lttv_trace_get_anomalies (const LttvTrace *trace);
/* Events met so far whose time is before the previous event of their
 * stream (tolerated, and delivered in stream order). */
guint64 lttv_trace_n_time_regressions (const LttvTrace *trace);
/* The errors that ended the packet index of the trace's streams (a packet
 * past the end of its file, a bad packet header): the packets before are
 * read, and a reader reports the error when it gets there. A new array of
 * the trace's own GErrors (free the array only). */
GPtrArray *lttv_trace_index_errors (const LttvTrace *trace);

/* --- Event class -------------------------------------------------------- */

const char *lttv_event_class_name (const LttvEventClass *ec);
guint lttv_event_class_index (const LttvEventClass *ec);
const LttvTrace *lttv_event_class_trace (const LttvEventClass *ec);
/* Finds a field by name in the payload, then the event context, the stream
 * event context and the packet context. Call when a trace opens, not per
 * event. */
LttvFieldRef lttv_event_class_field (const LttvEventClass *ec,
                                     const char *name);
/* The same among the event's contexts only (LTTng's `tid` context, where
 * the payload may have its own `tid`). */
LttvFieldRef lttv_event_class_context_field (const LttvEventClass *ec,
                                             const char *name);

/* --- Iteration ---------------------------------------------------------- */

/* An iterator over the events of every trace of `ts`, merged by time (ties
 * broken deterministically). Free with lttv_iter_free, before `ts`.
 * Iterators are independent: several may read one traceset, in one thread
 * or each in its own (one iterator is used by one thread at a time). */
LttvIter *lttv_iter_new (LttvTraceset *ts);
/* The same, for a reader that goes on to the end (a dump, the state
 * build): the first packet of each stream is copied too, where a viewer's
 * iterator reads a few events of it through the mapping. */
LttvIter *lttv_iter_new_to_end (LttvTraceset *ts);
void lttv_iter_free (LttvIter *it);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvIter, lttv_iter_free)
/* Positions the iterator on the first event at or after `t`, through the
 * packet index (no read from the start). */
gboolean lttv_iter_seek_time (LttvIter *it, LttvTime t, GError **error);
/* The next event, valid until the next call; NULL at the end or on error
 * (then `error` is set, and the events before the fault were returned). */
const LttvEvent *lttv_iter_next (LttvIter *it, GError **error);
/* Takes an event lttv_iter_next would return (valid during the call);
 * FALSE to stop. */
typedef gboolean (*LttvEventSink) (gpointer data, const LttvEvent *ev);
/* Gives `sink` the events lttv_iter_next would return, in turn, until it
 * returns FALSE (TRUE then: lttv_iter_next goes on after that event) or
 * they end (FALSE, `error` set if reading failed). A stream's events that
 * come before every other stream's (6 in a row on a 2-CPU perf trace) are
 * read in one loop, without a call and the merge per event: the state
 * build's reader made 6.4 % fewer instructions so. */
gboolean lttv_iter_each (LttvIter *it, LttvEventSink sink, gpointer data,
                         GError **error);

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
gboolean lttv_iter_set_record_form (LttvIter *it, const LttvEventClass *ec,
                                    const LttvRecordForm *form);
/* lttv_iter_each, the events of classes with a record form made into
 * records at `out` when they can be, in their turn among the sink's. */
gboolean lttv_iter_each_records (LttvIter *it, LttvEventSink sink, gpointer data,
                                 LttvRecordOut *out, GError **error);

/* Counts the events an iterator would return from `begin` (NULL: the
 * first event) up to `end` (NULL: the last), each stream on its own on
 * up to `max_threads` threads (0: one per core). Fields of a fixed size
 * and strings are skipped, not decoded: a field that does not fit its
 * packet is then decoded, to say which, so a stream fails where a
 * decoding iterator fails. FALSE (and 0) when a stream meets an error:
 * how many events come before it is then a matter of merged order, which
 * an iterator gives. */
gboolean lttv_traceset_count_events (LttvTraceset *ts, const LttvTime *begin,
                                     const LttvTime *end, guint max_threads,
                                     guint64 *count);

/* Which event classes' fields lttv_iter_next decodes: all, by default.
 * An event of another class comes with its time, class and CPU: its
 * fields are skipped, without being decoded, when their size is fixed
 * (most kernel events), and then read as absent; it must not be printed.
 * For a consumer that reads the fields of a few classes (the state build)
 * or of none (counting). Applies to the events read from then on. */
void lttv_iter_set_fields_wanted (LttvIter *it, const LttvEventClass *ec,
                                  gboolean wanted);
void lttv_iter_set_all_fields_wanted (LttvIter *it, gboolean wanted);
/* Decodes only `fields` (from lttv_event_class_field) of class `ec`'s
 * payload, and what reading them needs (lengths, tags, the clock); its
 * other payload fields are left out where that saves work (and then read
 * as absent), its contexts are decoded whole. For
 * a consumer that reads a few fields of busy events (the state build);
 * such events must not be printed. n_fields 0: all its fields. */
void lttv_iter_set_fields_wanted_only (LttvIter *it, const LttvEventClass *ec,
                                       const LttvFieldRef *fields,
                                       guint n_fields);

/* The iterator's position: after the event last returned (or, before any,
 * at the first event to come). Restoring it, on this iterator or another
 * of the same traceset, makes lttv_iter_next return the same events as
 * after the save; it decodes again only the packet under each stream's
 * position (no scan, unlike a time seek). FALSE with `error` set when
 * `pos` belongs to another traceset. Free with lttv_iter_pos_free. */
LttvIterPos *lttv_iter_save (LttvIter *it);
gboolean lttv_iter_restore (LttvIter *it, const LttvIterPos *pos,
                            GError **error);
void lttv_iter_pos_free (LttvIterPos *pos);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvIterPos, lttv_iter_pos_free)

/* --- Event -------------------------------------------------------------- */

LttvTime lttv_event_time (const LttvEvent *ev);
/* The CPU of the event's stream (packet context `cpu_id`), or -1. */
int lttv_event_cpu (const LttvEvent *ev);
const LttvEventClass *lttv_event_get_class (const LttvEvent *ev);
/* What every event has, in one call for loops over millions of them. */
typedef struct {
  LttvTime time;
  int cpu;                      /* lttv_event_cpu */
  guint class_index;            /* lttv_event_class_index of its class */
  const LttvTrace *trace;       /* lttv_event_class_trace of its class */
} LttvEventBasics;
void lttv_event_basics (const LttvEvent *ev, LttvEventBasics *out);
/* Integer (or enumeration) field as a signed or unsigned value; FALSE when
 * the field is absent in this event or not an integer. */
gboolean lttv_event_get_int (const LttvEvent *ev, LttvFieldRef field,
                             int64_t *out);
/* lttv_event_get_int for fields[i], i < n (a negative ref is absent):
 * out[i] gets each integer found; the result has bit i set for each. One
 * call for an event's fields (the state build's reader, per event). */
guint lttv_event_get_ints (const LttvEvent *ev, const LttvFieldRef *fields,
                           guint n, int64_t *out);
/* Integer fields of one event class, resolved once when the trace opens
 * (lttv_event_class_int_fields): lttv_event_get_int_fields then reads them
 * per event without looking at their types or scopes again, for events of
 * that class only. The state build's reader: lttv_event_get_ints took 77
 * instructions an event, a seventh of its own. */
#define LTTV_INT_FIELDS_MAX 8
typedef struct {
  guint n;
  gboolean general;         /* some are not the class's own: read as
                               lttv_event_get_ints does */
  LttvFieldRef refs[LTTV_INT_FIELDS_MAX];  /* the ones asked for ... */
  int slots[LTTV_INT_FIELDS_MAX];          /* ... and their values' slots,
                                              -1 when not integers */
} LttvIntFields;
void lttv_event_class_int_fields (const LttvEventClass *ec,
                                  const LttvFieldRef *fields, guint n,
                                  LttvIntFields *out);
/* lttv_event_get_ints (ev, f's fields, ...) for an event of f's class. */
guint lttv_event_get_int_fields (const LttvEvent *ev, const LttvIntFields *f,
                                 int64_t *out);
gboolean lttv_event_get_uint (const LttvEvent *ev, LttvFieldRef field,
                              uint64_t *out);
/* What a field holds in this event, to read it with the right getter:
 * a negative signed integer read with lttv_event_get_uint shows its bit
 * pattern. Enumerations are integers of their container's signedness. */
typedef enum {
  LTTV_FIELD_ABSENT,     /* not in this event (or the class lacks it) */
  LTTV_FIELD_SIGNED,     /* integer: lttv_event_get_int */
  LTTV_FIELD_UNSIGNED,   /* integer: lttv_event_get_uint */
  LTTV_FIELD_FLOAT,
  LTTV_FIELD_STRING,     /* string or text array: lttv_event_get_string */
  LTTV_FIELD_COMPOUND,   /* structure, variant, array of non-text */
} LttvFieldKind;

LttvFieldKind lttv_event_field_kind (const LttvEvent *ev, LttvFieldRef field);
/* String field (or array/sequence of 8-bit text integers): a pointer that
 * stays valid until the next lttv_iter_next, `len` bytes without the NUL.
 * NULL when absent. */
const char *lttv_event_get_string (const LttvEvent *ev, LttvFieldRef field,
                                   size_t *len);

G_END_DECLS

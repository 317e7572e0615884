/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-trace.h: the CTF implementation of traceset.h's objects: a trace is
 * a trace class plus its stream files; a stream reads packets and events
 * from its mapped file. */
#pragma once

#include <lttv/traceset.h>
#include <lttv-internal/iter-records.h>

#include <sys/types.h>

#include "ctf-decode.h"

typedef struct {
  uint64_t offset;               /* bytes from the file start */
  uint64_t packet_bits;
  uint64_t content_bits;
  uint64_t ts_begin, ts_end;     /* clock cycles; 0 when absent */
  int64_t ns_begin, ns_end;
  uint64_t discarded;
  uint64_t seq_num;
  gboolean has_seq_num;
  gboolean truncated;            /* the file ends inside it */
} CtfPacket;

typedef struct _CtfStream CtfStream;
typedef struct _CtfReader CtfReader;

struct _LttvEventClass {
  CtfEventClass *ec;
  LttvTrace *trace;
};

struct _LttvEvent {
  CtfReader *rd;                 /* whose values hold its fields */
  const LttvEventClass *cls;
  int64_t ns;
  uint64_t cycles;
};

/* A stream file: what every iterator shares, fixed once the trace is open
 * (so that iterators in several threads read it without a lock). */
struct _CtfStream {
  LttvTrace *trace;
  char *path;
  guint index;                   /* in the trace */
  const uint8_t *map;            /* the whole file, for the trace's life */
  uint64_t size;
  CtfStreamClass *sc;
  GArray *packets;               /* CtfPacket, file order; a growing
                                    trace's length is published after its
                                    entry (ctf_stream_n_packets) */
  GError *index_error;           /* the packet that ended the index */
  gboolean from_index;           /* packets from index/NAME.idx */
  gboolean map_touched;          /* a header was read from the mapping */
  uint64_t map_cut;              /* the first page of the mapping the file
                                    no longer holds (ctf-map-guard.c;
                                    UINT64_MAX: none; atomic) */
  uint64_t map_reserved;         /* a growing trace's: the mapping's length,
                                    past the file (0: `size`) */
  dev_t dev;                     /* the file opened (a copy reads it only */
  ino_t ino;                     /* while the path still names it) */
  int max_slots;                 /* value slots a reader needs */
  uint64_t n_time_back;          /* most events before their predecessor
                                    any reader met (atomic) */
  /* Per packet, where a seek may start inside it (ctf-seek-points.c):
   * written once by whichever reader read it first, replaced only by a
   * longer list; the replaced lists stay until the stream closes. */
  struct _CtfSeekPoints **seek_points;
  GMutex retired_lock;
  GPtrArray *retired;
};

/* The packets a reader may read: a growing trace's writer stores the
 * length with release after the entry, so it is loaded with acquire. */
static inline guint
ctf_stream_n_packets (const CtfStream *s)
{
  return __atomic_load_n (&s->packets->len, __ATOMIC_ACQUIRE);
}

#define CTF_WANTED_SOME 2

/* A plan that decodes only some of an event class's fields; none: all.
 * `pick`, when its fields allow: the same read in a few steps. */
typedef struct {
  CtfOp *ops;
  guint n;
  CtfPick *pick;
  guint n_pick;
} CtfPlanSubset;

/* An event class's record form (lttv_iter_set_record_form), compiled
 * against its layout: the reader writes the record itself, following
 * steps like a pick's (ctf-skip.c): bytes passed over, then a field read
 * into the record, a string copied out, or a string passed over. */
#define CTF_RECORD_FIELDS 8
#define CTF_RECORD_STRINGS 2
#define CTF_RECORD_STEPS 16
#define CTF_RECORD_HEAD 32
typedef struct {
  uint32_t skip;                 /* bytes passed over first */
  uint8_t kind;                  /* CTF_PICK_INT, _STRING, _SKIP_STRING or _END */
  uint8_t size, shift, is_signed; /* CTF_PICK_INT: as a pick's */
  uint8_t at;                    /* CTF_PICK_INT, _STRING: its place in the
                                    record */
} CtfRecordStep;
typedef struct {
  uint32_t payload;              /* the payload's bytes, when fixed; 0 */
  uint8_t size;                  /* the record's bytes */
  int8_t cpu_at;
  CtfRecordStep step[CTF_RECORD_STEPS];  /* up to a CTF_PICK_END */
  uint8_t head[CTF_RECORD_HEAD];
} CtfRecordForm;

/* What a reader's record loop needs of its stream class, made when it
 * first runs (ctf-records.c): the forms by event id, the header's and the
 * clock's constants. */
typedef struct {
  const CtfRecordForm **by_id;   /* [n_ids]; NULL: the sink's */
  uint64_t n_ids;                /* 0: no event is a record */
  uint32_t head, id_off, ts_off;
  uint64_t id_mask, ts_mask;
  guint ts_size;
  uint64_t direct_below;
  int64_t base_ns;
} CtfRecordRun;

/* A reader's copy of its packet, or of a window of it that slides as the
 * reader goes (ctf-packet-copy.c). */
typedef struct {
  int fd;                        /* the stream file, opened on first use */
  uint8_t *data;
  uint64_t cap;
  gboolean unusable;             /* could not open: the mapping reads */
  gboolean replaced;             /* the path names another file now */
  gboolean out_of_memory;        /* a window could not be made that large */
  uint64_t window;               /* bytes read at a time */
  uint64_t off, n;               /* the packet: its place in the file, its bytes */
  uint64_t from, have;           /* data[0..have) holds its bytes from `from` */
} CtfPacketCopy;

/* One iterator's position in a stream: what moves while reading. */
struct _CtfReader {
  CtfStream *s;
  CtfStreamClass *sc;            /* s->sc */
  const guint8 *wanted;          /* per event class of the trace: decode
                                    its fields (else skip them); 2
                                    (CTF_WANTED_SOME): with its subset */
  const CtfPlanSubset *subsets;  /* per event class: how, when wanted */
  CtfRecordForm *const *forms;   /* per event class: its record form, or
                                    NULL (lttv_iter_each_records) */
  CtfRecordRun *record_run;      /* made from them on first use */
  guint packet;                  /* the current one */
  gboolean in_packet;
  CtfCursor cur;
  CtfValue *values;              /* s->max_slots */
  uint32_t packet_gen;
  uint64_t released;             /* bytes given back to the kernel */
  uint64_t populated;            /* bytes mapped in ahead */
  gboolean from_map;             /* the packet is read from the mapping */
  gboolean packet_cut;           /* the file ends inside it */
  CtfPacketCopy copy;            /* the packet, when read in sequence */
  uint64_t packet_limit;         /* the packet's readable bits */
  gboolean windowed;             /* the copy's window ends before them:
                                    cur.limit is the window's end */
  uint64_t slide_at;             /* the window slides on from this bit
                                    (G_MAXUINT64: never) */
  LttvEvent event;
  gboolean done;
  gboolean pending;              /* event is decoded, not returned */
  uint64_t n_events;
  int64_t last_ns;               /* of the previous event */
  uint64_t n_time_back;          /* events before their predecessor */
  /* where the current event began (to save a position) */
  guint ev_packet;
  gboolean ev_in_packet;
  uint64_t ev_pos;
  uint64_t ev_clock;
  /* A seek reads headers only: the event it stops on is read again, with
   * its fields, from the reader as it was before it (head). */
  gboolean seeking;
  struct {
    uint64_t pos, clock;
    int64_t last_ns;
    uint64_t n_time_back;
    uint32_t track_n;
    guint track_len;
  } head;
  /* It reads on to the stream's end (a count): even the first packet it
   * enters goes through the copy, not the mapping. */
  gboolean whole;
  /* The seek points of the packet being read from its start. */
  gboolean tracking;
  guint track_packet;
  GArray *track;                 /* CtfSeekPoint */
  uint32_t track_n;              /* events since the last point */
};

/* --- Seek points (ctf-seek-points.c) --------------------------------------
 * Packets of perf traces hold 100 000 events and more: a seek that reads
 * from the packet's start costs milliseconds. Every CTF_SEEK_POINT_EVENTS
 * events, a reader that read the packet from its start notes where the
 * event begins and the time of the one before it, as long as the packet's
 * times go up (the latest time before the point, then); a later seek
 * starts at the last point before which every event is earlier than its
 * target, so it finds the same event as reading from the start. */
#define CTF_SEEK_POINT_EVENTS 1024

typedef struct {
  uint64_t pos;                  /* the event's first bit in the packet */
  uint64_t clock;                /* the clock before its header */
  int64_t last_ns;               /* time of the event just before it: the
                                    latest, the packet's times going up
                                    until the point */
} CtfSeekPoint;

typedef struct _CtfSeekPoints {
  guint n;
  CtfSeekPoint p[];
} CtfSeekPoints;

void ctf_seek_points_init (CtfStream *s);
void ctf_seek_points_clear (CtfStream *s);
/* Entering packet `i` at its start: its points are noted from here. */
void ctf_seek_points_track (CtfReader *r, guint i);
/* The reader leaves the packet or moves: what it noted is kept. */
void ctf_seek_points_publish (CtfReader *r);
/* Right after entering the packet for a seek to `ns`: moves the cursor to
 * the best known point of it. */
void ctf_seek_points_jump (CtfReader *r, int64_t ns);
void ctf_seek_points_note (CtfReader *r, uint64_t start);

/* A reader's saved position: its event is decoded again from there. */
typedef struct {
  uint64_t pos, clock, n_events, n_time_back;
  int64_t last_ns;
  guint packet;
  guint8 state;                  /* CTF_POS_* */
} CtfReaderPos;

enum { CTF_POS_DONE, CTF_POS_HEAD, CTF_POS_START };

struct _LttvTrace {
  char *path;
  char *metadata_path;
  CtfTraceClass *tc;
  GPtrArray *streams;            /* CtfStream* */
  LttvEventClass *classes;       /* tc->events->len of them */
  int64_t begin, end;            /* ns, from the packets */
  gboolean has_range;
  guint index;                   /* in the traceset */
  LttvTraceset *traceset;        /* the one it was opened in */
  gsize first_once;              /* first_ns found (first-event.c) */
  LttvTime first;                /* its first event's time, or
                                    LTTV_TIME_NONE */
  char *header_prefix;           /* host etc., as event-format.c prints */
  GPtrArray *anomalies;          /* char*, from the packet index */
  GError *metadata_cut;          /* its end not read (ctf_metadata_load) */
  char *format_name;             /* another format's, read as CTF (a
                                    trace-cmd .dat: core/ftrace); NULL */
  GHashTable *thread_names;      /* tid -> the name its recorder kept
                                    (a .dat's saved_cmdlines); NULL */
  gboolean growable;             /* opened to grow (traceset-grow.c) */
  uint64_t metadata_size;        /* the metadata file's, at open */
};

struct _LttvTraceset {
  GPtrArray *traces;             /* LttvTrace* */
  GPtrArray *problems;           /* GError* */
  gsize begin_once;              /* begin found */
  LttvTime begin;                /* lttv_traceset_begin */
};

/* first-event.c */
/* The time of the trace's first event (LTTV_TIME_NONE when it has
 * none), found once. */
LttvTime ctf_trace_first_event (LttvTrace *t);

/* ctf-stream.c */
CtfStream *ctf_stream_open (LttvTrace *trace, const char *path,
                            GError **error);
void ctf_stream_free (CtfStream *s);
/* Decodes the packet header and context at `off` with cursor `c` (and its
 * values) and fills `pk`. `*scp`: the stream class, set from the header
 * when NULL, else checked against it. */
gboolean ctf_packet_read_header (const CtfStream *s, CtfCursor *c,
                                 uint64_t off, CtfPacket *pk,
                                 CtfStreamClass **scp, GError **error);
/* The same from a copy of the file's `n_bytes` bytes at `off` (a
 * reader's packet buffer): reads stay inside it. */
gboolean ctf_packet_read_header_in (const CtfStream *s, CtfCursor *c,
                                    uint64_t off, const uint8_t *bytes,
                                    uint64_t n_bytes, CtfPacket *pk,
                                    CtfStreamClass **scp, GError **error);
/* Sets a corrupt-data error naming the file and byte; returns FALSE. */
gboolean ctf_stream_error (const CtfStream *s, GError **error, uint64_t byte,
                           const char *what);

/* ctf-packet-copy.c */
void ctf_packet_copy_init (CtfPacketCopy *pc);
void ctf_packet_copy_clear (CtfPacketCopy *pc);
/* Copies the first bytes of the packet of `n` bytes of `s` at `off` into
 * pc->data: all of them, or a window's worth; FALSE when it cannot (the
 * stream's mapping is then read instead). */
gboolean ctf_packet_copy_read (CtfPacketCopy *pc, const CtfStream *s,
                               uint64_t off, uint64_t n);
/* Slides the window on: it starts at the packet's byte `keep`, and holds
 * `want` bytes from there at least, or up to the packet's end. FALSE
 * when a read fails. */
gboolean ctf_packet_copy_slide (CtfPacketCopy *pc, uint64_t keep, uint64_t want);
/* The size of the stream's file now (of its copy's descriptor, opened if
 * need be), or -1 when that cannot be told (it was replaced: the mapping
 * still holds the file that was opened). */
int64_t ctf_packet_copy_file_size (CtfPacketCopy *pc, const CtfStream *s);

/* ctf-reader.c */
/* `wanted`: per event class of the stream's trace, whether to decode the
 * fields of its events; `subsets`, how (both kept by the caller). */
void ctf_reader_init (CtfReader *r, CtfStream *s, const guint8 *wanted,
                      const CtfPlanSubset *subsets);
void ctf_reader_clear (CtfReader *r);
/* Restarts at the first packet whose end is after `ns`, then at its first
 * event not before `ns` (ns = INT64_MIN: the very first event). */
gboolean ctf_reader_seek (CtfReader *r, int64_t ns, GError **error);
/* Decodes the next event into r->event; FALSE at the end (r->done) or on
 * error (error set). */
gboolean ctf_reader_next (CtfReader *r, GError **error);
/* Why ctf_reader_run stopped: at an event after its limit (decoded into
 * r->event, not given), when the sink returned FALSE (r->event is the one
 * it was given), or at the reader's end or an error (as ctf_reader_next's
 * FALSE). */
typedef enum { CTF_RUN_LIMIT, CTF_RUN_SINK, CTF_RUN_ENDED } CtfRunEnd;
/* Decodes the reader's next events and gives each to `sink` while they
 * come before (limit_ns, limit_r) in an iterator's order (time, then
 * reader) and `sink` returns TRUE: the loop of ctf_reader_next inline.
 * With `out`, the events of classes with a record form are made into
 * records there when they can be (lttv_iter_each_records). */
CtfRunEnd ctf_reader_run (CtfReader *r, int64_t limit_ns, const CtfReader *limit_r,
                          LttvEventSink sink, void *data, LttvRecordOut *out,
                          GError **error);
/* ctf-records.c. The form of class `ec`'s events compiled against their
 * layout (g_free it); NULL when they cannot have one
 * (lttv_iter_set_record_form). */
CtfRecordForm *ctf_record_form_compile (const CtfEventClass *ec,
                                        const LttvRecordForm *form);
/* Writes the records of the reader's next events to `out` while they are
 * of classes with a record form (r->forms), come before (limit_ns,
 * limit_r), lie whole in the window and are not earlier than the one
 * before; stops before the first that is not (ctf_reader_run). */
void ctf_reader_run_records (CtfReader *r, int64_t limit_ns, const CtfReader *limit_r,
                             LttvRecordOut *out);
/* Forgets the reader's record loop (its forms changed). */
void ctf_reader_forget_forms (CtfReader *r);
/* Adds to `n` the events from the reader's position up to the first
 * after `end` (which is read, not counted), without giving their classes
 * or positions: the loop of ctf_reader_next inline. FALSE on an error,
 * `n` then counting the events before it. */
gboolean ctf_reader_count (CtfReader *r, LttvTime end, guint64 *n,
                           GError **error);
/* The position of r->event (or of the reader's end). */
void ctf_reader_save (const CtfReader *r, CtfReaderPos *pos);
/* Decodes the event at `pos` again into r->event: its packet's header and
 * context, then the event. FALSE at the end or on error, as
 * ctf_reader_next. */
gboolean ctf_reader_restore (CtfReader *r, const CtfReaderPos *pos,
                             GError **error);

/* How to skip an event class's context and fields from a byte boundary,
 * without decoding them (ec->skip: picks that keep nothing): runs of
 * fixed size and strings; not when they hold sequences, variants, clocks
 * or special fields. */
void ctf_event_skip_build (CtfTraceClass *tc, CtfEventClass *ec);
/* The picks reading the slots `keep` of the fields `st` (from a byte
 * boundary) and skipping the others, or NULL when a field is not of whole
 * bytes or a kept one is not a little-endian integer or a string (the
 * subset's plan reads those). */
CtfPick *ctf_pick_build (const CtfType *st, const int *keep, guint n_keep,
                         guint *n_pick);

/* event-format.c: values as babeltrace2 prints them. */
void ctf_format_int (const CtfType *t, const CtfValue *v, GString *out);
void ctf_format_escaped (const char *s, size_t len, GString *out);
void ctf_format_value (CtfCursor *c, const CtfType *t, GString *out);
/* "host:procname:(vpid) " (or ""), as a new string. */
char *ctf_trace_prefix (const CtfTraceClass *tc);

/* text-plan.c: compiles how an event class's fields print (the scopes of
 * its stream class too) the first time one of its events prints, in
 * whichever thread; runs it on an event's values (`cur`: its reader's
 * cursor). */
void ctf_text_plan_build_once (CtfTraceClass *tc, CtfEventClass *ec,
                               const char *prefix);
static inline void
ctf_text_plan_ensure (CtfTraceClass *tc, CtfEventClass *ec,
                      const char *prefix)
{
  if (G_UNLIKELY (__atomic_load_n (&ec->text_plan_ready, __ATOMIC_ACQUIRE)
                  == 0))
    ctf_text_plan_build_once (tc, ec, prefix);
}
void ctf_text_plan_run (const CtfEventClass *ec, const CtfCursor *cur,
                        GString *out);

/* ctf-header.c: the event header `h`'s layouts from a byte boundary,
 * when it is made of integers (and a last variant of integers, chosen by
 * an earlier one); NULL otherwise. */
CtfHeaderFast *ctf_header_fast_new (CtfTraceClass *tc, const CtfType *h);
/* Decodes the header at c->pos through them; FALSE (nothing changed) when
 * the plan must: not on a byte, near the packet's end, unknown tag. The
 * two forms below are read by their inline functions instead (the stream
 * class keeps them: header_id_ts, header_tagged). */
gboolean ctf_header_fast (CtfCursor *c, const CtfHeaderFast *f);
/* The id-then-timestamp form of `f`, or NULL. */
const CtfHeaderIdTs *ctf_header_fast_id_ts (const CtfHeaderFast *f);
/* LTTng's tagged form of `f`, or NULL. */
const CtfHeaderTagged *ctf_header_fast_tagged (const CtfHeaderFast *f);

/* ctf_header_fast for the tagged form, inline: one 16-byte load. */
static inline gboolean
ctf_header_tagged (CtfCursor *c, const CtfHeaderTagged *h)
{
  uint64_t pos = c->pos;
  if (G_UNLIKELY ((pos & 7) != 0 || (pos >> 3) + 96 > c->mapped))
    return FALSE;
  unsigned __int128 x;
  memcpy (&x, c->buf + (pos >> 3), 16);
  uint64_t tag = (uint64_t) x & h->tag_mask;
  const CtfType *var = h->variant;
  int option;
  if (tag >= var->n_option_values || (option = var->option_of_value[tag]) < 0)
    return FALSE;     /* the plan reports it */
  const CtfHeaderTaggedOption *o = &h->options[option];
  if (G_UNLIKELY (pos > c->limit || c->limit - pos < o->bits))
    return FALSE;
  CtfValue *vals = c->values;
  const uint32_t gen = c->gen;
  uint64_t id = tag;
  vals[h->tag_slot].u = tag;
  vals[h->tag_slot].gen = gen;
  vals[var->slot].len = (uint64_t) option;
  vals[var->slot].gen = gen;
  if (o->id_slot >= 0)
    {
      id = (uint64_t) (x >> o->id_off) & o->id_mask;
      vals[o->id_slot].u = id;
      vals[o->id_slot].gen = gen;
    }
  c->event_id = id;
  uint64_t ts = (uint64_t) (x >> o->ts_off) & o->ts_mask;
  ctf_clock_update (c, ts, o->ts_size);
  vals[o->ts_slot].u = ts;
  vals[o->ts_slot].gen = gen;
  c->pos = pos + o->bits;
  return TRUE;
}

/* ctf_header_fast for that form, inline: it runs once per event. */
static inline gboolean
ctf_header_id_ts (CtfCursor *c, const CtfHeaderIdTs *h)
{
  uint64_t pos = c->pos;
  /* 16 bytes past the largest header (80 bytes): the fast reads' slack */
  if (G_UNLIKELY ((pos & 7) != 0 || (pos >> 3) + 96 > c->mapped
                  || pos > c->limit || c->limit - pos < h->bits))
    return FALSE;
  const uint8_t *p = c->buf + (pos >> 3);
  uint64_t id, ts;
  memcpy (&id, p + h->id_off, 8);
  memcpy (&ts, p + h->ts_off, 8);
  id &= h->id_mask;
  ts &= h->ts_mask;
  ctf_clock_update (c, ts, h->ts_size);
  c->event_id = id;
  c->values[h->id_slot].u = id;
  c->values[h->id_slot].gen = c->gen;
  c->values[h->ts_slot].u = ts;
  c->values[h->ts_slot].gen = c->gen;
  c->pos = pos + h->bits;
  return TRUE;
}

/* ctf-trace.c */
LttvTrace *ctf_trace_open (const char *dir, GError **error);
/* The same, its files mapped and indexed with room to grow in place
 * (traceset-grow.c). */
LttvTrace *ctf_trace_open_growable (const char *dir, GError **error);

/* traceset-grow.c: a growing trace's reserves. Readers in other threads
 * see a stream's packet array and a trace's stream array only grow, with
 * their length published last, and never move: they are allocated at
 * these capacities. */
#define CTF_GROW_PACKETS (1u << 18)
#define CTF_GROW_STREAMS 1024u
#define CTF_GROW_MAP ((uint64_t) 16 << 30)
/* Indexes the packets appended to the stream's file since it was opened
 * or last grown; the number of new packets, -1 with `error` set when it
 * cannot grow in place. */
int ctf_stream_grow (CtfStream *s, GError **error);
/* ctf-stream.c: the indexing of ctf_stream_grow, from byte `off`. */
int ctf_stream_index_more (CtfStream *s, int fd, CtfCursor *c, uint64_t off,
                           GError **error);
void ctf_trace_free (LttvTrace *t);

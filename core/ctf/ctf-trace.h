/* ctf-trace.h: the CTF implementation of traceset.h's objects: a trace is
 * a trace class plus its stream files; a stream reads packets and events
 * from its mapped file. */
#pragma once

#include <lttv/traceset.h>

#include "ctf-decode.h"

typedef struct {
  uint64_t offset;               /* bytes from the file start */
  uint64_t packet_bits;
  uint64_t content_bits;
  uint64_t ts_begin, ts_end;     /* clock cycles; 0 when absent */
  int64_t ns_begin, ns_end;
  uint64_t discarded;
  gboolean truncated;            /* the file ends inside it */
} CtfPacket;

typedef struct _CtfStream CtfStream;

struct _LttvEventClass {
  CtfEventClass *ec;
  LttvTrace *trace;
};

struct _LttvEvent {
  CtfStream *stream;
  const LttvEventClass *cls;
  int64_t ns;
  uint64_t cycles;
};

struct _CtfStream {
  LttvTrace *trace;
  char *path;
  guint index;                   /* in the trace */
  const uint8_t *map;
  uint64_t size;
  CtfStreamClass *sc;
  GArray *packets;               /* CtfPacket, file order */
  guint packet;                  /* the current one */
  gboolean in_packet;
  CtfCursor cur;
  CtfValue *values;
  uint32_t packet_gen;
  uint64_t released;             /* bytes given back to the kernel */
  LttvEvent event;
  gboolean done;
  GError *index_error;           /* the packet that ended the index */
  gboolean pending;              /* s->event is decoded, not returned */
  uint64_t n_events;
};

struct _LttvTrace {
  char *path;
  char *metadata_path;
  CtfTraceClass *tc;
  GPtrArray *streams;            /* CtfStream* */
  LttvEventClass *classes;       /* tc->events->len of them */
  int64_t begin, end;            /* ns, from the packets */
  gboolean has_range;
  guint index;                   /* in the traceset */
};

struct _LttvTraceset {
  GPtrArray *traces;             /* LttvTrace* */
  GPtrArray *problems;           /* GError* */
};

/* ctf-stream.c */
CtfStream *ctf_stream_open (LttvTrace *trace, const char *path,
                            GError **error);
void ctf_stream_free (CtfStream *s);
/* Restarts at the first packet whose end is after `ns`, then at its first
 * event not before `ns` (ns = INT64_MIN: the very first event). */
gboolean ctf_stream_seek (CtfStream *s, int64_t ns, GError **error);
/* Decodes the next event into s->event; FALSE at the end (s->done) or on
 * error (error set). */
gboolean ctf_stream_next (CtfStream *s, GError **error);

/* ctf-trace.c */
LttvTrace *ctf_trace_open (const char *dir, GError **error);
void ctf_trace_free (LttvTrace *t);

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-writer.h: shared types of lttv-ctf-writer, the test-only writer of
 * CTF 1.8 kernel traces from scenario files (see README.md).
 *
 * One idea per file: event-table.c knows the tracers' event layouts,
 * scenario.c parses a scenario, metadata.c writes the TSDL, stream.c
 * encodes the packets, main.c ties them together. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  CW_TRACER_LTTNG,
  CW_TRACER_PERF,
} CwTracer;

/* How a field is laid out; sizes of CW_FT_LONG follow the architecture. */
typedef enum {
  CW_FT_INT,     /* fixed-size integer (size bits) */
  CW_FT_LONG,    /* C long / size_t / pointer: 64 bits, 32 on arm32 */
  CW_FT_TEXT16,  /* char[16] text array (a task comm) */
  CW_FT_STRING,  /* NUL-terminated string */
  CW_FT_VTIDS,   /* LTTng sequence: uint8 length + int32[]; written [child_tid] */
  CW_FT_CMD,     /* LTTng 2.5 block cmd: uint32 length + uint8[]; written empty */
  CW_FT_ARGS6,   /* perf raw_syscalls args[6]: uint64 hex array, all zero */
} CwFieldKind;

typedef struct {
  const char *name;   /* as babeltrace2 shows it (no leading '_') */
  guint8 kind;        /* CwFieldKind */
  guint8 size;        /* bits, CW_FT_INT only */
  guint8 is_signed;
  guint8 base;        /* 10 or 16 */
} CwFieldDesc;

#define CW_MAX_FIELDS 32

/* One event class as the tracer declares it. */
typedef struct {
  char *name;                        /* exact name in the trace */
  guint id;
  guint n_fields;
  const CwFieldDesc *fields[CW_MAX_FIELDS];
  guint32 omitted;                   /* bit i: field i left out ("-field") */
  guint given_line[CW_MAX_FIELDS];   /* first line giving field i, or 0 */
  guint omit_line[CW_MAX_FIELDS];    /* first line omitting field i, or 0 */
} CwClass;

/* What the scenario header chose. */
typedef struct {
  CwTracer tracer;
  guint major, minor;          /* LTTng version (perf: 0.0) */
  char *kernel_release;
  char *hostname;
  guint n_cpus;
  gsize packet_size;           /* bytes; 0 = one packet per stream */
  guint packet_size_line;      /* where the scenario set it */
  gboolean large_header;       /* LTTng event_header_large */
  gboolean arm32;              /* 32-bit long, natural alignment */
  gboolean big_endian;         /* LTTng: byte_order = be */
  guint64 clock_offset;        /* ns */
  guint64 clock_freq;          /* Hz: 1000000000 unless set */
  gboolean raw_offset;         /* clock-offset-s / -cycles given ... */
  gint64 offset_s;             /* ... written as they are, unnormalized */
  gint64 offset_cycles;
  gboolean no_index;           /* LTTng: leave index/ out */
  gboolean context_tid;        /* LTTng: the tid context (event.context) */
  gboolean context_pid;        /* LTTng: the pid context, after tid */
  gboolean context_procname;   /* LTTng: the procname context (char[16]), last */
  char uuid[16];
} CwConfig;

/* One value given on a scenario line. */
typedef struct {
  gboolean set;
  guint64 u;     /* integers, two's complement */
  char *s;       /* strings (owned) */
} CwValue;

typedef struct {
  guint64 time;
  guint cpu;
  guint line;
  CwClass *klass;     /* NULL for a "discarded N" or "lost-packets N" line */
  guint64 discarded;
  guint64 lost_packets;  /* a "lost-packets N" line: packet_seq_num jumps */
  gint32 ctx_tid;     /* the tid context's value (context tid) */
  gint32 ctx_pid;     /* the pid context's value (context pid) */
  char ctx_procname[16];  /* the procname context's (context procname) */
  CwValue *values;    /* klass->n_fields entries */
} CwEvent;

typedef struct {
  CwConfig config;
  GPtrArray *classes;   /* CwClass*, in id order of first use */
  GPtrArray *events;    /* CwEvent*, file order */
  char *path;
} CwScenario;

#define CW_ERROR (cw_error_quark ())
GQuark cw_error_quark (void);

/* event-table.c */
/* Resolves an event name for this tracer/version into a new class (fields
 * and id), or NULL with an error saying why the name does not exist. */
CwClass *cw_table_lookup (const CwConfig *config, const char *name,
                          guint *next_syscall_id, GError **error);
void cw_class_free (CwClass *klass);
gboolean cw_version_at_least (const CwConfig *config, guint major,
                              guint minor);

/* scenario.c */
CwScenario *cw_scenario_load (const char *path, GError **error);
void cw_scenario_free (CwScenario *scenario);

/* metadata.c: the TSDL text, and its packetized form (LTTng). */
char *cw_metadata_text (const CwScenario *scenario);
GBytes *cw_metadata_packetize (const CwConfig *config, const char *text);

/* stream.c: the bytes of CPU cpu's stream file, and of its LTTng index. */
GBytes *cw_stream_build (const CwScenario *scenario, guint cpu,
                         GBytes **index, GError **error);
/* Field size/alignment helpers shared with metadata.c. */
guint cw_field_int_size (const CwConfig *config, const CwFieldDesc *field);
guint cw_int_align (const CwConfig *config, guint size);

G_END_DECLS

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-types.h: the CTF 1.8 type model and trace class, built by the
 * metadata parser and compiled into decoding plans. Internal to the core:
 * symbols are prefixed `ctf_` and stay hidden. */
#pragma once

#include <glib.h>
#include <stdint.h>

typedef enum {
  CTF_T_INT,
  CTF_T_FLOAT,
  CTF_T_STRING,
  CTF_T_STRUCT,
  CTF_T_VARIANT,
  CTF_T_ARRAY,
  CTF_T_SEQ,
} CtfKind;

enum { CTF_LE = 0, CTF_BE = 1 };

/* Special meanings of integers, as babeltrace2 gives them: such fields are
 * consumed by the reader and not shown as event data. */
enum {
  CTF_MEAN_NONE = 0,
  CTF_MEAN_MAGIC,
  CTF_MEAN_STREAM_ID,
  CTF_MEAN_STREAM_INSTANCE_ID,
  CTF_MEAN_UUID,
  CTF_MEAN_TS_BEGIN,
  CTF_MEAN_TS_END,
  CTF_MEAN_PACKET_SIZE,
  CTF_MEAN_CONTENT_SIZE,
  CTF_MEAN_DISCARDED,
  CTF_MEAN_SEQ_NUM,
  CTF_MEAN_EVENT_ID,
};

/* CTF 2 roles (ctf2-*.c): which field plays which part is said by the
 * metadata, not by the field's name as in CTF 1.8. */
enum {
  CTF_ROLE_NONE = 0,
  CTF_ROLE_MAGIC,
  CTF_ROLE_UUID,
  CTF_ROLE_STREAM_ID,
  CTF_ROLE_STREAM_INSTANCE_ID,
  CTF_ROLE_PACKET_SIZE,
  CTF_ROLE_CONTENT_SIZE,
  CTF_ROLE_DEFAULT_TS,
  CTF_ROLE_TS_END,
  CTF_ROLE_DISCARDED,
  CTF_ROLE_SEQ_NUM,
  CTF_ROLE_EVENT_ID,
};

/* How a CTF 2 integer prints when it is not a plain number (such
 * integers have is_enum set, so that they print through format_enum). */
enum {
  CTF_FORM_NUMBER = 0,
  CTF_FORM_BOOL,       /* true / false */
  CTF_FORM_BITS,       /* bit array: 0xHEX */
  CTF_FORM_FLAGS,      /* bit map: 0xHEX { "LABEL", ... } */
};

typedef struct _CtfType  CtfType;

/* A type named (typedef, typealias) inside a structure body: the paths of
 * its sequences and variants resolve where they were written, not where
 * the type is used (CTF's lexical scoping). Bodies are numbered in the
 * order they are parsed: the named type's own are first_body..last_body;
 * `body` is the one it was named in, which then had `count` members. */
typedef struct {
  guint body, count, first_body, last_body;
} CtfDeclScope;
typedef struct _CtfTextOp CtfTextOp;
typedef struct _CtfHeaderFast CtfHeaderFast;
typedef struct _CtfClock CtfClock;

/* One step of a structure's decoding plan (ctf-plan-ops.c compiles it, ctf-
 * decode.c runs it): nested structures are flattened, byte-aligned
 * little-endian integers get a direct load, the rest a generic step. */
enum {
  CTF_OP_U8, CTF_OP_U16, CTF_OP_U32, CTF_OP_U64,
  CTF_OP_S8, CTF_OP_S16, CTF_OP_S32, CTF_OP_S64,
  CTF_OP_ALIGN, CTF_OP_STRING, CTF_OP_INT, CTF_OP_TEXT_ARRAY,
  CTF_OP_TEXT_SEQ, CTF_OP_VARIANT, CTF_OP_NODE,
  CTF_OP_BLOCK,       /* the next `n` integers: whole bytes, contiguous */
  CTF_OP_INT_ARRAY,   /* array or sequence of plain integers: skipped, and
                         decoded again when printed */
  CTF_OP_BLOCK_PLAIN, /* a block of integers that need no check (no clock,
                         no meaning) in consecutive slots from `slot`:
                         read through `plain` */
};

/* An integer of a plain block: its bytes at `off` from the block's start,
 * loaded 8 at a time, then ((raw & mask) ^ sign) - sign: the value, sign-
 * extended when `sign` is its top bit (0 when unsigned or 64 bits). */
typedef struct {
  uint64_t mask;
  uint64_t sign;
  uint32_t off;
} CtfPlainInt;

typedef struct _CtfOp {
  uint8_t op;
  uint8_t bytes;                 /* in a block: the integer's size */
  uint16_t align;                /* bits */
  uint32_t off;                  /* in a block: byte offset; block: n */
  uint32_t bits;                 /* block: its size; in a block: 64 -
                                    the integer's size */
  int32_t slot;
  union {
    const CtfType *t;            /* CTF_OP_NODE: decoded generically */
    const struct _CtfOp *full;   /* block of a subset plan: the block of
                                    the whole plan, for when a block
                                    cannot be read at once */
    const CtfPlainInt *plain;    /* CTF_OP_BLOCK_PLAIN: its integers */
  };
} CtfOp;

typedef struct {
  char *label;
  gboolean is_signed;
  int64_t lo, hi;                /* unsigned ranges compare as uint64_t */
} CtfMapping;

typedef struct {
  char *name;
  CtfType *type;
  gsize name_len;
  char *label;                   /* ", NAME = ", for the text format */
} CtfField;

/* CTF 2 field locations (tag_path, length_path): after the scope prefix
 * ("event.fields."), names are joined by this byte, as a name may hold a
 * '.'; each leading empty part is a null element (the parent structure). */
#define CTF2_PATH_SEP '\x1f'

/* CTF 2 string encodings other than UTF-8: the string's bytes are kept as a
 * byte array (decoded as any other) and turned into UTF-8 when printed. */
enum { CTF_ENC_UTF16BE = 1, CTF_ENC_UTF16LE, CTF_ENC_UTF32BE, CTF_ENC_UTF32LE };

struct _CtfType {
  CtfKind kind;
  guint align;                   /* bits, >= 1 */
  /* integer and enumeration (an enumeration is an integer with mappings) */
  guint size;                    /* bits */
  gboolean is_signed;
  int byte_order;
  int base;                      /* 2, 8, 10 or 16 */
  gboolean encoded;              /* UTF8/ASCII encoding */
  char *map_clock;               /* clock name of `map = clock.X.value` */
  CtfMapping *mappings;
  guint n_mappings;
  gboolean is_enum;
  /* floating point */
  guint exp_dig, mant_dig;
  /* struct, variant: members / options */
  CtfField *fields;
  guint n_fields;
  char *tag_path;                /* variant: its tag's path */
  /* array, sequence */
  CtfType *elem;
  uint64_t length;               /* array */
  char *length_path;             /* sequence */
  /* Structure and variant: the serial number of the body it was parsed
   * from (kept by copies). Sequence and variant written in a type named
   * inside a body: where their paths are looked up, or NULL. */
  guint body_id;
  CtfDeclScope *decl;
  /* CTF 2 */
  uint8_t role;                  /* CTF_ROLE_* */
  uint8_t form;                  /* CTF_FORM_* */
  gboolean varint;               /* LEB128 integer (size: 64, its values'
                                    width; it is read byte by byte) */
  gboolean optional;             /* variant of one option, or none */
  uint8_t str_enc;               /* byte array: a string in this CTF_ENC_*
                                    (0: none; UTF-8 text is `encoded`) */
  uint8_t bit_rev;               /* a bit order other than the byte
                                    order's: the value's bits reversed
                                    (generic decoding only) */
  /* variant: its selector's ranges, mapping m choosing option
     option_of_mapping[m] (CTF 2: given by the metadata; CTF 1.8: the
     tag's mappings, set while compiling) */
  const CtfMapping *sel;
  guint n_sel;
  /* set while compiling */
  int meaning;
  CtfClock *clock;               /* resolved map_clock */
  gboolean in_ir;                /* shown as data (babeltrace2's rule) */
  gboolean has_dependents;       /* a sequence length or variant tag */
  gboolean is_text;              /* array/sequence of 8-bit encoded ints */
  int slot;                      /* value slot of this instance, or -1 */
  int ref_slot;                  /* sequence length / variant tag slot */
  CtfType *ref_type;             /* the length or tag field's type */
  int *option_of_mapping;        /* variant: mapping index -> option */
  int8_t *option_of_value;       /* variant: tag value -> option (-1),
                                    for tags below n_option_values */
  guint n_option_values;
  int slot_first, slot_end;      /* slots inside this node */
  CtfOp *plan;                   /* struct: its decoding plan */
  guint n_plan;
  gboolean fixed_size;           /* size known without reading */
  gboolean named;                /* registered: may be used elsewhere too */
  uint64_t static_bits;          /* that size, when fixed_size */
};

struct _CtfClock {
  char *name;
  uint64_t freq;
  double freq_d;                 /* freq, for ctf_cycles_to_ns */
  int64_t offset_s;
  uint64_t offset;               /* cycles, normalized below freq */
  gboolean offset_neg;           /* `offset` was negative (magnitude) */
  gboolean absolute;
  char *description;
  uint8_t uuid[16];
  gboolean has_uuid;
  /* what the metadata says of it, for `lttv info` (NULL: not said) */
  char *uid;                     /* CTF 2; CTF 1.8: its uuid as written */
  char *ns, *ident;              /* CTF 2: namespace, name */
  gboolean has_precision, has_accuracy;
  uint64_t precision, accuracy;  /* cycles */
  gboolean custom_origin;        /* CTF 2: an origin other than the Unix
                                    epoch, named by these */
  char *origin_ns, *origin_name, *origin_uid;
  char *attributes;              /* CTF 2 user attributes, JSON text */
  int64_t base_ns;               /* offset_s and offset, in ns (each
                                    converted, as babeltrace2) */
  gboolean overflows;            /* base_ns does not fit */
  uint64_t direct_below;         /* cycles below this are base_ns + cycles
                                    ns (a clock in ns): one compare per
                                    event; 0 for other clocks */
};

typedef struct _CtfStreamClass CtfStreamClass;

/* One step of a pick (ctf-skip.c): `skip` bytes passed over, then a
 * field read into its slot (or a string passed over); the last step may
 * only skip. */
enum { CTF_PICK_INT, CTF_PICK_STRING, CTF_PICK_SKIP_STRING, CTF_PICK_END };
typedef struct {
  uint32_t skip;
  uint8_t kind;
  uint8_t size;                  /* CTF_PICK_INT: bytes (1, 2, 4, 8), else 0 */
  uint8_t shift;                 /* CTF_PICK_INT: 64 - its bits */
  uint8_t is_signed;
  int slot;
} CtfPick;

/* LTTng's event header: a tag (the id) at bit 0, then by the tag's value
 * an option of an optional id and a timestamp, unsigned little-endian,
 * all within 16 bytes (ctf-header.c). */
typedef struct {
  uint64_t id_mask, ts_mask;
  uint8_t id_off, ts_off;        /* bits from the header's start */
  uint8_t ts_size;
  int id_slot, ts_slot;          /* id_slot -1: the tag is the id */
  uint32_t bits;                 /* the header's size with this option */
} CtfHeaderTaggedOption;

typedef struct {
  uint64_t tag_mask;
  int tag_slot;
  const CtfType *variant;        /* its option_of_value chooses */
  const CtfHeaderTaggedOption *options;
} CtfHeaderTagged;

/* The commonest event header (perf's): an id then a timestamp, whole
 * bytes, little-endian on a little-endian host (ctf-header.c). */
typedef struct {
  uint32_t bits;                 /* the header's size; 0: not this form */
  uint8_t id_off, ts_off;        /* bytes */
  uint8_t ts_size;               /* bits */
  uint64_t id_mask, ts_mask;
  int id_slot, ts_slot;
} CtfHeaderIdTs;

typedef struct {
  char *name;
  gsize name_len;
  uint64_t id;
  uint64_t stream_id;
  gboolean has_stream_id;
  gboolean has_loglevel;
  int64_t loglevel;
  char *model_emf_uri;
  CtfType *context;
  CtfType *fields;
  CtfStreamClass *sc;
  guint index;                   /* dense index in the trace */
  int n_slots;                   /* slots of context+fields, after sc's */
  CtfType **slot_types;          /* slot - sc->n_slots -> type */
  int line;                      /* metadata line of the declaration */
  guint frag;                    /* CTF 2: its fragment's index + 1 */
  gsize frag_off;                /* and byte offset */
  CtfPick *skip;                 /* passing over its context and fields
                                    from a byte boundary; NULL: decode */
  guint n_skip;
  /* The plans of its context and fields, compiled when first decoded
   * (ctf_event_plans_ensure): a kernel trace declares a thousand classes
   * and uses a few dozen. */
  gsize plans_ready;
  /* How it prints, built when first printed (ctf_text_plan_ensure):
   * most runs print few classes or none. */
  gsize text_plan_ready;
  CtfTextOp *text_plan;          /* its fields as text (text-plan.c) */
  guint n_text_plan;
  char *line_head;               /* "host NAME: ", 8 readable bytes after */
  guint line_head_len;
} CtfEventClass;

struct _CtfStreamClass {
  uint64_t id;
  gboolean has_id;
  guint frag;                    /* CTF 2: its fragment's index + 1 */
  gsize frag_off;                /* and byte offset */
  CtfType *packet_header;        /* a copy of the trace's, per class */
  CtfType *packet_context;
  CtfType *event_header;
  CtfType *event_context;
  GPtrArray *events;             /* CtfEventClass*, metadata order */
  GHashTable *events_by_id;      /* id -> CtfEventClass* */
  CtfEventClass **events_dense;  /* when ids are small */
  uint64_t n_dense;
  CtfClock *clock;               /* default clock */
  int n_slots;                   /* slots of the stream-level scopes */
  int n_packet_slots;            /* those of packet header and context */
  int max_slots;                 /* n_slots + the largest event class */
  /* slots of the meaningful packet fields (-1 when absent) */
  int slot_magic, slot_stream_id, slot_stream_instance_id;
  int slot_packet_size, slot_content_size, slot_ts_begin, slot_ts_end;
  int slot_discarded, slot_seq_num, slot_cpu_id;
  int slot_event_id;             /* compact header "id" */
  int slot_event_id_ext;         /* extended header "id" */
  CtfType **slot_types;          /* slot -> type (stream-level slots) */
  const CtfHeaderIdTs *header_id_ts;  /* header_fast's, when of that
                                         form: read inline */
  const CtfHeaderTagged *header_tagged;  /* or of that one */
  CtfHeaderFast *header_fast;    /* event header's layouts (ctf-header.c),
                                    or NULL */
};

typedef struct {
  char *key;
  gboolean is_int;
  int64_t i;
  char *s;
} CtfEnvEntry;

typedef struct {
  guint major, minor;            /* 1.8, or 2.0 (read from JSON) */
  int byte_order;                /* trace's native byte order */
  uint8_t uuid[16];
  gboolean has_uuid;
  CtfType *packet_header;
  GPtrArray *env;                /* CtfEnvEntry* */
  GPtrArray *clocks;             /* CtfClock* */
  GPtrArray *streams;            /* CtfStreamClass* */
  GPtrArray *events;             /* CtfEventClass*, trace order */
  GPtrArray *pending_events;     /* events seen before their stream */
  GPtrArray *allocs;             /* everything the model owns */
  int last_line;                 /* of the metadata text */
  /* CTF 2 trace class: what the metadata says, for `lttv info` (NULL:
     not said); attributes as JSON text */
  char *uid, *ns, *name, *attributes;
  GPtrArray *big_chunks;         /* ctf_alloc's chunks after the first */
  char *chunk;                   /* ctf_alloc's current chunk */
  char *chunk_end;
  gsize chunk_left;
} CtfTraceClass;

/* Memory of the model: freed with the trace class. */
gpointer ctf_alloc (CtfTraceClass *tc, gsize size);
char *ctf_strdup (CtfTraceClass *tc, const char *s);
CtfType *ctf_type_new (CtfTraceClass *tc, CtfKind kind);
/* A deep copy, so that every declared field is its own instance. */
CtfType *ctf_type_copy (CtfTraceClass *tc, const CtfType *t);

CtfTraceClass *ctf_trace_class_new (void);
void ctf_trace_class_free (CtfTraceClass *tc);
CtfClock *ctf_trace_class_clock (CtfTraceClass *tc, const char *name);
const CtfEnvEntry *ctf_trace_class_env (const CtfTraceClass *tc,
                                        const char *key);

/* Parses TSDL text into `tc`. `path` names the file in errors, which give
 * the metadata line. */
gboolean ctf_metadata_parse (CtfTraceClass *tc, const char *text, gsize len,
                             const char *path, GError **error);
/* Reads a metadata file (text or packetized, either byte order) and parses
 * it. A packetized file that ends inside a packet (a trace still being
 * written) is read up to the last whole declaration of its whole packets,
 * and `cut` says so. */
gboolean ctf_metadata_load (CtfTraceClass *tc, const char *path,
                            GError **cut, GError **error);
/* A plan for structure `st` (with a plan) that stores only the integers
 * in slots keep[0 .. n_keep - 1], and what decoding itself needs (lengths,
 * tags, clocks, ids); the others are stepped over. For a consumer that
 * reads a few fields of busy events. NULL when no op would be saved.
 * g_free it. */
CtfOp *ctf_plan_subset (const CtfType *st, const int *keep, guint n_keep,
                        guint *n_ops);
/* Compiles the decoding plans of every structure in `t` (under
 * ctf_model once the trace is open). */
void ctf_compile_plans (CtfTraceClass *tc, CtfType *t);
/* The trace class's allocator, and what is built in it after the trace
 * opened (text plans, event plans), one thread at a time. */
G_LOCK_EXTERN (ctf_model);
void ctf_event_plans_build_once (CtfTraceClass *tc, CtfEventClass *ec);
static inline void
ctf_event_plans_ensure (CtfTraceClass *tc, CtfEventClass *ec)
{
  if (G_UNLIKELY (__atomic_load_n (&ec->plans_ready, __ATOMIC_ACQUIRE) == 0))
    ctf_event_plans_build_once (tc, ec);
}
/* A structure's plan, or NULL (published with release: readers in other
 * threads see it whole). */
static inline const CtfOp *
ctf_plan_of (const CtfType *t)
{
  return __atomic_load_n (&t->plan, __ATOMIC_ACQUIRE);
}
/* Resolves paths, meanings and slots; compiles the decoding plans. */
gboolean ctf_trace_class_compile (CtfTraceClass *tc, const char *path,
                                  GError **error);

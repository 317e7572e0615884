/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-plan.c: compiles a parsed trace class for decoding. Resolves byte
 * orders, clocks, sequence lengths and variant tags (to value slots), gives
 * integers their special meanings, decides what babeltrace2 shows as event
 * data, and marks the fast paths, once, when the trace opens. */
#include "config.h"

#include "ctf-decode.h"
#include "ctf-types.h"

#include <lttv/error.h>
#include <string.h>

void ctf_compile_plans (CtfTraceClass *tc, CtfType *t);

typedef struct {
  CtfTraceClass *tc;
  const char *path;
  GError **error;
  gboolean failed;
  int next_slot;
  CtfType **slot_types;      /* growing, g_renew */
  int slot_cap;
  /* the scopes of the event being compiled, for path resolution */
  CtfType *scopes[6];        /* packet header .. event fields */
  /* the struct nesting during the walk */
  CtfType *stack[64];
  guint stack_idx[64];
  int depth;
  int cur_scope;
  int line;
  guint frag;                /* CTF 2: the fragment's index + 1, or 0 */
  gsize frag_off;
  gboolean exact;            /* CTF 2: names as written (no TSDL '_') */
} Compiler;

enum { SC_PH, SC_PC, SC_EH, SC_EC, SC_CTX, SC_FIELDS };

static const char *const scope_prefix[] = {
  "trace.packet.header.", "stream.packet.context.", "stream.event.header.",
  "stream.event.context.", "event.context.", "event.fields.",
};

static gboolean
cfail (Compiler *c, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static gboolean
cfail (Compiler *c, const char *fmt, ...)
{
  if (c->failed)
    return FALSE;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  if (c->frag > 0)
    g_set_error (c->error, LTTV_ERROR, LTTV_ERROR_METADATA,
                 "%s: metadata fragment %u (byte %" G_GSIZE_FORMAT "): %s",
                 c->path, c->frag - 1, c->frag_off, msg);
  else if (c->line > 0)
    g_set_error (c->error, LTTV_ERROR, LTTV_ERROR_METADATA,
                 "%s: metadata line %d: %s", c->path, c->line, msg);
  else
    g_set_error (c->error, LTTV_ERROR, LTTV_ERROR_METADATA, "%s: %s",
                 c->path, msg);
  c->failed = TRUE;
  return FALSE;
}

/* --- Byte order, clocks, sizes ------------------------------------------- */

static gboolean
prepare_type (Compiler *c, CtfType *t)
{
  if (t == NULL)
    return TRUE;
  if (t->kind == CTF_T_INT || t->kind == CTF_T_FLOAT)
    {
      if (t->byte_order < 0)
        t->byte_order = c->tc->byte_order;
      t->fixed_size = !t->varint;
      t->static_bits = t->size;
      if (t->map_clock != NULL && t->clock == NULL)
        {
          t->clock = ctf_trace_class_clock (c->tc, t->map_clock);
          if (t->clock == NULL)
            return cfail (c, "integer mapped to unknown clock '%s'",
                          t->map_clock);
        }
    }
  for (guint i = 0; i < t->n_fields; i++)
    if (!prepare_type (c, t->fields[i].type))
      return FALSE;
  if (t->elem != NULL)
    {
      if (!prepare_type (c, t->elem))
        return FALSE;
      /* (CTF 2 arrays may have a larger minimum alignment) */
      t->align = MAX (t->align, t->elem->align);
    }
  if (t->kind == CTF_T_ARRAY || t->kind == CTF_T_SEQ)
    {
      const CtfType *e = t->elem;
      t->is_text = (e->kind == CTF_T_INT && e->size == 8 && e->align == 8
                    && e->encoded);
      if (t->is_text)
        t->elem->is_signed = FALSE;
    }
  return TRUE;
}

/* bt2's rule: a `timestamp` integer that maps no clock maps the trace's
 * only clock, or a default 1 GHz one. */
static gboolean
auto_map (Compiler *c, CtfType *st, const char *name)
{
  if (st == NULL || st->kind != CTF_T_STRUCT)
    return TRUE;
  for (guint i = 0; i < st->n_fields; i++)
    {
      CtfType *t = st->fields[i].type;
      if (strcmp (st->fields[i].name, name) != 0 || t->kind != CTF_T_INT
          || t->clock != NULL)
        continue;
      if (c->tc->clocks->len == 0)
        {
          CtfClock *k = ctf_alloc (c->tc, sizeof *k);
          k->name = ctf_strdup (c->tc, "default");
          k->freq = 1000000000;
          k->freq_d = 1e9;
          g_ptr_array_add (c->tc->clocks, k);
        }
      if (c->tc->clocks->len > 1)
        return cfail (c, "'%s' maps no clock and the trace has several",
                      name);
      t->clock = c->tc->clocks->pdata[0];
    }
  return TRUE;
}

/* --- Slots and meanings ----------------------------------------------------- */

static void
assign_slots (Compiler *c, CtfType *t)
{
  if (t == NULL)
    return;
  if (c->next_slot >= c->slot_cap)
    {
      c->slot_cap = c->slot_cap ? c->slot_cap * 2 : 64;
      c->slot_types = g_renew (CtfType *, c->slot_types, c->slot_cap);
    }
  t->slot = c->next_slot++;
  c->slot_types[t->slot] = t;
  t->slot_first = t->slot;
  for (guint i = 0; i < t->n_fields; i++)
    assign_slots (c, t->fields[i].type);
  if (t->elem != NULL)
    assign_slots (c, t->elem);
  t->slot_end = c->next_slot;
}

static CtfType *
member_of (CtfType *st, const char *name, gboolean exact)
{
  if (st == NULL || st->kind != CTF_T_STRUCT)
    return NULL;
  if (name[0] == '_' && !exact)
    name++;
  for (guint i = 0; i < st->n_fields; i++)
    if (strcmp (st->fields[i].name, name) == 0)
      return st->fields[i].type;
  return NULL;
}

static CtfType *
member (CtfType *st, const char *name)
{
  return member_of (st, name, FALSE);
}

static int
member_int (CtfType *st, const char *name, int meaning)
{
  CtfType *t = member (st, name);
  if (t == NULL || t->kind != CTF_T_INT)
    return -1;
  if (meaning != CTF_MEAN_NONE)
    t->meaning = meaning;
  return t->slot;
}

static void
mark_event_ids (CtfStreamClass *sc, CtfType *t, const char *name)
{
  if (t == NULL)
    return;
  if (t->kind == CTF_T_INT && name != NULL && strcmp (name, "id") == 0)
    {
      t->meaning = CTF_MEAN_EVENT_ID;
      if (sc->slot_event_id < 0)
        sc->slot_event_id = t->slot;
      else
        sc->slot_event_id_ext = t->slot;
    }
  for (guint i = 0; i < t->n_fields; i++)
    mark_event_ids (sc, t->fields[i].type,
                    t->kind == CTF_T_STRUCT ? t->fields[i].name : NULL);
  if (t->elem != NULL)
    mark_event_ids (sc, t->elem, NULL);
}

/* CTF 2: the first field of `t` (depth first) that has `role`. */
static CtfType *
with_role (CtfType *t, int role)
{
  if (t == NULL)
    return NULL;
  if (t->role == role)
    return t;
  for (guint i = 0; i < t->n_fields; i++)
    {
      CtfType *f = with_role (t->fields[i].type, role);
      if (f != NULL)
        return f;
    }
  return NULL;
}

static int
role_int (CtfType *st, int role, int meaning)
{
  CtfType *t = with_role (st, role);
  if (t == NULL || t->kind != CTF_T_INT)
    return -1;
  t->meaning = meaning;
  return t->slot;
}

/* Every field of `t` that has the event record class id role. */
static void
mark_event_id_roles (CtfStreamClass *sc, CtfType *t)
{
  if (t == NULL)
    return;
  if (t->kind == CTF_T_INT && t->role == CTF_ROLE_EVENT_ID)
    {
      t->meaning = CTF_MEAN_EVENT_ID;
      if (sc->slot_event_id < 0)
        sc->slot_event_id = t->slot;
      else
        sc->slot_event_id_ext = t->slot;
    }
  for (guint i = 0; i < t->n_fields; i++)
    mark_event_id_roles (sc, t->fields[i].type);
}

/* CTF 2: the special fields are those with roles (their names do not
 * matter); the default clock is the data stream class's. */
static void
stream_roles (CtfStreamClass *sc)
{
  sc->slot_magic = role_int (sc->packet_header, CTF_ROLE_MAGIC,
                             CTF_MEAN_MAGIC);
  sc->slot_stream_id = role_int (sc->packet_header, CTF_ROLE_STREAM_ID,
                                 CTF_MEAN_STREAM_ID);
  sc->slot_stream_instance_id = role_int (sc->packet_header,
                                          CTF_ROLE_STREAM_INSTANCE_ID,
                                          CTF_MEAN_STREAM_INSTANCE_ID);
  CtfType *uuid = with_role (sc->packet_header, CTF_ROLE_UUID);
  if (uuid != NULL && uuid->kind == CTF_T_ARRAY)
    uuid->meaning = CTF_MEAN_UUID;
  sc->slot_ts_begin = role_int (sc->packet_context, CTF_ROLE_DEFAULT_TS,
                                CTF_MEAN_TS_BEGIN);
  sc->slot_ts_end = role_int (sc->packet_context, CTF_ROLE_TS_END,
                              CTF_MEAN_TS_END);
  sc->slot_discarded = role_int (sc->packet_context, CTF_ROLE_DISCARDED,
                                 CTF_MEAN_DISCARDED);
  sc->slot_seq_num = role_int (sc->packet_context, CTF_ROLE_SEQ_NUM,
                               CTF_MEAN_SEQ_NUM);
  sc->slot_packet_size = role_int (sc->packet_context, CTF_ROLE_PACKET_SIZE,
                                   CTF_MEAN_PACKET_SIZE);
  sc->slot_content_size = role_int (sc->packet_context,
                                    CTF_ROLE_CONTENT_SIZE,
                                    CTF_MEAN_CONTENT_SIZE);
  sc->slot_cpu_id = member_int (sc->packet_context, "cpu_id", CTF_MEAN_NONE);
  sc->slot_event_id = sc->slot_event_id_ext = -1;
  mark_event_id_roles (sc, sc->event_header);
}

/* CTF 1.8: the special fields by name, as babeltrace2 finds them. */
static void
stream_names (Compiler *c, CtfStreamClass *sc)
{
  sc->slot_magic = member_int (sc->packet_header, "magic", CTF_MEAN_MAGIC);
  sc->slot_stream_id = member_int (sc->packet_header, "stream_id",
                                   CTF_MEAN_STREAM_ID);
  sc->slot_stream_instance_id = member_int (sc->packet_header,
                                            "stream_instance_id",
                                            CTF_MEAN_STREAM_INSTANCE_ID);
  CtfType *uuid = member (sc->packet_header, "uuid");
  if (uuid != NULL && uuid->kind == CTF_T_ARRAY)
    uuid->meaning = CTF_MEAN_UUID;
  sc->slot_ts_begin = member_int (sc->packet_context, "timestamp_begin",
                                  CTF_MEAN_TS_BEGIN);
  sc->slot_ts_end = member_int (sc->packet_context, "timestamp_end",
                                CTF_MEAN_TS_END);
  CtfType *te = member (sc->packet_context, "timestamp_end");
  if (te != NULL && te->kind == CTF_T_INT)
    te->clock = NULL;      /* read, but it does not move the clock */
  sc->slot_discarded = member_int (sc->packet_context, "events_discarded",
                                   CTF_MEAN_DISCARDED);
  sc->slot_seq_num = member_int (sc->packet_context, "packet_seq_num",
                                 CTF_MEAN_SEQ_NUM);
  sc->slot_packet_size = member_int (sc->packet_context, "packet_size",
                                     CTF_MEAN_PACKET_SIZE);
  sc->slot_content_size = member_int (sc->packet_context, "content_size",
                                      CTF_MEAN_CONTENT_SIZE);
  sc->slot_cpu_id = member_int (sc->packet_context, "cpu_id",
                                CTF_MEAN_NONE);
  sc->slot_event_id = sc->slot_event_id_ext = -1;
  mark_event_ids (sc, sc->event_header, NULL);

  /* the stream's clock: the first mapped integer's */
  CtfType *ts = member (sc->event_header, "timestamp");
  CtfType *tb = member (sc->packet_context, "timestamp_begin");
  sc->clock = ts && ts->clock ? ts->clock : tb && tb->clock ? tb->clock
              : NULL;
  if (sc->clock == NULL && sc->event_header != NULL)
    {
      /* compact/extended headers keep the timestamp in a variant */
      for (int s = 0; s < sc->n_slots && sc->clock == NULL; s++)
        if (c->slot_types[s]->kind == CTF_T_INT && c->slot_types[s]->clock)
          sc->clock = c->slot_types[s]->clock;
    }
}

/* --- Paths: sequence lengths and variant tags ------------------------------- */

static CtfType *
descend (Compiler *c, CtfType *t, char **parts)
{
  for (; t != NULL && *parts != NULL; parts++)
    t = member_of (t, *parts, c->exact);
  return t;
}

/* The stack level of the structure whose body has serial `body`, or -1. */
static int
level_of_body (Compiler *c, guint body)
{
  for (int d = c->depth - 1; d >= 0; d--)
    if (c->stack[d]->body_id == body)
      return d;
  return -1;
}

/* `from` is the sequence or variant whose path this is: when it was
 * declared in a type named inside a structure, the lookup leaves the named
 * type for that structure (the members declared before the name), not for
 * the structure the type is used in. */
static CtfType *
resolve_path (Compiler *c, const char *path, const CtfType *from)
{
  /* CTF 2 names may hold a '.' (ctf-types.h) */
  const char sep[2] = { c->exact ? CTF2_PATH_SEP : '.', '\0' };
  for (int s = 0; s < 6; s++)
    if (g_str_has_prefix (path, scope_prefix[s]))
      {
        if (s > c->cur_scope)
          return NULL;      /* only earlier scopes are decoded */
        g_auto (GStrv) parts = g_strsplit (path + strlen (scope_prefix[s]),
                                           sep, -1);
        return descend (c, c->scopes[s], parts);
      }
  g_auto (GStrv) all = g_strsplit (path, sep, -1);
  /* CTF 2 null elements: that many structures up, then only there */
  guint up = 0;
  while (c->exact && all[up] != NULL && all[up][0] == '\0')
    up++;
  char **parts = all + up;
  gboolean climbed = up > 0;
  /* innermost structure first, among the members declared before */
  const CtfDeclScope *decl = from->decl;
  int declared = decl != NULL ? level_of_body (c, decl->body) : -1;
  for (int d = c->depth - 1; d >= 0; d--)
    {
      CtfType *st = c->stack[d];
      guint before = c->stack_idx[d];
      if (declared >= 0 && d > declared
          && (st->body_id < decl->first_body || st->body_id > decl->last_body))
        continue;         /* where the named type is used: not its scope */
      if (d == declared)
        before = MIN (before, decl->count);
      if (st->kind != CTF_T_STRUCT)
        continue;
      if (up > 0)
        {
          up--;
          continue;
        }
      const char *first = parts[0][0] == '_' && !c->exact ? parts[0] + 1
                          : parts[0];
      for (guint i = 0; i < before && i < st->n_fields; i++)
        if (strcmp (st->fields[i].name, first) == 0)
          return descend (c, st->fields[i].type, parts + 1);
      if (climbed)
        return NULL;
    }
  if (climbed)
    return NULL;          /* above the scope's root */
  /* then the scopes decoded before this one */
  for (int s = c->cur_scope - 1; s >= 0; s--)
    {
      CtfType *t = member_of (c->scopes[s], parts[0], c->exact);
      if (t != NULL)
        return descend (c, t, parts + 1);
    }
  return NULL;
}

static gboolean
label_matches (const char *label, const char *option)
{
  if (strcmp (label, option) == 0)
    return TRUE;
  /* bt2 accepts an option named `_x` for the label `x` and vice versa */
  if (option[0] == '_' && strcmp (label, option + 1) == 0)
    return TRUE;
  if (label[0] == '_' && strcmp (label + 1, option) == 0)
    return TRUE;
  return FALSE;
}

/* A path for messages: as written in CTF 1.8 and for plain CTF 2 names;
 * else as its elements ("event.fields." then [null, "a.b"]). */
static char *
path_text (const Compiler *c, const char *path)
{
  if (!c->exact)
    return g_strdup (path);
  GString *s = g_string_new (NULL);
  for (int k = 0; k < 6; k++)
    if (g_str_has_prefix (path, scope_prefix[k]))
      {
        g_string_append (s, scope_prefix[k]);
        path += strlen (scope_prefix[k]);
      }
  const char sep[2] = { CTF2_PATH_SEP, '\0' };
  g_auto (GStrv) parts = g_strsplit (path, sep, -1);
  gboolean plain = TRUE;
  for (int i = 0; parts[i] != NULL; i++)
    plain = plain && *parts[i] != '\0' && strchr (parts[i], '.') == NULL;
  if (plain)
    {
      g_autofree char *dotted = g_strjoinv (".", parts);
      g_string_append (s, dotted);
      return g_string_free (s, FALSE);
    }
  g_string_append_c (s, '[');
  for (int i = 0; parts[i] != NULL; i++)
    g_string_append_printf (s, i > 0 ? ", %s%s%s" : "%s%s%s",
                            *parts[i] ? "\"" : "",
                            *parts[i] ? parts[i] : "null",
                            *parts[i] ? "\"" : "");
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static gboolean
resolve_refs (Compiler *c, CtfType *t)
{
  if (t == NULL || c->failed)
    return !c->failed;
  if (t->kind == CTF_T_SEQ)
    {
      CtfType *len = resolve_path (c, t->length_path, t);
      g_autofree char *shown = path_text (c, t->length_path);
      if (len == NULL)
        return cfail (c, "sequence length field '%s' not found",
                      shown);
      if (len->kind != CTF_T_INT || len->is_signed)
        return cfail (c, "sequence length field '%s' is not an unsigned "
                      "integer", shown);
      t->ref_slot = len->slot;
      t->ref_type = len;
    }
  else if (t->kind == CTF_T_VARIANT)
    {
      if (t->tag_path == NULL)
        return cfail (c, "variant without a tag");
      CtfType *tag = resolve_path (c, t->tag_path, t);
      g_autofree char *shown = path_text (c, t->tag_path);
      if (tag == NULL)
        return cfail (c, "variant %s field '%s' not found",
                      c->exact ? "selector" : "tag", shown);
      if (c->exact && (tag->kind != CTF_T_INT
                       || !(tag->form == CTF_FORM_NUMBER
                            || (t->optional && tag->form == CTF_FORM_BOOL))))
        return cfail (c, "selector field '%s' is not an integer%s",
                      shown, t->optional ? " or a boolean" : "");
      if (!c->exact && (tag->kind != CTF_T_INT || !tag->is_enum))
        return cfail (c, "variant tag field '%s' is not an enumeration",
                      shown);
      t->ref_slot = tag->slot;
      t->ref_type = tag;
      if (!c->exact)
        {
          /* CTF 1.8: the tag's labels name the options */
          t->sel = tag->mappings;
          t->n_sel = tag->n_mappings;
          t->option_of_mapping = ctf_alloc (c->tc, sizeof (int)
                                            * (tag->n_mappings + 1));
          for (guint m = 0; m < tag->n_mappings; m++)
            {
              t->option_of_mapping[m] = -1;
              for (guint o = 0; o < t->n_fields; o++)
                if (label_matches (tag->mappings[m].label,
                                   t->fields[o].name))
                  {
                    t->option_of_mapping[m] = (int) o;
                    break;
                  }
            }
        }
      /* small unsigned tags (LTTng's event header ids): a direct table */
      if (!tag->is_signed && tag->size <= 8 && t->n_fields < 127)
        {
          t->n_option_values = 1u << tag->size;
          t->option_of_value = ctf_alloc (c->tc, t->n_option_values);
          for (guint v = 0; v < t->n_option_values; v++)
            {
              t->option_of_value[v] = -1;
              for (guint m = 0; m < t->n_sel; m++)
                if (v >= (uint64_t) t->sel[m].lo
                    && v <= (uint64_t) t->sel[m].hi)
                  {
                    t->option_of_value[v] = (int8_t) t->option_of_mapping[m];
                    break;
                  }
            }
        }
    }
  if (t->kind == CTF_T_STRUCT || t->kind == CTF_T_VARIANT)
    {
      if (c->depth >= 63)
        return cfail (c, "types nested too deeply");
      c->stack[c->depth] = t;
      c->depth++;
      for (guint i = 0; i < t->n_fields; i++)
        {
          c->stack_idx[c->depth - 1] = i;
          if (!resolve_refs (c, t->fields[i].type))
            break;
        }
      c->depth--;
    }
  if (t->elem != NULL)
    resolve_refs (c, t->elem);
  return !c->failed;
}

static gboolean
resolve_scope (Compiler *c, int scope)
{
  c->cur_scope = scope;
  c->depth = 0;
  return resolve_refs (c, c->scopes[scope]);
}

/* --- What babeltrace2 shows (its "in IR" rule) ------------------------------- */

static void
force_out (CtfType *t)
{
  if (t == NULL)
    return;
  t->in_ir = FALSE;
  for (guint i = 0; i < t->n_fields; i++)
    force_out (t->fields[i].type);
  if (t->elem != NULL)
    force_out (t->elem);
}

static void
update_in_ir (CtfType *t)
{
  if (t == NULL)
    return;
  switch (t->kind)
    {
    case CTF_T_INT:
      if ((t->clock == NULL && t->meaning == CTF_MEAN_NONE)
          || t->has_dependents)
        t->in_ir = TRUE;
      break;
    case CTF_T_STRUCT:
      if (t->n_fields == 0)
        t->in_ir = TRUE;
      for (guint i = t->n_fields; i-- > 0;)
        {
          update_in_ir (t->fields[i].type);
          if (t->fields[i].type->in_ir)
            t->in_ir = TRUE;
        }
      break;
    case CTF_T_VARIANT:
      for (guint i = t->n_fields; i-- > 0;)
        {
          update_in_ir (t->fields[i].type);
          if (t->fields[i].type->in_ir)
            t->in_ir = TRUE;
        }
      if (t->in_ir)
        {
          for (guint i = 0; i < t->n_fields; i++)
            t->fields[i].type->in_ir = TRUE;
          t->ref_type->has_dependents = TRUE;
        }
      break;
    case CTF_T_ARRAY:
    case CTF_T_SEQ:
      update_in_ir (t->elem);
      t->in_ir = t->elem->in_ir;
      if (t->kind == CTF_T_ARRAY && t->meaning == CTF_MEAN_UUID)
        t->in_ir = t->elem->in_ir = FALSE;
      if (t->kind == CTF_T_SEQ && t->in_ir)
        t->ref_type->has_dependents = TRUE;
      break;
    default:
      t->in_ir = TRUE;
      break;
    }
}

/* --- Stream classes --------------------------------------------------------- */

static gboolean
compile_stream_class (Compiler *c, CtfStreamClass *sc)
{
  CtfTraceClass *tc = c->tc;
  c->frag = sc->frag;
  c->frag_off = sc->frag_off;

  if (tc->packet_header != NULL)
    sc->packet_header = ctf_type_copy (tc, tc->packet_header);
  /* each stream class gets its own copy of a scope that other classes
     may share (named types): slots are per instance */
  if (sc->packet_context != NULL && (sc->packet_context->named
                                     || tc->streams->len > 1))
    sc->packet_context = ctf_type_copy (tc, sc->packet_context);
  if (sc->event_header != NULL && (sc->event_header->named
                                   || tc->streams->len > 1))
    sc->event_header = ctf_type_copy (tc, sc->event_header);
  if (sc->event_context != NULL && (sc->event_context->named
                                    || tc->streams->len > 1))
    sc->event_context = ctf_type_copy (tc, sc->event_context);
  CtfType *scopes[4] = { sc->packet_header, sc->packet_context,
                         sc->event_header, sc->event_context };
  for (int i = 0; i < 4; i++)
    if (!prepare_type (c, scopes[i]))
      return FALSE;
  if (!c->exact && (!auto_map (c, sc->event_header, "timestamp")
      || !auto_map (c, sc->packet_context, "timestamp_begin")
      || !auto_map (c, sc->packet_context, "timestamp_end")))
    return FALSE;

  c->next_slot = 0;
  for (int i = 0; i < 4; i++)
    {
      assign_slots (c, scopes[i]);
      if (i == 1)
        sc->n_packet_slots = c->next_slot;
    }
  sc->n_slots = c->next_slot;

  if (c->exact)
    stream_roles (sc);
  else
    stream_names (c, sc);

  c->scopes[SC_PH] = sc->packet_header;
  c->scopes[SC_PC] = sc->packet_context;
  c->scopes[SC_EH] = sc->event_header;
  c->scopes[SC_EC] = sc->event_context;
  c->scopes[SC_CTX] = c->scopes[SC_FIELDS] = NULL;
  for (int s = 0; s < 4; s++)
    if (!resolve_scope (c, s))
      return FALSE;

  sc->max_slots = sc->n_slots;
  int stream_slots = sc->n_slots;
  for (guint e = 0; e < sc->events->len; e++)
    {
      CtfEventClass *ec = sc->events->pdata[e];
      c->line = ec->line;
      c->frag = ec->frag;
      c->frag_off = ec->frag_off;
      if (ec->context != NULL && ec->context->named)
        ec->context = ctf_type_copy (tc, ec->context);
      if (ec->fields != NULL && ec->fields->named)
        ec->fields = ctf_type_copy (tc, ec->fields);
      if (!prepare_type (c, ec->context) || !prepare_type (c, ec->fields))
        return FALSE;
      c->next_slot = stream_slots;
      assign_slots (c, ec->context);
      assign_slots (c, ec->fields);
      ec->n_slots = c->next_slot - stream_slots;
      ec->slot_types = ctf_alloc (tc, sizeof (CtfType *) * (ec->n_slots + 1));
      if (ec->n_slots > 0)
        memcpy (ec->slot_types, c->slot_types + stream_slots,
                sizeof (CtfType *) * ec->n_slots);
      if (c->next_slot > sc->max_slots)
        sc->max_slots = c->next_slot;
      c->scopes[SC_CTX] = ec->context;
      c->scopes[SC_FIELDS] = ec->fields;
      if (!resolve_scope (c, SC_CTX) || !resolve_scope (c, SC_FIELDS))
        return FALSE;
      update_in_ir (ec->fields);
      update_in_ir (ec->context);
      c->line = 0;
      c->frag = sc->frag;
      c->frag_off = sc->frag_off;
    }
  for (int i = 0; i < 4; i++)
    ctf_compile_plans (tc, scopes[i]);
  update_in_ir (sc->event_context);
  force_out (sc->event_header);
  update_in_ir (sc->packet_context);
  force_out (sc->packet_header);

  sc->slot_types = g_new (CtfType *, sc->n_slots + 1);
  if (sc->n_slots > 0)
    memcpy (sc->slot_types, c->slot_types,
            sizeof (CtfType *) * sc->n_slots);

  /* event classes by id: an array when the ids are small */
  uint64_t max_id = 0;
  for (guint e = 0; e < sc->events->len; e++)
    max_id = MAX (max_id, ((CtfEventClass *) sc->events->pdata[e])->id);
  if (max_id < 65536)
    {
      sc->n_dense = max_id + 1;
      sc->events_dense = g_new0 (CtfEventClass *, sc->n_dense);
      for (guint e = 0; e < sc->events->len; e++)
        {
          CtfEventClass *ec = sc->events->pdata[e];
          sc->events_dense[ec->id] = ec;
        }
    }
  else
    {
      sc->events_by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
      for (guint e = 0; e < sc->events->len; e++)
        {
          CtfEventClass *ec = sc->events->pdata[e];
          g_hash_table_insert (sc->events_by_id, &ec->id, ec);
        }
    }
  return TRUE;
}

static gboolean
prepare_clocks (Compiler *c)
{
  for (guint i = 0; i < c->tc->clocks->len; i++)
    {
      CtfClock *k = c->tc->clocks->pdata[i];
      k->freq_d = (double) k->freq;
      if (k->offset_neg)
        {
          uint64_t whole = (k->offset + k->freq - 1) / k->freq;
          if (whole > (uint64_t) INT64_MAX
              || k->offset_s < INT64_MIN + (int64_t) whole)
            return cfail (c, "clock '%s': offset out of range", k->name);
          k->offset_s -= (int64_t) whole;
          k->offset = whole * k->freq - k->offset;
          k->offset_neg = FALSE;
        }
      if (k->offset >= k->freq)
        {
          uint64_t whole = k->offset / k->freq;
          if (whole > (uint64_t) INT64_MAX
              || k->offset_s > INT64_MAX - (int64_t) whole)
            return cfail (c, "clock '%s': offset out of range", k->name);
          k->offset_s += (int64_t) whole;
          k->offset %= k->freq;
        }
      if (k->offset_s <= INT64_MIN / 1000000000 - 1
          || k->offset_s >= INT64_MAX / 1000000000 - 1)
        k->overflows = TRUE;
      else
        k->base_ns = k->offset_s * 1000000000
                     + (int64_t) ctf_cycles_to_ns (k->freq, k->freq_d,
                                                   k->offset);
      /* as ctf_clock_to_ns: the sum must fit */
      if (k->freq == 1000000000u && !k->overflows)
        k->direct_below = k->base_ns <= 0 ? (uint64_t) INT64_MAX
                          : (uint64_t) (INT64_MAX - k->base_ns) + 1;
    }
  return TRUE;
}

gboolean
ctf_trace_class_compile (CtfTraceClass *tc, const char *path, GError **error)
{
  Compiler c = { .tc = tc, .path = path, .error = error,
                 .exact = tc->major == 2 };
  gboolean ok = FALSE;
  GHashTable *seen_ids = NULL;

  if (tc->major == 0)
    {
      c.line = tc->last_line;
      cfail (&c, "end of metadata without a trace block (CTF version and "
             "byte order)");
      goto out;
    }
  if (tc->byte_order < 0)
    {
      c.line = tc->last_line;
      cfail (&c, "end of metadata: the trace block has no byte_order");
      goto out;
    }
  if (!prepare_clocks (&c))
    goto out;
  if (tc->streams->len == 0)
    {
      CtfStreamClass *sc = ctf_alloc (tc, sizeof *sc);
      sc->events = g_ptr_array_new ();
      g_ptr_array_add (tc->streams, sc);
    }
  /* per stream class, the event ids seen (keys point at the classes' ids) */
  seen_ids = g_hash_table_new_full (g_direct_hash, NULL, NULL,
                                    (GDestroyNotify) g_hash_table_unref);
  for (guint i = 0; i < tc->pending_events->len; i++)
    {
      CtfEventClass *ec = tc->pending_events->pdata[i];
      CtfStreamClass *sc = NULL;
      ec->name_len = strlen (ec->name);
      c.line = ec->line;
      c.frag = ec->frag;
      c.frag_off = ec->frag_off;
      if (!ec->has_stream_id && tc->streams->len > 1)
        {
          cfail (&c, "event '%s' has no stream_id and the trace has several "
                 "stream classes", ec->name);
          goto out;
        }
      for (guint s = 0; s < tc->streams->len; s++)
        {
          CtfStreamClass *o = tc->streams->pdata[s];
          if (o->id == ec->stream_id)
            sc = o;
        }
      c.line = ec->line;
      c.frag = ec->frag;
      c.frag_off = ec->frag_off;
      if (sc == NULL)
        {
          cfail (&c, "event '%s' refers to unknown stream class %"
                 G_GUINT64_FORMAT, ec->name, ec->stream_id);
          goto out;
        }
      GHashTable *ids = g_hash_table_lookup (seen_ids, sc);
      if (ids == NULL)
        {
          ids = g_hash_table_new (g_int64_hash, g_int64_equal);
          g_hash_table_insert (seen_ids, sc, ids);
        }
      if (!g_hash_table_add (ids, &ec->id))
        {
          cfail (&c, "event id %" G_GUINT64_FORMAT " declared twice in "
                 "stream class %" G_GUINT64_FORMAT, ec->id, sc->id);
          goto out;
        }
      ec->sc = sc;
      g_ptr_array_add (sc->events, ec);
      c.line = 0;
      c.frag = 0;
    }
  for (guint s = 0; s < tc->streams->len; s++)
    {
      CtfStreamClass *sc = tc->streams->pdata[s];
      if (!compile_stream_class (&c, sc))
        goto out;
      for (guint e = 0; e < sc->events->len; e++)
        {
          CtfEventClass *ec = sc->events->pdata[e];
          ec->index = tc->events->len;
          g_ptr_array_add (tc->events, ec);
        }
    }
  ok = TRUE;
out:
  if (seen_ids != NULL)
    g_hash_table_unref (seen_ids);
  g_free (c.slot_types);
  return ok;
}

/* --- Decoding plans ----------------------------------------------------------- */

static void
emit (GArray *ops, uint8_t op, guint align, int slot, const CtfType *t)
{
  CtfOp o = { .op = op, .align = (uint16_t) align, .slot = slot, .t = t };
  g_array_append_val (ops, o);
}

/* Whole-byte little-endian integers that follow one another need no
 * alignment or bounds check each once their block starts on a byte and
 * fits: a block op covers such a run. */
static gboolean
blockable (const CtfOp *o)
{
  const CtfType *t = o->t;
  if (o->op > CTF_OP_S64 && o->op != CTF_OP_INT)
    return FALSE;
  return t->kind == CTF_T_INT && t->byte_order == CTF_LE && t->align <= 8
         && (t->size == 8 || t->size == 16 || t->size == 32 || t->size == 64)
         && G_BYTE_ORDER == G_LITTLE_ENDIAN;
}

static GArray *
add_blocks (GArray *ops)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (CtfOp));
  for (guint i = 0; i < ops->len;)
    {
      guint j = i;
      while (j < ops->len && blockable (&g_array_index (ops, CtfOp, j)))
        j++;
      if (j - i >= 2)
        {
          CtfOp b = { .op = CTF_OP_BLOCK, .align = 8, .off = j - i,
                      .slot = -1 };
          guint idx = out->len;
          g_array_append_val (out, b);
          uint32_t off = 0;
          for (guint k = i; k < j; k++)
            {
              CtfOp m = g_array_index (ops, CtfOp, k);
              m.bytes = (uint8_t) (m.t->size / 8);
              m.bits = 64 - m.t->size;   /* the shift that keeps its bits */
              m.off = off;
              off += m.bytes;
              g_array_append_val (out, m);
            }
          g_array_index (out, CtfOp, idx).bits = off * 8;
          i = j;
        }
      else
        {
          g_array_append_val (out, g_array_index (ops, CtfOp, i));
          i++;
        }
    }
  g_array_free (ops, TRUE);
  return out;
}

static void
emit_struct (GArray *ops, const CtfType *st)
{
  if (st->align > 1)
    emit (ops, CTF_OP_ALIGN, st->align, st->slot, st);
  for (guint i = 0; i < st->n_fields; i++)
    {
      const CtfType *t = st->fields[i].type;
      if (t->kind == CTF_T_STRUCT)
        emit_struct (ops, t);
      else if (t->kind == CTF_T_STRING && t->str_enc == 0)
        emit (ops, CTF_OP_STRING, 8, t->slot, t);
      else if (t->kind == CTF_T_INT && t->varint)
        emit (ops, CTF_OP_NODE, 1, t->slot, t);   /* LEB128: ctf_decode */
      else if (t->kind == CTF_T_INT && t->byte_order == CTF_LE
               && t->clock == NULL
               && t->meaning == CTF_MEAN_NONE
               && (t->size == 8 || t->size == 16 || t->size == 32
                   || t->size == 64) && G_BYTE_ORDER == G_LITTLE_ENDIAN)
        {
          int k = t->size == 8 ? 0 : t->size == 16 ? 1 : t->size == 32 ? 2
                  : 3;
          emit (ops, (uint8_t) ((t->is_signed ? CTF_OP_S8 : CTF_OP_U8) + k),
                t->align, t->slot, t);
        }
      else if (t->kind == CTF_T_INT)
        emit (ops, CTF_OP_INT, t->align, t->slot, t);
      else if (t->kind == CTF_T_ARRAY && t->is_text)
        emit (ops, CTF_OP_TEXT_ARRAY, t->align, t->slot, t);
      else if (t->kind == CTF_T_SEQ && t->is_text)
        emit (ops, CTF_OP_TEXT_SEQ, t->align, t->slot, t);
      else if ((t->kind == CTF_T_ARRAY || t->kind == CTF_T_SEQ)
               && (t->elem->kind == CTF_T_INT || t->elem->kind == CTF_T_FLOAT)
               && !t->elem->varint && t->elem->size % t->elem->align == 0
               && t->elem->clock == NULL && t->elem->meaning == CTF_MEAN_NONE)
        emit (ops, CTF_OP_INT_ARRAY, t->align, t->slot, t);
      else if (t->kind == CTF_T_VARIANT && t->option_of_value != NULL)
        emit (ops, CTF_OP_VARIANT, 1, t->slot, t);
      else
        emit (ops, CTF_OP_NODE, 1, t->slot, t);
    }
}

/* The caller saw plans_ready at 0 (an acquire load, ctf-types.h). Not
 * g_once: its every completion wakes waiters with a system call, one per
 * event class on the first pass over a trace (180 for LTTng kernel). */
void
ctf_event_plans_build_once (CtfTraceClass *tc, CtfEventClass *ec)
{
  G_LOCK (ctf_model);
  if (__atomic_load_n (&ec->plans_ready, __ATOMIC_RELAXED) == 0)
    {
      ctf_compile_plans (tc, ec->context);
      ctf_compile_plans (tc, ec->fields);
      __atomic_store_n (&ec->plans_ready, 1, __ATOMIC_RELEASE);
    }
  G_UNLOCK (ctf_model);
}

CtfOp *
ctf_plan_subset (const CtfType *st, const int *keep, guint n_keep,
                 guint *n_ops)
{
  if (st->plan == NULL)
    return NULL;
  const CtfOp *plan = st->plan, *end = st->plan + st->n_plan;
  guint n_slots = (guint) (st->slot_end - st->slot_first), dropped = 0;
  g_autofree gboolean *kept = g_new0 (gboolean, n_slots + 1);
  for (guint i = 0; i < n_keep; i++)
    if (keep[i] >= st->slot_first && keep[i] < st->slot_end)
      kept[keep[i] - st->slot_first] = TRUE;
  /* Lengths and tags are read by later ops; what a generically decoded
   * node or a variant's options refer to is not followed: no subset. */
  for (const CtfOp *o = plan; o < end; o++)
    {
      if (o->op == CTF_OP_NODE || o->op == CTF_OP_VARIANT)
        return NULL;
      if (o->op == CTF_OP_BLOCK || o->op == CTF_OP_BLOCK_PLAIN)
        {
          o += o->off;
          continue;
        }
      if (o->t != NULL && o->t->kind == CTF_T_SEQ
          && o->t->ref_slot >= st->slot_first && o->t->ref_slot < st->slot_end)
        kept[o->t->ref_slot - st->slot_first] = TRUE;
    }
  GArray *out = g_array_new (FALSE, FALSE, sizeof (CtfOp));
  for (const CtfOp *o = plan; o < end; o++)
    {
      if (o->op != CTF_OP_BLOCK && o->op != CTF_OP_BLOCK_PLAIN)
        {
          g_array_append_val (out, *o);
          continue;
        }
      guint head = out->len;
      CtfOp b = *o;
      b.op = CTF_OP_BLOCK;      /* its slots are no longer consecutive */
      b.slot = -1;
      b.full = o;
      g_array_append_val (out, b);
      for (const CtfOp *m = o + 1; m <= o + o->off; m++)
        if (m->op == CTF_OP_INT || kept[m->slot - st->slot_first])
          g_array_append_val (out, *m);
        else
          dropped++;
      g_array_index (out, CtfOp, head).off = out->len - head - 1;
      o += o->off;
    }
  if (dropped == 0)
    {
      g_array_free (out, TRUE);
      return NULL;
    }
  *n_ops = out->len;
  return (CtfOp *) g_array_free (out, FALSE);
}

/* Turns a block into a plain block when its integers need no check and
 * fill consecutive slots: the commonest block, read with no branch per
 * integer and no slot number to load. */
static void
make_plain (CtfTraceClass *tc, CtfOp *b)
{
  const CtfOp *m = b + 1;
  for (guint k = 0; k < b->off; k++)
    if (m[k].op > CTF_OP_S64 || m[k].slot != m[0].slot + (int) k)
      return;
  CtfPlainInt *plain = ctf_alloc (tc, b->off * sizeof *plain);
  for (guint k = 0; k < b->off; k++)
    {
      guint size = 64 - m[k].bits;
      gboolean is_signed = m[k].op >= CTF_OP_S8;
      plain[k].off = m[k].off;
      plain[k].mask = size < 64 ? (UINT64_C (1) << size) - 1 : ~UINT64_C (0);
      plain[k].sign = is_signed && size < 64 ? UINT64_C (1) << (size - 1) : 0;
    }
  b->op = CTF_OP_BLOCK_PLAIN;
  b->slot = m[0].slot;
  b->plain = plain;
}

/* Gives every structure of `t` its plan (structures inside arrays and
 * variants too, as they are decoded through ctf_decode). */
void
ctf_compile_plans (CtfTraceClass *tc, CtfType *t)
{
  if (t == NULL)
    return;
  if (t->kind == CTF_T_STRUCT && t->plan == NULL)
    {
      GArray *ops = g_array_new (FALSE, FALSE, sizeof (CtfOp));
      emit_struct (ops, t);
      ops = add_blocks (ops);
      CtfOp *plan = ctf_alloc (tc, sizeof (CtfOp) * (ops->len + 1));
      if (ops->len > 0)
        memcpy (plan, ops->data, sizeof (CtfOp) * ops->len);
      for (guint i = 0; i < ops->len; i++)
        if (plan[i].op == CTF_OP_BLOCK)
          make_plain (tc, &plan[i]);
      t->n_plan = ops->len;
      g_array_free (ops, TRUE);
      /* whole before it is seen: another thread may be decoding a class
       * that shares this structure */
      __atomic_store_n (&t->plan, plan, __ATOMIC_RELEASE);
    }
  for (guint i = 0; i < t->n_fields; i++)
    ctf_compile_plans (tc, t->fields[i].type);
  if (t->elem != NULL)
    ctf_compile_plans (tc, t->elem);
}

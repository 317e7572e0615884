/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf2-emit.c: a compiled CTF 1.8 trace class as CTF 2 fragments, shaped
 * as babeltrace2 2.1 writes them (sink.ctf.fs) and as its CTF 2 test
 * traces: preamble, trace class, clock classes, data stream classes,
 * event record classes, in that order. The data streams are not touched,
 * so every field class says exactly what the TSDL said of the bytes:
 * special fields get the roles babeltrace2 gives their names, text arrays
 * become strings of the same length, sequence lengths and variant tags
 * become absolute field locations. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "ctf2-emit.h"

/* Unsigned values above INT64_MAX, which json-glib cannot hold: written
 * as this string, then replaced by the bare number in the text. */
#define BIG_MARK "@@ctf2-u64@@"

typedef struct {
  const char *origin;
  GPtrArray *path;               /* const char *: member names */
} Location;

typedef struct {
  CtfTraceClass *tc;
  GError **error;
  gboolean failed;
  const char *origin;            /* the scope being written */
  const CtfStreamClass *sc;
  const char *what;              /* "event 'X'", for errors */
  GPtrArray *path;               /* where in the scope */
  GHashTable *where;             /* CtfType* -> Location*, fields seen */
} Emit;

static void
location_free (gpointer p)
{
  Location *l = p;
  g_ptr_array_unref (l->path);
  g_free (l);
}

static JsonNode *
efail (Emit *e, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static JsonNode *
efail (Emit *e, const char *fmt, ...)
{
  if (e->failed)
    return NULL;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  GString *at = g_string_new (NULL);
  for (guint i = 0; i < e->path->len; i++)
    g_string_append_printf (at, "%s%s", i ? "." : "",
                            (const char *) e->path->pdata[i]);
  g_set_error (e->error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
               "%s%s%s, field '%s': %s", e->what ? e->what : "",
               e->what ? ", " : "", e->origin, at->str, msg);
  g_string_free (at, TRUE);
  e->failed = TRUE;
  return NULL;
}

static void
set_u64 (JsonObject *o, const char *name, uint64_t v)
{
  if (v <= INT64_MAX)
    json_object_set_int_member (o, name, (gint64) v);
  else
    {
      g_autofree char *s = g_strdup_printf (BIG_MARK "%" PRIu64, v);
      json_object_set_string_member (o, name, s);
    }
}

static void
add_u64 (JsonArray *a, uint64_t v)
{
  if (v <= INT64_MAX)
    json_array_add_int_element (a, (gint64) v);
  else
    {
      g_autofree char *s = g_strdup_printf (BIG_MARK "%" PRIu64, v);
      json_array_add_string_element (a, s);
    }
}

static JsonArray *
range (const CtfMapping *m)
{
  JsonArray *r = json_array_new ();
  if (m->is_signed)
    {
      json_array_add_int_element (r, m->lo);
      json_array_add_int_element (r, m->hi);
    }
  else
    {
      add_u64 (r, (uint64_t) m->lo);
      add_u64 (r, (uint64_t) m->hi);
    }
  return r;
}

static gboolean
ranges_meet (const CtfMapping *a, const CtfMapping *b)
{
  if (a->is_signed)
    return a->lo <= b->hi && b->lo <= a->hi;
  return (uint64_t) a->lo <= (uint64_t) b->hi
         && (uint64_t) b->lo <= (uint64_t) a->hi;
}

static const char *
byte_order (Emit *e, const CtfType *t)
{
  int bo = t->byte_order >= 0 ? t->byte_order : e->tc->byte_order;
  return bo == CTF_BE ? "big-endian" : "little-endian";
}

static JsonNode *
object_node (JsonObject *o)
{
  JsonNode *n = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (n, o);
  return n;
}

static JsonNode *
location_node (Emit *e, const CtfType *target, const char *what)
{
  const Location *l = target != NULL ? g_hash_table_lookup (e->where,
                                                            target) : NULL;
  if (l == NULL)
    return efail (e, "cannot locate its %s field", what);
  JsonObject *o = json_object_new ();
  json_object_set_string_member (o, "origin", l->origin);
  JsonArray *p = json_array_new ();
  for (guint i = 0; i < l->path->len; i++)
    json_array_add_string_element (p, l->path->pdata[i]);
  json_object_set_array_member (o, "path", p);
  return object_node (o);
}

/* The roles of an integer: its meaning, or a clock timestamp where CTF 2
 * can say it (a packet context or an event record header). */
static JsonArray *
roles (Emit *e, const CtfType *t)
{
  const char *r = NULL;
  switch (t->meaning)
    {
    case CTF_MEAN_MAGIC: r = "packet-magic-number"; break;
    case CTF_MEAN_STREAM_ID: r = "data-stream-class-id"; break;
    case CTF_MEAN_STREAM_INSTANCE_ID: r = "data-stream-id"; break;
    case CTF_MEAN_TS_BEGIN: r = "default-clock-timestamp"; break;
    case CTF_MEAN_TS_END: r = "packet-end-default-clock-timestamp"; break;
    case CTF_MEAN_PACKET_SIZE: r = "packet-total-length"; break;
    case CTF_MEAN_CONTENT_SIZE: r = "packet-content-length"; break;
    case CTF_MEAN_DISCARDED:
      r = "discarded-event-record-counter-snapshot";
      break;
    case CTF_MEAN_SEQ_NUM: r = "packet-sequence-number"; break;
    case CTF_MEAN_EVENT_ID: r = "event-record-class-id"; break;
    default: break;
    }
  if (t->clock != NULL)
    {
      gboolean header = strcmp (e->origin, "event-record-header") == 0;
      if (!header && strcmp (e->origin, "packet-context") != 0)
        {
          efail (e, "maps clock '%s' outside a packet context or event "
                 "header: no CTF 2 role says so", t->clock->name);
          return NULL;
        }
      if (e->sc == NULL || t->clock != e->sc->clock)
        {
          efail (e, "maps clock '%s', not its stream's default clock",
                 t->clock->name);
          return NULL;
        }
      if (header && r == NULL)
        r = "default-clock-timestamp";
    }
  if (r == NULL)
    return NULL;
  JsonArray *a = json_array_new ();
  json_array_add_string_element (a, r);
  return a;
}

static JsonNode *field_class (Emit *e, const CtfType *t);

static JsonNode *
integer (Emit *e, const CtfType *t)
{
  if (t->size == 0 || t->size > 64)
    return efail (e, "integer of %u bits", t->size);
  JsonObject *o = json_object_new ();
  json_object_set_string_member (o, "type", t->is_signed
                                 ? "fixed-length-signed-integer"
                                 : "fixed-length-unsigned-integer");
  json_object_set_int_member (o, "length", t->size);
  json_object_set_string_member (o, "byte-order", byte_order (e, t));
  if (t->align > 1)
    json_object_set_int_member (o, "alignment", t->align);
  if (t->base != 10 && t->base != 0)
    json_object_set_int_member (o, "preferred-display-base", t->base);
  if (t->is_enum && t->n_mappings > 0)
    {
      /* one member per label, its ranges in metadata order */
      JsonObject *maps = json_object_new ();
      for (guint m = 0; m < t->n_mappings; m++)
        {
          const char *label = t->mappings[m].label;
          if (!json_object_has_member (maps, label))
            json_object_set_array_member (maps, label, json_array_new ());
          json_array_add_array_element (json_object_get_array_member (maps,
                                                                      label),
                                        range (&t->mappings[m]));
        }
      json_object_set_object_member (o, "mappings", maps);
    }
  JsonArray *r = roles (e, t);
  if (r != NULL)
    json_object_set_array_member (o, "roles", r);
  if (e->failed)
    {
      json_object_unref (o);
      return NULL;
    }
  return object_node (o);
}

static JsonNode *
floating (Emit *e, const CtfType *t)
{
  guint bits = t->exp_dig + t->mant_dig;
  if (!((t->exp_dig == 8 && t->mant_dig == 24)
        || (t->exp_dig == 11 && t->mant_dig == 53)))
    return efail (e, "floating point number of %u exponent and %u mantissa "
                  "digits: CTF 2 has binary32 and binary64 here",
                  t->exp_dig, t->mant_dig);
  JsonObject *o = json_object_new ();
  json_object_set_string_member (o, "type",
                                 "fixed-length-floating-point-number");
  json_object_set_int_member (o, "length", bits);
  json_object_set_string_member (o, "byte-order", byte_order (e, t));
  if (t->align > 1)
    json_object_set_int_member (o, "alignment", t->align);
  return object_node (o);
}

static JsonNode *
structure (Emit *e, const CtfType *t)
{
  JsonObject *o = json_object_new ();
  json_object_set_string_member (o, "type", "structure");
  JsonArray *members = json_array_new ();
  json_object_set_array_member (o, "member-classes", members);
  for (guint i = 0; i < t->n_fields && !e->failed; i++)
    {
      const CtfField *f = &t->fields[i];
      g_ptr_array_add (e->path, f->name);
      Location *l = g_new (Location, 1);
      l->origin = e->origin;
      l->path = g_ptr_array_copy (e->path, NULL, NULL);
      g_hash_table_insert (e->where, f->type, l);
      JsonNode *fc = field_class (e, f->type);
      g_ptr_array_remove_index (e->path, e->path->len - 1);
      if (fc == NULL)
        break;
      JsonObject *m = json_object_new ();
      json_object_set_string_member (m, "name", f->name);
      json_object_set_member (m, "field-class", fc);
      json_array_add_object_element (members, m);
    }
  if (t->align > 1)
    json_object_set_int_member (o, "minimum-alignment", t->align);
  if (e->failed)
    {
      json_object_unref (o);
      return NULL;
    }
  return object_node (o);
}

/* Options chosen by integer ranges: each option gets the ranges of the
 * tag's mappings whose labels name it (babeltrace2's matching, with or
 * without a leading underscore, done by the compiler). */
static JsonNode *
variant (Emit *e, const CtfType *t)
{
  const CtfType *tag = t->ref_type;
  if (tag == NULL || t->option_of_mapping == NULL)
    return efail (e, "variant without a resolved tag");
  for (guint a = 0; a < tag->n_mappings; a++)
    for (guint b = a + 1; b < tag->n_mappings; b++)
      if (t->option_of_mapping[a] >= 0 && t->option_of_mapping[b] >= 0
          && t->option_of_mapping[a] != t->option_of_mapping[b]
          && ranges_meet (&tag->mappings[a], &tag->mappings[b]))
        return efail (e, "tag labels '%s' and '%s' overlap and choose "
                      "different options: CTF 2 options cannot overlap",
                      tag->mappings[a].label, tag->mappings[b].label);
  JsonNode *sel = location_node (e, tag, "tag");
  if (sel == NULL)
    return NULL;
  JsonObject *o = json_object_new ();
  json_object_set_string_member (o, "type", "variant");
  json_object_set_member (o, "selector-field-location", sel);
  JsonArray *opts = json_array_new ();
  json_object_set_array_member (o, "options", opts);
  for (guint i = 0; i < t->n_fields && !e->failed; i++)
    {
      JsonArray *ranges = json_array_new ();
      for (guint m = 0; m < tag->n_mappings; m++)
        if (t->option_of_mapping[m] == (int) i)
          json_array_add_array_element (ranges, range (&tag->mappings[m]));
      if (json_array_get_length (ranges) == 0)
        {
          /* no tag value chooses it: CTF 2 wants ranges, and the bytes
             never hold it */
          json_array_unref (ranges);
          continue;
        }
      JsonNode *fc = field_class (e, t->fields[i].type);
      if (fc == NULL)
        {
          json_array_unref (ranges);
          break;
        }
      JsonObject *opt = json_object_new ();
      json_object_set_string_member (opt, "name", t->fields[i].name);
      json_object_set_member (opt, "field-class", fc);
      json_object_set_array_member (opt, "selector-field-ranges", ranges);
      json_array_add_object_element (opts, opt);
    }
  if (e->failed)
    {
      json_object_unref (o);
      return NULL;
    }
  if (json_array_get_length (opts) == 0)
    {
      json_object_unref (o);
      return efail (e, "variant of which no tag value chooses an option");
    }
  return object_node (o);
}

static JsonNode *
array (Emit *e, const CtfType *t)
{
  gboolean dynamic = t->kind == CTF_T_SEQ;
  JsonObject *o = json_object_new ();
  if (dynamic)
    {
      JsonNode *len = location_node (e, t->ref_type, "length");
      if (len == NULL)
        {
          json_object_unref (o);
          return NULL;
        }
      json_object_set_member (o, "length-field-location", len);
    }
  else
    set_u64 (o, "length", t->length);
  if (t->meaning == CTF_MEAN_UUID && !dynamic && t->length == 16)
    {
      json_object_set_string_member (o, "type", "static-length-blob");
      JsonArray *r = json_array_new ();
      json_array_add_string_element (r, "metadata-stream-uuid");
      json_object_set_array_member (o, "roles", r);
      return object_node (o);
    }
  if (t->is_text)
    {
      /* 8-bit encoded integers: babeltrace2 shows them as a string up to
         the first NUL, as CTF 2 strings of that length */
      json_object_set_string_member (o, "type", dynamic
                                     ? "dynamic-length-string"
                                     : "static-length-string");
      return object_node (o);
    }
  json_object_set_string_member (o, "type", dynamic ? "dynamic-length-array"
                                 : "static-length-array");
  JsonNode *elem = field_class (e, t->elem);
  if (elem == NULL)
    {
      json_object_unref (o);
      return NULL;
    }
  json_object_set_member (o, "element-field-class", elem);
  return object_node (o);
}

static JsonNode *
field_class (Emit *e, const CtfType *t)
{
  if (e->failed)
    return NULL;
  switch (t->kind)
    {
    case CTF_T_INT: return integer (e, t);
    case CTF_T_FLOAT: return floating (e, t);
    case CTF_T_STRING:
      {
        JsonObject *o = json_object_new ();
        json_object_set_string_member (o, "type", "null-terminated-string");
        return object_node (o);
      }
    case CTF_T_STRUCT: return structure (e, t);
    case CTF_T_VARIANT: return variant (e, t);
    case CTF_T_ARRAY:
    case CTF_T_SEQ: return array (e, t);
    }
  return efail (e, "unknown type");
}

/* A scope's structure as member `name` of `o`, when there is one. */
static void
scope (Emit *e, JsonObject *o, const char *name, const char *origin,
       const CtfType *t)
{
  if (t == NULL || e->failed)
    return;
  e->origin = origin;
  if (t->kind != CTF_T_STRUCT)
    {
      efail (e, "the scope is not a structure");
      return;
    }
  JsonNode *n = field_class (e, t);
  if (n != NULL)
    json_object_set_member (o, name, n);
}

static char *
uuid_text (const uint8_t u[16])
{
  return g_strdup_printf ("%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
                          "%02x%02x%02x%02x%02x%02x", u[0], u[1], u[2], u[3],
                          u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11],
                          u[12], u[13], u[14], u[15]);
}

static void
append_fragment (GString *out, JsonObject *o)
{
  JsonNode *n = object_node (o);
  g_autofree char *text = json_to_string (n, FALSE);
  json_node_unref (n);
  g_string_append_c (out, 0x1e);
  g_string_append (out, text);
  g_string_append_c (out, '\n');
}

static gboolean
is_lttng (const CtfTraceClass *tc)
{
  const CtfEnvEntry *t = ctf_trace_class_env (tc, "tracer_name");
  return t != NULL && !t->is_int && t->s != NULL
         && g_str_has_prefix (t->s, "lttng");
}

static void
preamble_and_trace (Emit *e, GString *out)
{
  CtfTraceClass *tc = e->tc;
  JsonObject *p = json_object_new ();
  json_object_set_string_member (p, "type", "preamble");
  json_object_set_int_member (p, "version", 2);
  if (tc->has_uuid)
    {
      JsonArray *u = json_array_new ();
      for (int i = 0; i < 16; i++)
        json_array_add_int_element (u, tc->uuid[i]);
      json_object_set_array_member (p, "uuid", u);
    }
  append_fragment (out, p);

  JsonObject *t = json_object_new ();
  json_object_set_string_member (t, "type", "trace-class");
  g_autofree char *uid = tc->has_uuid ? uuid_text (tc->uuid) : NULL;
  if (uid != NULL)
    json_object_set_string_member (t, "uid", uid);
  if (is_lttng (tc))
    json_object_set_string_member (t, "namespace", "lttng.org,2009");
  if (tc->env->len > 0)
    {
      JsonObject *env = json_object_new ();
      for (guint i = 0; i < tc->env->len; i++)
        {
          const CtfEnvEntry *v = tc->env->pdata[i];
          if (v->is_int)
            json_object_set_int_member (env, v->key, v->i);
          else
            json_object_set_string_member (env, v->key, v->s ? v->s : "");
        }
      json_object_set_object_member (t, "environment", env);
    }
  /* every stream class has a compiled copy of the packet header, its
     meanings set: the first one's is the trace's */
  const CtfType *ph = tc->packet_header;
  if (tc->streams->len > 0)
    {
      e->sc = tc->streams->pdata[0];
      ph = e->sc->packet_header;
    }
  e->what = "trace";
  scope (e, t, "packet-header-field-class", "packet-header", ph);
  append_fragment (out, t);
}

static void
clock_classes (Emit *e, GString *out)
{
  for (guint i = 0; i < e->tc->clocks->len; i++)
    {
      const CtfClock *k = e->tc->clocks->pdata[i];
      JsonObject *o = json_object_new ();
      json_object_set_string_member (o, "type", "clock-class");
      json_object_set_string_member (o, "id", k->name);
      json_object_set_string_member (o, "name", k->name);
      set_u64 (o, "frequency", k->freq);
      /* compiled: offset below freq, whole seconds in offset_s */
      if (k->offset_s != 0 || k->offset != 0)
        {
          JsonObject *off = json_object_new ();
          json_object_set_int_member (off, "seconds", k->offset_s);
          set_u64 (off, "cycles", k->offset);
          json_object_set_object_member (o, "offset-from-origin", off);
        }
      /* babeltrace2 takes LTTng's clocks as from the Unix epoch */
      if (k->absolute || is_lttng (e->tc))
        json_object_set_string_member (o, "origin", "unix-epoch");
      if (k->description != NULL)
        json_object_set_string_member (o, "description", k->description);
      if (k->has_uuid)
        {
          g_autofree char *uid = uuid_text (k->uuid);
          json_object_set_string_member (o, "uid", uid);
        }
      append_fragment (out, o);
    }
}

static void
stream_class (Emit *e, GString *out, const CtfStreamClass *sc)
{
  e->sc = sc;
  g_autofree char *what = g_strdup_printf ("stream %" PRIu64, sc->id);
  e->what = what;
  JsonObject *o = json_object_new ();
  json_object_set_string_member (o, "type", "data-stream-class");
  set_u64 (o, "id", sc->id);
  if (sc->clock != NULL)
    json_object_set_string_member (o, "default-clock-class-id",
                                   sc->clock->name);
  /* the packet header's fields, for locations (written with the trace) */
  JsonObject *ignored = json_object_new ();
  scope (e, ignored, "x", "packet-header", sc->packet_header);
  json_object_unref (ignored);
  scope (e, o, "packet-context-field-class", "packet-context",
         sc->packet_context);
  scope (e, o, "event-record-header-field-class", "event-record-header",
         sc->event_header);
  scope (e, o, "event-record-common-context-field-class",
         "event-record-common-context", sc->event_context);
  if (!e->failed)
    append_fragment (out, o);
  else
    json_object_unref (o);
  e->what = NULL;

  for (guint i = 0; i < sc->events->len && !e->failed; i++)
    {
      const CtfEventClass *ec = sc->events->pdata[i];
      g_autofree char *ewhat = g_strdup_printf ("event '%s'", ec->name);
      e->what = ewhat;
      JsonObject *ev = json_object_new ();
      json_object_set_string_member (ev, "type", "event-record-class");
      set_u64 (ev, "id", ec->id);
      set_u64 (ev, "data-stream-class-id", sc->id);
      json_object_set_string_member (ev, "name", ec->name);
      if (ec->has_loglevel || ec->model_emf_uri != NULL)
        {
          JsonObject *lt = json_object_new ();
          if (ec->has_loglevel)
            json_object_set_int_member (lt, "log-level", ec->loglevel);
          if (ec->model_emf_uri != NULL)
            json_object_set_string_member (lt, "emf-uri", ec->model_emf_uri);
          JsonObject *attrs = json_object_new ();
          json_object_set_object_member (attrs, "lttng.org,2009", lt);
          json_object_set_object_member (ev, "attributes", attrs);
        }
      scope (e, ev, "specific-context-field-class",
             "event-record-specific-context", ec->context);
      scope (e, ev, "payload-field-class", "event-record-payload",
             ec->fields);
      if (!e->failed)
        append_fragment (out, ev);
      else
        json_object_unref (ev);
      e->what = NULL;
    }
}

char *
ctf2_emit_metadata (CtfTraceClass *tc, gsize *len, GError **error)
{
  Emit e = { .tc = tc, .error = error, .path = g_ptr_array_new (),
             .where = g_hash_table_new_full (NULL, NULL, NULL,
                                             location_free) };
  GString *out = g_string_new (NULL);
  preamble_and_trace (&e, out);
  if (!e.failed)
    clock_classes (&e, out);
  for (guint i = 0; i < tc->streams->len && !e.failed; i++)
    stream_class (&e, out, tc->streams->pdata[i]);
  g_ptr_array_unref (e.path);
  g_hash_table_unref (e.where);
  if (e.failed)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  /* the big unsigned values, as bare numbers */
  if (strstr (out->str, BIG_MARK) != NULL)
    {
      GRegex *re = g_regex_new ("\"" BIG_MARK "([0-9]+)\"", 0, 0, NULL);
      char *fixed = g_regex_replace (re, out->str, out->len, 0, "\\1", 0,
                                     NULL);
      g_regex_unref (re);
      g_string_assign (out, fixed);
      g_free (fixed);
    }
  *len = out->len;
  return g_string_free (out, FALSE);
}

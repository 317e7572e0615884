/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf2-metadata.c: CTF 2 metadata, a JSON text sequence of fragments
 * (preamble, trace class, clock classes, data stream classes, event record
 * classes, field class aliases), read into the trace class. Errors name
 * the fragment (from 0) and its byte offset. */
#include "config.h"

#include "ctf2.h"

#include <lttv/error.h>
#include <string.h>

gboolean
ctf2_fail (Ctf2Reader *r, const char *fmt, ...)
{
  if (r->failed)
    return FALSE;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (r->error, LTTV_ERROR, LTTV_ERROR_METADATA,
               "%s: metadata fragment %u (byte %" G_GSIZE_FORMAT "): %s",
               r->path, r->frag, r->off, msg);
  r->failed = TRUE;
  return FALSE;
}

JsonNode *
ctf2_member (JsonObject *o, const char *name)
{
  JsonNode *n = json_object_get_member (o, name);
  return n != NULL && !JSON_NODE_HOLDS_NULL (n) ? n : NULL;
}

gboolean
ctf2_node_int (JsonNode *n, int64_t *out)
{
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n)
      || json_node_get_value_type (n) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (n);
  return TRUE;
}

gboolean
ctf2_get_int (Ctf2Reader *r, JsonObject *o, const char *name, int64_t *out,
              gboolean *found)
{
  JsonNode *n = ctf2_member (o, name);
  if (found != NULL)
    *found = n != NULL;
  if (n == NULL)
    return TRUE;
  if (!ctf2_node_int (n, out))
    return ctf2_fail (r, "'%s' is not an integer", name);
  return TRUE;
}

gboolean
ctf2_get_uint (Ctf2Reader *r, JsonObject *o, const char *name, uint64_t *out,
               gboolean *found)
{
  int64_t v = 0;
  gboolean here = FALSE;
  if (!ctf2_get_int (r, o, name, &v, &here))
    return FALSE;
  if (found != NULL)
    *found = here;
  if (!here)
    return TRUE;
  if (v < 0)
    return ctf2_fail (r, "'%s' is negative", name);
  *out = (uint64_t) v;
  return TRUE;
}

/* NULL when absent; fails (and returns NULL) when not a string. */
const char *
ctf2_get_string (Ctf2Reader *r, JsonObject *o, const char *name)
{
  JsonNode *n = ctf2_member (o, name);
  if (n == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (n)
      || json_node_get_value_type (n) != G_TYPE_STRING)
    {
      ctf2_fail (r, "'%s' is not a string", name);
      return NULL;
    }
  return json_node_get_string (n);
}

static gboolean
get_uuid (Ctf2Reader *r, JsonObject *o, const char *name, uint8_t *uuid,
          gboolean *has)
{
  JsonNode *n = ctf2_member (o, name);
  if (n == NULL)
    return TRUE;
  JsonArray *a = JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
  if (a == NULL || json_array_get_length (a) != 16)
    return ctf2_fail (r, "'%s' is not an array of 16 bytes", name);
  for (guint i = 0; i < 16; i++)
    {
      int64_t b;
      if (!ctf2_node_int (json_array_get_element (a, i), &b) || b < 0
          || b > 255)
        return ctf2_fail (r, "'%s' is not an array of 16 bytes", name);
      uuid[i] = (uint8_t) b;
    }
  *has = TRUE;
  return TRUE;
}

/* A string member kept in the model (NULL when absent); FALSE when it is
 * not a string. */
static gboolean
keep_string (Ctf2Reader *r, JsonObject *o, const char *name, char **out)
{
  const char *s = ctf2_get_string (r, o, name);
  if (r->failed)
    return FALSE;
  *out = ctf_strdup (r->tc, s);
  return TRUE;
}

/* User attributes (an object, namespaces as keys), kept as JSON text. */
static gboolean
keep_attributes (Ctf2Reader *r, JsonObject *o, char **out)
{
  JsonNode *n = ctf2_member (o, "attributes");
  if (n == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return ctf2_fail (r, "'attributes' is not an object");
  g_autofree char *text = json_to_string (n, FALSE);
  *out = ctf_strdup (r->tc, text);
  return TRUE;
}

/* --- Fragments -------------------------------------------------------------- */

static gboolean
read_preamble (Ctf2Reader *r, JsonObject *o)
{
  int64_t version = 0;
  gboolean found = FALSE;
  if (!ctf2_get_int (r, o, "version", &version, &found))
    return FALSE;
  if (!found)
    return ctf2_fail (r, "the preamble has no 'version'");
  if (version != 2)
    return ctf2_fail (r, "CTF version %" G_GINT64_FORMAT " is not supported "
                      "(only 2 and 1.8)", version);
  /* the spec: a consumer refuses metadata whose extensions it does not
     support; this reader supports none */
  JsonNode *ext = ctf2_member (o, "extensions");
  if (ext != NULL)
    {
      if (!JSON_NODE_HOLDS_OBJECT (ext))
        return ctf2_fail (r, "'extensions' is not an object");
      GList *names = json_object_get_members (json_node_get_object (ext));
      if (names != NULL)
        {
          g_autofree char *first = g_strdup (names->data);
          g_list_free (names);
          return ctf2_fail (r, "the preamble requires the extension "
                            "namespace '%s', which this reader does not "
                            "support", first);
        }
    }
  r->tc->major = 2;
  r->tc->minor = 0;
  return get_uuid (r, o, "uuid", r->tc->uuid, &r->tc->has_uuid);
}

static gboolean
read_env_entry (Ctf2Reader *r, const char *key, JsonNode *v)
{
  CtfTraceClass *tc = r->tc;
  CtfEnvEntry *e = ctf_alloc (tc, sizeof *e);
  e->key = ctf_strdup (tc, key);
  if (ctf2_node_int (v, &e->i))
    e->is_int = TRUE;
  else if (JSON_NODE_HOLDS_VALUE (v)
           && json_node_get_value_type (v) == G_TYPE_STRING)
    e->s = ctf_strdup (tc, json_node_get_string (v));
  else
    return ctf2_fail (r, "environment entry '%s' is neither an integer nor "
                      "a string", key);
  g_ptr_array_add (tc->env, e);
  return TRUE;
}

static gboolean
read_trace_class (Ctf2Reader *r, JsonObject *o, gboolean *seen)
{
  if (*seen)
    return ctf2_fail (r, "a second trace class");
  *seen = TRUE;
  JsonNode *env = ctf2_member (o, "environment");
  if (env != NULL)
    {
      if (!JSON_NODE_HOLDS_OBJECT (env))
        return ctf2_fail (r, "'environment' is not an object");
      JsonObject *eo = json_node_get_object (env);
      GList *names = json_object_get_members (eo);
      for (GList *l = names; l != NULL && !r->failed; l = l->next)
        read_env_entry (r, l->data, json_object_get_member (eo, l->data));
      g_list_free (names);
      if (r->failed)
        return FALSE;
    }
  CtfTraceClass *tc = r->tc;
  if (!keep_string (r, o, "uid", &tc->uid)
      || !keep_string (r, o, "namespace", &tc->ns)
      || !keep_string (r, o, "name", &tc->name)
      || !keep_attributes (r, o, &tc->attributes))
    return FALSE;
  r->clock = NULL;
  r->tc->packet_header = ctf2_scope (r, o, "packet-header-field-class");
  return !r->failed;
}

static gboolean
read_clock_class (Ctf2Reader *r, JsonObject *o)
{
  CtfTraceClass *tc = r->tc;
  CtfClock *k = ctf_alloc (tc, sizeof *k);
  /* its id names it for data stream classes; bt2 shows the name */
  const char *id = ctf2_get_string (r, o, "id");
  const char *name = ctf2_get_string (r, o, "name");
  if (r->failed)
    return FALSE;
  if (id == NULL)
    id = name;
  if (id == NULL)
    return ctf2_fail (r, "clock class without an 'id'");
  if (ctf_trace_class_clock (tc, id) != NULL)
    return ctf2_fail (r, "clock class '%s' declared twice", id);
  k->name = ctf_strdup (tc, id);
  gboolean found = FALSE;
  if (!ctf2_get_uint (r, o, "frequency", &k->freq, &found))
    return FALSE;
  if (!found || k->freq == 0)
    return ctf2_fail (r, "clock class '%s': no frequency, or 0", id);
  if (!keep_string (r, o, "description", &k->description)
      || !keep_string (r, o, "uid", &k->uid)
      || !keep_string (r, o, "namespace", &k->ns)
      || !keep_string (r, o, "name", &k->ident)
      || !ctf2_get_uint (r, o, "precision", &k->precision,
                         &k->has_precision)
      || !ctf2_get_uint (r, o, "accuracy", &k->accuracy, &k->has_accuracy)
      || !keep_attributes (r, o, &k->attributes))
    return FALSE;
  JsonNode *off = ctf2_member (o, "offset-from-origin");
  if (off == NULL)
    off = ctf2_member (o, "offset");        /* before CTF 2.0's release */
  if (off != NULL)
    {
      if (!JSON_NODE_HOLDS_OBJECT (off))
        return ctf2_fail (r, "clock class '%s': the offset is not an object",
                          id);
      JsonObject *oo = json_node_get_object (off);
      if (!ctf2_get_int (r, oo, "seconds", &k->offset_s, NULL)
          || !ctf2_get_uint (r, oo, "cycles", &k->offset, NULL))
        return FALSE;
    }
  /* origin: "unix-epoch", a custom one (an object), or none */
  JsonNode *origin = ctf2_member (o, "origin");
  if (origin != NULL)
    {
      if (JSON_NODE_HOLDS_VALUE (origin)
          && json_node_get_value_type (origin) == G_TYPE_STRING)
        {
          if (strcmp (json_node_get_string (origin), "unix-epoch") != 0)
            return ctf2_fail (r, "clock class '%s': unknown origin '%s'", id,
                              json_node_get_string (origin));
          k->absolute = TRUE;
        }
      else if (JSON_NODE_HOLDS_OBJECT (origin))
        {
          JsonObject *oo = json_node_get_object (origin);
          k->custom_origin = TRUE;
          if (!keep_string (r, oo, "namespace", &k->origin_ns)
              || !keep_string (r, oo, "name", &k->origin_name)
              || !keep_string (r, oo, "uid", &k->origin_uid))
            return FALSE;
        }
      else
        return ctf2_fail (r, "clock class '%s': 'origin' is neither a string "
                          "nor an object", id);
    }
  JsonNode *epoch = ctf2_member (o, "origin-is-unix-epoch");
  if (epoch != NULL)
    {
      if (!JSON_NODE_HOLDS_VALUE (epoch)
          || json_node_get_value_type (epoch) != G_TYPE_BOOLEAN)
        return ctf2_fail (r, "'origin-is-unix-epoch' is not a boolean");
      k->absolute = json_node_get_boolean (epoch);
    }
  if (!get_uuid (r, o, "uuid", k->uuid, &k->has_uuid))
    return FALSE;
  g_ptr_array_add (tc->clocks, k);
  return TRUE;
}

static gboolean
read_stream_class (Ctf2Reader *r, JsonObject *o)
{
  CtfTraceClass *tc = r->tc;
  CtfStreamClass *sc = ctf_alloc (tc, sizeof *sc);
  sc->events = g_ptr_array_new ();
  sc->has_id = TRUE;
  sc->frag = r->frag + 1;
  sc->frag_off = r->off;
  if (!ctf2_get_uint (r, o, "id", &sc->id, NULL))
    goto fail;
  for (guint i = 0; i < tc->streams->len; i++)
    if (((CtfStreamClass *) tc->streams->pdata[i])->id == sc->id)
      {
        ctf2_fail (r, "data stream class %" G_GUINT64_FORMAT " declared "
                   "twice", sc->id);
        goto fail;
      }
  const char *clock = ctf2_get_string (r, o, "default-clock-class-id");
  if (r->failed)
    goto fail;
  r->clock = NULL;
  if (clock != NULL)
    {
      r->clock = ctf_trace_class_clock (tc, clock);
      if (r->clock == NULL)
        {
          ctf2_fail (r, "data stream class %" G_GUINT64_FORMAT ": unknown "
                     "default clock class '%s'", sc->id, clock);
          goto fail;
        }
    }
  sc->clock = r->clock;
  sc->packet_context = ctf2_scope (r, o, "packet-context-field-class");
  sc->event_header = ctf2_scope (r, o, "event-record-header-field-class");
  sc->event_context = ctf2_scope (r, o,
                                  "event-record-common-context-field-class");
  if (r->failed)
    goto fail;
  g_ptr_array_add (tc->streams, sc);
  return TRUE;
fail:
  g_ptr_array_free (sc->events, TRUE);
  return FALSE;
}

/* LTTng's log levels by the names babeltrace2 2.1 writes (sink.ctf.fs),
 * in the order of their values (LTTng's TRACE_EMERG .. TRACE_DEBUG). */
static const char *const log_levels[] = {
  "emergency", "alert", "critical", "error", "warning", "notice", "info",
  "debug:system", "debug:program", "debug:process", "debug:module",
  "debug:unit", "debug:function", "debug:line", "debug",
};

/* The log level, an attribute: LTTng 2.15 writes it in its namespace
 * by name ("debug:line"), babeltrace2 2.1's sink.ctf.fs in its own
 * namespace by name, tsdl-to-ctf2 in LTTng's as LTTng's integer. Another
 * value is left out (an attribute, not what decoding needs). */
static void
read_log_level (JsonObject *o, CtfEventClass *ec)
{
  static const char *const spaces[] = { "lttng.org,2009",
                                        "babeltrace.org,2020" };
  JsonNode *a = ctf2_member (o, "attributes");
  if (a == NULL || !JSON_NODE_HOLDS_OBJECT (a))
    return;
  for (guint n = 0; n < G_N_ELEMENTS (spaces) && !ec->has_loglevel; n++)
    {
      JsonNode *l = ctf2_member (json_node_get_object (a), spaces[n]);
      if (l == NULL || !JSON_NODE_HOLDS_OBJECT (l))
        continue;
      JsonNode *lv = ctf2_member (json_node_get_object (l), "log-level");
      int64_t v;
      if (ctf2_node_int (lv, &v))
        {
          ec->loglevel = v;
          ec->has_loglevel = TRUE;
        }
      else if (lv != NULL && JSON_NODE_HOLDS_VALUE (lv)
               && json_node_get_value_type (lv) == G_TYPE_STRING)
        for (guint k = 0; k < G_N_ELEMENTS (log_levels); k++)
          if (strcmp (json_node_get_string (lv), log_levels[k]) == 0)
            {
              ec->loglevel = k;
              ec->has_loglevel = TRUE;
            }
    }
}

static gboolean
read_event_class (Ctf2Reader *r, JsonObject *o)
{
  CtfTraceClass *tc = r->tc;
  CtfEventClass *ec = ctf_alloc (tc, sizeof *ec);
  ec->has_stream_id = TRUE;
  ec->frag = r->frag + 1;
  ec->frag_off = r->off;
  if (!ctf2_get_uint (r, o, "id", &ec->id, NULL)
      || !ctf2_get_uint (r, o, "data-stream-class-id", &ec->stream_id, NULL))
    return FALSE;
  const char *name = ctf2_get_string (r, o, "name");
  if (r->failed)
    return FALSE;
  ec->name = ctf_strdup (tc, name != NULL ? name : "");
  CtfStreamClass *sc = NULL;
  for (guint i = 0; i < tc->streams->len; i++)
    if (((CtfStreamClass *) tc->streams->pdata[i])->id == ec->stream_id)
      sc = tc->streams->pdata[i];
  if (sc == NULL)
    return ctf2_fail (r, "event record class '%s' refers to data stream "
                      "class %" G_GUINT64_FORMAT ", not declared before",
                      ec->name, ec->stream_id);
  r->clock = sc->clock;
  read_log_level (o, ec);
  ec->context = ctf2_scope (r, o, "specific-context-field-class");
  ec->fields = ctf2_scope (r, o, "payload-field-class");
  if (r->failed)
    return FALSE;
  g_ptr_array_add (tc->pending_events, ec);
  return TRUE;
}

static gboolean
read_alias (Ctf2Reader *r, JsonObject *o)
{
  const char *name = ctf2_get_string (r, o, "name");
  JsonNode *fc = ctf2_member (o, "field-class");
  if (r->failed)
    return FALSE;
  if (name == NULL || fc == NULL)
    return ctf2_fail (r, "field class alias without a name or a field "
                      "class");
  if (g_hash_table_contains (r->aliases, name))
    return ctf2_fail (r, "field class alias '%s' declared twice", name);
  /* checked now, so that errors point here; each use reads it again (every
     field is its own instance in the model) */
  r->in_alias = TRUE;
  CtfType *t = ctf2_field_class (r, fc, name);
  r->in_alias = FALSE;
  if (t == NULL)
    return FALSE;
  g_hash_table_insert (r->aliases, g_strdup (name), json_node_ref (fc));
  return TRUE;
}

static gboolean
read_fragment (Ctf2Reader *r, JsonNode *root, gboolean *seen_tc)
{
  if (!JSON_NODE_HOLDS_OBJECT (root))
    return ctf2_fail (r, "a fragment is not a JSON object");
  JsonObject *o = json_node_get_object (root);
  const char *type = ctf2_get_string (r, o, "type");
  if (r->failed)
    return FALSE;
  if (type == NULL)
    return ctf2_fail (r, "fragment without a 'type'");
  if (r->frag == 0 || strcmp (type, "preamble") == 0)
    {
      if (r->frag != 0 || strcmp (type, "preamble") != 0)
        return ctf2_fail (r, "the first fragment must be the preamble, and "
                          "only it (here: '%s')", type);
      return read_preamble (r, o);
    }
  if (strcmp (type, "trace-class") == 0)
    return read_trace_class (r, o, seen_tc);
  if (strcmp (type, "clock-class") == 0)
    return read_clock_class (r, o);
  if (strcmp (type, "data-stream-class") == 0)
    return read_stream_class (r, o);
  if (strcmp (type, "event-record-class") == 0)
    return read_event_class (r, o);
  if (strcmp (type, "field-class-alias") == 0)
    return read_alias (r, o);
  return ctf2_fail (r, "unknown fragment type '%s'", type);
}

/* The byte offset of the first non-blank byte from `p`, for errors. */
static gsize
skip_blank (const char *text, gsize p, gsize end)
{
  while (p < end && g_ascii_isspace (text[p]))
    p++;
  return p;
}

gboolean
ctf2_metadata_parse (CtfTraceClass *tc, const char *text, gsize len,
                     const char *path, GError **cut, GError **error)
{
  Ctf2Reader r = { .tc = tc, .path = path, .error = error };
  r.aliases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                     (GDestroyNotify) json_node_unref);
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  gboolean seen_tc = FALSE;
  gsize p = 0;
  guint n = 0;
  while (p < len && !r.failed)
    {
      if (text[p] != CTF2_RS)
        {
          r.frag = n;
          r.off = p;
          ctf2_fail (&r, "expected the record separator 0x1e");
          break;
        }
      gsize start = p + 1;
      const char *next = memchr (text + start, CTF2_RS, len - start);
      gsize end = next != NULL ? (gsize) (next - text) : len;
      p = end;
      r.frag = n;
      r.off = skip_blank (text, start, end);
      if (r.off == end)
        {
          ctf2_fail (&r, "empty fragment");
          break;
        }
      g_autoptr (GError) jerr = NULL;
      if (!json_parser_load_from_data (parser, text + start,
                                       (gssize) (end - start), &jerr))
        {
          /* RFC 7464: a last record without its closing newline was cut
             short (a trace still being written): the ones before stand */
          if (next == NULL && n > 0 && text[end - 1] != '\n' && cut != NULL)
            {
              g_set_error (cut, LTTV_ERROR, LTTV_ERROR_METADATA,
                           "%s: metadata fragment %u (byte %" G_GSIZE_FORMAT
                           "): the file ends inside this fragment (a trace "
                           "still being written?): read up to the one "
                           "before", path, n, r.off);
              break;
            }
          ctf2_fail (&r, "malformed JSON: %s", jerr->message);
          break;
        }
      n++;
      read_fragment (&r, json_parser_get_root (parser), &seen_tc);
    }
  if (!r.failed)
    {
      r.frag = n;
      r.off = len;
      if (n == 0)
        ctf2_fail (&r, "no preamble");
      else if (tc->streams->len == 0)
        {
          r.frag = n - 1;
          ctf2_fail (&r, "the metadata ends without a data stream class");
        }
    }
  if (!r.failed && tc->byte_order < 0)
    tc->byte_order = CTF_LE;
  g_hash_table_unref (r.aliases);
  return !r.failed;
}

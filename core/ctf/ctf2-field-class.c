/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf2-field-class.c: CTF 2 field classes as types of the model. Integers,
 * bit arrays, booleans and LEB128 integers are integers (bit arrays and
 * booleans with their own print form); strings and BLOBs of a static or
 * dynamic length are arrays and sequences of bytes; optionals are
 * variants of one option. Field locations become the paths the CTF 1.8
 * sequences and variants have, resolved to value slots by ctf-plan.c. */
#include "config.h"

#include "ctf2.h"

#include <string.h>

static const struct { const char *name; int role; } roles[] = {
  { "packet-magic-number", CTF_ROLE_MAGIC },
  { "metadata-stream-uuid", CTF_ROLE_UUID },
  { "data-stream-class-id", CTF_ROLE_STREAM_ID },
  { "data-stream-id", CTF_ROLE_STREAM_INSTANCE_ID },
  { "packet-total-length", CTF_ROLE_PACKET_SIZE },
  { "packet-content-length", CTF_ROLE_CONTENT_SIZE },
  { "default-clock-timestamp", CTF_ROLE_DEFAULT_TS },
  { "packet-end-default-clock-timestamp", CTF_ROLE_TS_END },
  { "discarded-event-record-counter-snapshot", CTF_ROLE_DISCARDED },
  { "packet-sequence-number", CTF_ROLE_SEQ_NUM },
  { "event-record-class-id", CTF_ROLE_EVENT_ID },
};

/* Where a field location's origin is, as CTF 1.8 path prefixes. */
static const struct { const char *origin, *prefix; } origins[] = {
  { "packet-header", "trace.packet.header" },
  { "packet-context", "stream.packet.context" },
  { "event-record-header", "stream.event.header" },
  { "event-record-common-context", "stream.event.context" },
  { "event-record-specific-context", "event.context" },
  { "event-record-payload", "event.fields" },
};

static gboolean
get_roles (Ctf2Reader *r, JsonObject *o, CtfType *t)
{
  JsonNode *n = ctf2_member (o, "roles");
  if (n == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (n))
    return ctf2_fail (r, "'roles' is not an array");
  JsonArray *a = json_node_get_array (n);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      if (!JSON_NODE_HOLDS_VALUE (e)
          || json_node_get_value_type (e) != G_TYPE_STRING)
        return ctf2_fail (r, "a role is not a string");
      const char *s = json_node_get_string (e);
      for (guint k = 0; k < G_N_ELEMENTS (roles); k++)
        if (strcmp (s, roles[k].name) == 0)
          {
            if (t->kind != CTF_T_INT
                && !(roles[k].role == CTF_ROLE_UUID
                     && t->kind == CTF_T_ARRAY))
              return ctf2_fail (r, "role '%s' on a field that is not an "
                                "unsigned integer", s);
            t->role = (uint8_t) roles[k].role;
          }
    }
  return TRUE;
}

/* A field location as a path ("event.fields.a.b", or "a.b" when relative):
 * NULL (failed) when it cannot be one. */
static char *
location (Ctf2Reader *r, JsonObject *o, const char *name)
{
  JsonNode *n = ctf2_member (o, name);
  if (n == NULL || !JSON_NODE_HOLDS_OBJECT (n))
    {
      ctf2_fail (r, "'%s' is missing or not an object", name);
      return NULL;
    }
  JsonObject *lo = json_node_get_object (n);
  const char *origin = ctf2_get_string (r, lo, "origin");
  JsonNode *pn = ctf2_member (lo, "path");
  if (r->failed)
    return NULL;
  if (pn == NULL || !JSON_NODE_HOLDS_ARRAY (pn)
      || json_array_get_length (json_node_get_array (pn)) == 0)
    {
      ctf2_fail (r, "'%s' has no path", name);
      return NULL;
    }
  g_autoptr (GString) s = g_string_new (NULL);
  if (origin != NULL)
    {
      for (guint k = 0; k < G_N_ELEMENTS (origins); k++)
        if (strcmp (origin, origins[k].origin) == 0)
          g_string_append_printf (s, "%s.", origins[k].prefix);
      if (s->len == 0)
        {
          ctf2_fail (r, "'%s': unknown origin '%s'", name, origin);
          return NULL;
        }
    }
  /* null: the parent structure; it cancels the name before it, or
     climbs above the current structure (relative locations only) */
  JsonArray *a = json_node_get_array (pn);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  guint up = 0;
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      if (JSON_NODE_HOLDS_NULL (e))
        {
          if (names->len > 0)
            g_ptr_array_set_size (names, names->len - 1);
          else if (origin == NULL)
            up++;
          else
            {
              ctf2_fail (r, "'%s': a null path element goes above the "
                         "root of '%s'", name, origin);
              return NULL;
            }
          continue;
        }
      if (!JSON_NODE_HOLDS_VALUE (e)
          || json_node_get_value_type (e) != G_TYPE_STRING)
        {
          ctf2_fail (r, "'%s': a path element is neither a name nor null",
                     name);
          return NULL;
        }
      const char *part = json_node_get_string (e);
      if (*part == '\0' || strchr (part, CTF2_PATH_SEP) != NULL)
        {
          ctf2_fail (r, "'%s': member name '%s' cannot be located (empty "
                     "or with a control character U+001F)", name, part);
          return NULL;
        }
      g_ptr_array_add (names, (gpointer) part);
    }
  if (names->len == 0)
    {
      ctf2_fail (r, "'%s': its path names no member", name);
      return NULL;
    }
  for (guint i = 0; i < up; i++)
    g_string_append_c (s, CTF2_PATH_SEP);
  for (guint i = 0; i < names->len; i++)
    {
      if (i > 0)
        g_string_append_c (s, CTF2_PATH_SEP);
      g_string_append (s, names->pdata[i]);
    }
  return ctf_strdup (r->tc, s->str);
}

static gboolean
get_byte_order (Ctf2Reader *r, JsonObject *o, CtfType *t)
{
  const char *bo = ctf2_get_string (r, o, "byte-order");
  if (r->failed)
    return FALSE;
  if (bo == NULL)
    return ctf2_fail (r, "fixed-length field class without a 'byte-order'");
  if (strcmp (bo, "little-endian") == 0)
    t->byte_order = CTF_LE;
  else if (strcmp (bo, "big-endian") == 0)
    t->byte_order = CTF_BE;
  else
    return ctf2_fail (r, "unknown byte order '%s'", bo);
  /* the default bit order is the byte order's (first-to-last for
     little-endian); the other one reverses the value's bits, as read in
     the default order (as yactfr, the specification author's reader) */
  const char *bit = ctf2_get_string (r, o, "bit-order");
  if (r->failed)
    return FALSE;
  if (bit != NULL && strcmp (bit, "first-to-last") != 0
      && strcmp (bit, "last-to-first") != 0)
    return ctf2_fail (r, "unknown bit order '%s'", bit);
  if (bit != NULL)
    t->bit_rev = strcmp (bit, t->byte_order == CTF_LE ? "first-to-last"
                                                      : "last-to-first") != 0;
  if (r->tc->byte_order < 0)
    r->tc->byte_order = t->byte_order;
  return TRUE;
}

static gboolean
get_align (Ctf2Reader *r, JsonObject *o, const char *name, CtfType *t)
{
  uint64_t a = 1;
  if (!ctf2_get_uint (r, o, name, &a, NULL))
    return FALSE;
  if (a == 0 || (a & (a - 1)) != 0 || a > 32768)
    return ctf2_fail (r, "'%s' %" G_GUINT64_FORMAT " is not a power of two",
                      name, a);
  if (a > t->align)
    t->align = (guint) a;
  return TRUE;
}

static int
cmp_mapping (gconstpointer a, gconstpointer b)
{
  return strcmp (((const CtfMapping *) a)->label,
                 ((const CtfMapping *) b)->label);
}

/* Ranges [[lo, hi], ...] into `maps`. */
static gboolean
get_ranges (Ctf2Reader *r, JsonNode *n, const char *label,
            gboolean is_signed, GArray *maps, const char *what)
{
  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    return ctf2_fail (r, "%s '%s': its ranges are not an array", what,
                      label);
  JsonArray *a = json_node_get_array (n);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *rn = json_array_get_element (a, i);
      JsonArray *ra = JSON_NODE_HOLDS_ARRAY (rn) ? json_node_get_array (rn)
                      : NULL;
      CtfMapping m = { .label = (char *) label, .is_signed = is_signed };
      if (ra == NULL || json_array_get_length (ra) != 2
          || !ctf2_node_int (json_array_get_element (ra, 0), &m.lo)
          || !ctf2_node_int (json_array_get_element (ra, 1), &m.hi))
        return ctf2_fail (r, "%s '%s': a range is not [lower, upper]", what,
                          label);
      if (is_signed ? m.lo > m.hi : (m.lo < 0 || m.hi < 0 || m.lo > m.hi))
        return ctf2_fail (r, "%s '%s': range [%" G_GINT64_FORMAT ", %"
                          G_GINT64_FORMAT "] is empty or out of range", what,
                          label, m.lo, m.hi);
      g_array_append_val (maps, m);
    }
  return TRUE;
}

/* An integer's mappings, or a bit map's flags: labels sorted (as bt2
 * 2.1 lists them). */
static gboolean
get_mappings (Ctf2Reader *r, JsonObject *o, const char *name, CtfType *t)
{
  JsonNode *n = ctf2_member (o, name);
  if (n == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return ctf2_fail (r, "'%s' is not an object", name);
  JsonObject *mo = json_node_get_object (n);
  g_autoptr (GArray) maps = g_array_new (FALSE, TRUE, sizeof (CtfMapping));
  GList *labels = json_object_get_members (mo);
  for (GList *l = labels; l != NULL && !r->failed; l = l->next)
    get_ranges (r, json_object_get_member (mo, l->data),
                ctf_strdup (r->tc, l->data),
                t->is_signed && t->form == CTF_FORM_NUMBER, maps, "mapping");
  g_list_free (labels);
  if (r->failed)
    return FALSE;
  g_array_sort (maps, cmp_mapping);
  t->n_mappings = maps->len;
  t->mappings = ctf_alloc (r->tc, sizeof (CtfMapping) * (maps->len + 1));
  if (maps->len > 0)
    memcpy (t->mappings, maps->data, sizeof (CtfMapping) * maps->len);
  t->is_enum = t->n_mappings > 0 || t->form != CTF_FORM_NUMBER;
  return TRUE;
}

static CtfType *
fixed_int (Ctf2Reader *r, JsonObject *o, const char *type)
{
  CtfType *t = ctf_type_new (r->tc, CTF_T_INT);
  uint64_t len = 0;
  gboolean found = FALSE;
  if (!ctf2_get_uint (r, o, "length", &len, &found))
    return NULL;
  if (!found || len == 0 || len > 64)
    {
      ctf2_fail (r, "%s: length %" G_GUINT64_FORMAT " is not within 1..64",
                 type, len);
      return NULL;
    }
  t->size = (guint) len;
  if (!get_byte_order (r, o, t) || !get_align (r, o, "alignment", t))
    return NULL;
  if (strcmp (type, "fixed-length-boolean") == 0)
    t->form = CTF_FORM_BOOL;
  else if (strcmp (type, "fixed-length-bit-array") == 0)
    t->form = CTF_FORM_BITS;
  else if (strcmp (type, "fixed-length-bit-map") == 0)
    {
      t->form = CTF_FORM_FLAGS;
      if (!get_mappings (r, o, "flags", t))
        return NULL;
      for (guint m = 0; m < t->n_mappings; m++)
        if ((uint64_t) t->mappings[m].hi >= len)
          {
            ctf2_fail (r, "flag '%s': bit %" G_GINT64_FORMAT " is past the "
                       "bit map's length", t->mappings[m].label,
                       t->mappings[m].hi);
            return NULL;
          }
    }
  else
    t->is_signed = strcmp (type, "fixed-length-signed-integer") == 0;
  if (t->form != CTF_FORM_NUMBER)
    t->is_enum = TRUE;
  return t;
}

static CtfType *
var_int (Ctf2Reader *r, JsonObject *o, const char *type)
{
  (void) o;
  CtfType *t = ctf_type_new (r->tc, CTF_T_INT);
  t->varint = TRUE;
  t->size = 64;          /* its values' width, for printing; read by bytes */
  t->align = 8;
  t->is_signed = strcmp (type, "variable-length-signed-integer") == 0;
  t->byte_order = CTF_LE;
  return t;
}

static gboolean
int_extras (Ctf2Reader *r, JsonObject *o, CtfType *t)
{
  uint64_t base = 10;
  if (!ctf2_get_uint (r, o, "preferred-display-base", &base, NULL))
    return FALSE;
  if (base != 2 && base != 8 && base != 10 && base != 16)
    return ctf2_fail (r, "preferred display base %" G_GUINT64_FORMAT " is "
                      "not 2, 8, 10 or 16", base);
  t->base = (int) base;
  return get_mappings (r, o, "mappings", t);
}

/* The string's encoding: 0 for UTF-8, else CTF_ENC_*; -1 (failed) when
 * unknown, or not UTF-8 where `utf8_only`. */
static int
get_encoding (Ctf2Reader *r, JsonObject *o, gboolean utf8_only)
{
  static const char *const names[] = { "utf-8", "utf-16be", "utf-16le",
                                       "utf-32be", "utf-32le" };
  const char *enc = ctf2_get_string (r, o, "encoding");
  if (r->failed)
    return -1;
  if (enc == NULL)
    return 0;
  for (int k = 0; k < (int) G_N_ELEMENTS (names); k++)
    if (strcmp (enc, names[k]) == 0)
      {
        if (k > 0 && utf8_only)
          break;
        return k;
      }
  ctf2_fail (r, "string encoding '%s' is not supported (%s)", enc,
             utf8_only ? "only utf-8 for a null-terminated string"
                       : "utf-8, utf-16be/le or utf-32be/le");
  return -1;
}

static CtfType *
byte_type (Ctf2Reader *r, gboolean text)
{
  CtfType *e = ctf_type_new (r->tc, CTF_T_INT);
  e->size = 8;
  e->align = 8;
  e->byte_order = CTF_LE;
  e->encoded = text;
  e->base = text ? 10 : 16;
  return e;
}

/* Static- or dynamic-length strings and BLOBs: bytes. */
static CtfType *
bytes (Ctf2Reader *r, JsonObject *o, gboolean text, gboolean dynamic)
{
  int enc = text ? get_encoding (r, o, FALSE) : 0;
  if (enc < 0)
    return NULL;
  CtfType *t = ctf_type_new (r->tc, dynamic ? CTF_T_SEQ : CTF_T_ARRAY);
  /* UTF-16/32: bytes, not text (the UTF-8 text path stays as it is) */
  t->elem = byte_type (r, text && enc == 0);
  t->str_enc = (uint8_t) enc;
  t->align = 8;
  if (dynamic)
    {
      t->length_path = location (r, o, "length-field-location");
      return t->length_path != NULL ? t : NULL;
    }
  gboolean found = FALSE;
  if (!ctf2_get_uint (r, o, "length", &t->length, &found))
    return NULL;
  if (!found)
    {
      ctf2_fail (r, "static-length string or BLOB without a length");
      return NULL;
    }
  return t;
}

static CtfField
make_field (Ctf2Reader *r, const char *name, CtfType *type)
{
  CtfField f = { .type = type };
  f.name = ctf_strdup (r->tc, name);
  f.name_len = strlen (name);
  f.label = ctf_alloc (r->tc, f.name_len + 6 + 8);
  memcpy (f.label, ", ", 2);
  memcpy (f.label + 2, name, f.name_len);
  memcpy (f.label + 2 + f.name_len, " = ", 4);
  return f;
}

static void
set_fields (Ctf2Reader *r, CtfType *t, GArray *fields)
{
  t->n_fields = fields->len;
  t->fields = ctf_alloc (r->tc, sizeof (CtfField) * (fields->len + 1));
  if (fields->len > 0)
    memcpy (t->fields, fields->data, sizeof (CtfField) * fields->len);
}

static CtfType *
structure (Ctf2Reader *r, JsonObject *o)
{
  CtfType *t = ctf_type_new (r->tc, CTF_T_STRUCT);
  if (!get_align (r, o, "minimum-alignment", t))
    return NULL;
  JsonNode *mn = ctf2_member (o, "member-classes");
  if (mn != NULL && !JSON_NODE_HOLDS_ARRAY (mn))
    {
      ctf2_fail (r, "'member-classes' is not an array");
      return NULL;
    }
  JsonArray *a = mn != NULL ? json_node_get_array (mn) : NULL;
  guint n = a != NULL ? json_array_get_length (a) : 0;
  g_autoptr (GArray) fields = g_array_new (FALSE, TRUE, sizeof (CtfField));
  for (guint i = 0; i < n; i++)
    {
      JsonNode *m = json_array_get_element (a, i);
      if (!JSON_NODE_HOLDS_OBJECT (m))
        {
          ctf2_fail (r, "a member class is not an object");
          return NULL;
        }
      JsonObject *mo = json_node_get_object (m);
      const char *name = ctf2_get_string (r, mo, "name");
      if (r->failed)
        return NULL;
      if (name == NULL)
        {
          ctf2_fail (r, "a member class has no name");
          return NULL;
        }
      for (guint k = 0; k < fields->len; k++)
        if (strcmp (g_array_index (fields, CtfField, k).name, name) == 0)
          {
            ctf2_fail (r, "member '%s' declared twice", name);
            return NULL;
          }
      CtfType *ft = ctf2_field_class (r, ctf2_member (mo, "field-class"),
                                      name);
      if (ft == NULL)
        return NULL;
      if (ft->align > t->align)
        t->align = ft->align;
      CtfField f = make_field (r, name, ft);
      g_array_append_val (fields, f);
    }
  set_fields (r, t, fields);
  return t;
}

static CtfType *
array (Ctf2Reader *r, JsonObject *o, gboolean dynamic)
{
  CtfType *t = ctf_type_new (r->tc, dynamic ? CTF_T_SEQ : CTF_T_ARRAY);
  if (!get_align (r, o, "minimum-alignment", t))
    return NULL;
  if (dynamic)
    {
      t->length_path = location (r, o, "length-field-location");
      if (t->length_path == NULL)
        return NULL;
    }
  else
    {
      gboolean found = FALSE;
      if (!ctf2_get_uint (r, o, "length", &t->length, &found))
        return NULL;
      if (!found)
        {
          ctf2_fail (r, "static-length array without a length");
          return NULL;
        }
    }
  t->elem = ctf2_field_class (r, ctf2_member (o, "element-field-class"),
                              "element");
  if (t->elem == NULL)
    return NULL;
  if (t->elem->align > t->align)
    t->align = t->elem->align;
  return t;
}

/* A variant, or an optional (a variant of one option, which may be
 * absent): its selector's ranges choose an option. */
static CtfType *
variant (Ctf2Reader *r, JsonObject *o, gboolean optional)
{
  CtfType *t = ctf_type_new (r->tc, CTF_T_VARIANT);
  t->optional = optional;
  t->tag_path = location (r, o, "selector-field-location");
  if (t->tag_path == NULL)
    return NULL;
  g_autoptr (GArray) fields = g_array_new (FALSE, TRUE, sizeof (CtfField));
  g_autoptr (GArray) maps = g_array_new (FALSE, TRUE, sizeof (CtfMapping));
  g_autoptr (GArray) opt = g_array_new (FALSE, TRUE, sizeof (int));
  if (optional)
    {
      CtfType *ft = ctf2_field_class (r, ctf2_member (o, "field-class"),
                                      "optional");
      if (ft == NULL)
        return NULL;
      CtfField f = make_field (r, "", ft);
      g_array_append_val (fields, f);
      JsonNode *rn = ctf2_member (o, "selector-field-ranges");
      if (rn != NULL)
        {
          if (!get_ranges (r, rn, "", TRUE, maps, "optional"))
            return NULL;
        }
      else
        {
          /* a boolean selector: any value but 0 */
          CtfMapping m = { .label = (char *) "", .lo = 1, .hi = -1 };
          g_array_append_val (maps, m);
        }
      int zero = 0;
      for (guint m = 0; m < maps->len; m++)
        g_array_append_val (opt, zero);
    }
  else
    {
      JsonNode *on = ctf2_member (o, "options");
      JsonArray *a = on != NULL && JSON_NODE_HOLDS_ARRAY (on)
                     ? json_node_get_array (on) : NULL;
      if (a == NULL || json_array_get_length (a) == 0)
        {
          ctf2_fail (r, "variant without options");
          return NULL;
        }
      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          JsonNode *on1 = json_array_get_element (a, i);
          if (!JSON_NODE_HOLDS_OBJECT (on1))
            {
              ctf2_fail (r, "a variant option is not an object");
              return NULL;
            }
          JsonObject *oo = json_node_get_object (on1);
          const char *name = ctf2_get_string (r, oo, "name");
          if (r->failed)
            return NULL;
          CtfType *ft = ctf2_field_class (r, ctf2_member (oo, "field-class"),
                                          name != NULL ? name : "option");
          if (ft == NULL)
            return NULL;
          CtfField f = make_field (r, name != NULL ? name : "", ft);
          g_array_append_val (fields, f);
          guint before = maps->len;
          if (!get_ranges (r, ctf2_member (oo, "selector-field-ranges"),
                           f.name, TRUE, maps, "variant option"))
            return NULL;
          int idx = (int) i;
          for (guint m = before; m < maps->len; m++)
            g_array_append_val (opt, idx);
        }
    }
  set_fields (r, t, fields);
  t->n_sel = maps->len;
  CtfMapping *sel = ctf_alloc (r->tc, sizeof (CtfMapping) * (maps->len + 1));
  memcpy (sel, maps->data, sizeof (CtfMapping) * maps->len);
  t->sel = sel;
  t->option_of_mapping = ctf_alloc (r->tc, sizeof (int) * (maps->len + 1));
  memcpy (t->option_of_mapping, opt->data, sizeof (int) * opt->len);
  return t;
}

static CtfType *
field_class_object (Ctf2Reader *r, JsonObject *o)
{
  const char *type = ctf2_get_string (r, o, "type");
  if (r->failed)
    return NULL;
  if (type == NULL)
    {
      ctf2_fail (r, "field class without a 'type'");
      return NULL;
    }
  CtfType *t = NULL;
  if (strcmp (type, "fixed-length-unsigned-integer") == 0
      || strcmp (type, "fixed-length-signed-integer") == 0)
    {
      t = fixed_int (r, o, type);
      if (t != NULL && !int_extras (r, o, t))
        return NULL;
    }
  else if (strcmp (type, "fixed-length-bit-array") == 0
           || strcmp (type, "fixed-length-bit-map") == 0
           || strcmp (type, "fixed-length-boolean") == 0)
    t = fixed_int (r, o, type);
  else if (strcmp (type, "variable-length-unsigned-integer") == 0
           || strcmp (type, "variable-length-signed-integer") == 0)
    {
      t = var_int (r, o, type);
      if (!int_extras (r, o, t))
        return NULL;
    }
  else if (strcmp (type, "fixed-length-floating-point-number") == 0)
    {
      t = ctf_type_new (r->tc, CTF_T_FLOAT);
      uint64_t len = 0;
      if (!ctf2_get_uint (r, o, "length", &len, NULL))
        return NULL;
      if (len != 32 && len != 64)
        {
          ctf2_fail (r, "floating point number of %" G_GUINT64_FORMAT " bits "
                     "(only 32 and 64 are supported)", len);
          return NULL;
        }
      t->size = (guint) len;
      t->exp_dig = len == 32 ? 8 : 11;
      t->mant_dig = len == 32 ? 24 : 53;
      if (!get_byte_order (r, o, t) || !get_align (r, o, "alignment", t))
        return NULL;
    }
  else if (strcmp (type, "null-terminated-string") == 0)
    {
      int enc = get_encoding (r, o, FALSE);
      if (enc < 0)
        return NULL;
      t = ctf_type_new (r->tc, CTF_T_STRING);
      t->str_enc = (uint8_t) enc;
      t->align = 8;
      t->encoded = TRUE;
    }
  else if (strcmp (type, "static-length-string") == 0)
    t = bytes (r, o, TRUE, FALSE);
  else if (strcmp (type, "dynamic-length-string") == 0)
    t = bytes (r, o, TRUE, TRUE);
  else if (strcmp (type, "static-length-blob") == 0)
    t = bytes (r, o, FALSE, FALSE);
  else if (strcmp (type, "dynamic-length-blob") == 0)
    t = bytes (r, o, FALSE, TRUE);
  else if (strcmp (type, "structure") == 0)
    t = structure (r, o);
  else if (strcmp (type, "static-length-array") == 0)
    t = array (r, o, FALSE);
  else if (strcmp (type, "dynamic-length-array") == 0)
    t = array (r, o, TRUE);
  else if (strcmp (type, "optional") == 0)
    t = variant (r, o, TRUE);
  else if (strcmp (type, "variant") == 0)
    t = variant (r, o, FALSE);
  else
    {
      ctf2_fail (r, "unknown field class type '%s'", type);
      return NULL;
    }
  if (t == NULL || !get_roles (r, o, t))
    return NULL;
  /* a default clock timestamp is a value of the stream's default clock */
  if (t->role == CTF_ROLE_DEFAULT_TS && !r->in_alias)
    {
      if (r->clock == NULL)
        {
          ctf2_fail (r, "a default clock timestamp, but the data stream "
                     "class has no default clock class");
          return NULL;
        }
      t->map_clock = r->clock->name;
    }
  return t;
}

CtfType *
ctf2_field_class (Ctf2Reader *r, JsonNode *node, const char *what)
{
  if (r->failed)
    return NULL;
  if (node == NULL)
    {
      ctf2_fail (r, "'%s' has no field class", what);
      return NULL;
    }
  if (r->depth >= 48)
    {
      ctf2_fail (r, "field classes nested too deeply");
      return NULL;
    }
  r->depth++;
  CtfType *t = NULL;
  if (JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *alias = json_node_get_string (node);
      JsonNode *fc = g_hash_table_lookup (r->aliases, alias);
      if (fc == NULL)
        ctf2_fail (r, "'%s': unknown field class alias '%s'", what, alias);
      else
        t = ctf2_field_class (r, fc, alias);
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    t = field_class_object (r, json_node_get_object (node));
  else
    ctf2_fail (r, "'%s': a field class is neither an object nor an alias "
               "name", what);
  r->depth--;
  return t;
}

CtfType *
ctf2_scope (Ctf2Reader *r, JsonObject *o, const char *name)
{
  JsonNode *n = ctf2_member (o, name);
  if (n == NULL || r->failed)
    return NULL;
  CtfType *t = ctf2_field_class (r, n, name);
  if (t != NULL && t->kind != CTF_T_STRUCT)
    {
      ctf2_fail (r, "'%s' is not a structure", name);
      return NULL;
    }
  return t;
}

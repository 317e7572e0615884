/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A session file (docs/session-format.md): JSON read into an LttvSession
 * with every member checked (written back by lttv-session-write.c). */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "lttv-session-file.h"

/* Deeper nesting than a session ever has is refused before json-glib
 * recurses into it. */
#define MAX_DEPTH 16
/* A session names a few traces and viewers; more is a damaged file. */
#define MAX_ITEMS 4096

static void
trace_free (gpointer p)
{
  LttvSessionTrace *t = p;
  g_free (t->path);
  g_free (t->relative);
  g_free (t);
}

static void
toggle_free (gpointer p)
{
  LttvSessionToggle *t = p;
  g_free (t->name);
  g_free (t);
}

static void
viewer_free (gpointer p)
{
  LttvSessionViewer *v = p;
  g_free (v->id);
  g_ptr_array_unref (v->toggles);
  g_free (v);
}

LttvSessionViewer *
lttv_session_viewer_new (const char *id, gboolean docked, int height)
{
  LttvSessionViewer *v = g_new0 (LttvSessionViewer, 1);
  v->id = g_strdup (id);
  v->docked = docked;
  v->height = height;
  v->toggles = g_ptr_array_new_with_free_func (toggle_free);
  return v;
}

void
lttv_session_viewer_add_toggle (LttvSessionViewer *v, const char *name, gboolean active)
{
  LttvSessionToggle *t = g_new0 (LttvSessionToggle, 1);
  t->name = g_strdup (name);
  t->active = active;
  g_ptr_array_add (v->toggles, t);
}

static void
bookmark_free (gpointer p)
{
  LttvSessionBookmark *b = p;
  g_free (b->name);
  g_free (b->note);
  g_free (b->colour);
  g_free (b);
}

void
lttv_session_rows_free (LttvSessionRows *r)
{
  if (r == NULL)
    return;
  g_free (r->viewer);
  g_ptr_array_unref (r->hidden);
  g_ptr_array_unref (r->folded);
  g_free (r);
}

static void
rows_free (gpointer p)
{
  lttv_session_rows_free (p);
}

LttvSessionRows *
lttv_session_rows_new (const char *viewer)
{
  LttvSessionRows *r = g_new0 (LttvSessionRows, 1);
  r->viewer = g_strdup (viewer);
  r->sort_column = -1;
  r->hidden = g_ptr_array_new_with_free_func (g_free);
  r->folded = g_ptr_array_new_with_free_func (g_free);
  return r;
}

LttvSession *
lttv_session_new (void)
{
  LttvSession *s = g_new0 (LttvSession, 1);
  s->version = LTTV_SESSION_VERSION;
  s->traces = g_ptr_array_new_with_free_func (trace_free);
  s->viewers = g_ptr_array_new_with_free_func (viewer_free);
  s->bookmarks = g_ptr_array_new_with_free_func (bookmark_free);
  s->rows = g_ptr_array_new_with_free_func (rows_free);
  s->maximised = -1;
  s->dock_height = -1;
  s->dock_page = -1;
  s->filter = g_strdup ("");
  return s;
}

void
lttv_session_free (LttvSession *s)
{
  if (s == NULL)
    return;
  g_ptr_array_unref (s->traces);
  g_ptr_array_unref (s->viewers);
  g_ptr_array_unref (s->bookmarks);
  g_ptr_array_unref (s->rows);
  g_free (s->filter);
  g_free (s);
}

gboolean
lttv_session_is_session_file (const char *path)
{
  return path != NULL && g_str_has_suffix (path, LTTV_SESSION_SUFFIX);
}

/* --- Reading ------------------------------------------------------------- */

typedef struct
{
  const char *name;
  GError **error;
} Ctx;

static gboolean G_GNUC_PRINTF (3, 4)
bad (Ctx *c, const char *where, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *what = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (c->error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: %s: %s", c->name, where, what);
  return FALSE;
}

/* Brackets outside strings, counted before the parser sees them. */
static gboolean
depth_ok (const char *data, gsize len)
{
  int depth = 0;
  gboolean in_string = FALSE;

  for (gsize i = 0; i < len; i++)
    {
      char ch = data[i];
      if (in_string)
        {
          if (ch == '\\')
            i++;
          else if (ch == '"')
            in_string = FALSE;
        }
      else if (ch == '"')
        in_string = TRUE;
      else if ((ch == '[' || ch == '{') && ++depth > MAX_DEPTH)
        return FALSE;
      else if (ch == ']' || ch == '}')
        depth--;
    }
  return TRUE;
}

static JsonNode *
member (JsonObject *o, const char *name, JsonNodeType type, gboolean required, Ctx *c,
        const char *where, gboolean *ok)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || (!required && JSON_NODE_HOLDS_NULL (n)))
    {
      if (required)
        *ok = bad (c, where, _("“%s” is missing"), name);
      return NULL;
    }
  if (json_node_get_node_type (n) != type)
    {
      *ok = bad (c, where, _("“%s” has the wrong type"), name);
      return NULL;
    }
  return n;
}

static const char *
string_member (JsonObject *o, const char *name, gboolean required, Ctx *c, const char *where,
               gboolean *ok)
{
  JsonNode *n = member (o, name, JSON_NODE_VALUE, required, c, where, ok);

  if (n == NULL)
    return NULL;
  if (json_node_get_value_type (n) != G_TYPE_STRING)
    {
      *ok = bad (c, where, _("“%s” must be a string"), name);
      return NULL;
    }
  return json_node_get_string (n);
}

static gboolean
int_member (JsonObject *o, const char *name, gint64 lo, gint64 hi, gint64 *out, Ctx *c,
            const char *where, gboolean *ok)
{
  JsonNode *n = member (o, name, JSON_NODE_VALUE, FALSE, c, where, ok);

  if (n == NULL)
    return FALSE;
  if (json_node_get_value_type (n) != G_TYPE_INT64)
    return *ok = bad (c, where, _("“%s” must be an integer"), name);
  *out = json_node_get_int (n);
  if (*out < lo || *out > hi)
    return *ok = bad (c, where, _("“%s” is out of range"), name);
  return TRUE;
}

static gboolean
bool_member (JsonObject *o, const char *name, gboolean *out, Ctx *c, const char *where, gboolean *ok)
{
  JsonNode *n = member (o, name, JSON_NODE_VALUE, FALSE, c, where, ok);

  if (n == NULL)
    return FALSE;
  if (json_node_get_value_type (n) != G_TYPE_BOOLEAN)
    return *ok = bad (c, where, _("“%s” must be true or false"), name);
  *out = json_node_get_boolean (n);
  return TRUE;
}

/* Times are decimal strings of nanoseconds: JSON numbers lose digits in
 * many readers past 2^53. */
static gboolean
time_member (JsonObject *o, const char *name, gboolean required, LttvTime *out, Ctx *c,
             const char *where, gboolean *ok)
{
  const char *text = string_member (o, name, required, c, where, ok);
  guint64 v;

  if (text == NULL)
    return FALSE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64 - 1, &v, NULL))
    return *ok = bad (c, where, _("“%s” must be a time in nanoseconds, not “%s”"), name, text);
  *out = v;
  return TRUE;
}

static JsonArray *
array_member (JsonObject *o, const char *name, Ctx *c, const char *where, gboolean *ok)
{
  JsonNode *n = member (o, name, JSON_NODE_ARRAY, FALSE, c, where, ok);
  JsonArray *a = n != NULL ? json_node_get_array (n) : NULL;

  if (a != NULL && json_array_get_length (a) > MAX_ITEMS)
    {
      *ok = bad (c, where, _("“%s” has too many items"), name);
      return NULL;
    }
  return a;
}

static JsonObject *
object_at (JsonArray *a, guint i, Ctx *c, const char *where, gboolean *ok)
{
  JsonNode *n = json_array_get_element (a, i);

  if (!JSON_NODE_HOLDS_OBJECT (n))
    {
      *ok = bad (c, where, _("item %u must be an object"), i + 1);
      return NULL;
    }
  return json_node_get_object (n);
}

static void
read_traces (LttvSession *s, JsonObject *root, Ctx *c, gboolean *ok)
{
  JsonArray *a = array_member (root, "traces", c, "traces", ok);

  if (*ok && a == NULL)
    *ok = bad (c, "traces", _("“%s” is missing"), "traces");
  for (guint i = 0; *ok && i < json_array_get_length (a); i++)
    {
      g_autofree char *where = g_strdup_printf ("traces[%u]", i + 1);
      JsonObject *o = object_at (a, i, c, where, ok);
      const char *path = o != NULL ? string_member (o, "path", TRUE, c, where, ok) : NULL;
      const char *rel = o != NULL && *ok ? string_member (o, "relative", FALSE, c, where, ok) : NULL;

      if (!*ok)
        break;
      if (!g_path_is_absolute (path))
        {
          *ok = bad (c, where, _("the path “%s” is not absolute"), path);
          break;
        }
      LttvSessionTrace *t = g_new0 (LttvSessionTrace, 1);
      t->path = g_strdup (path);
      t->relative = rel != NULL && rel[0] != '\0' && !g_path_is_absolute (rel) ? g_strdup (rel) : NULL;
      g_ptr_array_add (s->traces, t);
    }
}

/* A viewer's switches: names to true or false. */
static void
read_toggles (LttvSessionViewer *v, JsonObject *o, Ctx *c, const char *where, gboolean *ok)
{
  g_autoptr (GList) names = json_object_get_members (o);

  if (g_list_length (names) > MAX_ITEMS)
    {
      *ok = bad (c, where, _("“%s” has too many items"), "toggles");
      return;
    }
  for (GList *l = names; *ok && l != NULL; l = l->next)
    {
      JsonNode *n = json_object_get_member (o, l->data);
      if (((const char *) l->data)[0] == '\0' || !JSON_NODE_HOLDS_VALUE (n)
          || json_node_get_value_type (n) != G_TYPE_BOOLEAN)
        {
          *ok = bad (c, where, _("toggle “%s” must be true or false"), (const char *) l->data);
          return;
        }
      lttv_session_viewer_add_toggle (v, l->data, json_node_get_boolean (n));
    }
}

static void
read_layout (LttvSession *s, JsonObject *root, Ctx *c, gboolean *ok)
{
  JsonArray *a = array_member (root, "viewers", c, "viewers", ok);
  JsonNode *ln = *ok ? member (root, "layout", JSON_NODE_OBJECT, FALSE, c, "layout", ok) : NULL;
  gint64 v;

  for (guint i = 0; *ok && a != NULL && i < json_array_get_length (a); i++)
    {
      g_autofree char *where = g_strdup_printf ("viewers[%u]", i + 1);
      JsonObject *o = object_at (a, i, c, where, ok);
      const char *id = o != NULL ? string_member (o, "id", TRUE, c, where, ok) : NULL;
      const char *area = *ok ? string_member (o, "area", TRUE, c, where, ok) : NULL;
      gint64 height = 0;

      if (!*ok)
        break;
      if (id[0] == '\0' || strchr (id, ':') != NULL)
        {
          *ok = bad (c, where, _("“%s” is not a viewer id"), id);
          break;
        }
      if (strcmp (area, "upper") != 0 && strcmp (area, "dock") != 0)
        {
          *ok = bad (c, where, _("area “%s”: expected “upper” or “dock”"), area);
          break;
        }
      int_member (o, "height", 0, 100000, &height, c, where, ok);
      JsonNode *tn = *ok ? member (o, "toggles", JSON_NODE_OBJECT, FALSE, c, where, ok) : NULL;
      if (!*ok)
        break;
      LttvSessionViewer *sv = lttv_session_viewer_new (id, strcmp (area, "dock") == 0, (int) height);
      g_ptr_array_add (s->viewers, sv);
      if (tn != NULL)
        read_toggles (sv, json_node_get_object (tn), c, where, ok);
    }
  if (*ok && ln != NULL)
    {
      JsonObject *o = json_node_get_object (ln);
      if (int_member (o, "maximised", -1, (gint64) s->viewers->len - 1, &v, c, "layout", ok))
        s->maximised = (int) v;
      if (*ok && int_member (o, "dock-height", -1, 100000, &v, c, "layout", ok))
        s->dock_height = (int) v;
      if (*ok && int_member (o, "dock-page", -1, MAX_ITEMS, &v, c, "layout", ok))
        s->dock_page = (int) v;
    }
}

static void
read_time (LttvSession *s, JsonObject *root, Ctx *c, gboolean *ok)
{
  JsonNode *n = member (root, "time", JSON_NODE_OBJECT, FALSE, c, "time", ok);
  JsonObject *o = n != NULL ? json_node_get_object (n) : NULL;
  JsonNode *sel;

  if (o == NULL)
    return;
  n = member (o, "window", JSON_NODE_OBJECT, FALSE, c, "time.window", ok);
  if (n != NULL)
    {
      s->has_window = time_member (json_node_get_object (n), "start", TRUE, &s->window_start, c, "time.window", ok)
                      && time_member (json_node_get_object (n), "end", TRUE, &s->window_end, c, "time.window", ok);
      if (*ok && s->window_start > s->window_end)
        *ok = bad (c, "time.window", _("its start is after its end"));
    }
  if (*ok)
    s->has_current = time_member (o, "current", FALSE, &s->current, c, "time", ok);
  sel = *ok ? member (o, "selection", JSON_NODE_OBJECT, FALSE, c, "time.selection", ok) : NULL;
  if (sel != NULL)
    s->has_selection = time_member (json_node_get_object (sel), "start", TRUE, &s->selection_start, c, "time.selection", ok)
                       && time_member (json_node_get_object (sel), "end", TRUE, &s->selection_end, c, "time.selection", ok);
}

static gboolean
colour_ok (const char *text)
{
  if (strlen (text) != 7 || text[0] != '#')
    return FALSE;
  for (int i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;
  return TRUE;
}

static void
read_bookmarks (LttvSession *s, JsonObject *root, Ctx *c, gboolean *ok)
{
  JsonArray *a = array_member (root, "bookmarks", c, "bookmarks", ok);

  for (guint i = 0; *ok && a != NULL && i < json_array_get_length (a); i++)
    {
      g_autofree char *where = g_strdup_printf ("bookmarks[%u]", i + 1);
      JsonObject *o = object_at (a, i, c, where, ok);
      LttvTime start = 0, end = 0;
      const char *name, *note = NULL, *colour = NULL;

      if (o == NULL || !time_member (o, "start", TRUE, &start, c, where, ok))
        break;
      end = start;
      time_member (o, "end", FALSE, &end, c, where, ok);
      name = *ok ? string_member (o, "name", TRUE, c, where, ok) : NULL;
      note = *ok ? string_member (o, "note", FALSE, c, where, ok) : NULL;
      colour = *ok ? string_member (o, "colour", FALSE, c, where, ok) : NULL;
      if (!*ok)
        break;
      if (colour != NULL && !colour_ok (colour))
        {
          *ok = bad (c, where, _("colour “%s”: expected #rrggbb"), colour);
          break;
        }
      LttvSessionBookmark *b = g_new0 (LttvSessionBookmark, 1);
      b->start = MIN (start, end);
      b->end = MAX (start, end);
      b->name = g_strdup (name);
      b->note = g_strdup (note);
      b->colour = g_strdup (colour);
      g_ptr_array_add (s->bookmarks, b);
    }
}

/* Rows' keys: strings. */
static void
read_keys (JsonArray *a, GPtrArray *keys, const char *what, Ctx *c, const char *where, gboolean *ok)
{
  for (guint k = 0; a != NULL && k < json_array_get_length (a); k++)
    {
      JsonNode *n = json_array_get_element (a, k);
      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
        {
          *ok = bad (c, where, _("“%s” item %u must be a string"), what, k + 1);
          return;
        }
      g_ptr_array_add (keys, g_strdup (json_node_get_string (n)));
    }
}

static void
read_rows (LttvSession *s, JsonObject *root, Ctx *c, gboolean *ok)
{
  JsonArray *a = array_member (root, "rows", c, "rows", ok);

  for (guint i = 0; *ok && a != NULL && i < json_array_get_length (a); i++)
    {
      g_autofree char *where = g_strdup_printf ("rows[%u]", i + 1);
      JsonObject *o = object_at (a, i, c, where, ok);
      const char *viewer = o != NULL ? string_member (o, "viewer", TRUE, c, where, ok) : NULL;
      gint64 column = -1;
      gboolean descending = FALSE;
      JsonArray *hidden, *folded;

      if (!*ok)
        break;
      int_member (o, "sort-column", -1, 5, &column, c, where, ok);
      if (*ok)
        bool_member (o, "descending", &descending, c, where, ok);
      hidden = *ok ? array_member (o, "hidden", c, where, ok) : NULL;
      folded = *ok ? array_member (o, "folded", c, where, ok) : NULL;
      if (!*ok)
        break;
      LttvSessionRows *r = lttv_session_rows_new (viewer);
      r->sort_column = (int) column;
      r->descending = descending;
      g_ptr_array_add (s->rows, r);
      read_keys (hidden, r->hidden, "hidden", c, where, ok);
      if (*ok)
        read_keys (folded, r->folded, "folded", c, where, ok);
    }
}

LttvSession *
lttv_session_parse (const char *data, gsize len, const char *name, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (LttvSession) s = lttv_session_new ();
  g_autoptr (GError) json_error = NULL;
  Ctx c = { name, error };
  gboolean ok = TRUE;
  JsonNode *root;
  JsonObject *o;
  const char *format, *filter;
  gint64 version = 0;

  if (len > 16 * 1024 * 1024)
    {
      bad (&c, "file", _("too large for a session (%lu bytes)"), (unsigned long) len);
      return NULL;
    }
  if (!g_utf8_validate_len (data, len, NULL))
    {
      bad (&c, "file", _("not UTF-8 text"));
      return NULL;
    }
  if (!depth_ok (data, len))
    {
      bad (&c, "file", _("nested deeper than a session is"));
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data, (gssize) len, &json_error))
    {
      bad (&c, "JSON", "%s", json_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      bad (&c, "file", _("not a session (a JSON object is expected)"));
      return NULL;
    }
  o = json_node_get_object (root);
  format = string_member (o, "format", TRUE, &c, "format", &ok);
  if (ok && strcmp (format, "lttv-session") != 0)
    ok = bad (&c, "format", _("“%s”: not an LTTV session"), format);
  if (ok && !int_member (o, "version", 1, G_MAXINT, &version, &c, "version", &ok) && ok)
    ok = bad (&c, "version", _("“%s” is missing"), "version");
  if (ok && version > LTTV_SESSION_VERSION)
    ok = bad (&c, "version", _("version %lld is newer than this lttv-gui reads (%d)"),
              (long long) version, LTTV_SESSION_VERSION);
  s->version = (int) version;
  if (ok)
    read_traces (s, o, &c, &ok);
  if (ok)
    read_layout (s, o, &c, &ok);
  if (ok)
    read_time (s, o, &c, &ok);
  filter = ok ? string_member (o, "filter", FALSE, &c, "filter", &ok) : NULL;
  if (filter != NULL)
    {
      g_free (s->filter);
      s->filter = g_strdup (filter);
    }
  if (ok)
    read_bookmarks (s, o, &c, &ok);
  if (ok)
    read_rows (s, o, &c, &ok);
  return ok ? g_steal_pointer (&s) : NULL;
}

LttvSession *
lttv_session_load (const char *file, GError **error)
{
  g_autofree char *data = NULL;
  g_autoptr (GError) read_error = NULL;
  gsize len;

  if (!g_file_get_contents (file, &data, &len, &read_error))
    {
      g_set_error (error, G_FILE_ERROR, read_error->code, "%s: %s: %s", file, "read",
                   read_error->message);
      return NULL;
    }
  return lttv_session_parse (data, len, file, error);
}

char *
lttv_session_resolve_trace (const LttvSession *s, guint i, const char *file)
{
  const LttvSessionTrace *t;

  g_return_val_if_fail (i < s->traces->len, NULL);
  t = s->traces->pdata[i];
  if (g_file_test (t->path, G_FILE_TEST_EXISTS))
    return g_strdup (t->path);
  if (t->relative != NULL && file != NULL)
    {
      g_autofree char *abs = g_canonicalize_filename (file, NULL);
      g_autofree char *dir = g_path_get_dirname (abs);
      g_autofree char *moved = g_canonicalize_filename (t->relative, dir);
      if (g_file_test (moved, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&moved);
    }
  return NULL;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A session file (docs/session-format.md) written from an LttvSession:
 * the JSON that lttv-session-file.c reads back. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "lttv-session-file.h"

/* `path` relative to folder `dir` (both absolute): "../traces/kernel". */
static char *
relative_to (const char *dir, const char *path)
{
  g_auto (GStrv) d = g_strsplit (dir, G_DIR_SEPARATOR_S, -1);
  g_auto (GStrv) p = g_strsplit (path, G_DIR_SEPARATOR_S, -1);
  g_autoptr (GString) out = g_string_new (NULL);
  guint i = 0;

  while (d[i] != NULL && p[i] != NULL && strcmp (d[i], p[i]) == 0)
    i++;
  for (guint k = i; d[k] != NULL; k++)
    if (d[k][0] != '\0')
      g_string_append (out, ".." G_DIR_SEPARATOR_S);
  for (guint k = i; p[k] != NULL; k++)
    if (p[k][0] != '\0')
      g_string_append_printf (out, "%s" G_DIR_SEPARATOR_S, p[k]);
  if (out->len > 0)
    g_string_truncate (out, out->len - 1);
  else
    g_string_append (out, ".");
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* A member and its value, in one call. */
static void
member_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

static void
member_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
member_bool (JsonBuilder *b, const char *name, gboolean value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

static void
add_time (JsonBuilder *b, const char *name, LttvTime t)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) t);
  member_string (b, name, text);
}

static void
add_range (JsonBuilder *b, const char *name, LttvTime start, LttvTime end)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  add_time (b, "start", start);
  add_time (b, "end", end);
  json_builder_end_object (b);
}

char *
lttv_session_to_data (const LttvSession *s, const char *file)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *abs = g_canonicalize_filename (file, NULL);
  g_autofree char *dir = g_path_get_dirname (abs);

  json_builder_begin_object (b);
  member_string (b, "format", "lttv-session");
  member_int (b, "version", LTTV_SESSION_VERSION);

  json_builder_set_member_name (b, "traces");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->traces->len; i++)
    {
      const LttvSessionTrace *t = s->traces->pdata[i];
      g_autofree char *rel = relative_to (dir, t->path);
      json_builder_begin_object (b);
      member_string (b, "path", t->path);
      member_string (b, "relative", rel);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "viewers");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->viewers->len; i++)
    {
      const LttvSessionViewer *v = s->viewers->pdata[i];
      json_builder_begin_object (b);
      member_string (b, "id", v->id);
      member_string (b, "area", v->docked ? "dock" : "upper");
      member_int (b, "height", v->height);
      if (v->toggles->len > 0)
        {
          json_builder_set_member_name (b, "toggles");
          json_builder_begin_object (b);
          for (guint k = 0; k < v->toggles->len; k++)
            {
              const LttvSessionToggle *t = v->toggles->pdata[k];
              member_bool (b, t->name, t->active);
            }
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "layout");
  json_builder_begin_object (b);
  member_int (b, "maximised", s->maximised);
  member_int (b, "dock-height", s->dock_height);
  member_int (b, "dock-page", s->dock_page);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "time");
  json_builder_begin_object (b);
  if (s->has_window)
    add_range (b, "window", s->window_start, s->window_end);
  if (s->has_current)
    add_time (b, "current", s->current);
  if (s->has_selection)
    add_range (b, "selection", s->selection_start, s->selection_end);
  json_builder_end_object (b);

  member_string (b, "filter", s->filter != NULL ? s->filter : "");

  json_builder_set_member_name (b, "bookmarks");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->bookmarks->len; i++)
    {
      const LttvSessionBookmark *m = s->bookmarks->pdata[i];
      json_builder_begin_object (b);
      add_time (b, "start", m->start);
      add_time (b, "end", m->end);
      member_string (b, "name", m->name);
      if (m->note != NULL)
        {
          member_string (b, "note", m->note);
        }
      if (m->colour != NULL)
        {
          member_string (b, "colour", m->colour);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "rows");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->rows->len; i++)
    {
      const LttvSessionRows *r = s->rows->pdata[i];
      json_builder_begin_object (b);
      member_string (b, "viewer", r->viewer);
      member_int (b, "sort-column", r->sort_column);
      member_bool (b, "descending", r->descending);
      json_builder_set_member_name (b, "hidden");
      json_builder_begin_array (b);
      for (guint k = 0; k < r->hidden->len; k++)
        json_builder_add_string_value (b, r->hidden->pdata[k]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "folded");
      json_builder_begin_array (b);
      for (guint k = 0; k < r->folded->len; k++)
        json_builder_add_string_value (b, r->folded->pdata[k]);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  char *text = json_generator_to_data (gen, NULL);
  char *with_newline = g_strconcat (text, "\n", NULL);
  g_free (text);
  return with_newline;
}

gboolean
lttv_session_save (const LttvSession *s, const char *file, GError **error)
{
  g_autofree char *data = lttv_session_to_data (s, file);
  g_autoptr (GError) write_error = NULL;

  if (!g_file_set_contents (file, data, -1, &write_error))
    {
      g_set_error (error, G_FILE_ERROR, write_error->code, "%s: %s: %s", file, "write",
                   write_error->message);
      return FALSE;
    }
  return TRUE;
}

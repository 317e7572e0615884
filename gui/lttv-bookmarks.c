/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvBookmarks: a tab's bookmarks, sorted by time, and their file in the
 * user's data folder (docs/bookmarks.md). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttv/lttv.h>

#include "lttv-marks-private.h"

#define FILE_VERSION 1
#define HEAD_GROUP "Traceset"
#define GROUP_PREFIX "Bookmark "

struct _LttvBookmarks
{
  GObject parent_instance;

  GArray *items;        /* LttvBookmark, by start then end */
  char *file;           /* where changes are saved, or NULL */
  char **traces;        /* written in the file for people */
  gboolean file_is_bad; /* set aside before the first save */
  guint next_colour;
};

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_TYPE (LttvBookmarks, lttv_bookmarks, G_TYPE_OBJECT)

/* Far from every state colour (tests/gui/test-marks-model.c checks). */
static const char *const palette[] = { "#865e3c", "#0b3d91", "#a0006e", "#3d3846" };

GdkRGBA
lttv_bookmarks_default_colour (guint i)
{
  GdkRGBA c;
  gdk_rgba_parse (&c, palette[i % G_N_ELEMENTS (palette)]);
  return c;
}

static void
bookmark_clear (gpointer data)
{
  LttvBookmark *b = data;
  g_free (b->name);
  g_free (b->note);
}

static int
compare (gconstpointer a, gconstpointer b)
{
  const LttvBookmark *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  if (x->end != y->end)
    return x->end < y->end ? -1 : 1;
  return 0;
}

static void
changed (LttvBookmarks *self)
{
  if (self->file != NULL)
    {
      g_autoptr (GError) error = NULL;
      if (!lttv_bookmarks_save (self, self->file, &error))
        g_printerr ("lttv-gui: %s\n", error->message);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

guint
lttv_bookmarks_n (LttvBookmarks *self)
{
  g_return_val_if_fail (LTTV_IS_BOOKMARKS (self), 0);
  return self->items->len;
}

const LttvBookmark *
lttv_bookmarks_get (LttvBookmarks *self, guint i)
{
  g_return_val_if_fail (LTTV_IS_BOOKMARKS (self), NULL);
  g_return_val_if_fail (i < self->items->len, NULL);
  return &g_array_index (self->items, LttvBookmark, i);
}

/* Adds without saving or telling; returns the index. */
static guint
insert (LttvBookmarks *self, LttvTime start, LttvTime end, const char *name, const char *note,
        const GdkRGBA *colour)
{
  LttvBookmark b = {
    .start = MIN (start, end), .end = MAX (start, end),
    .name = g_strdup (name != NULL ? name : ""),
    .note = note != NULL && note[0] != '\0' ? g_strdup (note) : NULL,
  };
  guint i = 0;

  b.colour = colour != NULL ? *colour : lttv_bookmarks_default_colour (self->next_colour++);
  b.colour.alpha = 1;
  while (i < self->items->len && compare (&g_array_index (self->items, LttvBookmark, i), &b) <= 0)
    i++;
  g_array_insert_val (self->items, i, b);
  return i;
}

guint
lttv_bookmarks_add (LttvBookmarks *self, LttvTime start, LttvTime end, const char *name,
                    const char *note, const GdkRGBA *colour)
{
  g_return_val_if_fail (LTTV_IS_BOOKMARKS (self), 0);
  guint i = insert (self, start, end, name, note, colour);
  changed (self);
  return i;
}

void
lttv_bookmarks_update (LttvBookmarks *self, guint i, const char *name, const char *note,
                       const GdkRGBA *colour)
{
  g_return_if_fail (LTTV_IS_BOOKMARKS (self));
  g_return_if_fail (i < self->items->len);
  LttvBookmark *b = &g_array_index (self->items, LttvBookmark, i);

  if (name != NULL)
    {
      g_free (b->name);
      b->name = g_strdup (name);
    }
  if (note != NULL)
    {
      g_free (b->note);
      b->note = note[0] != '\0' ? g_strdup (note) : NULL;
    }
  if (colour != NULL)
    {
      b->colour = *colour;
      b->colour.alpha = 1;
    }
  changed (self);
}

void
lttv_bookmarks_remove (LttvBookmarks *self, guint i)
{
  g_return_if_fail (LTTV_IS_BOOKMARKS (self));
  g_return_if_fail (i < self->items->len);
  g_array_remove_index (self->items, i);
  changed (self);
}

int
lttv_bookmarks_next (LttvBookmarks *self, LttvTime t, gboolean forward)
{
  g_return_val_if_fail (LTTV_IS_BOOKMARKS (self), -1);
  if (forward)
    {
      for (guint i = 0; i < self->items->len; i++)
        if (g_array_index (self->items, LttvBookmark, i).start > t)
          return (int) i;
      return -1;
    }
  for (guint i = self->items->len; i-- > 0;)
    if (g_array_index (self->items, LttvBookmark, i).start < t)
      return (int) i;
  return -1;
}

/* --- The file ------------------------------------------------------------ */

char *
lttv_bookmarks_file_for (LttvTraceset *ts)
{
  static const char *const env[] = { "hostname", "host", "tracer_name", "trace_name",
                                     "trace_creation_datetime", "kernel_release", "release" };
  g_autoptr (GString) key = g_string_new ("lttv-bookmarks 1\n");
  g_autofree char *digest = NULL;
  const char *data_home = g_get_user_data_dir ();

  if (ts == NULL || lttv_traceset_n_traces (ts) == 0)
    return NULL;
  for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
    {
      LttvTrace *t = lttv_traceset_get_trace (ts, i);
      const char *path = lttv_trace_path (t);
      g_autofree char *abs = g_canonicalize_filename (path != NULL ? path : "", NULL);

      g_string_append_printf (key, "trace %s\n", abs);
      for (guint k = 0; k < G_N_ELEMENTS (env); k++)
        {
          const char *v = lttv_trace_env_string (t, env[k]);
          if (v != NULL)
            g_string_append_printf (key, "%s=%s\n", env[k], v);
        }
    }
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key->str, key->len);
  return g_strdup_printf ("%s/lttv/bookmarks/%s.bookmarks", data_home, digest);
}

void
lttv_bookmarks_set_traces (LttvBookmarks *self, const char *const *paths)
{
  g_strfreev (self->traces);
  self->traces = g_strdupv ((char **) paths);
}

static gboolean
bad (GError **error, const char *file, const char *where, const char *what)
{
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: %s: %s", file, where, what);
  return FALSE;
}

/* A whole decimal number, nothing else. */
static gboolean
parse_time (const char *text, LttvTime *out)
{
  char *end = NULL;
  if (text == NULL || !g_ascii_isdigit (text[0]))
    return FALSE;
  errno = 0;
  *out = g_ascii_strtoull (text, &end, 10);
  return errno == 0 && end != NULL && *end == '\0' && *out != LTTV_TIME_NONE;
}

gboolean
lttv_bookmarks_load (LttvBookmarks *self, const char *file, GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  g_auto (GStrv) groups = NULL;
  g_autoptr (GArray) items = g_array_new (FALSE, TRUE, sizeof (LttvBookmark));
  gint64 version;

  g_return_val_if_fail (LTTV_IS_BOOKMARKS (self), FALSE);
  g_array_set_clear_func (items, bookmark_clear);
  if (!g_key_file_load_from_file (kf, file, G_KEY_FILE_NONE, &local))
    return bad (error, file, _("cannot be read"), local->message);
  version = g_key_file_get_int64 (kf, HEAD_GROUP, "Version", &local);
  if (local != NULL)
    return bad (error, file, "[" HEAD_GROUP "] Version", local->message);
  if (version != FILE_VERSION)
    return bad (error, file, "[" HEAD_GROUP "] Version", _("not a version this program reads"));

  groups = g_key_file_get_groups (kf, NULL);
  for (char **g = groups; *g != NULL; g++)
    {
      g_autofree char *where = NULL, *start_text = NULL, *end_text = NULL, *name = NULL;
      g_autofree char *note = NULL, *colour_text = NULL;
      LttvBookmark b = { 0 };

      if (strcmp (*g, HEAD_GROUP) == 0)
        continue;
      where = g_strdup_printf ("[%s]", *g);
      if (!g_str_has_prefix (*g, GROUP_PREFIX))
        return bad (error, file, where, _("not a bookmark group"));
      start_text = g_key_file_get_string (kf, *g, "Start", NULL);
      end_text = g_key_file_get_string (kf, *g, "End", NULL);
      name = g_key_file_get_string (kf, *g, "Name", NULL);
      note = g_key_file_get_string (kf, *g, "Note", NULL);
      colour_text = g_key_file_get_string (kf, *g, "Colour", NULL);
      if (!parse_time (start_text, &b.start))
        return bad (error, file, where, _("Start is not a time in nanoseconds"));
      if (end_text == NULL)
        b.end = b.start;
      else if (!parse_time (end_text, &b.end) || b.end < b.start)
        return bad (error, file, where, _("End is not a time in nanoseconds after Start"));
      if (name == NULL)
        return bad (error, file, where, _("no Name"));
      if (colour_text != NULL && !gdk_rgba_parse (&b.colour, colour_text))
        return bad (error, file, where, _("Colour is not a colour"));
      if (colour_text == NULL)
        b.colour = lttv_bookmarks_default_colour (items->len);
      b.colour.alpha = 1;
      b.name = g_steal_pointer (&name);
      b.note = note != NULL && note[0] != '\0' ? g_steal_pointer (&note) : NULL;
      g_array_append_val (items, b);
    }
  g_array_sort (items, compare);
  g_array_unref (self->items);
  self->items = g_steal_pointer (&items);
  self->next_colour = self->items->len;
  return TRUE;
}

static char *
colour_text (const GdkRGBA *c)
{
  return g_strdup_printf ("#%02x%02x%02x", (int) (c->red * 255 + 0.5), (int) (c->green * 255 + 0.5),
                          (int) (c->blue * 255 + 0.5));
}

gboolean
lttv_bookmarks_save (LttvBookmarks *self, const char *file, GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autofree char *dir = g_path_get_dirname (file);
  g_autofree char *data = NULL;
  gsize len;

  g_return_val_if_fail (LTTV_IS_BOOKMARKS (self), FALSE);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int e = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "%s: %s", dir, g_strerror (e));
      return FALSE;
    }
  /* A file we could not read is kept, not overwritten. */
  if (self->file_is_bad && g_strcmp0 (file, self->file) == 0)
    {
      g_autofree char *aside = g_strconcat (file, ".bad", NULL);
      g_rename (file, aside);
      self->file_is_bad = FALSE;
    }
  g_key_file_set_comment (kf, NULL, NULL, " LTTV bookmarks of one traceset (docs/bookmarks.md)", NULL);
  g_key_file_set_integer (kf, HEAD_GROUP, "Version", FILE_VERSION);
  if (self->traces != NULL)
    g_key_file_set_string_list (kf, HEAD_GROUP, "Traces", (const char *const *) self->traces,
                                g_strv_length (self->traces));
  for (guint i = 0; i < self->items->len; i++)
    {
      const LttvBookmark *b = &g_array_index (self->items, LttvBookmark, i);
      g_autofree char *group = g_strdup_printf (GROUP_PREFIX "%u", i + 1);
      g_autofree char *colour = colour_text (&b->colour);
      char num[32];

      g_snprintf (num, sizeof num, "%" G_GUINT64_FORMAT, b->start);
      g_key_file_set_string (kf, group, "Start", num);
      g_snprintf (num, sizeof num, "%" G_GUINT64_FORMAT, b->end);
      g_key_file_set_string (kf, group, "End", num);
      g_key_file_set_string (kf, group, "Name", b->name);
      if (b->note != NULL)
        g_key_file_set_string (kf, group, "Note", b->note);
      g_key_file_set_string (kf, group, "Colour", colour);
    }
  data = g_key_file_to_data (kf, &len, NULL);
  return g_file_set_contents (file, data, len, error);
}

gboolean
lttv_bookmarks_set_file (LttvBookmarks *self, const char *file, GError **error)
{
  gboolean ok = TRUE;

  g_return_val_if_fail (LTTV_IS_BOOKMARKS (self), FALSE);
  g_clear_pointer (&self->file, g_free);
  self->file_is_bad = FALSE;
  g_array_set_size (self->items, 0);
  self->next_colour = 0;
  if (file != NULL && g_file_test (file, G_FILE_TEST_EXISTS))
    {
      ok = lttv_bookmarks_load (self, file, error);
      self->file_is_bad = !ok;
    }
  self->file = g_strdup (file);
  g_signal_emit (self, signals[CHANGED], 0);
  return ok;
}

const char *
lttv_bookmarks_get_file (LttvBookmarks *self)
{
  return self->file;
}

static void
lttv_bookmarks_finalize (GObject *object)
{
  LttvBookmarks *self = LTTV_BOOKMARKS (object);

  g_array_unref (self->items);
  g_free (self->file);
  g_strfreev (self->traces);
  G_OBJECT_CLASS (lttv_bookmarks_parent_class)->finalize (object);
}

static void
lttv_bookmarks_class_init (LttvBookmarksClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lttv_bookmarks_finalize;
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lttv_bookmarks_init (LttvBookmarks *self)
{
  self->items = g_array_new (FALSE, TRUE, sizeof (LttvBookmark));
  g_array_set_clear_func (self->items, bookmark_clear);
}

LttvBookmarks *
lttv_bookmarks_new (void)
{
  return g_object_new (LTTV_TYPE_BOOKMARKS, NULL);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include "lttv-recent.h"

#define APP_NAME_FOR_RECENT "lttv-gui"

/* One writer at a time, in order: each reads the file the last wrote. */
static GThreadPool *writer;

typedef struct {
  char **paths;
  char *mime_type;   /* NULL: by kind (a trace folder, a .dat file) */
} RecentItems;

static void
add_items (gpointer data, gpointer unused)
{
  RecentItems *items = data;
  g_auto (GStrv) paths = items->paths;
  g_autofree char *mime_type = items->mime_type;
  g_autofree char *file = g_build_filename (g_get_user_data_dir (), "recently-used.xbel", NULL);
  g_autoptr (GBookmarkFile) recent = g_bookmark_file_new ();
  g_autoptr (GError) error = NULL;

  /* (none yet, or unreadable: a new list, as GtkRecentManager does) */
  if (!g_bookmark_file_load_from_file (recent, file, NULL))
    {
      g_bookmark_file_free (recent);
      recent = g_bookmark_file_new ();
    }
  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autofree char *uri = g_filename_to_uri (paths[i], NULL, NULL);
      g_autofree char *name = g_filename_display_basename (paths[i]);
      /* (a trace-cmd .dat recording is a file) */
      gboolean dir = g_file_test (paths[i], G_FILE_TEST_IS_DIR);

      if (uri == NULL)
        continue;
      if (!g_bookmark_file_has_item (recent, uri))
        g_bookmark_file_set_title (recent, uri, name);
      g_bookmark_file_set_mime_type (recent, uri, mime_type != NULL ? mime_type
                                     : dir ? "inode/directory" : "application/octet-stream");
      g_bookmark_file_add_group (recent, uri, "lttv");
      g_bookmark_file_add_application (recent, uri, APP_NAME_FOR_RECENT, "lttv-gui %u");
    }
  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  if (!g_bookmark_file_to_file (recent, file, &error))
    g_warning ("%s: %s", file, error->message);
  g_free (items);
}

static void
push (const char *const *paths, const char *mime_type)
{
  RecentItems *items = g_new (RecentItems, 1);

  items->paths = g_strdupv ((char **) paths);
  items->mime_type = g_strdup (mime_type);
  if (g_once_init_enter (&writer))
    g_once_init_leave (&writer, g_thread_pool_new (add_items, NULL, 1, FALSE, NULL));
  g_thread_pool_push (writer, items, NULL);
}

void
lttv_recent_add_traces (const char *const *paths)
{
  if (paths == NULL || paths[0] == NULL)
    return;
  push (paths, NULL);
}

void
lttv_recent_add_session (const char *file)
{
  const char *paths[] = { file, NULL };
  push (paths, "application/json");
}

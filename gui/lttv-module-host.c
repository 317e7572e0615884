/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <ltdl.h>
#include <string.h>

#include "lttv-module-api.h"
#include "lttv-module-host.h"

typedef const LttvModuleInfo *(*EntryFunc) (void);

static GPtrArray *modules;   /* LttvModuleRecord* */
static GPtrArray *viewers;   /* LttvViewerEntry* */
static GPtrArray *handles;   /* lt_dlhandle of loaded modules */
static GHashTable *text_exports;   /* viewer id (not owned) -> LttvViewerTextFunc */
static const char *loading_id;

static void
record_free (gpointer data)
{
  LttvModuleRecord *r = data;
  g_free (r->file);
  g_free (r->id);
  g_free (r->name);
  g_free (r->version);
  g_free (r->reason);
  g_free (r);
}

static void
ensure_tables (void)
{
  if (modules != NULL)
    return;
  modules = g_ptr_array_new_with_free_func (record_free);
  viewers = g_ptr_array_new_with_free_func (g_free);
  handles = g_ptr_array_new ();
  text_exports = g_hash_table_new (g_str_hash, g_str_equal);
}

void
lttv_viewer_register_text_export (const char *viewer_id, LttvViewerTextFunc func)
{
  const LttvViewerInfo *info;

  g_return_if_fail (viewer_id != NULL && func != NULL);
  info = lttv_module_host_find_viewer (viewer_id);
  g_return_if_fail (info != NULL);
  g_hash_table_insert (text_exports, (gpointer) info->id, (gpointer) func);
}

LttvViewerTextFunc
lttv_module_host_find_text_export (const char *id)
{
  ensure_tables ();
  return (LttvViewerTextFunc) g_hash_table_lookup (text_exports, id);
}

void
lttv_viewer_register (const LttvViewerInfo *info)
{
  g_return_if_fail (info != NULL && info->id != NULL && info->create != NULL);

  ensure_tables ();
  if (lttv_module_host_find_viewer (info->id) != NULL)
    {
      g_printerr (_("lttv-gui: viewer “%s” is registered twice; the second one is ignored\n"), info->id);
      return;
    }
  LttvViewerEntry *e = g_new0 (LttvViewerEntry, 1);
  e->info = info;
  e->module_id = loading_id;
  g_ptr_array_add (viewers, e);
}

static gboolean
module_id_loaded (const char *id)
{
  for (guint i = 0; i < modules->len; i++)
    {
      LttvModuleRecord *r = modules->pdata[i];
      if (r->loaded && g_strcmp0 (r->id, id) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Sets the refusal reason, says it on stderr, and closes the module. */
static void
refuse (LttvModuleRecord *r, lt_dlhandle handle, char *reason)
{
  r->reason = reason;
  g_printerr ("lttv-gui: %s: %s\n", r->file, reason);
  if (handle != NULL)
    lt_dlclose (handle);
}

static void
load_file (const char *file)
{
  LttvModuleRecord *r = g_new0 (LttvModuleRecord, 1);
  lt_dlhandle handle;
  EntryFunc entry;
  const LttvModuleInfo *info;
  g_autoptr (GError) error = NULL;

  r->file = g_strdup (file);
  g_ptr_array_add (modules, r);

  handle = lt_dlopen (file);
  if (handle == NULL)
    {
      refuse (r, NULL, g_strdup_printf (_("cannot be loaded: %s"), lt_dlerror ()));
      return;
    }
  entry = (EntryFunc) (void (*) (void)) lt_dlsym (handle, LTTV_MODULE_ENTRY_SYMBOL);
  if (entry == NULL)
    {
      refuse (r, handle, g_strdup_printf (_("no %s symbol: not an LTTV module"), LTTV_MODULE_ENTRY_SYMBOL));
      return;
    }
  info = entry ();
  if (info == NULL || info->abi_version != LTTV_MODULE_ABI_VERSION)
    {
      refuse (r, handle, g_strdup_printf (_("built for module ABI %u, this lttv-gui loads ABI %u; not loaded"),
                                          info != NULL ? info->abi_version : 0, LTTV_MODULE_ABI_VERSION));
      return;
    }
  if (info->struct_size != sizeof (LttvModuleInfo))
    {
      refuse (r, handle, g_strdup_printf (_("its description is %u bytes, this lttv-gui expects %u; not loaded"),
                                          info->struct_size, (guint) sizeof (LttvModuleInfo)));
      return;
    }
  if (info->id == NULL || info->init == NULL)
    {
      refuse (r, handle, g_strdup (_("its description has no id or no init function; not loaded")));
      return;
    }
  r->id = g_strdup (info->id);
  r->name = g_strdup (info->name == NULL ? info->id
                      : info->gettext_domain != NULL ? g_dgettext (info->gettext_domain, info->name)
                      : info->name);
  r->version = g_strdup (info->version != NULL ? info->version : "");
  if (module_id_loaded (info->id))
    {
      /* Not an error: an earlier folder of the path overrides this one. */
      r->reason = g_strdup_printf (_("skipped: a module with id “%s” is already loaded"), info->id);
      lt_dlclose (handle);
      return;
    }
  loading_id = r->id;
  if (!info->init (&error))
    {
      loading_id = NULL;
      refuse (r, handle, g_strdup_printf (_("failed to start: %s"),
                                          error != NULL ? error->message : _("no reason given")));
      return;
    }
  loading_id = NULL;
  r->loaded = TRUE;
  g_ptr_array_add (handles, handle);
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Adds the modules under `dir` (and its subfolders, for the build tree's
 * modules/NAME/NAME.la), skipping libtool's .libs: a NAME.la stands for
 * its .libs/NAME.so, and a NAME.so with a NAME.la beside it is the same. */
static void
scan_folder (const char *dir, int depth, GPtrArray *files)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_strings);
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = names->pdata[i];
      g_autofree char *path = g_build_filename (dir, n, NULL);

      if (g_str_has_suffix (n, ".la"))
        g_ptr_array_add (files, g_steal_pointer (&path));
      else if (g_str_has_suffix (n, ".so"))
        {
          g_autofree char *base = g_strndup (path, strlen (path) - 3);
          g_autofree char *la = g_strconcat (base, ".la", NULL);
          if (!g_file_test (la, G_FILE_TEST_EXISTS))
            g_ptr_array_add (files, g_steal_pointer (&path));
        }
      else if (depth > 0 && g_file_test (path, G_FILE_TEST_IS_DIR))
        scan_folder (path, depth - 1, files);
    }
}

void
lttv_module_host_load (void)
{
  static gboolean done;
  g_autoptr (GPtrArray) folders = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *path = g_getenv ("LTTV_MODULE_PATH");

  lttv_module_api_link ();
  ensure_tables ();
  if (done)
    return;
  done = TRUE;
  if (lt_dlinit () != 0)
    {
      g_printerr ("lttv-gui: libltdl: %s\n", lt_dlerror ());
      return;
    }
  if (path != NULL && path[0] != '\0')
    {
      g_auto (GStrv) parts = g_strsplit (path, G_SEARCHPATH_SEPARATOR_S, -1);
      for (int i = 0; parts[i] != NULL; i++)
        if (parts[i][0] != '\0')
          g_ptr_array_add (folders, g_strdup (parts[i]));
    }
  g_ptr_array_add (folders, g_strdup (LTTV_MODULE_DIR));
  for (guint i = 0; i < folders->len; i++)
    scan_folder (folders->pdata[i], 2, files);
  for (guint i = 0; i < files->len; i++)
    load_file (files->pdata[i]);
}

GPtrArray *
lttv_module_host_get_modules (void)
{
  ensure_tables ();
  return modules;
}

GPtrArray *
lttv_module_host_get_viewers (void)
{
  ensure_tables ();
  return viewers;
}

const LttvViewerInfo *
lttv_module_host_find_viewer (const char *id)
{
  ensure_tables ();
  for (guint i = 0; i < viewers->len; i++)
    {
      LttvViewerEntry *e = viewers->pdata[i];
      if (g_strcmp0 (e->info->id, id) == 0)
        return e->info;
    }
  return NULL;
}

const char *
lttv_viewer_info_get_label (const LttvViewerInfo *info)
{
  const char *label = info->label != NULL ? info->label : info->id;
  return info->gettext_domain != NULL ? g_dgettext (info->gettext_domain, label) : label;
}

void
lttv_module_host_shutdown (void)
{
  if (handles == NULL)
    return;
  for (guint i = 0; i < handles->len; i++)
    {
      EntryFunc entry = (EntryFunc) (void (*) (void)) lt_dlsym (handles->pdata[i], LTTV_MODULE_ENTRY_SYMBOL);
      const LttvModuleInfo *info = entry != NULL ? entry () : NULL;
      if (info != NULL && info->shutdown != NULL)
        info->shutdown ();
    }
  /* Modules stay mapped: widgets and types they registered may outlive us. */
  g_ptr_array_set_size (handles, 0);
}

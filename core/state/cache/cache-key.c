/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The state cache's file name: $XDG_CACHE_HOME/lttv/state-<paths>-<key>.cache.
 * The key is a SHA-256 of every trace's path and identity and of its
 * files' names, sizes and modification times, so a changed trace gets a
 * new file (and the old one of the same traceset is removed when it is
 * written). Nothing is written into the trace folder. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include <lttv/paths.h>

#include "cache/cache.h"

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
key_add_files (GString *key, const char *dir, const char *rel)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, n, NULL);
      g_autofree char *sub = rel[0] ? g_strconcat (rel, "/", n, NULL) : g_strdup (n);
      struct stat st;
      if (g_stat (path, &st) != 0)
        continue;
      if (S_ISDIR (st.st_mode))
        key_add_files (key, path, sub);
      else
        g_string_append_printf (key, "%s %lld %lld.%09ld\n", sub, (long long) st.st_size,
                                (long long) st.st_mtim.tv_sec, (long) st.st_mtim.tv_nsec);
    }
  g_ptr_array_unref (names);
}

/* The traces' absolute paths: what names the traceset, whatever its
 * content. */
static char *
cache_paths (LttvState *s)
{
  GString *paths = g_string_new (NULL);
  for (guint i = 0; i < lttv_traceset_n_traces (s->ts); i++)
    {
      const char *path = lttv_trace_path (lttv_traceset_get_trace (s->ts, i));
      g_autofree char *abs = g_canonicalize_filename (path ? path : "", NULL);
      g_string_append_printf (paths, "%s\n", abs);
    }
  return g_string_free (paths, FALSE);
}

/* Every trace's absolute path, identity (env) and files. */
char *
state_cache_key (LttvState *s)
{
  GString *key = g_string_new (NULL);
  g_string_append_printf (key, "%s %d\n", STATE_CACHE_MAGIC, STATE_CACHE_VERSION);
  for (guint i = 0; i < lttv_traceset_n_traces (s->ts); i++)
    {
      LttvTrace *t = lttv_traceset_get_trace (s->ts, i);
      const char *path = lttv_trace_path (t);
      g_autofree char *abs = g_canonicalize_filename (path ? path : "", NULL);
      g_string_append_printf (key, "trace %s\n", abs);
      const char *env[] = { "hostname", "host", "tracer_name", "trace_name",
                            "trace_creation_datetime", "kernel_release", "release" };
      for (guint k = 0; k < G_N_ELEMENTS (env); k++)
        {
          const char *v = lttv_trace_env_string (t, env[k]);
          if (v != NULL)
            g_string_append_printf (key, "env %s=%s\n", env[k], v);
        }
      key_add_files (key, abs, "");
      /* (a trace-cmd .dat recording is one file) */
      struct stat st;
      if (g_stat (abs, &st) == 0 && S_ISREG (st.st_mode))
        g_string_append_printf (key, "file %lld %lld.%09ld\n", (long long) st.st_size,
                                (long long) st.st_mtim.tv_sec, (long) st.st_mtim.tv_nsec);
    }
  return g_string_free (key, FALSE);
}

/* state-<paths>-<key>.cache: the first part names the traceset, so that
 * saving a new state can remove the stale ones of the same traceset. */
static char *
cache_prefix (LttvState *s)
{
  g_autofree char *paths = cache_paths (s);
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, paths, -1);
  sum[16] = '\0';
  return g_strdup_printf ("state-%s-", sum);
}

char *
state_cache_path (LttvState *s, const char *key)
{
  g_autofree char *dir = lttv_paths_cache_dir ();
  g_autofree char *prefix = cache_prefix (s);
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
  g_autofree char *name = g_strdup_printf ("%s%.32s.cache", prefix, sum);
  return g_build_filename (dir, name, NULL);
}

/* Removes the other cache files of this traceset (older contents). */
void
state_cache_remove_stale (LttvState *s, const char *keep)
{
  g_autofree char *dir = g_path_get_dirname (keep);
  g_autofree char *prefix = cache_prefix (s);
  g_autofree char *keep_name = g_path_get_basename (keep);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return;
  const char *name;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      if (!g_str_has_prefix (name, prefix) || strcmp (name, keep_name) == 0)
        continue;
      g_autofree char *path = g_build_filename (dir, name, NULL);
      const char *tmp = strstr (name, ".cache.");
      GStatBuf st;
      if (g_str_has_suffix (name, ".cache"))
        g_unlink (path);
      /* a write that never finished (state-...cache.XXXXXX): unless it is
       * recent, when another process may still be writing it */
      else if (tmp != NULL && strlen (tmp) == strlen (".cache.XXXXXX")
               && g_stat (path, &st) == 0 && now - (gint64) st.st_mtime > 600)
        g_unlink (path);
    }
}


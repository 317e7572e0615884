/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ftrace-cache.c: where a .dat file's CTF copy lives:
 * $XDG_CACHE_HOME/lttv/ftrace/<SHA-256 of its absolute path>/, with
 * `.identity` (the file's path, size, time and inode: another file, or
 * the same changed, is converted again), `.format` and `.problems` (what
 * the conversion could not read, reported at each open). A conversion is
 * written into a folder of its own and renamed into place when complete,
 * so that a reader never sees half of one. Nothing is written next to
 * the .dat file. */
#include "config.h"

#include "ftrace.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <lttv/error.h>
#include <lttv/paths.h>

#include "asan.h"

#define FTRACE_CACHE_VERSION 3
#define HEAD_BYTES 4096

static void
remove_tree (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  if (d != NULL)
    {
      const char *name;
      while ((name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *p = g_build_filename (dir, name, NULL);
          g_unlink (p);
        }
      g_dir_close (d);
    }
  g_rmdir (dir);
}

static char *
identity (const char *abs, const struct stat *st)
{
  return g_strdup_printf ("lttv-ftrace %d\n%s\n%lld %lld.%09ld %llu %llu\n",
                          FTRACE_CACHE_VERSION, abs, (long long) st->st_size,
                          (long long) st->st_mtim.tv_sec, (long) st->st_mtim.tv_nsec,
                          (unsigned long long) st->st_ino, (unsigned long long) st->st_dev);
}

static char *
read_small (const char *dir, const char *name)
{
  g_autofree char *p = g_build_filename (dir, name, NULL);
  char *text = NULL;
  if (!g_file_get_contents (p, &text, NULL, NULL))
    return NULL;
  return text;
}

static gboolean
write_small (const char *dir, const char *name, const char *text, GError **error)
{
  g_autofree char *p = g_build_filename (dir, name, NULL);
  return g_file_set_contents (p, text, -1, error);
}

/* The problems kept with a conversion, one line each, back as errors. */
static void
load_problems (const char *dir, GPtrArray *problems)
{
  g_autofree char *text = read_small (dir, ".problems");
  if (text == NULL)
    return;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0])
      g_ptr_array_add (problems, g_error_new_literal (LTTV_ERROR, LTTV_ERROR_CORRUPT, lines[i]));
}

void
ftrace_ctf_forget (const char *dir)
{
  g_autofree char *p = g_build_filename (dir, ".identity", NULL);
  g_unlink (p);
}

GHashTable *
ftrace_thread_names (const char *dir)
{
  g_autofree char *text = read_small (dir, ".threads");
  if (text == NULL || !*text)
    return NULL;
  GHashTable *names = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *end;
      gint64 tid = g_ascii_strtoll (lines[i], &end, 10);
      if (end == lines[i] || *end != ' ' || tid <= 0 || tid > G_MAXINT)
        continue;
      g_hash_table_insert (names, GINT_TO_POINTER ((int) tid), g_strcompress (end + 1));
    }
  return names;
}

/* The conversion, in a process of its own: libtracecmd prints on the
 * standard output (which `lttv dump` writes events to), and may crash on
 * a damaged file that passed ftrace_check_head; then only that process
 * dies, and the error says so. It writes `.problems`, and `.error` when
 * it fails. */
static gboolean
convert_apart (const char *path, const char *dir, GError **error)
{
  fflush (NULL);
  pid_t pid = fork ();
  if (pid < 0)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: fork: %s", path, g_strerror (errno));
      return FALSE;
    }
  if (pid == 0)
    {
      int null = open ("/dev/null", O_WRONLY);
      if (null >= 0)
        dup2 (null, STDOUT_FILENO);
#ifndef LTTV_ASAN
      /* libtracecmd allocates the sizes a file says (fuzzing found 1.5 GB
       * for a damaged one): they fail beyond this instead (ASan's
       * shadow memory would not fit under the limit) */
      struct rlimit lim = { (rlim_t) 4 << 30, (rlim_t) 4 << 30 };
      setrlimit (RLIMIT_DATA, &lim);
#endif
      GPtrArray *found = g_ptr_array_new ();
      GError *err = NULL;
      gboolean ok = ftrace_convert (path, dir, found, &err);
      GString *text = g_string_new (NULL);
      for (guint i = 0; i < found->len; i++)
        g_string_append_printf (text, "%s\n", ((GError *) found->pdata[i])->message);
      ok = write_small (dir, ".problems", text->str, ok ? &err : NULL) && ok;
      if (!ok)
        write_small (dir, ".error", err != NULL ? err->message : "conversion failed", NULL);
      _exit (ok ? 0 : 1);
    }
  int status;
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      {
        g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: waitpid: %s", path, g_strerror (errno));
        return FALSE;
      }
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    return TRUE;
  if (WIFSIGNALED (status))
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_CORRUPT,
                   "%s: libtracecmd crashed reading it (signal %d): a damaged file",
                   path, WTERMSIG (status));
      return FALSE;
    }
  g_autofree char *msg = read_small (dir, ".error");
  if (msg != NULL)
    g_set_error_literal (error, LTTV_ERROR, LTTV_ERROR_CORRUPT, msg);
  else
    g_set_error (error, LTTV_ERROR, LTTV_ERROR_CORRUPT,
                 "%s: libtracecmd failed reading it (exit status %d): a damaged file",
                 path, WIFEXITED (status) ? WEXITSTATUS (status) : -1);
  return FALSE;
}

static char *
version_format (const guint8 *head, gsize n)
{
  unsigned v = 0;
  if (n > 11)
    v = (unsigned) g_ascii_strtoull ((const char *) head + 10, NULL, 10);
  return g_strdup_printf ("trace-cmd .dat v%u", v);
}

char *
ftrace_ctf_folder (const char *path, char **format, GPtrArray *problems,
                   GError **error)
{
  struct stat st;
  if (g_stat (path, &st) != 0)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_NOT_FOUND, "%s: %s", path, g_strerror (errno));
      return NULL;
    }
  g_autofree char *abs = g_canonicalize_filename (path, NULL);
  g_autofree char *id = identity (abs, &st);
  g_autofree char *key = g_compute_checksum_for_string (G_CHECKSUM_SHA256, abs, -1);
  g_autofree char *cache = lttv_paths_cache_dir ();
  g_autofree char *parent = g_build_filename (cache, "ftrace", NULL);
  char *dir = g_build_filename (parent, key, NULL);

  g_autofree char *old_id = read_small (dir, ".identity");
  if (old_id != NULL && strcmp (old_id, id) == 0)
    {
      *format = read_small (dir, ".format");
      if (*format == NULL)
        *format = g_strdup ("trace-cmd .dat");
      load_problems (dir, problems);
      return dir;
    }

  /* The head, checked before libtracecmd reads the file. */
  guint8 head[HEAD_BYTES];
  gsize n = 0;
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", path, g_strerror (errno));
      g_free (dir);
      return NULL;
    }
  n = fread (head, 1, sizeof head, f);
  fclose (f);
  unsigned version;
  if (!ftrace_check_head (path, head, n, (guint64) st.st_size, &version, error))
    {
      g_free (dir);
      return NULL;
    }

  if (g_mkdir_with_parents (parent, 0700) != 0)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", parent, g_strerror (errno));
      g_free (dir);
      return NULL;
    }
  g_autofree char *tmpl = g_strconcat (dir, ".new-XXXXXX", NULL);
  if (g_mkdtemp (tmpl) == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", tmpl, g_strerror (errno));
      g_free (dir);
      return NULL;
    }
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  g_autofree char *fmt = version_format (head, n);
  gboolean ok = convert_apart (path, tmpl, error);
  if (ok)
    {
      load_problems (tmpl, found);
      ok = write_small (tmpl, ".format", fmt, error)
           && write_small (tmpl, ".identity", id, error);
    }
  if (!ok)
    {
      remove_tree (tmpl);
      g_ptr_array_free (found, TRUE);
      g_free (dir);
      return NULL;
    }
  /* In place of an older copy (of a changed file, or a reader's that has
   * it open: its mapping stays valid). Another process may have put the
   * same conversion there meanwhile: either is right. */
  if (g_rename (tmpl, dir) != 0)
    {
      g_autofree char *aside = g_strconcat (dir, ".old-XXXXXX", NULL);
      gboolean moved = g_mkdtemp (aside) != NULL && g_rename (dir, aside) == 0;
      if (g_rename (tmpl, dir) != 0)
        {
          /* still none: read the new one where it is */
          g_free (dir);
          dir = g_strdup (tmpl);
        }
      if (moved)
        remove_tree (aside);
      else
        g_rmdir (aside);
    }
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (problems, g_error_copy (found->pdata[i]));
  g_ptr_array_free (found, TRUE);
  *format = g_steal_pointer (&fmt);
  return dir;
}

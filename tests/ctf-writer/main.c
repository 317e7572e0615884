/* SPDX-License-Identifier: GPL-2.0-or-later */
/* main.c: lttv-ctf-writer SCENARIO OUTDIR. Everything is checked and
 * encoded in memory first; only then OUTDIR is created (it must not
 * exist) and filled. Nothing is written anywhere else; on a write error
 * what was created is removed again. */
#include "ctf-writer.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  char *name;
  GBytes *bytes;
} OutFile;

static void
out_file_free (gpointer data)
{
  OutFile *f = data;
  g_free (f->name);
  g_bytes_unref (f->bytes);
  g_free (f);
}

static gboolean
write_new_file (const char *path, GBytes *bytes, GError **error)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  int fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL, 0644);

  if (fd < 0)
    {
      int err = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err),
                   "%s: cannot create: %s", path, g_strerror (err));
      return FALSE;
    }
  while (len > 0)
    {
      ssize_t n = write (fd, data, len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int err = errno;
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err),
                       "%s: write failed: %s", path, g_strerror (err));
          close (fd);
          return FALSE;
        }
      data += n;
      len -= (gsize) n;
    }
  if (close (fd) != 0)
    {
      int err = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err),
                   "%s: close failed: %s", path, g_strerror (err));
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_trace (const char *outdir, GPtrArray *files, GError **error)
{
  g_autoptr (GPtrArray) created = g_ptr_array_new_with_free_func (g_free);

  if (g_file_test (outdir, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                   "%s: already exists; the writer only creates a new folder", outdir);
      return FALSE;
    }
  if (g_mkdir (outdir, 0755) != 0)
    {
      int err = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err),
                   "%s: cannot create the folder: %s", outdir, g_strerror (err));
      return FALSE;
    }
  for (guint i = 0; i < files->len; i++)
    {
      OutFile *f = files->pdata[i];
      char *path = g_build_filename (outdir, f->name, NULL);
      g_autofree char *dir = g_path_get_dirname (path);
      gboolean ok = TRUE;

      /* Sub-folders (index/) are made once, before their first file. */
      if (strcmp (dir, outdir) != 0 && !g_file_test (dir, G_FILE_TEST_IS_DIR))
        {
          if (g_mkdir (dir, 0755) != 0)
            {
              int err = errno;
              g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err),
                           "%s: cannot create the folder: %s", dir, g_strerror (err));
              ok = FALSE;
            }
          else
            g_ptr_array_add (created, g_strdup (dir));
        }
      if (!ok || !write_new_file (path, f->bytes, error))
        {
          g_free (path);
          /* Leave nothing half-written behind, newest first. */
          for (guint k = created->len; k > 0; k--)
            g_remove (created->pdata[k - 1]);
          g_rmdir (outdir);
          return FALSE;
        }
      g_ptr_array_add (created, path);
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (out_file_free);
  g_autofree char *text = NULL;
  CwScenario *sc;
  OutFile *f;

  if (argc != 3)
    {
      g_printerr ("usage: lttv-ctf-writer SCENARIO OUTDIR\n"
                  "Writes the CTF trace a scenario describes into OUTDIR, "
                  "which must not exist.\n");
      return 2;
    }
  sc = cw_scenario_load (argv[1], &error);
  if (sc == NULL)
    {
      g_printerr ("lttv-ctf-writer: %s\n", error->message);
      return 1;
    }

  text = cw_metadata_text (sc);
  f = g_new0 (OutFile, 1);
  f->name = g_strdup ("metadata");
  if (sc->config.tracer == CW_TRACER_LTTNG)
    f->bytes = cw_metadata_packetize (&sc->config, text);
  else
    f->bytes = g_bytes_new (text, strlen (text));
  g_ptr_array_add (files, f);

  for (guint cpu = 0; cpu < sc->config.n_cpus; cpu++)
    {
      GBytes *index = NULL;
      GBytes *bytes = cw_stream_build (sc, cpu, &index, &error);

      if (bytes == NULL)
        {
          g_printerr ("lttv-ctf-writer: %s\n", error->message);
          cw_scenario_free (sc);
          return 1;
        }
      f = g_new0 (OutFile, 1);
      f->name = g_strdup_printf (sc->config.tracer == CW_TRACER_PERF
                                 ? "perf_stream_%u" : "channel0_%u", cpu);
      f->bytes = bytes;
      g_ptr_array_add (files, f);
      if (sc->config.tracer == CW_TRACER_LTTNG && !sc->config.no_index)
        {
          f = g_new0 (OutFile, 1);
          f->name = g_strdup_printf ("index/channel0_%u.idx", cpu);
          f->bytes = index;
          g_ptr_array_add (files, f);
        }
      else
        g_bytes_unref (index);
    }
  cw_scenario_free (sc);

  if (!write_trace (argv[2], files, &error))
    {
      g_printerr ("lttv-ctf-writer: %s\n", error->message);
      return 1;
    }
  return 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tsdl-to-ctf2 TRACE_DIR OUT_DIR: a CTF 2 copy of a CTF 1.8 trace (or of
 * a folder of traces). OUT_DIR gets TRACE_DIR's folders; each `metadata`
 * is parsed and compiled by core/ctf and written again as CTF 2
 * (ctf2-emit.c); every other file (data streams, index/) is hard-linked,
 * or copied when OUT_DIR is on another file system. Nothing is written
 * into TRACE_DIR. Exit status 1 when a metadata cannot be translated
 * (said as `tsdl-to-ctf2: PATH: WHAT`), 2 on bad usage. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "ctf-types.h"
#include "ctf2-emit.h"

static int n_metadata;

static gboolean
fail (const char *path, const char *what)
{
  fprintf (stderr, "tsdl-to-ctf2: %s: %s\n", path, what);
  return FALSE;
}

static gboolean
translate (const char *in, const char *out)
{
  CtfTraceClass *tc = ctf_trace_class_new ();
  GError *error = NULL, *cut = NULL;
  char *text = NULL;
  gboolean ok = FALSE;
  n_metadata++;
  if (!ctf_metadata_load (tc, in, &cut, &error)
      || !ctf_trace_class_compile (tc, in, &error))
    {
      /* the reader's own message names the file already */
      fprintf (stderr, "tsdl-to-ctf2: %s\n", error->message);
      goto out;
    }
  if (cut != NULL)
    fprintf (stderr, "tsdl-to-ctf2: %s: warning: %s\n", in, cut->message);
  gsize len;
  text = ctf2_emit_metadata (tc, &len, &error);
  if (text == NULL)
    {
      g_autofree char *msg = g_strdup_printf ("cannot be translated to CTF 2: "
                                              "%s", error->message);
      fail (in, msg);
      goto out;
    }
  if (!g_file_set_contents (out, text, (gssize) len, &error))
    {
      fail (out, error->message);
      goto out;
    }
  ok = TRUE;
out:
  g_free (text);
  g_clear_error (&error);
  g_clear_error (&cut);
  ctf_trace_class_free (tc);
  return ok;
}

static gboolean
copy_file (const char *in, const char *out)
{
  g_autofree char *data = NULL;
  gsize len;
  GError *error = NULL;
  if (!g_file_get_contents (in, &data, &len, &error)
      || !g_file_set_contents (out, data, (gssize) len, &error))
    {
      fail (in, error->message);
      g_error_free (error);
      return FALSE;
    }
  return TRUE;
}

static gboolean
link_or_copy (const char *in, const char *out)
{
  if (link (in, out) == 0)
    return TRUE;
  if (errno == EXDEV || errno == EPERM || errno == EMLINK)
    return copy_file (in, out);
  return fail (out, g_strerror (errno));
}

/* Mirrors folder `in` into `out` (made already). */
static gboolean
mirror (const char *in, const char *out)
{
  GError *error = NULL;
  GDir *d = g_dir_open (in, 0, &error);
  if (d == NULL)
    {
      fail (in, error->message);
      g_error_free (error);
      return FALSE;
    }
  gboolean ok = TRUE;
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *src = g_build_filename (in, name, NULL);
      g_autofree char *dst = g_build_filename (out, name, NULL);
      struct stat st;
      if (lstat (src, &st) != 0)
        ok = fail (src, g_strerror (errno)) && ok;
      else if (S_ISDIR (st.st_mode))
        {
          if (mkdir (dst, 0755) != 0)
            ok = fail (dst, g_strerror (errno)) && ok;
          else
            ok = mirror (src, dst) && ok;
        }
      else if (S_ISLNK (st.st_mode))
        {
          char target[PATH_MAX];
          ssize_t n = readlink (src, target, sizeof target - 1);
          if (n < 0)
            ok = fail (src, g_strerror (errno)) && ok;
          else
            {
              target[n] = '\0';
              if (symlink (target, dst) != 0)
                ok = fail (dst, g_strerror (errno)) && ok;
            }
        }
      else if (!S_ISREG (st.st_mode))
        ok = fail (src, "not a regular file, folder or link: left out") && ok;
      else if (strcmp (name, "metadata") == 0)
        ok = translate (src, dst) && ok;
      else
        ok = link_or_copy (src, dst) && ok;
    }
  g_dir_close (d);
  return ok;
}

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: tsdl-to-ctf2 TRACE_DIR OUT_DIR\n"
               "Writes OUT_DIR: TRACE_DIR's folders, each CTF 1.8 metadata "
               "as CTF 2, the other files linked.\n");
      return 2;
    }
  const char *in = argv[1], *out = argv[2];
  char in_real[PATH_MAX], parent_real[PATH_MAX];
  if (realpath (in, in_real) == NULL)
    return fail (in, g_strerror (errno)), 1;
  if (!g_file_test (in_real, G_FILE_TEST_IS_DIR))
    return fail (in, "not a folder"), 1;
  g_autofree char *parent = g_path_get_dirname (out);
  g_autofree char *base = g_path_get_basename (out);
  if (realpath (parent, parent_real) == NULL)
    return fail (parent, g_strerror (errno)), 1;
  g_autofree char *out_real = g_build_filename (parent_real, base, NULL);
  g_autofree char *in_slash = g_strconcat (in_real, "/", NULL);
  if (strcmp (out_real, in_real) == 0 || g_str_has_prefix (out_real, in_slash))
    return fail (out, "inside the trace folder: nothing is written there"), 1;
  if (mkdir (out_real, 0755) != 0)
    {
      if (errno != EEXIST)
        return fail (out, g_strerror (errno)), 1;
      GDir *d = g_dir_open (out_real, 0, NULL);
      gboolean empty = d != NULL && g_dir_read_name (d) == NULL;
      if (d != NULL)
        g_dir_close (d);
      if (!empty)
        return fail (out, "exists and is not an empty folder"), 1;
    }
  gboolean ok = mirror (in_real, out_real);
  if (ok && n_metadata == 0)
    ok = fail (in, "no metadata file in it: not a CTF trace");
  return ok ? 0 : 1;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-ftrace.c: libFuzzer harness for the trace-cmd .dat reader. The
 * input is a .dat file: its head is checked (ftrace_check_head), then,
 * in this process (where lttv converts in a child process), converted
 * with libtracecmd into a CTF folder, which is opened and every event of
 * it printed with the babeltrace2 formatter: a crash or a sanitizer
 * report in our code, or in libtracecmd on a file the check let
 * through, stops the fuzzer. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <lttv/lttv.h>

#include "ftrace.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char *dir;

static void
clear_dir (const char *d)
{
  GDir *gd = g_dir_open (d, 0, NULL);
  if (gd == NULL)
    return;
  const char *name;
  while ((name = g_dir_read_name (gd)) != NULL)
    {
      g_autofree char *p = g_build_filename (d, name, NULL);
      g_unlink (p);
    }
  g_dir_close (gd);
}

static void
remove_dir (void)
{
  g_autofree char *out = g_build_filename (dir, "ctf", NULL);
  clear_dir (out);
  g_rmdir (out);
  clear_dir (dir);
  g_rmdir (dir);
  g_free (dir);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (dir == NULL)
    {
      dir = g_dir_make_tmp ("fuzz-ftrace-XXXXXX", NULL);
      atexit (remove_dir);
    }
  g_autofree char *path = g_build_filename (dir, "input.dat", NULL);
  g_autofree char *out = g_build_filename (dir, "ctf", NULL);
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    return 0;
  clear_dir (out);
  g_rmdir (out);
  unsigned version;
  GError *error = NULL;
  if (!ftrace_check_head (path, data, MIN (size, 4096), size, &version, &error))
    {
      g_clear_error (&error);
      return 0;
    }
  if (g_mkdir (out, 0700) != 0)
    return 0;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  gboolean ok = ftrace_convert (path, out, problems, &error);
  g_ptr_array_free (problems, TRUE);
  g_clear_error (&error);
  if (!ok)
    return 0;
  const char *paths[] = { out, NULL };
  LttvTraceset *ts = lttv_traceset_open (paths, &error);
  g_clear_error (&error);
  if (ts == NULL)
    return 0;
  LttvIter *it = lttv_iter_new (ts);
  LttvTextFormat *fmt = lttv_text_format_new ();
  GString *line = g_string_new (NULL);
  const LttvEvent *ev;
  while ((ev = lttv_iter_next (it, &error)) != NULL)
    {
      g_string_truncate (line, 0);
      lttv_text_format_event (fmt, ev, line);
    }
  g_clear_error (&error);
  g_string_free (line, TRUE);
  lttv_text_format_free (fmt);
  lttv_iter_free (it);
  lttv_traceset_free (ts);
  return 0;
}

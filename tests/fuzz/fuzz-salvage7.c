/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-salvage7.c: libFuzzer harness for the reading of cut version 7
 * .dat files (core/ftrace/ftrace-salvage7.c), alone: the input is a .dat
 * file, its sections walked and the tables of its CPU data made again in
 * a copy (and the end of a file libtracecmd reads checked), without
 * libtracecmd (which fuzz-ftrace covers, far slower). The
 * copy must be the input, then a whole options section. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdint.h>
#include <string.h>

#include "ftrace.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char *dir;

static void
remove_dir (void)
{
  g_autofree char *in = g_build_filename (dir, "input.dat", NULL);
  g_autofree char *out = g_build_filename (dir, "copy.dat", NULL);
  g_unlink (in);
  g_unlink (out);
  g_rmdir (dir);
  g_free (dir);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (dir == NULL)
    {
      dir = g_dir_make_tmp ("fuzz-salvage7-XXXXXX", NULL);
      atexit (remove_dir);
    }
  g_autofree char *path = g_build_filename (dir, "input.dat", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.dat", NULL);
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    return 0;
  g_unlink (copy);
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  gboolean ok = ftrace_salvage_cut7 (path, copy, problems);
  if (ok)
    {
      gchar *text = NULL;
      gsize len = 0;
      /* the input kept but for the mended counts and the one DONE
       * offset, then a section header and options */
      if (!g_file_get_contents (copy, &text, &len, NULL) || len < size + 16 + 14
          || problems->len == 0)
        __builtin_trap ();
      g_free (text);
    }
  else if (g_file_test (copy, G_FILE_TEST_EXISTS))
    __builtin_trap ();   /* a failure leaves no copy */
  ftrace_check_end7 (path, problems);
  g_ptr_array_free (problems, TRUE);
  return 0;
}

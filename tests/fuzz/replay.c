/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay.c: runs a fuzzing harness (fuzz-metadata.c, fuzz-stream.c,
 * fuzz-ftrace.c, fuzz-salvage7.c or fuzz-session.c, linked with this file) once on every
 * input of a folder, as a TAP test: the regression inputs the fuzzers
 * found, replayed under the sanitizer build. Usage: replay-KIND [FOLDER]
 * (default: regressions/KIND; for ftrace, regressions/ftrace-inputs: those
 * of regressions/ftrace crash libtracecmd itself, which the harness calls
 * in its own process, and are read through lttv by tests/ftrace). */
#include "config.h"

#include <glib.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

int
main (int argc, char **argv)
{
  const char *kind = g_str_has_suffix (argv[0], "stream") ? "stream"
                     : g_str_has_suffix (argv[0], "session") ? "session"
                     : g_str_has_suffix (argv[0], "ftrace")  ? "ftrace-inputs"
                     : g_str_has_suffix (argv[0], "salvage7") ? "salvage7"
                                                             : "metadata";
  /* options (the test driver's --tap) are not folders */
  g_autofree char *dir = argc > 1 && argv[argc - 1][0] != '-'
    ? g_strdup (argv[argc - 1])
    : g_build_filename (g_getenv ("LTTV_SRCDIR") ?: ".", "tests", "fuzz",
                        "regressions", kind, NULL);
  GDir *d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    {
      printf ("1..0 # SKIP no folder %s\n", dir);
      return 0;
    }
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);
  printf ("1..%u\n", names->len);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);
      g_autofree char *data = NULL;
      gsize len = 0;
      if (!g_file_get_contents (path, &data, &len, NULL))
        {
          printf ("not ok %u - %s: unreadable\n", i + 1,
                  (char *) names->pdata[i]);
          continue;
        }
      /* a sanitizer finding aborts the program: the test fails then */
      LLVMFuzzerTestOneInput ((const uint8_t *) data, len);
      printf ("ok %u - %s %s\n", i + 1, kind, (char *) names->pdata[i]);
    }
  g_ptr_array_free (names, TRUE);
  return 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* damage-cache.c: the fuzz-cache.c harness (linked with this file) run on
 * a real cache file damaged in many places, its sums made right each time,
 * as a TAP test under the sanitizer build: every damage must be loaded or
 * refused without a sanitizer report. The damage is deterministic: bytes
 * spread over every section, set to 0x00, 0xff or 0x80 (a varint that
 * never ends). Usage: damage-cache TRACE CACHE-FILE. */
#include "config.h"

#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
void fuzz_cache_finish (void);

#define N_DAMAGES 240

int
main (int argc, char **argv)
{
  static const guint8 values[] = { 0x00, 0xff, 0x80 };
  g_autofree char *seed = NULL;
  gsize len = 0;

  /* options (the test driver's --tap) come first */
  if (argc < 3 || !g_file_get_contents (argv[argc - 1], &seed, &len, NULL) || len == 0)
    {
      printf ("1..0 # SKIP usage: damage-cache TRACE CACHE-FILE\n");
      return 0;
    }
  g_setenv ("LTTV_FUZZ_TRACE", argv[argc - 2], TRUE);
  LLVMFuzzerInitialize (&argc, &argv);
  printf ("1..%u\n", N_DAMAGES + 1);
  LLVMFuzzerTestOneInput ((const uint8_t *) seed, len);
  printf ("ok 1 - the cache as written\n");
  g_autofree guint8 *buf = g_malloc (len);
  for (guint i = 0; i < N_DAMAGES; i++)
    {
      /* the header and the small sections (near the end) get more */
      gsize at = i < N_DAMAGES / 3 ? (gsize) i * 37 % MIN (len, 4096u)
                                   : (gsize) ((guint64) i * 2654435761u % len);
      memcpy (buf, seed, len);
      for (guint k = 0; k < 4 && at + k < len; k++)
        buf[at + k] = values[(i + k) % G_N_ELEMENTS (values)];
      /* a sanitizer finding aborts the program: the test fails then */
      LLVMFuzzerTestOneInput (buf, len);
      printf ("ok %u - 4 bytes at %" G_GSIZE_FORMAT " damaged\n", i + 2, at);
    }
  fuzz_cache_finish ();
  return 0;
}

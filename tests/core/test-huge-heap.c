/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv_huge_heap_init: blocks that malloc gives any thread, the main one
 * and one it starts, lie in memory the kernel backs with huge pages (the
 * state history is built in lttv-gui's worker thread). Read from
 * /proc/self/smaps: the AnonHugePages of the mapping that holds a block. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <lttv/lttv.h>
#include <lttv-internal/huge-heap.h>

#include "asan.h"

#define BLOCK (8u << 20)

/* The huge pages (kB) of the mapping holding `p`, or -1 when none does. */
static long
huge_kb_at (const void *p)
{
  FILE *f = fopen ("/proc/self/smaps", "r");
  g_assert_nonnull (f);
  char line[512];
  gboolean inside = FALSE;
  long kb = -1;
  while (fgets (line, sizeof line, f) != NULL)
    {
      unsigned long lo, hi;
      /* a mapping's first line: its address range */
      if (sscanf (line, "%lx-%lx ", &lo, &hi) == 2)
        inside = (unsigned long) p >= lo && (unsigned long) p < hi;
      else if (inside && sscanf (line, "AnonHugePages: %ld kB", &kb) == 1)
        break;
    }
  fclose (f);
  return kb;
}

/* A block from malloc, written through; the huge pages of its mapping. */
static gpointer
touch_block (gpointer data)
{
  (void) data;
  guint8 *p = g_malloc (BLOCK);
  memset (p, 1, BLOCK);
  long kb = huge_kb_at (p + BLOCK / 2);
  g_free (p);
  return GINT_TO_POINTER ((gint) kb);
}

static gboolean
thp_available (void)
{
  g_autofree char *mode = NULL;
  if (!g_file_get_contents ("/sys/kernel/mm/transparent_hugepage/enabled", &mode, NULL, NULL))
    return FALSE;
  return strstr (mode, "[never]") == NULL;
}

static void
test_threads (void)
{
#ifdef LTTV_ASAN
  g_test_skip ("AddressSanitizer's allocator replaces malloc's heap (the huge heap is off)");
  return;
#endif
  if (!thp_available ())
    {
      g_test_skip ("transparent huge pages are off on this machine");
      return;
    }
  long in_main = GPOINTER_TO_INT (touch_block (NULL));
  g_assert_cmpint (in_main, >=, 2048);
  GThread *t = g_thread_new ("worker", touch_block, NULL);
  long in_thread = GPOINTER_TO_INT (g_thread_join (t));
  g_assert_cmpint (in_thread, >=, 2048);
}

int
main (int argc, char **argv)
{
  /* first thing, as lttv and lttv-gui do */
  lttv_huge_heap_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/huge-heap/threads", test_threads);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* big-alloc.c's arrays: zeroed, their first bytes kept when they grow or
 * shrink across the huge-page threshold, zero past the old size. Built
 * here with the huge-page path even in the sanitizer build (the library's
 * copy uses malloc there), so that mmap and mremap run in the suite. */
#include "config.h"

#include <string.h>

#include "big-alloc.h"

static gboolean
all (const guint8 *p, gsize from, gsize to, guint8 byte)
{
  for (gsize i = from; i < to; i++)
    if (p[i] != byte)
      return FALSE;
  return TRUE;
}

static void
test_grows_and_shrinks (void)
{
  /* small (malloc), big (a huge page), bigger (mremap), smaller, small */
  static const gsize sizes[] = { 1000, 300000, 5000000, 2100000, 4000 };
  guint8 *p = big_array_alloc0 (sizes[0]);
  g_assert_true (all (p, 0, sizes[0], 0));
  gsize size = sizes[0];
  memset (p, 0xab, size);
  for (guint i = 1; i < G_N_ELEMENTS (sizes); i++)
    {
      gsize next = sizes[i];
      p = big_array_realloc (p, size, next);
      g_assert_true (all (p, 0, MIN (size, next), 0xab));
      g_assert_true (next <= size || all (p, size, next, 0));
      memset (p, 0xab, next);
      /* shrinking then growing again shows zeros past the smaller size */
      if (next < size)
        {
          guint8 *q = big_array_realloc (p, next, size);
          g_assert_true (all (q, 0, next, 0xab));
          g_assert_true (all (q, next, size, 0));
          p = big_array_realloc (q, size, next);
        }
      size = next;
    }
  big_array_free (p, size);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/big-alloc/grows-and-shrinks", test_grows_and_shrinks);
  return g_test_run ();
}

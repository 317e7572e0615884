/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stream_out (core/state/build/stream-out.h), which the state build's reader
 * copies its records with: every length a multiple of 8 up to 80 bytes,
 * to a destination aligned on 16 bytes or 8 bytes past it, arrives
 * byte for byte, and nothing around it is written. */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "state/build/stream-out.h"

#define MARK 0xa5

static void
test_copies_exactly (void)
{
  guint8 src[96];
  for (guint i = 0; i < sizeof src; i++)
    src[i] = (guint8) (i * 7 + 1);
  /* (16-byte aligned: g_malloc's) */
  guint8 *buf = g_malloc (160);
  g_assert_cmpuint ((guintptr) buf % 16, ==, 0);
  for (guint shift = 0; shift <= 8; shift += 8)
    for (gsize n = 0; n <= 80; n += 8)
      {
        memset (buf, MARK, 160);
        guint8 *dst = buf + 16 + shift;
        stream_out (dst, src + 3, n);
        stream_out_fence ();
        g_assert_cmpmem (dst, n, src + 3, n);
        for (guint8 *p = buf; p < dst; p++)
          g_assert_cmpuint (*p, ==, MARK);
        for (guint8 *p = dst + n; p < buf + 160; p++)
          g_assert_cmpuint (*p, ==, MARK);
      }
  g_free (buf);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stream-out/copies-exactly", test_copies_exactly);
  return g_test_run ();
}

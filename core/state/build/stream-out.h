/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stream-out.h: copying to memory that another core reads next, with
 * non-temporal stores (they go to memory without reading the line first).
 *
 * Why: the build's reader thread writes its records into batches that
 * the builder thread reads, and the batches are reused. With ordinary
 * stores, each line the reader writes again must first be fetched back
 * from the other core's caches, where the builder's reads left it, which
 * slows the reader markedly (bench/README.md). Non-temporal stores skip
 * that fetch. Internal to the core. */
#pragma once

#include <glib.h>
#include <string.h>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/* Copies `n` bytes (a multiple of 8) from `src` to `dst` (8-byte aligned)
 * with non-temporal stores where the machine has them; stream_out_fence
 * before another thread reads them. */
static inline void
stream_out (void *dst, const void *src, gsize n)
{
#if defined(__x86_64__)
  guint8 *d = dst;
  const guint8 *s = src;
  g_assert (n % 8 == 0 && (guintptr) d % 8 == 0);
  gsize i = 0;
  long long word;
  if ((guintptr) d % 16 != 0 && n >= 8)
    {
      memcpy (&word, s, 8);
      _mm_stream_si64 ((long long *) d, word);
      i = 8;
    }
  for (; i + 16 <= n; i += 16)
    _mm_stream_si128 ((__m128i *) (d + i), _mm_loadu_si128 ((const __m128i *) (s + i)));
  for (; i < n; i += 8)
    {
      memcpy (&word, s + i, 8);
      _mm_stream_si64 ((long long *) (d + i), word);
    }
#else
  memcpy (dst, src, n);
#endif
}

/* Orders the copies before what follows (non-temporal stores are not
 * ordered with the others). */
static inline void
stream_out_fence (void)
{
#if defined(__x86_64__)
  _mm_sfence ();
#endif
}

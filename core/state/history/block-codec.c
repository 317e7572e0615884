/* SPDX-License-Identifier: GPL-2.0-or-later */
/* block-codec.c: the checksum of the blocks and of the cache's sections. */
#include "config.h"

#include "history/block-codec.h"

/* A checksum fast enough not to cost more than reading the bytes: 64-bit
 * words mixed by multiplication in four independent lanes (the multiplier's
 * latency hidden), then word by word, the tail byte by byte, the length
 * first. */
static inline guint64
mix (guint64 h, const guint8 *p)
{
  guint64 w;
  memcpy (&w, p, 8);
  h = (h ^ w) * 0xff51afd7ed558ccdu;
  return h ^ (h >> 32);
}

guint64
state_cache_checksum (const guint8 *p, gsize len)
{
  guint64 h = 0x9e3779b97f4a7c15u ^ len;
  gsize i = 0;
  if (len >= 32)
    {
      guint64 l1 = h + 1, l2 = h + 2, l3 = h + 3;
      for (; i + 32 <= len; i += 32)
        {
          h = mix (h, p + i);
          l1 = mix (l1, p + i + 8);
          l2 = mix (l2, p + i + 16);
          l3 = mix (l3, p + i + 24);
        }
      h = (h ^ (l1 * 0x9e3779b97f4a7c15u)) * 0xc4ceb9fe1a85ec53u;
      h = (h ^ (l2 * 0x9e3779b97f4a7c15u)) * 0xc4ceb9fe1a85ec53u;
      h = (h ^ (l3 * 0x9e3779b97f4a7c15u)) * 0xc4ceb9fe1a85ec53u;
    }
  for (; i + 8 <= len; i += 8)
    {
      guint64 w;
      memcpy (&w, p + i, 8);
      h = (h ^ w) * 0xff51afd7ed558ccdu;
      h ^= h >> 32;
    }
  for (; i < len; i++)
    h = (h ^ p[i]) * 0xc4ceb9fe1a85ec53u;
  h ^= h >> 29;
  return h * 0x9e3779b97f4a7c15u;
}

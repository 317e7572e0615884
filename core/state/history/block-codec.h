/* SPDX-License-Identifier: GPL-2.0-or-later */
/* block-codec.h: the format of the history's blocks of changes, which
 * the state cache stores (one per history chunk: the first change's
 * value, then per change a word of its time delta << 1 | "its value is
 * the one two changes before" (delta_at), and its value as a varint
 * unless so), the chunks' sizes, and where a block is. Only bytes and
 * numbers: no history types. Most attributes go back and forth between
 * two values (a thread in and out of system calls), so most changes need
 * no value of their own (bench/README.md). */
#pragma once

#include <string.h>

#include <glib.h>

/* Chunks grow from 4 changes to 128 and stay there: most attributes
 * (threads that live a moment) change only a few times, and every
 * attribute's last chunk is in memory while the build goes on, half empty
 * on average, in fresh pages the kernel zeroes. Smaller chunks make more
 * blocks, and a slightly bigger cache. (-D to compare others) */
#ifndef HISTORY_CHUNK_BITS
#define HISTORY_CHUNK_BITS 7
#endif
#ifndef HISTORY_FIRST_BITS
#define HISTORY_FIRST_BITS 2
#endif
#define HISTORY_CHUNK_SIZE (1u << HISTORY_CHUNK_BITS)
#define HISTORY_FIRST_CHUNK (1u << HISTORY_FIRST_BITS)
#define HISTORY_SMALL_CHUNKS (HISTORY_CHUNK_BITS - HISTORY_FIRST_BITS)
#define HISTORY_SMALL_TOTAL (HISTORY_CHUNK_SIZE - HISTORY_FIRST_CHUNK) /* their sum */

static inline guint
history_chunk_size (guint c)
{
  return c < HISTORY_SMALL_CHUNKS ? HISTORY_FIRST_CHUNK << c : HISTORY_CHUNK_SIZE;
}

static inline guint
history_chunk_base (guint c)
{
  return c < HISTORY_SMALL_CHUNKS ? HISTORY_FIRST_CHUNK * ((1u << c) - 1)
         : HISTORY_SMALL_TOTAL + HISTORY_CHUNK_SIZE * (c - HISTORY_SMALL_CHUNKS);
}

static inline guint
history_chunk_of (guint k)
{
  if (k < HISTORY_SMALL_TOTAL)
    return (guint) g_bit_storage (k / HISTORY_FIRST_CHUNK + 1) - 1;
  return HISTORY_SMALL_CHUNKS + ((k - HISTORY_SMALL_TOTAL) >> HISTORY_CHUNK_BITS);
}

/* A block's most bytes: a value, then a delta (12 bytes at most) and a
 * value (10) per change. */
#define HISTORY_BLOCK_MAX (HISTORY_CHUNK_SIZE * 22)

/* Where a block is: its place in the cache's DATA and its length, in one
 * u64 (the cache's OFFS entries). */
static inline guint64
history_block_at (guint64 pos, gsize len)
{
  return pos << 16 | len;
}

static inline guint64
history_block_pos (guint64 at)
{
  return at >> 16;
}

static inline gsize
history_block_len (guint64 at)
{
  return at & 0xffff;
}


/* Writes `v` as a varint at `p` (room for 10 bytes); returns its end. */
static inline guint8 *
varint_at (guint8 *p, guint64 v)
{
  while (v > 0x7f)
    {
      *p++ = (guint8) (v | 0x80);
      v >>= 7;
    }
  *p++ = (guint8) v;
  return p;
}

/* Reads the varint at `*p` into `out` and moves `*p` past it; FALSE when
 * it would run to `end` or past 64 bits. */
static inline gboolean
varint_from (const guint8 **p, const guint8 *end, guint64 *out)
{
  /* Most are values (one byte) and time deltas (two or three). */
  const guint8 *q = *p;
  if (G_LIKELY (end - q >= 3))
    {
      if (q[0] < 0x80)
        {
          *out = q[0];
          *p = q + 1;
          return TRUE;
        }
      if (q[1] < 0x80)
        {
          *out = (q[0] & 0x7fu) | (guint64) q[1] << 7;
          *p = q + 2;
          return TRUE;
        }
      if (q[2] < 0x80)
        {
          *out = (q[0] & 0x7fu) | (guint64) (q[1] & 0x7fu) << 7 | (guint64) q[2] << 14;
          *p = q + 3;
          return TRUE;
        }
    }
  guint64 v = 0;
  for (guint shift = 0; shift < 64 && *p < end; shift += 7)
    {
      guint8 byte = *(*p)++;
      v |= (guint64) (byte & 0x7f) << shift;
      if (!(byte & 0x80))
        {
          *out = v;
          return TRUE;
        }
    }
  return FALSE;
}

/* A change's time delta and whether its value is the one two changes
 * before (`again`), as one 4-byte little-endian word, delta << 1 | again;
 * a delta of DELTA_ESCAPE ns (2.1 s) or more as that word with
 * DELTA_ESCAPE, then the delta in 8 bytes. A fixed width rather than a
 * varint (a loop per byte): less of the builder's CPU for a bigger cache,
 * still well under the goal of half the trace (bench/README.md). */
#define DELTA_ESCAPE 0x7fffffffu
#define DELTA_MAX 12

/* delta_at's escape, out of line. */
static G_GNUC_NO_INLINE guint8 *
delta_wide_at (guint8 *p, guint64 delta, guint32 again)
{
  guint32 word = GUINT32_TO_LE (DELTA_ESCAPE << 1 | again);
  guint64 wide = GUINT64_TO_LE (delta);
  memcpy (p, &word, 4);
  memcpy (p + 4, &wide, 8);
  return p + DELTA_MAX;
}

/* Writes the word of `delta` and `again` (0 or 1) at `p`; returns its
 * end. */
static inline guint8 *
delta_at (guint8 *p, guint64 delta, guint32 again)
{
  if (G_UNLIKELY (delta >= DELTA_ESCAPE))
    return delta_wide_at (p, delta, again);
  guint32 word = GUINT32_TO_LE ((guint32) delta << 1 | again);
  memcpy (p, &word, 4);
  return p + 4;
}

/* Reads the word at `*p` and moves past it; FALSE when it would run to
 * `end`, or its escape holds a delta that did not need one. */
static inline gboolean
delta_from (const guint8 **p, const guint8 *end, guint64 *delta, gboolean *again)
{
  if (end - *p < 4)
    return FALSE;
  guint32 word;
  memcpy (&word, *p, 4);
  word = GUINT32_FROM_LE (word);
  *p += 4;
  *again = (word & 1) != 0;
  *delta = word >> 1;
  if (G_LIKELY (*delta < DELTA_ESCAPE))
    return TRUE;
  if (end - *p < 8)
    return FALSE;
  guint64 wide;
  memcpy (&wide, *p, 8);
  *p += 8;
  *delta = GUINT64_FROM_LE (wide);
  return *delta >= DELTA_ESCAPE;
}

/* Reads a block's next change after the first, at `*p`: its time delta
 * and its value, `before` being the value of the change two before it
 * (`has_before` FALSE for the second change, which has none). FALSE when
 * the bytes are not such a change. */
static inline gboolean
block_next_change (const guint8 **p, const guint8 *end, guint64 before,
                   gboolean has_before, guint64 *delta, guint64 *value)
{
  gboolean again;
  if (!delta_from (p, end, delta, &again))
    return FALSE;
  if (again)
    {
      *value = before;
      return has_before;
    }
  return varint_from (p, end, value);
}

/* The checksum of the blocks and of the cache's sections (block-codec.c). */
guint64 state_cache_checksum (const guint8 *p, gsize len);

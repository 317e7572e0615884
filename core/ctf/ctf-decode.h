/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-decode.h: decoding CTF fields from mapped bytes into value slots,
 * with no allocation (strings point into the mapping). */
#pragma once

#include "ctf-types.h"

#include <string.h>

typedef struct {
  union {
    uint64_t u;
    int64_t i;
    double d;
    const char *str;
  };
  uint64_t len;          /* string bytes without NUL, elements, option */
  uint64_t pos;          /* array or sequence: bit position of its start */
  uint32_t gen;          /* equals the cursor's gen when decoded for the
                            current event or packet */
} CtfValue;

typedef struct {
  const uint8_t *buf;    /* packet start */
  uint64_t limit;        /* readable bits (the packet's content) */
  uint64_t mapped;       /* bytes mapped from buf on (reads may look
                            ahead up to there) */
  uint64_t pos;          /* bit position */
  CtfValue *values;
  uint32_t gen;
  uint64_t clock;        /* the stream clock, in cycles */
  uint64_t event_id;
  char err[160];         /* what went wrong, when decoding fails */
  uint64_t err_pos;      /* bit position of the fault */
} CtfCursor;

/* Reads `size` bits (1..64) at bit `pos` of `buf`, in the given byte
 * order, when at least 16 bytes can be read from buf + pos / 8: two
 * unaligned 8-byte loads instead of a byte loop. */
static inline uint64_t
ctf_read_bits_fast (const uint8_t *buf, uint64_t pos, guint size, int be)
{
  const uint8_t *p = buf + (pos >> 3);
  guint shift = (guint) (pos & 7);
  uint64_t lo, hi;
  memcpy (&lo, p, 8);
  memcpy (&hi, p + 8, 8);
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  if (!be)
    {
      uint64_t v = shift ? (lo >> shift) | (hi << (64 - shift)) : lo;
      return size < 64 ? v & ((UINT64_C (1) << size) - 1) : v;
    }
  lo = __builtin_bswap64 (lo);
  hi = __builtin_bswap64 (hi);
#else
  if (be)
    {
      uint64_t v = shift ? (lo << shift) | (hi >> (64 - shift)) : lo;
      return v >> (64 - size);
    }
  lo = __builtin_bswap64 (lo);
  hi = __builtin_bswap64 (hi);
  {
    uint64_t v = shift ? (lo >> shift) | (hi << (64 - shift)) : lo;
    return size < 64 ? v & ((UINT64_C (1) << size) - 1) : v;
  }
#endif
  {
    uint64_t v = shift ? (lo << shift) | (hi >> (64 - shift)) : lo;
    return v >> (64 - size);
  }
}

/* The `size` low bits of `v` in the reverse order (CTF 2's bit order
 * other than the byte order's default). */
static inline uint64_t
ctf_reverse_bits (uint64_t v, guint size)
{
  v = ((v >> 1) & UINT64_C (0x5555555555555555))
      | ((v & UINT64_C (0x5555555555555555)) << 1);
  v = ((v >> 2) & UINT64_C (0x3333333333333333))
      | ((v & UINT64_C (0x3333333333333333)) << 2);
  v = ((v >> 4) & UINT64_C (0x0f0f0f0f0f0f0f0f))
      | ((v & UINT64_C (0x0f0f0f0f0f0f0f0f)) << 4);
  return __builtin_bswap64 (v) >> (64 - size);
}

/* Reads `size` bits (1..64) at bit `pos` of `buf`, in the given byte order. */
static inline uint64_t
ctf_read_bits (const uint8_t *buf, uint64_t pos, guint size, int be)
{
  const uint8_t *p = buf + (pos >> 3);
  guint shift = (guint) (pos & 7);
  guint nbytes = (shift + size + 7) >> 3;
  uint64_t v = 0;

  if (!be)
    {
      for (guint i = 0; i < nbytes && i < 8; i++)
        v |= (uint64_t) p[i] << (8 * i);
      v >>= shift;
      if (nbytes == 9)
        v |= (uint64_t) p[8] << (64 - shift);
    }
  else
    {
      if (nbytes <= 8)
        {
          for (guint i = 0; i < nbytes; i++)
            v = (v << 8) | p[i];
          v >>= nbytes * 8 - shift - size;
        }
      else
        {
          for (guint i = 0; i < 8; i++)
            v = (v << 8) | p[i];
          v = (v << shift) | (p[8] >> (8 - shift));
          v >>= 64 - size;
        }
    }
  if (size < 64)
    v &= (UINT64_C (1) << size) - 1;
  return v;
}

/* Decodes one value of type `t` at c->pos; FALSE with c->err set when the
 * data does not fit the packet or contradicts the metadata. */
gboolean ctf_decode (CtfCursor *c, const CtfType *t);
/* Runs `n_ops` ops of a plan (ctf-plan-ops.c): a structure's, or a subset. */
gboolean ctf_run_ops (CtfCursor *c, const CtfOp *ops, guint n_ops);
/* The same for a structure with a plan. */
static inline gboolean
ctf_run_plan (CtfCursor *c, const CtfType *st)
{
  return ctf_run_ops (c, ctf_plan_of (st), st->n_plan);
}

/* Decodes a scope (a structure), through its plan when it has one. */
static inline gboolean
ctf_decode_scope (CtfCursor *c, const CtfType *t)
{
  const CtfOp *plan = ctf_plan_of (t);
  return plan != NULL ? ctf_run_ops (c, plan, t->n_plan) : ctf_decode (c, t);
}

/* Moves the clock to an integer's value, extending wrapped timestamps. */
static inline void
ctf_clock_update (CtfCursor *c, uint64_t v, guint size)
{
  if (size >= 64)
    {
      c->clock = v;
      return;
    }
  uint64_t mask = (UINT64_C (1) << size) - 1;
  if (v < (c->clock & mask))
    c->clock += mask + 1;
  c->clock = (c->clock & ~mask) | v;
}

/* ns of `cycles` of a clock of `freq` Hz as babeltrace2 counts them, so
 * that every event gets its nanosecond and ties merge alike: the cycles
 * themselves at 1 GHz, else 1e9 * cycles / freq in double precision,
 * truncated (UINT64_MAX past 2^64). An exact quotient differs by a ns
 * or more at large values. */
static inline uint64_t
ctf_cycles_to_ns (uint64_t freq, double freq_d, uint64_t cycles)
{
  if (freq == 1000000000u)
    return cycles;
  double ns = 1e9 * (double) cycles / freq_d;
  return ns >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t) ns;
}

/* ns from origin of a clock value: the clock's base (offset_s and offset,
 * each converted) plus its ns, as babeltrace2 adds them; FALSE when the
 * result does not fit. */
gboolean ctf_clock_to_ns (const CtfClock *k, uint64_t cycles, int64_t *ns);

/* The same, inline for the usual clock (already in ns, a time that fits):
 * once per event. */
static inline gboolean
ctf_clock_to_ns_fast (const CtfClock *k, uint64_t cycles, int64_t *ns)
{
  if (G_LIKELY (cycles < k->direct_below))
    {
      *ns = k->base_ns + (int64_t) cycles;
      return TRUE;
    }
  return ctf_clock_to_ns (k, cycles, ns);
}

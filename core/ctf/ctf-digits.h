/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-digits.h: unsigned integers written as decimal text in place, for
 * the text printers (event-format.c, text-plan.c): no printf per field. */
#pragma once

#include <stdint.h>
#include <string.h>

/* "00" to "99" */
static const char ctf_digit_pairs[] =
  "00010203040506070809101112131415161718192021222324252627282930313233"
  "34353637383940414243444546474849505152535455565758596061626364656667"
  "6869707172737475767778798081828384858687888990919293949596979899";

/* Writes `v` at `d` (room for 20 bytes, no NUL); returns the end. */
static inline char *
ctf_write_u64 (char *d, uint64_t v)
{
  static const uint64_t pow10[20] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
    10000000ull, 100000000ull, 1000000000ull, 10000000000ull,
    100000000000ull, 1000000000000ull, 10000000000000ull,
    100000000000000ull, 1000000000000000ull, 10000000000000000ull,
    100000000000000000ull, 1000000000000000000ull,
    10000000000000000000ull };
  /* digits counted first (log10 from log2, corrected by one comparison),
   * then written from the end two at a time */
  unsigned t = (unsigned) (64 - __builtin_clzll (v | 1)) * 1233 >> 12;
  size_t n = t + 1 - (v < pow10[t]) + (v == 0);
  char *p = d + n;
  while (v >= 100)
    {
      unsigned r = (unsigned) (v % 100);
      v /= 100;
      p -= 2;
      memcpy (p, ctf_digit_pairs + 2 * r, 2);
    }
  if (v >= 10)
    memcpy (p - 2, ctf_digit_pairs + 2 * v, 2);
  else
    p[-1] = (char) ('0' + v);
  return d + n;
}

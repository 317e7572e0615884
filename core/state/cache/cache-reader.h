/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cache-reader.h: reading a cache section with every bound checked: a
 * read past the end or a count the rest cannot hold marks the reader bad
 * and gives 0, so that a damaged cache is refused, never trusted. */
#pragma once

#include <glib.h>

#include "history/block-store.h"  /* (varint_from) */

typedef struct {
  const guint8 *p, *end;
  gboolean bad;
} Reader;

static inline guint64
get_varint (Reader *r)
{
  guint64 v;
  if (varint_from (&r->p, r->end, &v))
    return v;
  r->bad = TRUE;
  return 0;
}

/* A count that the rest of the section could hold (at least one byte each). */
static inline guint64
get_count (Reader *r)
{
  guint64 n = get_varint (r);
  if (n > (guint64) (r->end - r->p))
    {
      r->bad = TRUE;
      return 0;
    }
  return n;
}

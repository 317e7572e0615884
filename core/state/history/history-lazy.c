/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The history loaded lazily from the cache file (cache.c writes it): the
 * attributes and their chunks' first times come at load, each chunk's
 * changes when a query first touches it, checked against its own checksum
 * and against what the history guarantees (times going up inside the
 * chunk's bounds, values that exist). A damaged chunk is never trusted. */
#include "config.h"

#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>

#include <lttv/error.h>

#include "big-alloc.h"
#include "history/history-private.h"

void
history_lazy_open (LttvHistory *h, GMappedFile *file, int fd, const char *path,
                   guint64 n_chunks, const HistoryBlockFile *blocks)
{
  HistoryLazy *lz = g_new0 (HistoryLazy, 1);
  lz->file = g_mapped_file_ref (file);
  lz->fd = fd >= 0 ? fcntl (fd, F_DUPFD_CLOEXEC, 0) : -1;
  lz->path = g_strdup (path);
  lz->n_chunks = n_chunks;
  /* Zeroed pages from the kernel: untouched attributes cost nothing. */
  lz->slab_size = MAX (n_chunks, 1) * sizeof (HistoryChange *);
  lz->slab = sparse_array_alloc0 (lz->slab_size);
  lz->checked = g_new0 (guint8, MAX (n_chunks, 1));
  lz->history = h;
  g_mutex_init (&lz->lock);
  lz->data = blocks->data;
  lz->data_pos = blocks->data_pos;
  lz->data_len = blocks->data_len;
  lz->where = blocks->where;
  lz->sums = blocks->sums;
  lz->sections = blocks->sections;   /* what where, sums and firsts point into */
  lz->n_strings = h->strings->len;
  h->lazy = lz;
}

void
history_lazy_free (HistoryLazy *lz)
{
  if (lz == NULL)
    return;
  big_array_free (lz->slab, lz->slab_size);   /* the chunks are the history's arena's */
  g_free (lz->checked);
  g_free (lz->sections);
  g_mapped_file_unref (lz->file);
  if (lz->fd >= 0)
    close (lz->fd);
  g_free (lz->path);
  g_mutex_clear (&lz->lock);
  g_free (lz);
}

LttvAttr
history_lazy_attr (LttvHistory *h, LttvAttr parent, const char *name,
                   gsize name_len, guint n, const LttvTime *first,
                   guint64 base, LttvValue last_value, LttvTime last_start)
{
  if (h->n_attrs == h->cap_attrs)
    history_attrs_reserve (h, MAX (64, h->cap_attrs * 2));
  LttvAttr id = h->n_attrs;
  HistoryAttr *a = &h->attrs[id];
  memset (a, 0, sizeof *a);
  a->parent = parent;
  a->name = g_string_chunk_insert_len (h->names, name, (gssize) name_len);
  if (strlen (a->name) != name_len)
    return LTTV_ATTR_NONE;   /* a NUL: not a file we wrote */
  h->n_attrs++;
  if (n > 0)
    {
      guint n_chunks = history_chunk_of (n - 1) + 1;
      a->lazy = h->lazy;
      a->lazy_base = base;
      a->chunks = h->lazy->slab + base;
      a->chunk_first = (LttvTime *) first;   /* read only */
      a->n_chunks = a->cap_chunks = n_chunks;
      a->capacity = history_chunk_base (n_chunks - 1) + history_chunk_size (n_chunks - 1);
      a->first_start = first[0];
      a->current = last_value;
      a->last_start = last_start;
      a->n = n;
      h->n_intervals += n;
    }
  return id;
}

/* Chunk `c` of `a`: `m` changes from `first`, each before `next` (the next
 * chunk's first time, or the attribute's last start + 1), the last one
 * ending on `last` / `last_value` when it is the attribute's last chunk. */
/* Whether block `g` matches its checksum: computed once per block, as
 * full-state queries at many times read the same quiet attributes' blocks
 * again and again. */
static gboolean
block_sound (HistoryLazy *lz, guint64 g, const guint8 *p, const guint8 *end)
{
  if (__atomic_load_n (&lz->checked[g], __ATOMIC_ACQUIRE))
    return TRUE;
  if ((guint32) state_cache_checksum (p, (gsize) (end - p)) != lz->sums[g])
    return FALSE;
  __atomic_store_n (&lz->checked[g], 1, __ATOMIC_RELEASE);
  return TRUE;
}

/* A value a block may hold: an integer, or a string the history has. */
static gboolean
value_exists (const HistoryLazy *lz, guint64 v)
{
  return lttv_value_type (v) != 3
         && (lttv_value_type (v) != LTTV_VALUE_STRING || (v >> 2) < lz->n_strings);
}

static gboolean
decode (HistoryLazy *lz, const HistoryAttr *a, guint c, guint m,
        HistoryChange *out)
{
  guint64 g = a->lazy_base + c;
  const guint8 *p = lz->data + history_block_pos (lz->where[g]);
  const guint8 *end = p + history_block_len (lz->where[g]);
  if (!block_sound (lz, g, p, end))
    return FALSE;
  gboolean last_chunk = c + 1 == a->n_chunks;
  LttvTime bound = last_chunk ? a->last_start : a->chunk_first[c + 1] - 1;
  LttvTime t = a->chunk_first[c];
  LttvValue prev = 0;
  for (guint i = 0; i < m; i++)
    {
      guint64 delta = 0, v;
      if (i == 0 ? !varint_from (&p, end, &v)
                 : (!block_next_change (&p, end, i >= 2 ? out[i - 2].value : 0, i >= 2,
                                        &delta, &v) || delta == 0))
        return FALSE;
      if (t + delta < t || t + delta > bound)
        return FALSE;
      t += delta;
      if (!value_exists (lz, v) || (i > 0 && v == prev))
        return FALSE;
      out[i] = (HistoryChange) { t, v };
      prev = v;
    }
  if (p != end)
    return FALSE;
  return !last_chunk || (t == a->last_start && prev == a->current);
}

/* The first damaged block found: what lttv_history_check reports. Under
 * the lazy lock. */
static void
mark_damaged (HistoryLazy *lz, const HistoryAttr *a, guint c, guint m)
{
  LttvHistory *h = lz->history;
  if (__atomic_load_n (&h->damage, __ATOMIC_ACQUIRE) != NULL)
    return;
  /* The path, without the history's lock (queries hold it already; a
   * loaded history's attributes never move). */
  GString *path_s = g_string_new (a->name);
  for (LttvAttr p = a->parent; p != LTTV_ATTR_NONE; p = h->attrs[p].parent)
    {
      g_string_prepend_c (path_s, '/');
      g_string_prepend (path_s, h->attrs[p].name);
    }
  g_autofree char *path = g_string_free (path_s, FALSE);
  char *msg = g_strdup_printf ("%s: byte %" PRIu64 ": damaged state block "
                               "(%s, changes %u to %u)", lz->path,
                               lz->data_pos + history_block_pos (lz->where[a->lazy_base + c]), path,
                               history_chunk_base (c), history_chunk_base (c) + m - 1);
  __atomic_store_n (&h->damage, msg, __ATOMIC_RELEASE);
}

/* Block `c` of `a` at its first change, its bytes from `w` or from the
 * mapping, checked whole first like a decoded one. */
static gboolean
block_open (HistoryLazy *lz, const HistoryAttr *a, guint c, HistoryWindow *w,
            HistoryBlockPos *bp)
{
  guint64 g = a->lazy_base + c;
  bp->p = w != NULL ? history_window_block (w, g) : lz->data + history_block_pos (lz->where[g]);
  bp->end = bp->p + history_block_len (lz->where[g]);
  bp->index = 0;
  bp->start = a->chunk_first[c];
  bp->before = 0;
  return block_sound (lz, g, bp->p, bp->end) && varint_from (&bp->p, bp->end, &bp->value);
}

/* Moves `bp` to the last of the block's `m` changes starting at or
 * before `t`. */
static gboolean
block_read_to (HistoryBlockPos *bp, guint m, LttvTime t)
{
  const guint8 *p = bp->p, *end = bp->end;
  LttvTime at = bp->start;
  guint64 v = bp->value, before = bp->before, delta, next;
  guint i = bp->index + 1;
  for (; i < m; i++)
    {
      const guint8 *change = p;
      if (!block_next_change (&p, end, before, i >= 2, &delta, &next) || delta == 0
          || at + delta < at)
        return FALSE;
      if (at + delta > t)
        {
          p = change;
          break;
        }
      at += delta;
      before = v;
      v = next;
    }
  *bp = (HistoryBlockPos) { p, end, i - 1, at, v, before };
  return TRUE;
}

LttvValue
history_lazy_value_at (const HistoryAttr *a, LttvTime t, HistoryWindow *w)
{
  /* The chunk holding t: the last one starting at or before it. */
  guint lo = 0, hi = a->n_chunks;
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;
      if (a->chunk_first[mid] <= t)
        lo = mid;
      else
        hi = mid;
    }
  guint c = lo;
  /* (The slab's pages are not even read while nothing is decoded: the
   * command line's queries never decode.) */
  HistoryLazy *lz = a->lazy;
  const HistoryChange *chunk = __atomic_load_n (&lz->any_decoded, __ATOMIC_ACQUIRE)
                               ? __atomic_load_n (&a->chunks[c], __ATOMIC_ACQUIRE) : NULL;
  guint m = MIN (history_chunk_size (c), a->n - history_chunk_base (c));
  if (chunk != NULL)
    {
      guint l = 0, r = m;
      while (r - l > 1)
        {
          guint mid = (l + r) / 2;
          if (chunk[mid].start <= t)
            l = mid;
          else
            r = mid;
        }
      return chunk[l].value;
    }
  /* Not decoded: read the block up to t, keeping nothing (a full state at
   * one time needs one value of each of many blocks). */
  guint64 g = a->lazy_base + c;
  HistoryBlockPos bp;
  if (w != NULL && w->last_block == g && w->last.start <= t)
    bp = w->last;
  else if (!block_open (lz, a, c, w, &bp))
    goto damaged;
  if (!block_read_to (&bp, m, t) || !value_exists (lz, bp.value))
    goto damaged;
  if (w != NULL)
    {
      w->last_block = g;
      w->last = bp;
    }
  return bp.value;
damaged:
  g_mutex_lock (&lz->lock);
  mark_damaged (lz, a, c, m);
  g_mutex_unlock (&lz->lock);
  return LTTV_VALUE_NONE;
}

/* Decodes chunk `c` (`m` changes) into `out`; a damaged one is never
 * trusted: its changes read as nothing, at times that keep it in order,
 * and it is reported. Under the lazy lock when `locked`. */
static void
decode_or_nothing (HistoryLazy *lz, const HistoryAttr *a, guint c, guint m,
                   HistoryChange *out, gboolean locked)
{
  if (decode (lz, a, c, m, out))
    return;
  for (guint i = 0; i < m; i++)
    out[i] = (HistoryChange) { a->chunk_first[c] + i, LTTV_VALUE_NONE };
  if (!locked)
    g_mutex_lock (&lz->lock);
  mark_damaged (lz, a, c, m);
  if (!locked)
    g_mutex_unlock (&lz->lock);
}

const HistoryChange *
history_chunk_passing (const HistoryAttr *a, guint c, HistoryChange *scratch)
{
  const HistoryChange *chunk = __atomic_load_n (&a->chunks[c], __ATOMIC_ACQUIRE);
  if (chunk != NULL && history_chunk_is_block (chunk))
    return history_recycled_peek (a, c, scratch);
  if (a->lazy == NULL || chunk != NULL)
    return history_chunk (a, c);
  decode_or_nothing (a->lazy, a, c, MIN (history_chunk_size (c), a->n - history_chunk_base (c)),
                     scratch, FALSE);
  return scratch;
}

HistoryChange *
history_chunk_load (const HistoryAttr *a, guint c)
{
  HistoryLazy *lz = a->lazy;
  g_assert (lz != NULL);
  g_mutex_lock (&lz->lock);
  HistoryChange *chunk = a->chunks[c];
  if (chunk == NULL)
    {
      guint m = MIN (history_chunk_size (c), a->n - history_chunk_base (c));
      /* From the arena, in the order queries touch them: neighbouring
       * pixels' chunks share pages (a busy row at a coarse zoom reads a
       * few changes of every chunk). Loaded histories have no builder,
       * so the lazy lock is the arena's only user. */
      chunk = history_arena_alloc (lz->history, m);
      decode_or_nothing (lz, a, c, m, chunk, TRUE);
      __atomic_store_n (&((HistoryAttr *) a)->chunks[c], chunk, __ATOMIC_RELEASE);
      __atomic_store_n (&lz->any_decoded, TRUE, __ATOMIC_RELEASE);
    }
  g_mutex_unlock (&lz->lock);
  return chunk;
}

gboolean
lttv_history_check (LttvHistory *h, GError **error)
{
  const char *damage = __atomic_load_n (&h->damage, __ATOMIC_ACQUIRE);
  if (damage == NULL)
    return TRUE;
  g_set_error_literal (error, LTTV_ERROR, LTTV_ERROR_CORRUPT, damage);
  return FALSE;
}

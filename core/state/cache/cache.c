/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The state cache: the history, checkpoints and event counts of a
 * traceset, saved in $XDG_CACHE_HOME/lttv/ (the name: cache-key.c).
 *
 * The file is read lazily: it stays mapped, and opening it checks only a
 * header, a table of sections and the small sections (counts, strings,
 * attributes, the blocks' table); each block of changes (one history
 * chunk) has its own checksum, checked when a query first touches it
 * (history-lazy.c). Checksums are against damage, not malice (it is the
 * user's own cache). A partial or corrupt file is never trusted: found at
 * open, the state is rebuilt and the file rewritten; a damaged block found
 * later reads as nothing and marks the history (lttv_history_check), and
 * lttv_state_print then rebuilds. Every bound is checked.
 *
 * Layout (native byte order, marked): header (magic, version, byte-order
 * mark, file size, section table {offset, length, checksum}, checksum of
 * all that), then the sections, each 8-byte aligned:
 *   DATA    the blocks: per chunk, the first change's value, then per
 *           change a little-endian word of its time delta << 1 | "same
 *           value as two changes before" (4 bytes, or 12 for a delta of
 *           2.1 s and more), and its value unless so (history/block-codec.h)
 *   META    varints: key, counts, checkpoints, the density's layout,
 *           strings, block requests (times + 1), wakeup edges (time
 *           deltas)
 *   ATTRS   varints: per attribute parent + 1, name, number of changes,
 *           and when it has some: last start - first start, last value
 *   FIRSTS  u64 per chunk: its first time (the history's sparse index,
 *           used in place from the mapping)
 *   OFFS    u64 per chunk: where its block is in DATA, place << 16 |
 *           length (history_block_at); the blocks written during the
 *           build come first, in the order they were finished
 *   SUMS    u32 per chunk: each block's checksum
 *   DENSITY varints: events per density bucket, a 0 followed by how many
 *           more empty buckets come (density.c writes them); checked at
 *           its first query
 *   LATENCY the latency analyses' intervals (cache-latency.c): a head of
 *           varints (the TOC's checksum covers it), then the encoded
 *           blocks, with their checksums in the head; read whole at load */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include <sys/uio.h>

#include "cache/cache.h"
#include "cache/cache-layout.h"
#include "cache/cache-reader.h"
#include "history/block-store.h"
#include "latency-store.h"
#include "state-private.h"

/* --- Writing ---------------------------------------------------------------- */

static inline void
put_varint (Writer *w, guint64 v)
{
  writer_reserve (w, 10);
  w->len = (gsize) (varint_at (w->data + w->len, v) - w->data);
}

static void
put_string (Writer *w, const char *s)
{
  size_t n = strlen (s);
  put_varint (w, n);
  writer_append (w, s, n);
}

static void
put_meta (LttvState *s, Writer *b, const char *key)
{
  LttvHistory *h = s->history;
  put_string (b, key);
  put_varint (b, s->n_events);
  for (guint i = 0; i < LTTV_N_ANOMALIES; i++)
    put_varint (b, s->anomalies[i]);
  put_varint (b, lttv_history_begin (h));
  put_varint (b, history_committed_limit (h));

  put_varint (b, s->type_names->len);
  for (guint i = 0; i < s->type_names->len; i++)
    put_string (b, g_ptr_array_index (s->type_names, i));
  put_varint (b, s->checkpoints->len);
  for (guint i = 0; i < s->checkpoints->len; i++)
    {
      LttvCheckpoint *cp = &g_array_index (s->checkpoints, LttvCheckpoint, i);
      put_varint (b, cp->time);
      put_varint (b, cp->skip);
    }
  put_varint (b, s->block_start->len);
  for (guint i = 0; i < s->block_start->len; i++)
    put_varint (b, g_array_index (s->block_start, guint64, i));
  put_varint (b, s->counts->len);
  for (guint i = 0; i < s->counts->len; i++)
    {
      StateCount *c = &g_array_index (s->counts, StateCount, i);
      put_varint (b, c->type);
      put_varint (b, c->cpu);
      put_varint (b, c->count);
    }
  LttvDensity *d = s->density;
  put_varint (b, state_density_shift (d));
  put_varint (b, state_density_n_buckets (d));

  put_varint (b, history_n_strings (h));
  for (guint i = 0; i < history_n_strings (h); i++)
    put_string (b, history_string_at (h, i));

  /* (times + 1: LTTV_TIME_NONE is 0) */
  put_varint (b, s->block_requests->len);
  for (guint i = 0; i < s->block_requests->len; i++)
    {
      LttvBlockRequest *r = &g_array_index (s->block_requests, LttvBlockRequest, i);
      put_varint (b, (guint64) r->dev);
      put_varint (b, r->sector);
      put_varint (b, r->issue + 1);
      put_varint (b, r->complete + 1);
    }

  /* wakeups: time deltas; tids, CPU and id + 1 (-1 is possible) */
  put_varint (b, s->wakeups->len);
  LttvTime prev = 0;
  for (guint i = 0; i < s->wakeups->len; i++)
    {
      LttvWakeup *w = &g_array_index (s->wakeups, LttvWakeup, i);
      put_varint (b, w->time - prev);
      prev = w->time;
      put_varint (b, (guint64) w->wakee);
      put_varint (b, (guint64) (w->waker + 1));
      put_varint (b, (guint64) w->cpu);
      put_varint (b, (guint64) w->kind);
      put_varint (b, (guint64) (w->id + 1));
    }
}

/* The attributes [from, to) of the history: their ATTRS entries, and
 * their blocks' FIRSTS, OFFS and SUMS entries (from chunk `first_chunk`
 * on, in tables shared by the parts); the blocks not written during the
 * build go to the part's own `data` (their OFFS entries then say where in
 * it, marked OWN_BLOCK, until the part's place in DATA is known). The two
 * halves of a history are encoded at once, in two threads, into memory
 * the main thread reserved: the other thread's would come from its own
 * malloc arena, in fresh 4 KB pages. */
typedef struct {
  LttvHistory *h;
  StateBlockStore *blocks;
  guint from, to;
  guint64 first_chunk, n_chunks;
  LttvTime *firsts;
  guint64 *where;
  guint32 *sums;
  Writer attrs, data;
} Part;

/* (a block's length takes 13 bits: history_block_len's other 3 are free) */
#define OWN_BLOCK 0x8000u
G_STATIC_ASSERT (HISTORY_BLOCK_MAX < OWN_BLOCK);

static guint
n_chunks_of (guint n)
{
  return n == 0 ? 0 : history_chunk_of (n - 1) + 1;
}

static guint
attr_n (LttvHistory *h, LttvAttr attr)
{
  HistoryAttrBlocks a;
  history_attr_blocks (h, attr, &a);
  return a.n;
}

static gpointer
encode_part (gpointer data)
{
  Part *p = data;
  LttvHistory *h = p->h;
  guint64 g = p->first_chunk;
  for (guint i = p->from; i < p->to; i++)
    {
      HistoryAttrBlocks a;
      history_attr_blocks (h, i, &a);
      put_varint (&p->attrs, a.parent == LTTV_ATTR_NONE ? 0 : (guint64) a.parent + 1);
      put_string (&p->attrs, a.name);
      put_varint (&p->attrs, a.n);
      if (a.n == 0)
        continue;
      put_varint (&p->attrs, a.last_start - a.first_start);
      put_varint (&p->attrs, a.last_value);
      guint n_chunks = n_chunks_of (a.n), n_stored = 0;
      const StoredBlock *sb = state_blocks_of (p->blocks, i, &n_stored);
      for (guint c = 0; c < n_chunks; c++, g++)
        {
          /* (the first change's time, without decoding a recycled chunk) */
          p->firsts[g] = a.chunk_first[c];
          if (c < n_stored)
            {
              p->sums[g] = sb[c].sum;
              p->where[g] = history_block_where (h, sb[c].block);
            }
          else
            {
              gsize from = p->data.len;
              p->sums[g] = history_attr_encode_chunk (h, i, c, &p->data);
              p->where[g] = history_block_at (from, p->data.len - from) | OWN_BLOCK;
            }
        }
    }
  g_assert (g == p->first_chunk + p->n_chunks);
  return NULL;
}

/* Notes why the cache is not written (the first reason). */
static void
cache_problem (LttvState *s, const char *path, const char *why)
{
  if (s->cache_problem == NULL)
    s->cache_problem = g_strdup_printf ("%s: the state cache cannot be written (%s): "
                                        "the state is kept in memory only", path, why);
}

StateBlockStore *
state_cache_begin (LttvState *s)
{
  state_cache_abandon (s);
  s->cache_key = state_cache_key (s);
  s->cache_path = state_cache_path (s, s->cache_key);
  g_autofree char *dir = g_path_get_dirname (s->cache_path);
  if (g_mkdir_with_parents (dir, 0700) == 0)
    {
      /* A reader sees the old file or the whole new one, renamed over it
       * by the save (and a history mapping the old one keeps it). */
      s->cache_tmp = g_strconcat (s->cache_path, ".XXXXXX", NULL);
      s->cache_fd = g_mkstemp_full (s->cache_tmp, O_RDWR | O_CLOEXEC, 0600);
    }
  if (s->cache_fd < 0)
    cache_problem (s, dir, g_strerror (errno));
  /* (without a file, the blocks are kept in memory, and not saved) */
  return state_blocks_new (s->history, s->cache_fd, HEADER_LEN);
}

void
state_cache_abandon (LttvState *s)
{
  if (s->cache_fd >= 0)
    {
      close (s->cache_fd);
      g_unlink (s->cache_tmp);
    }
  s->cache_fd = -1;
  g_clear_pointer (&s->cache_tmp, g_free);
  g_clear_pointer (&s->cache_path, g_free);
  g_clear_pointer (&s->cache_key, g_free);
}

void
state_cache_save (LttvState *s)
{
  StateBlockStore *blocks = g_steal_pointer (&s->blocks);
  LttvHistory *h = s->history;
  guint64 spilled;
  if (blocks == NULL || s->cache_fd < 0 || !history_spill_finish (h, &spilled))
    {
      if (s->cache_fd >= 0)
        cache_problem (s, s->cache_path, "a write failed: disk full?");
      state_blocks_free (blocks);
      state_cache_abandon (s);
      return;
    }

  state_blocks_group (blocks);
  /* Two parts of about as many changes left to encode each. */
  guint n_attrs = lttv_history_n_attrs (h);
  guint64 *left = g_new (guint64, MAX (1, n_attrs));
  guint64 total = 0, half = 0, n_chunks = 0;
  for (guint i = 0; i < n_attrs; i++)
    {
      guint n_stored = 0, n = attr_n (h, i);
      state_blocks_of (blocks, i, &n_stored);
      /* (all its chunks stored when sealed: the last one partly filled) */
      left[i] = 1 + n - MIN (n, history_chunk_base (n_stored));
      total += left[i];
      n_chunks += n_chunks_of (n);
    }
  guint split = 0;
  while (split < n_attrs && half < total / 2)
    half += left[split++];
  g_free (left);
  Writer sec[N_SECTIONS] = { { 0 } };
  writer_reserve (&sec[SEC_FIRSTS], n_chunks * 8);
  writer_reserve (&sec[SEC_OFFS], n_chunks * 8);
  writer_reserve (&sec[SEC_SUMS], n_chunks * 4);
  sec[SEC_FIRSTS].len = sec[SEC_OFFS].len = n_chunks * 8;
  sec[SEC_SUMS].len = n_chunks * 4;
  Part parts[2] = { { .from = 0, .to = split }, { .from = split, .to = n_attrs } };
  guint64 first_chunk = 0;
  for (guint k = 0; k < 2; k++)
    {
      Part *p = &parts[k];
      p->h = h;
      p->blocks = blocks;
      p->first_chunk = first_chunk;
      for (guint i = p->from; i < p->to; i++)
        p->n_chunks += n_chunks_of (attr_n (h, i));
      first_chunk += p->n_chunks;
      p->firsts = (LttvTime *) (gpointer) sec[SEC_FIRSTS].data;
      p->where = (guint64 *) (gpointer) sec[SEC_OFFS].data;
      p->sums = (guint32 *) (gpointer) sec[SEC_SUMS].data;
      /* (about 3.5 bytes a change, 40 an attribute) */
      writer_reserve (&p->attrs, (p->to - p->from) * 40 + 4096);
      writer_reserve (&p->data, (k == 0 ? half : total - half) * 5 + 4096);
    }
  GThread *helper = g_thread_new ("lttv-cache-save", encode_part, &parts[0]);
  encode_part (&parts[1]);

  put_meta (s, &sec[SEC_META], s->cache_key);
  struct iovec lat_blocks[LTTV_LATENCY_N_KINDS];
  gsize lat_blocks_len = state_cache_put_latency (&sec[SEC_LATENCY], s->latency, lat_blocks);
  g_thread_join (helper);

  /* DATA: the blocks written during the build, then each part's. */
  put_varint (&sec[SEC_ATTRS], n_attrs);
  guint64 data_len = spilled;
  for (guint k = 0; k < 2; k++)
    {
      Part *p = &parts[k];
      writer_append (&sec[SEC_ATTRS], p->attrs.data, p->attrs.len);
      for (guint64 g = p->first_chunk; g < p->first_chunk + p->n_chunks; g++)
        if (p->where[g] & OWN_BLOCK)
          p->where[g] = history_block_at (data_len + history_block_pos (p->where[g]),
                                          history_block_len (p->where[g] & ~(guint64) OWN_BLOCK));
      data_len += p->data.len;
    }

  /* The rest of the file: the parts' blocks, then each other section
   * after its padding to 8 bytes; then the header. */
  static guint8 zeros[8];
  struct iovec pieces[2 + 2 * N_SECTIONS + LTTV_LATENCY_N_KINDS];
  guint n = 0;
  for (guint k = 0; k < 2; k++)
    pieces[n++] = (struct iovec) { parts[k].data.data, parts[k].data.len };
  guint64 toc[N_SECTIONS][3], size = HEADER_LEN + data_len;
  toc[SEC_DATA][0] = HEADER_LEN;
  toc[SEC_DATA][1] = data_len;
  toc[SEC_DATA][2] = 0;   /* checked block by block */
  /* (the density's counts written from where the build made them: a copy
   * would be megabytes of fresh pages at the build's end) */
  gsize density_len;
  const guint8 *density = state_density_counts (s->density, &density_len);
  for (guint i = SEC_DATA + 1; i < N_SECTIONS; i++)
    {
      const guint8 *bytes = i == SEC_DENSITY ? density : sec[i].data;
      gsize len = i == SEC_DENSITY ? density_len : sec[i].len;
      gsize pad = (8 - size % 8) % 8;
      pieces[n++] = (struct iovec) { zeros, pad };
      size += pad;
      toc[i][0] = size;
      toc[i][1] = len;
      toc[i][2] = state_cache_checksum (bytes, len);
      pieces[n++] = (struct iovec) { (void *) bytes, len };
      size += len;
      /* (the latencies' blocks from where they are, after the section's
       * head: they carry their own checksums) */
      if (i == SEC_LATENCY)
        {
          for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
            pieces[n++] = lat_blocks[k];
          toc[i][1] += lat_blocks_len;
          size += lat_blocks_len;
        }
    }
  guint8 head[HEADER_LEN] = { 0 };
  guint32 version = STATE_CACHE_VERSION, bom = BYTE_ORDER_MARK;
  guint64 n_sections = N_SECTIONS;
  memcpy (head, STATE_CACHE_MAGIC, MAGIC_LEN);
  memcpy (head + 16, &version, 4);
  memcpy (head + 20, &bom, 4);
  memcpy (head + 24, &size, 8);
  memcpy (head + 32, &n_sections, 8);
  memcpy (head + TOC_POS, toc, sizeof toc);
  guint64 head_sum = state_cache_checksum (head, HEADER_SUM_POS);
  memcpy (head + HEADER_SUM_POS, &head_sum, 8);
  struct iovec head_piece = { head, HEADER_LEN };
  gboolean ok = history_write_all (s->cache_fd, pieces, n, HEADER_LEN + spilled)
                && history_write_all (s->cache_fd, &head_piece, 1, 0);
  ok = close (s->cache_fd) == 0 && ok;
  int saved_errno = errno;
  s->cache_fd = -1;
  if (ok && g_rename (s->cache_tmp, s->cache_path) == 0)
    state_cache_remove_stale (s, s->cache_path);
  else
    {
      cache_problem (s, s->cache_path, g_strerror (ok ? errno : saved_errno));
      g_unlink (s->cache_tmp);
    }
  state_cache_abandon (s);
  for (guint k = 0; k < 2; k++)
    {
      writer_free (&parts[k].attrs);
      writer_free (&parts[k].data);
    }
  state_blocks_free (blocks);
  for (guint i = 0; i < N_SECTIONS; i++)
    writer_free (&sec[i]);
}

/* --- Reading, every bound checked ----------------------------------------- */

static char *
get_string (Reader *r)
{
  guint64 n = get_varint (r);
  if (r->bad || n > (guint64) (r->end - r->p))
    {
      r->bad = TRUE;
      return NULL;
    }
  char *s = g_strndup ((const char *) r->p, n);
  r->p += n;
  return s;
}

/* META: what the traceset must match, the counts, the strings. */
static gboolean
load_meta (LttvState *s, Reader *r, const char *key, LttvTime *limit)
{
  g_autofree char *file_key = get_string (r);
  if (r->bad || strcmp (file_key, key) != 0)
    return FALSE;
  s->n_events = get_varint (r);
  for (guint i = 0; i < LTTV_N_ANOMALIES; i++)
    s->anomalies[i] = get_varint (r);
  LttvTime begin = get_varint (r);
  *limit = get_varint (r);
  lttv_history_set_begin (s->history, begin);

  /* Event types are known from the traceset: they must be the same. */
  guint64 n_types = get_count (r);
  if (r->bad || n_types != s->type_names->len)
    return FALSE;
  for (guint i = 0; i < n_types; i++)
    {
      g_autofree char *name = get_string (r);
      if (r->bad || strcmp (name, g_ptr_array_index (s->type_names, i)) != 0)
        return FALSE;
    }
  guint64 n_cp = get_count (r);
  for (guint64 i = 0; i < n_cp && !r->bad; i++)
    {
      LttvCheckpoint cp = { i * LTTV_STATE_CHECKPOINT_EVENTS, get_varint (r), 0 };
      cp.skip = (guint32) get_varint (r);
      g_array_append_val (s->checkpoints, cp);
    }
  guint64 n_blocks = get_count (r);
  for (guint64 i = 0; i < n_blocks && !r->bad; i++)
    {
      guint64 v = get_varint (r);
      g_array_append_val (s->block_start, v);
    }
  guint64 n_counts = get_count (r);
  for (guint64 i = 0; i < n_counts && !r->bad; i++)
    {
      StateCount c;
      c.type = (guint32) get_varint (r);
      c.cpu = (guint32) get_varint (r);
      c.count = (guint32) get_varint (r);
      if (c.type >= n_types || c.cpu > STATE_STATS_CPUS)
        return FALSE;
      g_array_append_val (s->counts, c);
    }
  for (guint i = 0; i < s->block_start->len; i++)
    if (g_array_index (s->block_start, guint64, i) > n_counts
        || (i > 0 && g_array_index (s->block_start, guint64, i)
                     < g_array_index (s->block_start, guint64, i - 1)))
      return FALSE;
  if (r->bad || s->block_start->len != n_cp + 1)
    return FALSE;

  /* The density's layout follows from the traceset's range: the same. */
  LttvDensity *d = s->density;
  if (get_varint (r) != state_density_shift (d) || get_varint (r) != state_density_n_buckets (d)
      || r->bad)
    return FALSE;

  guint64 n_strings = get_count (r);
  for (guint64 i = 0; i < n_strings && !r->bad; i++)
    {
      g_autofree char *str = get_string (r);
      if (r->bad || lttv_history_intern (s->history, str) >> 2 != i)
        return FALSE;   /* a duplicate string: not a file we wrote */
    }
  guint64 n_requests = get_count (r);
  for (guint64 i = 0; i < n_requests && !r->bad; i++)
    {
      LttvBlockRequest q;
      q.dev = (int64_t) get_varint (r);
      q.sector = get_varint (r);
      q.issue = get_varint (r) - 1;
      q.complete = get_varint (r) - 1;
      g_array_append_val (s->block_requests, q);
    }
  guint64 n_wakeups = get_count (r);
  LttvTime prev = 0;
  for (guint64 i = 0; i < n_wakeups && !r->bad; i++)
    {
      LttvWakeup w;
      w.time = prev += get_varint (r);
      w.wakee = (int64_t) get_varint (r);
      w.waker = (int64_t) get_varint (r) - 1;
      w.cpu = (gint32) get_varint (r);
      w.kind = (gint32) get_varint (r);
      w.id = (gint32) get_varint (r) - 1;
      if (w.kind < 0 || w.kind > LTTV_WAKER_UNKNOWN || w.cpu < 0)
        return FALSE;
      g_array_append_val (s->wakeups, w);
    }
  return !r->bad && r->p == r->end && *limit > 0;
}

static gboolean
valid_value (LttvValue v, guint64 n_strings)
{
  return lttv_value_type (v) != 3
         && (lttv_value_type (v) != LTTV_VALUE_STRING || (v >> 2) < n_strings);
}

/* ATTRS, with the blocks' table: each attribute's chunks, their first
 * times going up from its first change to its last. */
static gboolean
load_attrs (LttvHistory *h, Reader *r, const LttvTime *firsts, guint64 n_chunks_all,
            LttvTime limit)
{
  guint64 n_strings = history_n_strings (h);
  guint64 base = 0;
  guint64 n_attrs = get_count (r);
  /* (an attribute takes at least 3 bytes: a damaged count reserves no
   * more than the section could hold) */
  history_attrs_reserve (h, (guint) MIN (n_attrs, (guint64) (r->end - r->p) / 3));
  for (guint64 i = 0; i < n_attrs && !r->bad; i++)
    {
      guint64 parent = get_varint (r);
      guint64 name_len = get_varint (r);
      if (r->bad || parent > i || name_len > (guint64) (r->end - r->p))
        return FALSE;
      const char *name = (const char *) r->p;
      r->p += name_len;
      guint64 n = get_varint (r);
      guint64 span = 0, last_value = 0, n_chunks = 0;
      if (n > 0)
        {
          span = get_varint (r);
          last_value = get_varint (r);
          if (r->bad || n > G_MAXUINT || !valid_value (last_value, n_strings))
            return FALSE;
          n_chunks = history_chunk_of ((guint) n - 1) + 1;
          if (base + n_chunks > n_chunks_all)
            return FALSE;
          const LttvTime *f = firsts + base;
          /* Strictly increasing changes need that much room: each chunk
           * holds its size in changes before the next one starts. */
          for (guint c = 1; c < n_chunks; c++)
            if (f[c] <= f[c - 1] || f[c] - f[c - 1] < history_chunk_size (c - 1))
              return FALSE;
          guint in_last = (guint) n - history_chunk_base ((guint) n_chunks - 1);
          LttvTime last = f[0] + span;
          if (last < f[0] || last >= limit || last < f[n_chunks - 1]
              || last - f[n_chunks - 1] < in_last - 1)
            return FALSE;
        }
      if (r->bad)
        return FALSE;
      LttvAttr a = history_lazy_attr (h, parent == 0 ? LTTV_ATTR_NONE : (LttvAttr) parent - 1,
                                      name, (gsize) name_len, (guint) n, firsts + base, base,
                                      last_value, n > 0 ? firsts[base] + span : 0);
      if (a != i)
        return FALSE;
      base += n_chunks;
    }
  return !r->bad && r->p == r->end && base == n_chunks_all;
}

/* The sections read at load (all but the blocks and the density), copied
 * with one pread: on a virtual machine each first touch of a mapped page
 * is a costly fault, and their checksums touch every page. */
typedef struct {
  const guint8 *map;
  guint8 *copy;             /* NULL: everything from the mapping */
  guint64 from, to;         /* the part of the file in copy */
} Sections;

static const guint8 *
section_bytes (const Sections *sec, const guint64 toc[3])
{
  if (sec->copy != NULL && toc[0] >= sec->from && toc[0] + toc[1] <= sec->to)
    return sec->copy + (toc[0] - sec->from);
  return sec->map + toc[0];
}

static void
sections_copy (Sections *sec, int fd, guint64 toc[N_SECTIONS][3])
{
  static const guint small[] = { SEC_META, SEC_ATTRS, SEC_FIRSTS, SEC_OFFS, SEC_SUMS };
  guint64 from = G_MAXUINT64, to = 0;
  for (guint i = 0; i < G_N_ELEMENTS (small); i++)
    {
      from = MIN (from, toc[small[i]][0]);
      to = MAX (to, toc[small[i]][0] + toc[small[i]][1]);
    }
  /* (sections checked inside the file; one span of a sane size) */
  if (to <= from || to - from > (256u << 20))
    return;
  gsize n = (gsize) (to - from);
  guint8 *copy = g_malloc (n);
  if (pread (fd, copy, n, (off_t) from) != (ssize_t) n)
    {
      g_free (copy);
      return;
    }
  sec->copy = copy;
  sec->from = from;
  sec->to = to;
}

static gboolean
load_sections (LttvState *s, GMappedFile *file, int fd, const char *path, const char *key)
{
  const guint8 *data = (const guint8 *) g_mapped_file_get_contents (file);
  gsize len = g_mapped_file_get_length (file);
  if (data == NULL || len < HEADER_LEN || memcmp (data, STATE_CACHE_MAGIC, MAGIC_LEN) != 0)
    return FALSE;
  guint32 version, bom;
  guint64 size, n_sections, head_sum, toc[N_SECTIONS][3];
  memcpy (&version, data + 16, 4);
  memcpy (&bom, data + 20, 4);
  memcpy (&size, data + 24, 8);
  memcpy (&n_sections, data + 32, 8);
  memcpy (toc, data + TOC_POS, sizeof toc);
  memcpy (&head_sum, data + HEADER_SUM_POS, 8);
  if (version != STATE_CACHE_VERSION || bom != BYTE_ORDER_MARK || size != len
      || n_sections != N_SECTIONS || head_sum != state_cache_checksum (data, HEADER_SUM_POS))
    return FALSE;
  for (guint i = 0; i < N_SECTIONS; i++)
    if (toc[i][0] % 8 != 0 || toc[i][0] < HEADER_LEN || toc[i][0] > len
        || toc[i][1] > len - toc[i][0])
      return FALSE;
  g_autofree guint8 *copy = NULL;
  Sections sec = { data, NULL, 0, 0 };
  sections_copy (&sec, fd, toc);
  copy = sec.copy;
  for (guint i = 0; i < N_SECTIONS; i++)
    if (i != SEC_DATA && i != SEC_DENSITY && i != SEC_LATENCY
        && toc[i][2] != state_cache_checksum (section_bytes (&sec, toc[i]), toc[i][1]))
      return FALSE;
  LttvTime limit;
  const guint8 *meta_at = section_bytes (&sec, toc[SEC_META]);
  Reader meta = { meta_at, meta_at + toc[SEC_META][1], FALSE };
  if (!load_meta (s, &meta, key, &limit))
    return FALSE;
  /* A cache built without the analyses serves only a build that does not
   * want them. */
  gboolean with_latency;
  LttvLatency *latency;
  if (!state_cache_get_latency (section_bytes (&sec, toc[SEC_LATENCY]), toc[SEC_LATENCY][1],
                                toc[SEC_LATENCY][2], &with_latency, &latency)
      || (!with_latency && latency_wanted ()))
    return FALSE;
  latency_store_free (s->latency);
  s->latency = latency;
  state_density_load_lazy (s->density, file, data + toc[SEC_DENSITY][0], toc[SEC_DENSITY][1],
                           toc[SEC_DENSITY][2], s->n_events, s->decode_at_load);

  /* The blocks' table: each block inside DATA. */
  guint64 n_chunks = toc[SEC_FIRSTS][1] / 8;
  if (toc[SEC_FIRSTS][1] % 8 != 0 || toc[SEC_OFFS][1] != n_chunks * 8
      || toc[SEC_SUMS][1] != n_chunks * 4)
    return FALSE;
  const guint64 *where = (const guint64 *) section_bytes (&sec, toc[SEC_OFFS]);
  for (guint64 i = 0; i < n_chunks; i++)
    if (history_block_len (where[i]) == 0
        || history_block_pos (where[i]) > toc[SEC_DATA][1]
        || history_block_len (where[i]) > toc[SEC_DATA][1] - history_block_pos (where[i]))
      return FALSE;

  LttvHistory *h = s->history;
  HistoryBlockFile blocks = {
    .data = data + toc[SEC_DATA][0],
    .data_pos = toc[SEC_DATA][0],
    .data_len = toc[SEC_DATA][1],
    .where = where,
    .sums = (const guint32 *) section_bytes (&sec, toc[SEC_SUMS]),
    .sections = g_steal_pointer (&copy),   /* what where, sums and firsts point into */
  };
  history_lazy_open (h, file, fd, path, n_chunks, &blocks);
  const guint8 *attrs_at = section_bytes (&sec, toc[SEC_ATTRS]);
  Reader attrs = { attrs_at, attrs_at + toc[SEC_ATTRS][1], FALSE };
  if (!load_attrs (h, &attrs, (const LttvTime *) section_bytes (&sec, toc[SEC_FIRSTS]), n_chunks,
                   limit))
    return FALSE;
  history_names_loaded (h, s->decode_at_load);
  lttv_history_finish (h, limit - 1);
  return TRUE;
}

gboolean
state_cache_load (LttvState *s)
{
  g_autofree char *key = state_cache_key (s);
  g_autofree char *path = state_cache_path (s, key);
  int fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return FALSE;
  g_autoptr (GMappedFile) file = g_mapped_file_new_from_fd (fd, FALSE, NULL);
  gboolean loaded = file != NULL && load_sections (s, file, fd, path, key);
  close (fd);
  if (!loaded)
    state_reset (s, FALSE);
  return loaded;
}

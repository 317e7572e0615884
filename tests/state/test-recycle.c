/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Chunks recycled during a build (history-recycle.c): a full chunk,
 * encoded by the cache's block store, gives its memory to the next new
 * chunk; its block goes to a file (or stays in memory without one);
 * queries decode it. Hand-worked sequences, through the store as the
 * build drives it (linked with the state core's convenience library for
 * its internals). */
#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include <lttv/lttv.h>

#include "state/history/history-write.h"
#include "state/history/history-private.h"

/* Attribute `a` gets `n` changes at times base + 10 i (value i + 1). */
static void
write_changes (LttvHistory *h, LttvAttr a, guint n, LttvTime base)
{
  for (guint i = 0; i < n; i++)
    lttv_history_set (h, a, base + 10 * i, lttv_value_int (i + 1));
}

/* Where the blocks go: a new file (its name in `path`, removed by
 * close_file), or none when `with_file` is FALSE. */
static int
open_file (gboolean with_file, char **path)
{
  *path = NULL;
  if (!with_file)
    return -1;
  int fd = g_file_open_tmp ("lttv-recycle-XXXXXX", path, NULL);
  g_assert_cmpint (fd, >=, 0);
  return fd;
}

static void
close_file (int fd, char *path)
{
  if (fd >= 0)
    {
      close (fd);
      g_unlink (path);
    }
  g_free (path);
}

static void
test_recycled_chunks_read_back (gconstpointer with_file)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  char *path;
  int fd = open_file (GPOINTER_TO_INT (with_file), &path);
  StateBlockStore *bs = state_blocks_new (h, fd, 100);
  LttvAttr a = lttv_history_attr (h, "A");
  LttvAttr b = lttv_history_attr (h, "B");
  /* chunk 0 (F changes) of A fills up when chunk 1 starts */
  const guint F = HISTORY_FIRST_CHUNK, n = F + 3;
  write_changes (h, a, n, 1000);
  g_assert_true (state_blocks_encode_some (bs, 8));
  g_assert_true (history_chunk_is_block (h->attrs[a].chunks[0]));
  /* B's first chunk (F changes) takes A's chunk 0's memory */
  const HistoryChange *freed = h->free_chunks[0];
  g_assert_nonnull (freed);
  write_changes (h, b, 3, 5000);
  g_assert_true (h->attrs[b].chunks[0] == freed);
  lttv_history_commit (h, 100000);
  for (guint i = 0; i < n; i++)
    {
      LttvInterval iv;
      g_assert_true (lttv_history_query (h, a, 1000 + 10 * i + 5, &iv));
      g_assert_cmpuint (iv.value, ==, lttv_value_int (i + 1));
      g_assert_cmpuint (iv.start, ==, 1000 + 10 * i);
    }
  LttvInterval iv;
  g_assert_true (lttv_history_query (h, b, 5025, &iv));
  g_assert_cmpuint (iv.value, ==, lttv_value_int (3));
  /* The block, once written: F changes 10 ns apart, values 1 to F,
   * one byte each (the first value, then a delta, doubled, in a 4-byte
   * word, and a value each: none repeats the one two before). */
  guint64 len, block = 1 + 5 * (F - 1);
  g_assert_true (history_spill_finish (h, &len) == (fd >= 0));
  g_assert_cmpuint (len, ==, block);
  guint64 at = history_block_where (h, 0);
  g_assert_cmpuint (history_block_pos (at), ==, 0);
  g_assert_cmpuint (history_block_len (at), ==, block);
  if (fd >= 0)
    {
      guint8 bytes[64];
      g_assert_cmpint (pread (fd, bytes, block, 100), ==, block);
      g_assert_cmpuint (bytes[0], ==, lttv_value_int (1));
      g_assert_cmpuint (bytes[1], ==, 10 << 1);
      g_assert_cmpuint (bytes[2] | bytes[3] | bytes[4], ==, 0);
      g_assert_cmpuint (bytes[block - 1], ==, lttv_value_int (F));
    }
  state_blocks_free (bs);
  close_file (fd, path);
}

/* Chunks of two attributes finished in turns: in the file, each
 * attribute's blocks come together, A's (made first) then B's, and both
 * read back. */
static void
test_blocks_kept_together (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  char *path;
  int fd = open_file (TRUE, &path);
  StateBlockStore *bs = state_blocks_new (h, fd, 0);
  LttvAttr a = lttv_history_attr (h, "A");
  LttvAttr b = lttv_history_attr (h, "B");
  /* 1000 changes each, 10 at a time in turns: chunks of growing sizes,
   * then HISTORY_CHUNK_SIZE each, finished alternately */
  for (guint i = 0; i < 1000; i += 10)
    for (guint k = 0; k < 10; k++)
      {
        LttvTime t = 1000 + 100 * (LttvTime) (i + k);
        lttv_history_set (h, a, t, lttv_value_int (i + k + 1));
        lttv_history_set (h, b, t + 1, lttv_value_int (i + k + 1));
      }
  while (state_blocks_encode_some (bs, 64))
    ;
  guint64 len;
  g_assert_true (history_spill_finish (h, &len));
  /* the chunks before the one holding the last change were finished */
  guint finished = history_chunk_of (999);
  g_assert_cmpuint (finished, >=, 5);
  guint64 end = 0;
  for (guint k = 0; k < 2; k++)
    {
      HistoryAttr *x = &h->attrs[k == 0 ? a : b];
      for (guint c = 0; c < finished; c++)
        {
          g_assert_true (history_chunk_is_block (x->chunks[c]));
          guint64 at = history_block_where (h, (guint32) ((guintptr) x->chunks[c] >> 1));
          g_assert_cmpuint (history_block_pos (at), ==, end);
          end += history_block_len (at);
        }
    }
  g_assert_cmpuint (end, ==, len);
  lttv_history_commit (h, 1000000);
  for (guint i = 0; i < 1000; i += 7)
    {
      LttvInterval iv;
      g_assert_true (lttv_history_query (h, b, 1000 + 100 * (LttvTime) i + 1, &iv));
      g_assert_cmpuint (iv.value, ==, lttv_value_int (i + 1));
      g_assert_cmpuint (iv.start, ==, 1000 + 100 * (LttvTime) i + 1);
    }
  state_blocks_free (bs);
  close_file (fd, path);
}

/* A file that cannot be written (opened for reading only): the blocks are
 * held in memory instead, read back from there, and the spill says the
 * file does not have them. */
static void
test_failed_write_keeps_blocks (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  char *path;
  int fd = open_file (TRUE, &path);
  int read_only = g_open (path, O_RDONLY, 0);
  g_assert_cmpint (read_only, >=, 0);
  StateBlockStore *bs = state_blocks_new (h, read_only, 0);
  close (read_only);
  LttvAttr a = lttv_history_attr (h, "A");
  /* 4.9 MB of blocks (7 bytes a change: a delta of 10 in its word and a
   * value of two or three bytes): the buffer fills and its write fails */
  guint n = 700000;
  write_changes (h, a, n, 1000);
  while (state_blocks_encode_some (bs, 64))
    ;
  guint64 len;
  g_assert_false (history_spill_finish (h, &len));
  g_assert_cmpuint (len, >, 2u << 20);
  lttv_history_commit (h, 1000 + 10 * (LttvTime) n);
  for (guint i = 0; i < n; i += 997)
    {
      LttvInterval iv;
      g_assert_true (lttv_history_query (h, a, 1000 + 10 * (LttvTime) i + 5, &iv));
      g_assert_cmpuint (iv.value, ==, lttv_value_int (i + 1));
    }
  state_blocks_free (bs);
  close_file (fd, path);
}

static void
test_chunk_holding_the_last_change_is_kept (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  StateBlockStore *bs = state_blocks_new (h, -1, 0);
  LttvAttr a = lttv_history_attr (h, "A");
  LttvAttr b = lttv_history_attr (h, "B");
  /* F changes fill chunk 0; the next, at 2000, starts chunk 1 and is
   * undone by a second write at 2000 that sets the value back: A's last
   * change is the F-th again, in chunk 0 */
  const guint F = HISTORY_FIRST_CHUNK;
  write_changes (h, a, F, 1000);
  lttv_history_set (h, a, 2000, lttv_value_int (99));
  lttv_history_set (h, a, 2000, lttv_value_int (F));
  g_assert_true (state_blocks_encode_some (bs, 8));
  /* encoded, but not given back: the builder reads its last change */
  g_assert_false (history_chunk_is_block (h->attrs[a].chunks[0]));
  g_assert_null (h->free_chunks[0]);
  /* a new chunk elsewhere, with later times, then A goes on */
  write_changes (h, b, 5, 9000);
  lttv_history_set (h, a, 3000, lttv_value_int (100));
  lttv_history_commit (h, 100000);
  LttvInterval iv;
  g_assert_true (lttv_history_query (h, a, 2500, &iv));
  g_assert_cmpuint (iv.value, ==, lttv_value_int (F));
  g_assert_cmpuint (iv.start, ==, 1000 + 10 * (F - 1));
  g_assert_true (lttv_history_query (h, a, 3000, &iv));
  g_assert_cmpuint (iv.value, ==, lttv_value_int (100));
  g_assert_cmpuint (lttv_history_n_intervals (h), ==, F + 1 + 5);
  state_blocks_free (bs);
}

/* A quiet attribute (its thread freed) with its last chunk partly filled:
 * that chunk is encoded and its memory given back (sealed); a later write
 * decodes it back and goes on after its last change (unsealed), and the
 * store then no longer counts its block as the attribute's. */
static void
test_quiet_attribute_sealed_then_written_again (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  StateBlockStore *bs = state_blocks_new (h, -1, 0);
  LttvAttr a = lttv_history_attr (h, "A");
  /* chunk 0 (F changes) full, chunk 1 holds 3 of its 2F */
  const guint F = HISTORY_FIRST_CHUNK, n = F + 3;
  write_changes (h, a, n, 1000);
  HistoryAttr *x = &h->attrs[a];
  const HistoryChange *last_chunk = x->chunks[1];
  history_note_quiet (h, a);
  while (state_blocks_encode_some (bs, 8))
    ;
  g_assert_true (history_attr_sealed (x));
  g_assert_true (history_chunk_is_block (x->chunks[1]));
  g_assert_true (h->free_chunks[1] == last_chunk);
  lttv_history_commit (h, 1000 + 10 * n);
  LttvInterval iv;
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (lttv_history_query (h, a, 1000 + 10 * i + 5, &iv));
      g_assert_cmpuint (iv.value, ==, lttv_value_int (i + 1));
    }
  /* written again: after its last change, then again at that time */
  lttv_history_set (h, a, 1000 + 10 * n, lttv_value_int (50));
  g_assert_false (history_attr_sealed (x));
  g_assert_false (history_chunk_is_block (x->chunks[1]));
  lttv_history_set (h, a, 1000 + 10 * n, lttv_value_int (51));
  lttv_history_commit (h, 100000);
  g_assert_cmpuint (x->n, ==, n + 1);
  for (guint i = 0; i <= n; i++)
    {
      g_assert_true (lttv_history_query (h, a, 1000 + 10 * i + 5, &iv));
      g_assert_cmpuint (iv.value, ==, lttv_value_int (i < n ? i + 1 : 51));
      g_assert_cmpuint (iv.start, ==, 1000 + 10 * i);
    }
  /* the store: chunk 0's block only (chunk 1 is encoded at the save) */
  while (state_blocks_encode_some (bs, 8))
    ;
  state_blocks_group (bs);
  guint n_stored;
  state_blocks_of (bs, a, &n_stored);
  g_assert_cmpuint (n_stored, ==, 1);
  state_blocks_free (bs);
}

/* The block in `w` reads back, change by change, as the `n` of `chunk`. */
static void
assert_reads_back (const Writer *w, const HistoryChange *chunk, guint n)
{
  const guint8 *p = w->data, *end = w->data + w->len;
  guint64 v = 0, delta = 0;
  g_assert_true (varint_from (&p, end, &v));
  g_assert_cmpuint (v, ==, chunk[0].value);
  LttvTime t = chunk[0].start;
  for (guint i = 1; i < n; i++)
    {
      g_assert_true (block_next_change (&p, end, i >= 2 ? chunk[i - 2].value : 0, i >= 2,
                                        &delta, &v));
      t += delta;
      g_assert_cmpuint (t, ==, chunk[i].start);
      g_assert_cmpuint (v, ==, chunk[i].value);
    }
  g_assert_true (p == end);
}

/* A change whose value is the one two changes before it has no value in
 * its block, only a mark in its delta's low bit; decoded, it has it. */
static void
test_block_leaves_out_repeated_values (void)
{
  const LttvValue v1 = lttv_value_int (1), v2 = lttv_value_int (2), v3 = lttv_value_int (3);
  const HistoryChange chunk[] = { { 100, v1 }, { 110, v2 }, { 120, v1 },
                                  { 135, v2 }, { 140, v3 }, { 200, v2 } };
  Writer w = { 0 };
  state_cache_encode_block (&w, chunk, G_N_ELEMENTS (chunk));
  /* v1; +10, v2 (the second change has none two before); +10 again v1;
   * +15 again v2; +5, v3; +60 again v2: each delta doubled, its low bit
   * "again", in a 4-byte little-endian word */
  const guint8 expected[] = { v1, 10 << 1, 0, 0, 0, v2, 10 << 1 | 1, 0, 0, 0,
                              15 << 1 | 1, 0, 0, 0, 5 << 1, 0, 0, 0, v3,
                              60 << 1 | 1, 0, 0, 0 };
  g_assert_cmpmem (w.data, w.len, expected, sizeof expected);
  assert_reads_back (&w, chunk, G_N_ELEMENTS (chunk));
  /* the second change cannot repeat a value: there is none two before */
  const guint8 bad[] = { v1, 10 << 1 | 1, 0, 0, 0 };
  const guint8 *p = bad;
  guint64 v = 0, delta = 0;
  g_assert_true (varint_from (&p, bad + sizeof bad, &v));
  g_assert_false (block_next_change (&p, bad + sizeof bad, 0, FALSE, &delta, &v));
  /* nor can a block end inside a delta's word */
  p = expected;
  g_assert_true (varint_from (&p, expected + 4, &v));
  g_assert_false (block_next_change (&p, expected + 4, 0, FALSE, &delta, &v));
  writer_free (&w);
}

/* A delta of 2^31 - 1 ns (2.1 s) or more: the escape word, then the delta
 * in 8 bytes; an escape around a delta that did not need one is not a
 * block's. */
static void
test_block_long_delta (void)
{
  const LttvValue v1 = lttv_value_int (1), v2 = lttv_value_int (2);
  const LttvTime far = (LttvTime) 5 << 30, edge = 0x7fffffffu;
  const HistoryChange chunk[] = { { 100, v1 }, { 100 + far, v2 }, { 100 + far + edge, v1 },
                                  { 100 + far + 2 * edge - 1, v2 } };
  Writer w = { 0 };
  state_cache_encode_block (&w, chunk, G_N_ELEMENTS (chunk));
  /* v1; the escape, 5 << 30, v2; the escape with "again", 2^31 - 1; the
   * word of 2^31 - 2 with "again" */
  const guint8 expected[] = { v1, 0xfe, 0xff, 0xff, 0xff, 0, 0, 0, 0x40, 1, 0, 0, 0, v2,
                              0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0,
                              0xfd, 0xff, 0xff, 0xff };
  g_assert_cmpmem (w.data, w.len, expected, sizeof expected);
  assert_reads_back (&w, chunk, G_N_ELEMENTS (chunk));
  const guint8 needless[] = { 0xfe, 0xff, 0xff, 0xff, 10, 0, 0, 0, 0, 0, 0, 0 };
  const guint8 *p = needless;
  guint64 delta = 0;
  gboolean again;
  g_assert_false (delta_from (&p, needless + sizeof needless, &delta, &again));
  writer_free (&w);
}

/* A row query on a busy finished attribute makes its rank index from
 * every change of the row; the recycled chunks it decodes for that are
 * not kept (on a 59 M-event recording, kept, they took 1.9 GB more). */
static void
test_rank_index_leaves_chunks_encoded (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  char *path;
  int fd = open_file (TRUE, &path);
  StateBlockStore *bs = state_blocks_new (h, fd, 0);
  LttvAttr a = lttv_history_attr (h, "A");
  const guint n = 1000000;   /* 16 MB decoded */
  for (guint i = 0; i < n; i++)
    {
      lttv_history_set (h, a, 1000 + 10 * (LttvTime) i, lttv_value_int (i % 5 + 1));
      if (i % 4096 == 4095)
        while (state_blocks_encode_some (bs, 64))
          ;
    }
  while (state_blocks_encode_some (bs, 64))
    ;
  guint64 len;
  g_assert_true (history_spill_finish (h, &len));
  g_assert_true (history_chunk_is_block (h->attrs[a].chunks[100]));
  lttv_history_finish (h, 1000 + 10 * (LttvTime) n);
  gsize before = history_slabs_bytes (&h->decoded);
  /* ten pixels of n ns: n / 10 changes each, the first at its start */
  LttvSample px[10];
  g_assert_cmpuint (lttv_history_query_row (h, a, 1000, n, 10, px), ==, 10);
  g_assert_nonnull (h->attrs[a].rank);
  for (guint p = 0; p < 9; p++)
    {
      g_assert_cmpuint (px[p].mixed, ==, n / 10 - 1);
      g_assert_cmpuint (px[p].value, ==, lttv_value_int (p * (n / 10) % 5 + 1));
    }
  /* the chunks the pixels read, a slab or two, not the row's 16 MB */
  g_assert_cmpuint (history_slabs_bytes (&h->decoded) - before, <=, 4u << 20);
  state_blocks_free (bs);
  close_file (fd, path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/recycle/recycled-chunks-read-back-from-memory",
                        GINT_TO_POINTER (FALSE), test_recycled_chunks_read_back);
  g_test_add_data_func ("/recycle/recycled-chunks-read-back-from-file",
                        GINT_TO_POINTER (TRUE), test_recycled_chunks_read_back);
  g_test_add_func ("/recycle/blocks-kept-together", test_blocks_kept_together);
  g_test_add_func ("/recycle/rank-index-leaves-chunks-encoded", test_rank_index_leaves_chunks_encoded);
  g_test_add_func ("/recycle/failed-write-keeps-blocks", test_failed_write_keeps_blocks);
  g_test_add_func ("/recycle/block-long-delta", test_block_long_delta);
  g_test_add_func ("/recycle/chunk-holding-the-last-change-is-kept",
                   test_chunk_holding_the_last_change_is_kept);
  g_test_add_func ("/recycle/block-leaves-out-repeated-values",
                   test_block_leaves_out_repeated_values);
  g_test_add_func ("/recycle/quiet-attribute-sealed-then-written-again",
                   test_quiet_attribute_sealed_then_written_again);
  return g_test_run ();
}

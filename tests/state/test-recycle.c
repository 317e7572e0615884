/* Chunks recycled during a build (history-recycle.c): a full chunk,
 * encoded by the cache's block store, gives its memory to the next new
 * chunk; queries decode its block. Hand-worked sequences, through the
 * store as the build drives it (linked with the state core's convenience
 * library for its internals). */
#include "config.h"

#include <string.h>

#include <lttv/lttv.h>

#include "state/cache-blocks.h"
#include "state/history-private.h"

/* Attribute `a` gets `n` changes at times base + 10 i (value i + 1). */
static void
write_changes (LttvHistory *h, LttvAttr a, guint n, LttvTime base)
{
  for (guint i = 0; i < n; i++)
    lttv_history_set (h, a, base + 10 * i, lttv_value_int (i + 1));
}

static void
test_recycled_chunks_read_back (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  StateBlockStore *bs = state_blocks_new (h);
  LttvAttr a = lttv_history_attr (h, "A");
  LttvAttr b = lttv_history_attr (h, "B");
  /* chunk 0 (16 changes) of A fills up when chunk 1 starts */
  write_changes (h, a, 20, 1000);
  g_assert_true (state_blocks_encode_some (bs, 8));
  g_assert_true (history_chunk_is_block (h->attrs[a].chunks[0]));
  /* B's first chunk (16 changes) takes A's chunk 0's memory */
  const HistoryChange *freed = h->free_chunks[0];
  g_assert_nonnull (freed);
  write_changes (h, b, 3, 5000);
  g_assert_true (h->attrs[b].chunks[0] == freed);
  lttv_history_commit (h, 100000);
  for (guint i = 0; i < 20; i++)
    {
      LttvInterval iv;
      g_assert_true (lttv_history_query (h, a, 1000 + 10 * i + 5, &iv));
      g_assert_cmpuint (iv.value, ==, lttv_value_int (i + 1));
      g_assert_cmpuint (iv.start, ==, 1000 + 10 * i);
    }
  LttvInterval iv;
  g_assert_true (lttv_history_query (h, b, 5025, &iv));
  g_assert_cmpuint (iv.value, ==, lttv_value_int (3));
  state_blocks_free (bs);
}

static void
test_chunk_holding_the_last_change_is_kept (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  StateBlockStore *bs = state_blocks_new (h);
  LttvAttr a = lttv_history_attr (h, "A");
  LttvAttr b = lttv_history_attr (h, "B");
  /* 16 changes fill chunk 0; the 17th, at 2000, starts chunk 1 and is
   * undone by a second write at 2000 that sets the value back: A's last
   * change is the 16th again, in chunk 0 */
  write_changes (h, a, 16, 1000);
  lttv_history_set (h, a, 2000, lttv_value_int (99));
  lttv_history_set (h, a, 2000, lttv_value_int (16));
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
  g_assert_cmpuint (iv.value, ==, lttv_value_int (16));
  g_assert_cmpuint (iv.start, ==, 1150);
  g_assert_true (lttv_history_query (h, a, 3000, &iv));
  g_assert_cmpuint (iv.value, ==, lttv_value_int (100));
  g_assert_cmpuint (lttv_history_n_intervals (h), ==, 17 + 5);
  state_blocks_free (bs);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/recycle/recycled-chunks-read-back", test_recycled_chunks_read_back);
  g_test_add_func ("/recycle/chunk-holding-the-last-change-is-kept",
                   test_chunk_holding_the_last_change_is_kept);
  return g_test_run ();
}

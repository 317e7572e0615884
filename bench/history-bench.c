/* SPDX-License-Identifier: GPL-2.0-or-later */
/* history-bench: the state history store (per-attribute change arrays with
 * a sparse chunk index) against a history tree (Trace Compass's layout:
 * intervals written when they end, into nested nodes of a fixed capacity),
 * fed the same synthetic changes at the rate of a real kernel trace.
 * Measures insert throughput, memory per interval, and the latency of a
 * one-attribute query and of a full-state query. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttv/lttv.h>

/* --- The synthetic workload --------------------------------------------- */

/* About what many-threads gives: 8 CPUs with 5 hot attributes each, a few
 * thousand threads with 7 attributes, changes mostly on the hot ones; one
 * change every ~400 ns (2.5 M changes/s of trace time). */
#define N_CPUS 8
#define N_THREADS 4000
#define N_ATTRS (N_CPUS * 5 + N_THREADS * 7)

static guint32 rng = 12345;
static guint32
next_rand (void)
{
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  return rng;
}

static guint
pick_attr (void)
{
  guint r = next_rand ();
  if (r % 100 < 60)
    return r / 100 % (N_CPUS * 5);
  /* Threads: a few hundred hot ones, the rest rarely touched. */
  guint t = (r / 100) % 100 < 80 ? (r / 10000) % 300 : (r / 10000) % N_THREADS;
  return N_CPUS * 5 + t * 7 + (next_rand () % 7);
}

/* --- A history tree ------------------------------------------------------ */

#define TREE_NODE_CAP 4096
#define TREE_LEVELS 4

typedef struct {
  LttvTime start, end;
  guint32 attr;
  LttvValue value;
} TreeInterval;

typedef struct {
  LttvTime open, close;
  TreeInterval *iv;
  guint n;
} TreeNode;

typedef struct {
  GArray *nodes[TREE_LEVELS];   /* TreeNode, the last one open */
  LttvTime *cur_start;
  LttvValue *cur_value;
  guint64 n_intervals;
} Tree;

static void
tree_open (Tree *tr, guint level, LttvTime t)
{
  TreeNode node = { t, LTTV_TIME_NONE, g_new (TreeInterval, TREE_NODE_CAP), 0 };
  g_array_append_val (tr->nodes[level], node);
}

static Tree *
tree_new (LttvTime begin)
{
  Tree *tr = g_new0 (Tree, 1);
  for (guint l = 0; l < TREE_LEVELS; l++)
    {
      tr->nodes[l] = g_array_new (FALSE, FALSE, sizeof (TreeNode));
      tree_open (tr, l, begin);
    }
  tr->cur_start = g_new0 (LttvTime, N_ATTRS);
  tr->cur_value = g_new0 (LttvValue, N_ATTRS);
  for (guint a = 0; a < N_ATTRS; a++)
    tr->cur_start[a] = begin;
  return tr;
}

static void
tree_insert (Tree *tr, TreeInterval iv)
{
  for (guint l = 0; l < TREE_LEVELS; l++)
    {
      TreeNode *node = &g_array_index (tr->nodes[l], TreeNode,
                                       tr->nodes[l]->len - 1);
      if (iv.start < node->open && l + 1 < TREE_LEVELS)
        continue;
      if (node->n == TREE_NODE_CAP)
        {
          if (l + 1 == TREE_LEVELS)
            {
              /* The root grows: keep it simple, a bigger root. */
              node->iv = g_renew (TreeInterval, node->iv, node->n * 2);
            }
          else
            {
              /* A full node closes, with every node below it. */
              for (guint k = 0; k <= l; k++)
                {
                  TreeNode *nk = &g_array_index (tr->nodes[k], TreeNode,
                                                 tr->nodes[k]->len - 1);
                  nk->close = iv.end;
                  tree_open (tr, k, iv.end + 1);
                }
              tree_insert (tr, iv);
              return;
            }
        }
      if (node->n >= TREE_NODE_CAP && (node->n & (node->n - 1)) == 0)
        node->iv = g_renew (TreeInterval, node->iv, node->n * 2);
      node->iv[node->n++] = iv;
      tr->n_intervals++;
      return;
    }
}

static void
tree_set (Tree *tr, guint attr, LttvTime t, LttvValue v)
{
  if (tr->cur_value[attr] == v)
    return;
  if (t > tr->cur_start[attr])
    tree_insert (tr, (TreeInterval) { tr->cur_start[attr], t - 1, attr,
                                      tr->cur_value[attr] });
  tr->cur_start[attr] = t;
  tr->cur_value[attr] = v;
}

/* Every interval holding t, along the path of nodes that cover t. */
static void
tree_query_full (Tree *tr, LttvTime t, LttvValue *out)
{
  for (guint l = 0; l < TREE_LEVELS; l++)
    {
      GArray *nodes = tr->nodes[l];
      guint lo = 0, hi = nodes->len;
      while (hi - lo > 1)
        {
          guint mid = (lo + hi) / 2;
          if (g_array_index (nodes, TreeNode, mid).open <= t)
            lo = mid;
          else
            hi = mid;
        }
      TreeNode *node = &g_array_index (nodes, TreeNode, lo);
      for (guint i = 0; i < node->n; i++)
        if (node->iv[i].start <= t && t <= node->iv[i].end)
          out[node->iv[i].attr] = node->iv[i].value;
    }
}

static LttvValue
tree_query (Tree *tr, guint attr, LttvTime t)
{
  /* A tree answers one attribute by walking the same path. */
  for (guint l = 0; l < TREE_LEVELS; l++)
    {
      GArray *nodes = tr->nodes[l];
      guint lo = 0, hi = nodes->len;
      while (hi - lo > 1)
        {
          guint mid = (lo + hi) / 2;
          if (g_array_index (nodes, TreeNode, mid).open <= t)
            lo = mid;
          else
            hi = mid;
        }
      TreeNode *node = &g_array_index (nodes, TreeNode, lo);
      for (guint i = 0; i < node->n; i++)
        if (node->iv[i].attr == attr && node->iv[i].start <= t
            && t <= node->iv[i].end)
          return node->iv[i].value;
    }
  return LTTV_VALUE_NONE;
}

static gsize
tree_memory (Tree *tr)
{
  gsize bytes = 0;
  for (guint l = 0; l < TREE_LEVELS; l++)
    for (guint i = 0; i < tr->nodes[l]->len; i++)
      {
        TreeNode *n = &g_array_index (tr->nodes[l], TreeNode, i);
        bytes += sizeof *n + MAX (n->n, TREE_NODE_CAP) * sizeof (TreeInterval);
      }
  return bytes + N_ATTRS * 16;
}

/* --- The run ------------------------------------------------------------- */

int
main (int argc, char **argv)
{
  guint64 n_changes = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 5000000;
  const LttvTime begin = 1000000000;
  LttvValue values[8];
  LttvHistory *h = lttv_history_new ();
  for (guint i = 0; i < 8; i++)
    values[i] = lttv_value_int (i);
  LttvAttr *ids = g_new (LttvAttr, N_ATTRS);
  for (guint a = 0; a < N_ATTRS; a++)
    {
      char path[64];
      snprintf (path, sizeof path, "A/%u/%u", a / 7, a % 7);
      ids[a] = lttv_history_attr (h, path);
    }
  lttv_history_set_begin (h, begin);

  /* The same changes into both. */
  guint32 *seq_attr = g_new (guint32, n_changes);
  guint8 *seq_val = g_new (guint8, n_changes);
  LttvTime *seq_t = g_new (LttvTime, n_changes);
  LttvTime t = begin;
  for (guint64 i = 0; i < n_changes; i++)
    {
      t += next_rand () % 800 + 1;
      seq_t[i] = t;
      seq_attr[i] = pick_attr ();
      seq_val[i] = next_rand () % 8;
    }
  LttvTime end = t + 1;

  gint64 t0 = g_get_monotonic_time ();
  for (guint64 i = 0; i < n_changes; i++)
    {
      if ((i & 1023) == 0)
        lttv_history_commit (h, seq_t[i]);
      lttv_history_set (h, ids[seq_attr[i]], seq_t[i], values[seq_val[i]]);
    }
  lttv_history_finish (h, end);
  double ours_insert = (g_get_monotonic_time () - t0) / 1e6;

  Tree *tr = tree_new (begin);
  t0 = g_get_monotonic_time ();
  for (guint64 i = 0; i < n_changes; i++)
    tree_set (tr, seq_attr[i], seq_t[i], values[seq_val[i]]);
  double tree_insert_s = (g_get_monotonic_time () - t0) / 1e6;

  guint64 ours_n = lttv_history_n_intervals (h);
  gsize ours_mem = lttv_history_memory (h);
  gsize tree_mem = tree_memory (tr);

  /* Queries at random times. */
  const guint n_q = 20000, n_full = 200;
  volatile LttvValue sink = 0;
  t0 = g_get_monotonic_time ();
  for (guint q = 0; q < n_q; q++)
    {
      LttvInterval iv;
      lttv_history_query (h, ids[pick_attr ()], begin + next_rand () % (end - begin), &iv);
      sink ^= iv.value;
    }
  double ours_q = (double) (g_get_monotonic_time () - t0) / n_q;
  t0 = g_get_monotonic_time ();
  for (guint q = 0; q < n_q / 10; q++)
    sink ^= tree_query (tr, pick_attr (), begin + next_rand () % (end - begin));
  double tree_q = (double) (g_get_monotonic_time () - t0) / (n_q / 10);

  LttvValue *full = g_new0 (LttvValue, N_ATTRS);
  t0 = g_get_monotonic_time ();
  for (guint q = 0; q < n_full; q++)
    {
      guint n;
      g_free (lttv_history_query_full (h, begin + next_rand () % (end - begin), &n));
    }
  double ours_full = (double) (g_get_monotonic_time () - t0) / n_full;
  t0 = g_get_monotonic_time ();
  for (guint q = 0; q < n_full; q++)
    tree_query_full (tr, begin + next_rand () % (end - begin), full);
  double tree_full = (double) (g_get_monotonic_time () - t0) / n_full;

  LttvSample row[2000];
  t0 = g_get_monotonic_time ();
  for (guint q = 0; q < 200; q++)
    lttv_history_query_row (h, ids[pick_attr ()], begin, (end - begin) / 2000, 2000, row);
  double ours_row = (double) (g_get_monotonic_time () - t0) / 200;

  printf ("history changes: %" G_GUINT64_FORMAT " written, %" G_GUINT64_FORMAT
          " intervals (ours), %" G_GUINT64_FORMAT " (tree)\n",
          n_changes, ours_n, tr->n_intervals);
  printf ("history insert (M changes/s): ours %.2f, reference %.2f, ratio %.2f\n",
          n_changes / ours_insert / 1e6, n_changes / tree_insert_s / 1e6,
          tree_insert_s / ours_insert);
  printf ("history bytes per interval: ours %.1f, reference %.1f, ratio %.2f\n",
          (double) ours_mem / ours_n, (double) tree_mem / tr->n_intervals,
          ((double) tree_mem / tr->n_intervals) / ((double) ours_mem / ours_n));
  printf ("history one-attribute query (us): ours %.2f, reference %.2f, ratio %.1f\n",
          ours_q, tree_q, tree_q / ours_q);
  printf ("history full-state query (us): ours %.1f, reference %.1f, ratio %.1f\n",
          ours_full, tree_full, tree_full / ours_full);
  printf ("history 2000-pixel row query (us): ours %.1f\n", ours_row);
  (void) sink;
  g_free (full);
  lttv_history_free (h);
  return 0;
}

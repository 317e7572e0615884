/* SPDX-License-Identifier: GPL-2.0-or-later */
/* block-requests.c: block requests matched issue to completion by device
 * and sector (the machine's Block/<dev>/Requests rows and the requests
 * list, docs/state-model.md). */
#include "config.h"

#include <stdio.h>

#include "history/history-write.h"
#include "machine/block-requests.h"

/* A device: its Requests attribute and the requests in flight on it, by
 * sector (the issues of one sector in order: a sector may be issued
 * again before its completion, by a flush for instance, or after a
 * completion the trace lost). */
typedef struct {
  LttvAttr requests;
  guint in_flight;
  GHashTable *pending;      /* sector -> GArray of LttvTime */
} BlockDev;

static void
block_dev_free (gpointer p)
{
  BlockDev *d = p;
  g_hash_table_destroy (d->pending);
  g_free (d);
}

struct _BlockRequests {
  LttvHistory *h;
  LttvAttr root;            /* Block */
  GHashTable *devs;         /* dev -> BlockDev */
  GArray *done;             /* LttvBlockRequest, completed ones */
};

BlockRequests *
block_requests_new (LttvHistory *h, LttvAttr root)
{
  BlockRequests *b = g_new0 (BlockRequests, 1);
  b->h = h;
  b->root = root;
  b->devs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, block_dev_free);
  b->done = g_array_new (FALSE, FALSE, sizeof (LttvBlockRequest));
  return b;
}

void
block_requests_free (BlockRequests *b)
{
  g_hash_table_destroy (b->devs);
  g_array_unref (b->done);
  g_free (b);
}

static BlockDev *
block_dev (BlockRequests *b, int64_t dev)
{
  BlockDev *d = g_hash_table_lookup (b->devs, &dev);
  if (d != NULL)
    return d;
  d = g_new0 (BlockDev, 1);
  char name[32];
  snprintf (name, sizeof name, "%lld", (long long) dev);
  LttvAttr base = lttv_history_attr_child (b->h, b->root, name);
  d->requests = lttv_history_attr_child (b->h, base, "Requests");
  d->pending = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                      (GDestroyNotify) g_array_unref);
  g_hash_table_insert (b->devs, g_memdup2 (&dev, sizeof dev), d);
  return d;
}

void
block_requests_issue (BlockRequests *b, LttvTime t, int64_t dev, int64_t sector)
{
  BlockDev *d = block_dev (b, dev);
  GArray *issues = g_hash_table_lookup (d->pending, &sector);
  if (issues == NULL)
    {
      issues = g_array_new (FALSE, FALSE, sizeof (LttvTime));
      g_hash_table_insert (d->pending, g_memdup2 (&sector, sizeof sector), issues);
    }
  g_array_append_val (issues, t);
  d->in_flight++;
  history_set (b->h, d->requests, t, lttv_value_int (d->in_flight));
}

gboolean
block_requests_complete (BlockRequests *b, LttvTime t, int64_t dev, int64_t sector)
{
  BlockDev *d = block_dev (b, dev);
  GArray *issues = g_hash_table_lookup (d->pending, &sector);
  LttvBlockRequest r = { dev, (guint64) sector, LTTV_TIME_NONE, t };
  if (issues == NULL || issues->len == 0)
    {
      /* issued before the trace began (or its issue was lost) */
      g_array_append_val (b->done, r);
      return FALSE;
    }
  /* The newest issue: one whose completion was lost stays in flight
   * (never completed) instead of lending its time to every later request
   * of that sector (a flush's sector 0, a hot block). */
  r.issue = g_array_index (issues, LttvTime, issues->len - 1);
  g_array_set_size (issues, issues->len - 1);
  if (issues->len == 0)
    g_hash_table_remove (d->pending, &sector);
  g_array_append_val (b->done, r);
  d->in_flight--;
  history_set (b->h, d->requests, t, lttv_value_int (d->in_flight));
  return TRUE;
}

static int
compare_requests (gconstpointer a, gconstpointer b)
{
  const LttvBlockRequest *x = a, *y = b;
  if (x->issue != y->issue)
    return x->issue < y->issue ? -1 : 1;
  if (x->dev != y->dev)
    return x->dev < y->dev ? -1 : 1;
  return x->sector < y->sector ? -1 : x->sector > y->sector;
}

GArray *
block_requests_take (BlockRequests *b)
{
  /* The requests still in flight at the end: never completed. */
  GArray *open = g_array_new (FALSE, FALSE, sizeof (LttvBlockRequest));
  GHashTableIter di;
  gpointer key, value;
  g_hash_table_iter_init (&di, b->devs);
  while (g_hash_table_iter_next (&di, &key, &value))
    {
      BlockDev *d = value;
      GHashTableIter si;
      gpointer sk, sv;
      g_hash_table_iter_init (&si, d->pending);
      while (g_hash_table_iter_next (&si, &sk, &sv))
        {
          GArray *issues = sv;
          for (guint i = 0; i < issues->len; i++)
            {
              LttvBlockRequest r = { *(int64_t *) key, *(guint64 *) sk,
                                     g_array_index (issues, LttvTime, i), LTTV_TIME_NONE };
              g_array_append_val (open, r);
            }
        }
    }
  g_array_sort (open, compare_requests);
  g_array_append_vals (b->done, open->data, open->len);
  g_array_unref (open);
  GArray *all = b->done;
  b->done = g_array_new (FALSE, FALSE, sizeof (LttvBlockRequest));
  return all;
}

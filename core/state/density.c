/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The event density (density.h): events per time bucket, counted by the
 * build pass, read by any thread up to the committed bucket. Queries sum
 * the counts into a running sum per bucket edge, which makes every
 * resolution one subtraction, so no coarser levels need storing. */
#include "config.h"

#include <string.h>

#include <lttv/density.h>

#include "big-alloc.h"
#include "history/block-codec.h"
#include "state-private.h"

struct _LttvDensity {
  LttvTime begin, end;      /* the traceset's first and last event times */
  guint shift;              /* bucket width = 1 << shift ns */
  guint n_buckets;
  gint committed;           /* buckets before this one final (atomic) */
  /* The build's (its reader thread: build-counts.c): the bucket being
   * filled, where the next one starts, the events so far and before the
   * current bucket. */
  guint cur;
  LttvTime next_edge;
  guint64 total, before_cur;
  /* The counts of the buckets left behind, the cache's DENSITY section
   * (a varint per bucket; an empty one, a 0 followed by how many more
   * empty ones come): `len` published after each write, `zero_run`
   * empty buckets not written yet. Reserved at their largest, so that the
   * bytes never move under a query. */
  guint8 *counts;
  gsize counts_cap;
  gsize counts_len;         /* atomic */
  guint64 zero_run;
  GArray *discarded;        /* LttvDiscarded, by begin */
  guint64 *discarded_cum;   /* [len + 1]: discarded before entry i */
  /* Queries' running sums, decoded from the counts as far as they need
   * (the build keeps none: megabytes of fresh pages on a long trace that
   * `lttv state` never reads): cum[b] is the number of events before
   * bucket b, for b <= ready (-1: no sums yet). */
  GMutex lock;
  guint64 *cum;             /* [n_buckets + 1], allocated at the first query */
  gint ready;               /* atomic */
  gsize decoded;            /* bytes of the counts decoded ... */
  guint decoded_buckets;    /* ... into these buckets */
  gboolean damaged;
  /* From the cache: the section in the mapped file, checked at the first
   * query. */
  GMappedFile *lazy_file;
  const guint8 *lazy_src;
  gsize lazy_len;
  guint64 lazy_sum, lazy_events;
};

/* Where the bucket after the current one starts (never, after the last). */
static void
set_next_edge (LttvDensity *d)
{
  d->next_edge = d->cur + 1 >= d->n_buckets
                 ? G_MAXUINT64 : d->begin + ((LttvTime) (d->cur + 1) << d->shift);
}

/* A bucket's count takes at most 10 bytes; a run of empty ones, 11. */
static gsize
counts_most (guint n_buckets)
{
  return 11 * ((gsize) n_buckets + 1);
}

static LttvDensity *density_new (LttvTraceset *ts, LttvTime begin, LttvTime end);

LttvDensity *
state_density_new (LttvTraceset *ts)
{
  return density_new (ts, lttv_traceset_begin (ts), lttv_traceset_end (ts));
}

LttvDensity *
state_density_new_span (LttvTraceset *ts, LttvTime span)
{
  LttvTime begin = lttv_traceset_begin (ts);
  return density_new (ts, begin, begin == LTTV_TIME_NONE ? begin : begin + span);
}

static LttvDensity *
density_new (LttvTraceset *ts, LttvTime begin, LttvTime end)
{
  LttvDensity *d = g_new0 (LttvDensity, 1);
  g_mutex_init (&d->lock);
  if (end < begin || end == LTTV_TIME_NONE)
    end = begin;
  d->begin = begin;
  d->end = end;
  while (((end - begin) >> d->shift) + 1 > LTTV_DENSITY_MAX_BUCKETS)
    d->shift++;
  d->n_buckets = (guint) ((end - begin) >> d->shift) + 1;
  /* (virtual until written: pages are touched as the counts grow) */
  d->counts_cap = counts_most (d->n_buckets);
  d->counts = big_array_alloc0 (d->counts_cap);
  d->ready = -1;
  set_next_edge (d);
  d->discarded = lttv_traceset_discarded (ts);
  d->discarded_cum = g_new0 (guint64, d->discarded->len + 1);
  for (guint i = 0; i < d->discarded->len; i++)
    d->discarded_cum[i + 1] = d->discarded_cum[i]
      + g_array_index (d->discarded, LttvDiscarded, i).count;
  return d;
}

static void
forget_sums (LttvDensity *d)
{
  big_array_free (d->cum, ((gsize) d->n_buckets + 1) * sizeof (guint64));
  d->cum = NULL;
  g_atomic_int_set (&d->ready, -1);
  d->decoded = 0;
  d->decoded_buckets = 0;
  d->damaged = FALSE;
}

void
state_density_free (LttvDensity *d)
{
  if (d == NULL)
    return;
  forget_sums (d);
  big_array_free (d->counts, d->counts_cap);
  g_array_unref (d->discarded);
  g_free (d->discarded_cum);
  if (d->lazy_file != NULL)
    g_mapped_file_unref (d->lazy_file);
  g_mutex_clear (&d->lock);
  g_free (d);
}

static void
publish_counts (LttvDensity *d, guint8 *end)
{
  __atomic_store_n (&d->counts_len, (gsize) (end - d->counts), __ATOMIC_RELEASE);
}

static void
write_zeros (LttvDensity *d)
{
  if (d->zero_run == 0)
    return;
  guint8 *p = d->counts + d->counts_len;
  publish_counts (d, varint_at (varint_at (p, 0), d->zero_run - 1));
  d->zero_run = 0;
}

/* Bucket `cur` is complete, with `count` events, then `empty` empty ones. */
static void
write_bucket (LttvDensity *d, guint64 count, guint64 empty)
{
  if (count > 0)
    {
      write_zeros (d);
      publish_counts (d, varint_at (d->counts + d->counts_len, count));
    }
  else
    d->zero_run++;
  d->zero_run += empty;
}

/* The build moves to the bucket of `t` (later than the current one). */
static G_GNUC_NO_INLINE void
advance (LttvDensity *d, LttvTime t)
{
  guint b = (guint) MIN ((t - d->begin) >> d->shift, (LttvTime) d->n_buckets - 1);
  /* In the last bucket already: only a time of LTTV_TIME_NONE (a trace
   * without a clock) reaches "never"; it stays there. */
  if (b <= d->cur)
    return;
  write_bucket (d, d->total - d->before_cur, b - d->cur - 1);
  d->before_cur = d->total;
  d->cur = b;
  /* (a release store: g_atomic_int_set's is a full fence, which in the
   * build's reader thread waited for its streamed stores to drain; 45 %
   * of this function's samples, 3 % of that thread's time) */
  __atomic_store_n (&d->committed, (gint) b, __ATOMIC_RELEASE);
  set_next_edge (d);
}

void
state_density_add (LttvDensity *d, LttvTime t)
{
  if (G_UNLIKELY (t >= d->next_edge))
    advance (d, t);
  d->total++;
}

void
state_density_finish (LttvDensity *d)
{
  if (d->cur < d->n_buckets)
    {
      write_bucket (d, d->total - d->before_cur, d->n_buckets - 1 - d->cur);
      write_zeros (d);
    }
  d->before_cur = d->total;
  d->cur = d->n_buckets;
  set_next_edge (d);
  g_atomic_int_set (&d->committed, (gint) d->n_buckets);
}

/* Decodes the counts from `src` (`len` bytes written so far) into the
 * sums, as far as they go; FALSE when they are not what density.c
 * writes. */
static gboolean
decode_more (LttvDensity *d, const guint8 *src, gsize len)
{
  const guint8 *p = src + d->decoded, *end = src + len;
  guint i = d->decoded_buckets;
  while (p < end)
    {
      guint64 v, more = 0;
      if (i >= d->n_buckets || !varint_from (&p, end, &v)
          || (v == 0 && !varint_from (&p, end, &more)) || more >= d->n_buckets - i)
        return FALSE;
      d->cum[i + 1] = d->cum[i] + v;
      for (guint k = 0; k < more; k++)
        d->cum[i + 2 + k] = d->cum[i + 1];
      i += 1 + (guint) more;
    }
  d->decoded = len;
  d->decoded_buckets = i;
  return TRUE;
}

/* The cache's section, whole: checked before it is trusted. */
static gboolean
decode_cached (LttvDensity *d)
{
  return state_cache_checksum (d->lazy_src, d->lazy_len) == d->lazy_sum
         && decode_more (d, d->lazy_src, d->lazy_len)
         && d->decoded_buckets == d->n_buckets
         && d->cum[d->n_buckets] == d->lazy_events;
}

/* Makes the sums ready up to the committed bucket, `c`. */
static void
decode_upto (LttvDensity *d, guint c)
{
  if (d->cum == NULL)
    d->cum = big_array_alloc0 (((gsize) d->n_buckets + 1) * sizeof (guint64));
  guint ready;
  if (d->lazy_src != NULL)
    {
      /* A damaged section is never trusted: no events rather than wrong
       * ones. */
      if (!d->damaged && d->decoded_buckets < d->n_buckets && !decode_cached (d))
        {
          g_debug ("the state cache's event density is damaged");
          memset (d->cum, 0, ((gsize) d->n_buckets + 1) * sizeof *d->cum);
          d->damaged = TRUE;
        }
      ready = d->n_buckets;
    }
  else
    {
      gsize len = __atomic_load_n (&d->counts_len, __ATOMIC_ACQUIRE);
      if (!decode_more (d, d->counts, len))
        g_error ("the event density's counts are not as written");
      /* the buckets after those written are the build's empty run */
      for (guint i = d->decoded_buckets; i < c; i++)
        d->cum[i + 1] = d->cum[d->decoded_buckets];
      ready = MAX (c, d->decoded_buckets);
    }
  g_atomic_int_set (&d->ready, (gint) ready);
}

/* The committed bucket edge, once the sums are ready up to it. */
static guint
density_sums_ready (LttvDensity *d)
{
  gint c = g_atomic_int_get (&d->committed);
  /* Nothing final yet: no sums to make, and none to read (cum_at). A
   * cache's section being decoded meanwhile (state_density_load_lazy's
   * `now`) is not touched. */
  if (c == 0)
    return 0;
  if (G_UNLIKELY (g_atomic_int_get (&d->ready) < c))
    {
      g_mutex_lock (&d->lock);
      if (g_atomic_int_get (&d->ready) < c)
        decode_upto (d, (guint) c);
      g_mutex_unlock (&d->lock);
    }
  return (guint) c;
}

LttvDensity *
lttv_state_get_density (LttvState *s)
{
  g_return_val_if_fail (s != NULL, NULL);
  return s->density;
}

LttvTime
lttv_density_bucket_width (LttvDensity *d)
{
  return (LttvTime) 1 << d->shift;
}

LttvTime
lttv_density_begin (LttvDensity *d)
{
  return d->begin;
}

LttvTime
lttv_density_committed_end (LttvDensity *d)
{
  guint c = (guint) g_atomic_int_get (&d->committed);
  return d->begin + ((LttvTime) c << d->shift);
}

/* Events before `t`, interpolated inside a bucket; `committed` edges are
 * final. */
static double
cum_at (const LttvDensity *d, guint committed, LttvTime t)
{
  if (t <= d->begin || committed == 0)
    return 0;
  /* past the last event: all of them, not a fraction of the last bucket */
  if (t > d->end && committed == d->n_buckets)
    return (double) d->cum[committed];
  LttvTime off = t - d->begin;
  LttvTime b = off >> d->shift;
  if (b >= committed)
    return (double) d->cum[committed];
  double frac = (double) (off & ((1ull << d->shift) - 1)) / (double) (1ull << d->shift);
  return (double) d->cum[b] + frac * (double) (d->cum[b + 1] - d->cum[b]);
}

static guint64
discarded_before (const LttvDensity *d, LttvTime t)
{
  guint lo = 0, hi = d->discarded->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (g_array_index (d->discarded, LttvDiscarded, mid).begin < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return d->discarded_cum[lo];
}

double
lttv_density_count (LttvDensity *d, LttvTime t0, LttvTime t1)
{
  g_return_val_if_fail (d != NULL, 0);
  if (t1 <= t0)
    return 0;
  guint c = density_sums_ready (d);
  return cum_at (d, c, t1) - cum_at (d, c, t0);
}

guint64
lttv_density_count_discarded (LttvDensity *d, LttvTime t0, LttvTime t1)
{
  g_return_val_if_fail (d != NULL, 0);
  return t1 <= t0 ? 0 : discarded_before (d, t1) - discarded_before (d, t0);
}

gboolean
lttv_density_count_exact (LttvDensity *d, LttvTime t0, LttvTime t1,
                          guint64 *out)
{
  g_return_val_if_fail (d != NULL && out != NULL, FALSE);
  LttvTime mask = ((LttvTime) 1 << d->shift) - 1;
  if (t1 < t0 || t0 < d->begin || ((t0 - d->begin) & mask) != 0
      || ((t1 + 1 - d->begin) & mask) != 0)
    return FALSE;
  guint c = density_sums_ready (d);
  LttvTime b0 = (t0 - d->begin) >> d->shift, b1 = (t1 + 1 - d->begin) >> d->shift;
  if (b1 > c)
    return FALSE;
  *out = b1 == 0 ? 0 : d->cum[b1] - d->cum[b0];
  return TRUE;
}

guint
lttv_density_query (LttvDensity *d, LttvTime t0, LttvTime step, guint n,
                    LttvDensitySample *out)
{
  g_return_val_if_fail (d != NULL && (out != NULL || n == 0), 0);
  guint c = density_sums_ready (d);
  LttvTime end = d->begin + ((LttvTime) c << d->shift);
  guint covered = 0;
  double prev = cum_at (d, c, t0);
  guint64 prev_d = discarded_before (d, t0);
  for (guint i = 0; i < n; i++)
    {
      LttvTime a = t0 + i * step, b = a + step;
      double next = cum_at (d, c, b);
      guint64 next_d = discarded_before (d, b);
      if (a < end || c == d->n_buckets)
        {
          out[i].events = next - prev;
          out[i].discarded = next_d - prev_d;
          covered = i + 1;
        }
      else
        out[i] = (LttvDensitySample) { 0, 0 };
      prev = next;
      prev_d = next_d;
    }
  return covered;
}

/* For the cache: the layout and the count of each bucket (small numbers,
 * which the cache writes as varints). Discarded events are not saved:
 * they come from the packet index at every opening. */
guint
state_density_shift (LttvDensity *d)
{
  return d->shift;
}

guint
state_density_n_buckets (LttvDensity *d)
{
  return d->n_buckets;
}

/* Fills a density from the cache's bucket counts, and finishes it. The
 * counts are checked and summed at the first query, or now (`now`: then
 * readers meanwhile see an empty density rather than wait for it). */
void
state_density_load_lazy (LttvDensity *d, GMappedFile *file, const guint8 *src,
                         gsize len, guint64 sum, guint64 n_events, gboolean now)
{
  d->lazy_file = g_mapped_file_ref (file);
  d->lazy_src = src;
  d->lazy_len = len;
  d->lazy_sum = sum;
  d->lazy_events = n_events;
  d->total = d->before_cur = n_events;
  d->cur = d->n_buckets;
  set_next_edge (d);
  if (now)
    decode_upto (d, d->n_buckets);
  g_atomic_int_set (&d->committed, (gint) d->n_buckets);
}

/* Empties it again (a cache that failed to load). */
void
state_density_reset (LttvDensity *d)
{
  g_atomic_int_set (&d->committed, 0);
  forget_sums (d);
  if (d->lazy_file != NULL)
    g_mapped_file_unref (d->lazy_file);
  d->lazy_file = NULL;
  d->lazy_src = NULL;
  d->cur = 0;
  set_next_edge (d);
  d->total = d->before_cur = 0;
  d->counts_len = 0;
  d->zero_run = 0;
}

const guint8 *
state_density_counts (LttvDensity *d, gsize *len)
{
  *len = d->counts_len;
  return d->counts;
}

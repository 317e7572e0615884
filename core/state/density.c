/* The event density (density.h): running sums of events per time bucket,
 * written by the build pass, read by any thread up to the committed
 * bucket. A running sum per bucket edge makes every resolution one
 * subtraction, so no coarser levels need storing. */
#include "config.h"

#include <string.h>

#include <lttv/density.h>

#include "big-alloc.h"
#include "cache-blocks.h"
#include "state-private.h"

struct _LttvDensity {
  LttvTime begin, end;      /* the traceset's first and last event times */
  guint shift;              /* bucket width = 1 << shift ns */
  guint n_buckets;
  guint64 *cum;             /* [n_buckets + 1]: events before each edge */
  gint committed;           /* cum[0..committed] final (atomic) */
  guint cur;                /* builder: the bucket being filled */
  LttvTime next_edge;       /* builder: where the next bucket starts */
  guint64 total;            /* builder: events so far */
  /* builder: the cache's DENSITY section (cache.c), made as the buckets
   * are left behind, while their sums are at hand (made at the save, from
   * 2 M buckets, it took 7-18 ms after the build) */
  Writer counts;
  guint64 zero_run;         /* empty buckets not written yet */
  GArray *discarded;        /* LttvDiscarded, by begin */
  guint64 *discarded_cum;   /* [len + 1]: discarded before entry i */
  /* From the cache: the counts are decoded at the first query. */
  gint lazy_pending;        /* atomic */
  GMutex lazy_lock;
  GMappedFile *lazy_file;
  const guint8 *lazy_src;
  gsize lazy_len;
  guint64 lazy_sum, lazy_events;
};

static void density_decode (LttvDensity *d);

/* Where the bucket after the current one starts (never, after the last). */
static void
set_next_edge (LttvDensity *d)
{
  d->next_edge = d->cur + 1 >= d->n_buckets
                 ? G_MAXUINT64 : d->begin + ((LttvTime) (d->cur + 1) << d->shift);
}
static void decode_and_commit (LttvDensity *d);

/* The committed bucket edge, once the counts are there. */
static inline guint
density_committed (LttvDensity *d)
{
  if (G_UNLIKELY (g_atomic_int_get (&d->lazy_pending)))
    density_decode (d);
  return (guint) g_atomic_int_get (&d->committed);
}

LttvDensity *
state_density_new (LttvTraceset *ts)
{
  LttvDensity *d = g_new0 (LttvDensity, 1);
  g_mutex_init (&d->lazy_lock);
  LttvTime begin = lttv_traceset_begin (ts), end = lttv_traceset_end (ts);
  if (end < begin || end == LTTV_TIME_NONE)
    end = begin;
  d->begin = begin;
  d->end = end;
  while (((end - begin) >> d->shift) + 1 > LTTV_DENSITY_MAX_BUCKETS)
    d->shift++;
  d->n_buckets = (guint) ((end - begin) >> d->shift) + 1;
  d->cum = big_array_alloc0 ((d->n_buckets + 1) * sizeof (guint64));
  set_next_edge (d);
  d->discarded = lttv_traceset_discarded (ts);
  d->discarded_cum = g_new0 (guint64, d->discarded->len + 1);
  for (guint i = 0; i < d->discarded->len; i++)
    d->discarded_cum[i + 1] = d->discarded_cum[i]
      + g_array_index (d->discarded, LttvDiscarded, i).count;
  return d;
}

void
state_density_free (LttvDensity *d)
{
  if (d == NULL)
    return;
  big_array_free (d->cum, (d->n_buckets + 1) * sizeof (guint64));
  writer_free (&d->counts);
  g_array_unref (d->discarded);
  g_free (d->discarded_cum);
  if (d->lazy_file != NULL)
    g_mapped_file_unref (d->lazy_file);
  g_mutex_clear (&d->lazy_lock);
  g_free (d);
}

/* The section's form: a bucket's count as a varint; an empty one, a 0
 * followed by how many more empty ones come. */
static void
write_zeros (LttvDensity *d)
{
  if (d->zero_run == 0)
    return;
  Writer *w = &d->counts;
  writer_reserve (w, 20);
  w->len = (gsize) (varint_at (varint_at (w->data + w->len, 0), d->zero_run - 1) - w->data);
  d->zero_run = 0;
}

/* Bucket `cur` is complete, then `empty` empty ones. */
static void
write_bucket (LttvDensity *d, guint64 count, guint64 empty)
{
  if (count > 0)
    {
      write_zeros (d);
      Writer *w = &d->counts;
      writer_reserve (w, 10);
      w->len = (gsize) (varint_at (w->data + w->len, count) - w->data);
    }
  else
    d->zero_run++;
  d->zero_run += empty;
}

/* The builder moves to the bucket of `t` (later than the current one). */
static G_GNUC_NO_INLINE void
advance (LttvDensity *d, LttvTime t)
{
  guint b = (guint) MIN ((t - d->begin) >> d->shift, (LttvTime) d->n_buckets - 1);
  write_bucket (d, d->total - d->cum[d->cur], b - d->cur - 1);
  for (guint i = d->cur + 1; i <= b; i++)
    d->cum[i] = d->total;
  d->cur = b;
  g_atomic_int_set (&d->committed, (gint) b);
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
      write_bucket (d, d->total - d->cum[d->cur], d->n_buckets - 1 - d->cur);
      write_zeros (d);
    }
  for (guint i = d->cur + 1; i <= d->n_buckets; i++)
    d->cum[i] = d->total;
  d->cur = d->n_buckets;
  set_next_edge (d);
  g_atomic_int_set (&d->committed, (gint) d->n_buckets);
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
  guint c = density_committed (d);
  return d->begin + ((LttvTime) c << d->shift);
}

/* Events before `t`, interpolated inside a bucket; `committed` edges are
 * final. */
static double
cum_at (const LttvDensity *d, guint committed, LttvTime t)
{
  if (t <= d->begin)
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
  guint c = density_committed (d);
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
  guint c = density_committed (d);
  LttvTime b0 = (t0 - d->begin) >> d->shift, b1 = (t1 + 1 - d->begin) >> d->shift;
  if (b1 > c)
    return FALSE;
  *out = d->cum[b1] - d->cum[b0];
  return TRUE;
}

guint
lttv_density_query (LttvDensity *d, LttvTime t0, LttvTime step, guint n,
                    LttvDensitySample *out)
{
  g_return_val_if_fail (d != NULL && (out != NULL || n == 0), 0);
  guint c = density_committed (d);
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

/* Fills a density from the cache's bucket counts, and finishes it: at its
 * first use, or now (then readers meanwhile see an empty density rather
 * than wait for the decoding). */
void
state_density_load_lazy (LttvDensity *d, GMappedFile *file, const guint8 *src,
                         gsize len, guint64 sum, guint64 n_events, gboolean now)
{
  d->lazy_file = g_mapped_file_ref (file);
  d->lazy_src = src;
  d->lazy_len = len;
  d->lazy_sum = sum;
  d->lazy_events = n_events;
  if (now)
    decode_and_commit (d);
  else
    g_atomic_int_set (&d->lazy_pending, 1);
}

/* The counts as cache.c writes them: a varint per bucket, but a 0 is
 * followed by the number of empty buckets after it (a short trace's
 * buckets are mostly empty). */
static gboolean
decode_counts (LttvDensity *d)
{
  if (state_cache_checksum (d->lazy_src, d->lazy_len) != d->lazy_sum)
    return FALSE;
  const guint8 *p = d->lazy_src, *end = p + d->lazy_len;
  d->cum[0] = 0;
  for (guint i = 0; i < d->n_buckets;)
    {
      guint64 v, more = 0;
      if (!varint_from (&p, end, &v) || (v == 0 && !varint_from (&p, end, &more))
          || more >= d->n_buckets - i)
        return FALSE;
      d->cum[i + 1] = d->cum[i] + v;
      for (guint k = 0; k < more; k++)
        d->cum[i + 2 + k] = d->cum[i + 1];
      i += 1 + (guint) more;
    }
  return p == end && d->cum[d->n_buckets] == d->lazy_events;
}

/* Readers see the buckets only once `committed` says so. */
static void
decode_and_commit (LttvDensity *d)
{
  /* A damaged block is never trusted: no events rather than wrong ones. */
  if (!decode_counts (d))
    {
      g_debug ("the state cache's event density is damaged");
      memset (d->cum, 0, (d->n_buckets + 1) * sizeof *d->cum);
    }
  d->total = d->cum[d->n_buckets];
  d->cur = d->n_buckets;
  set_next_edge (d);
  g_atomic_int_set (&d->committed, (gint) d->n_buckets);
}

static void
density_decode (LttvDensity *d)
{
  g_mutex_lock (&d->lazy_lock);
  if (g_atomic_int_get (&d->lazy_pending))
    {
      decode_and_commit (d);
      g_atomic_int_set (&d->lazy_pending, 0);
    }
  g_mutex_unlock (&d->lazy_lock);
}

/* Empties it again (a cache that failed to load). */
void
state_density_reset (LttvDensity *d)
{
  g_atomic_int_set (&d->lazy_pending, 0);
  if (d->lazy_file != NULL)
    g_mapped_file_unref (d->lazy_file);
  d->lazy_file = NULL;
  memset (d->cum, 0, (d->n_buckets + 1) * sizeof *d->cum);
  d->cur = 0;
  set_next_edge (d);
  d->total = 0;
  d->counts.len = 0;
  d->zero_run = 0;
  g_atomic_int_set (&d->committed, 0);
}

const guint8 *
state_density_counts (LttvDensity *d, gsize *len)
{
  *len = d->counts.len;
  return d->counts.data;
}

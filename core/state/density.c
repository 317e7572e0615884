/* The event density (density.h): running sums of events per time bucket,
 * written by the build pass, read by any thread up to the committed
 * bucket. A running sum per bucket edge makes every resolution one
 * subtraction, so no coarser levels need storing. */
#include "config.h"

#include <string.h>

#include <lttv/density.h>

#include "state-private.h"

struct _LttvDensity {
  LttvTime begin, end;      /* the traceset's first and last event times */
  guint shift;              /* bucket width = 1 << shift ns */
  guint n_buckets;
  guint64 *cum;             /* [n_buckets + 1]: events before each edge */
  gint committed;           /* cum[0..committed] final (atomic) */
  guint cur;                /* builder: the bucket being filled */
  guint64 total;            /* builder: events so far */
  GArray *discarded;        /* LttvDiscarded, by begin */
  guint64 *discarded_cum;   /* [len + 1]: discarded before entry i */
};

LttvDensity *
state_density_new (LttvTraceset *ts)
{
  LttvDensity *d = g_new0 (LttvDensity, 1);
  LttvTime begin = lttv_traceset_begin (ts), end = lttv_traceset_end (ts);
  if (end < begin || end == LTTV_TIME_NONE)
    end = begin;
  d->begin = begin;
  d->end = end;
  while (((end - begin) >> d->shift) + 1 > LTTV_DENSITY_MAX_BUCKETS)
    d->shift++;
  d->n_buckets = (guint) ((end - begin) >> d->shift) + 1;
  d->cum = g_new0 (guint64, d->n_buckets + 1);
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
  g_free (d->cum);
  g_array_unref (d->discarded);
  g_free (d->discarded_cum);
  g_free (d);
}

void
state_density_add (LttvDensity *d, LttvTime t)
{
  guint b = t <= d->begin ? 0 : (guint) MIN ((t - d->begin) >> d->shift,
                                             (LttvTime) d->n_buckets - 1);
  if (G_UNLIKELY (b > d->cur))
    {
      for (guint i = d->cur + 1; i <= b; i++)
        d->cum[i] = d->total;
      d->cur = b;
      g_atomic_int_set (&d->committed, (gint) b);
    }
  d->total++;
}

void
state_density_finish (LttvDensity *d)
{
  for (guint i = d->cur + 1; i <= d->n_buckets; i++)
    d->cum[i] = d->total;
  d->cur = d->n_buckets;
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
  guint c = (guint) g_atomic_int_get (&d->committed);
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
  guint c = (guint) g_atomic_int_get (&d->committed);
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
  guint c = (guint) g_atomic_int_get (&d->committed);
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
  guint c = (guint) g_atomic_int_get (&d->committed);
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

guint64
state_density_bucket (LttvDensity *d, guint i)
{
  return d->cum[i + 1] - d->cum[i];
}

/* Fills a density from the cache's bucket counts, and finishes it. */
void
state_density_load (LttvDensity *d, const guint64 *counts)
{
  d->cum[0] = 0;
  for (guint i = 0; i < d->n_buckets; i++)
    d->cum[i + 1] = d->cum[i] + counts[i];
  d->total = d->cum[d->n_buckets];
  d->cur = d->n_buckets;
  g_atomic_int_set (&d->committed, (gint) d->n_buckets);
}

/* Empties it again (a cache that failed to load). */
void
state_density_reset (LttvDensity *d)
{
  memset (d->cum, 0, (d->n_buckets + 1) * sizeof *d->cum);
  d->cur = 0;
  d->total = 0;
  g_atomic_int_set (&d->committed, 0);
}

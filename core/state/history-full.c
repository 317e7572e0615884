/* Full states at many times in one pass over the attributes (what `lttv
 * state --at=` asks): each attribute's summary settles at once every time
 * before its first change (nothing) and from its last (its last value);
 * only the times between are looked up. The answers go into one array
 * sized beforehand: on a virtual machine each fresh 4 KB page costs a
 * fault of ~12 us, growing arrays time by time cost more than the
 * lookups. */
#include "config.h"

#include "big-alloc.h"
#include "history-private.h"

struct _LttvFullStates {
  guint n_answered;
  gsize *start;            /* [n_answered]: time k's values begin here */
  guint *len;              /* [n_answered] */
  LttvAttrValue *values;
  gsize values_size;       /* bytes */
};

/* The index of the first of the `n` sorted times at or after `t`. */
static guint
first_time_at_or_after (const LttvTime *times, guint n, LttvTime t)
{
  guint lo = 0, hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (times[mid] < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Which times an attribute may hold a value at: [from, to) by search,
 * and [to, n) its last value when that is one. */
typedef struct {
  guint from, to;
} TimeSpan;

static inline void
add_value (LttvFullStates *fs, guint k, LttvAttr attr, LttvValue v)
{
  if (v != LTTV_VALUE_NONE)
    fs->values[fs->start[k] + fs->len[k]++] = (LttvAttrValue) { attr, v };
}

/* Under the read lock; the history is finished (it has a summary). */
static void
fill_finished (LttvHistory *h, const LttvTime *times, LttvFullStates *fs)
{
  guint n = fs->n_answered, n_attrs = h->n_summary;
  gsize spans_size = MAX (1, n_attrs) * sizeof (TimeSpan);
  TimeSpan *spans = big_array_alloc0 (spans_size);
  /* Room per time, counted first: +1 where a span starts, -1 where it
   * ends. */
  gint64 *room = g_new0 (gint64, n + 1);
  for (guint i = 0; i < n_attrs; i++)
    {
      const HistorySummary *sum = &h->summary[i];
      if (sum->n == 0)
        continue;
      guint from = first_time_at_or_after (times, n, sum->first);
      guint to = from + first_time_at_or_after (times + from, n - from, sum->last);
      spans[i] = (TimeSpan) { from, to };
      room[from]++;
      room[sum->last_value != LTTV_VALUE_NONE ? n : to]--;
    }
  gsize total = 0;
  gint64 open = 0;
  for (guint k = 0; k < n; k++)
    {
      open += room[k];
      fs->start[k] = total;
      total += (gsize) open;
    }
  g_free (room);
  fs->values_size = MAX (1, total) * sizeof (LttvAttrValue);
  fs->values = big_array_alloc0 (fs->values_size);
  for (guint i = 0; i < n_attrs; i++)
    {
      const HistorySummary *sum = &h->summary[i];
      if (sum->n == 0)
        continue;
      const HistoryAttr *a = &h->attrs[i];
      guint k = spans[i].from;
      for (; k < spans[i].to; k++)
        add_value (fs, k, i, a->lazy != NULL
                             ? history_lazy_value_at (a, times[k])
                             : history_change (a, (guint) history_find (a, sum->n, times[k]))->value);
      if (sum->last_value != LTTV_VALUE_NONE)
        for (; k < n; k++)
          add_value (fs, k, i, sum->last_value);
    }
  big_array_free (spans, spans_size);
}

/* Under the read lock; the history is being built: every attribute, time
 * by time (a GUI's query, not the command line's). */
static void
fill_building (LttvHistory *h, const LttvTime *times, LttvTime limit, LttvFullStates *fs)
{
  guint n = fs->n_answered;
  for (guint k = 0; k < n; k++)
    fs->start[k] = (gsize) k * h->n_attrs;
  fs->values_size = MAX (1, (gsize) n * h->n_attrs) * sizeof (LttvAttrValue);
  fs->values = big_array_alloc0 (fs->values_size);
  for (guint i = 0; i < h->n_attrs; i++)
    {
      const HistoryAttr *a = &h->attrs[i];
      guint n_changes = history_committed_count (h, a, limit);
      for (guint k = 0; k < n; k++)
        {
          gint64 c = history_find (a, n_changes, times[k]);
          if (c >= 0)
            add_value (fs, k, i, history_change (a, (guint) c)->value);
        }
    }
}

LttvFullStates *
lttv_history_query_full_sorted (LttvHistory *h, const LttvTime *times, guint n)
{
  LttvFullStates *fs = g_new0 (LttvFullStates, 1);
  LttvTime limit = history_limit (h);
  /* The committed ones: a prefix of the sorted times. */
  fs->n_answered = first_time_at_or_after (times, n, limit);
  guint m = MAX (1, fs->n_answered);
  fs->start = g_new0 (gsize, m);
  fs->len = g_new0 (guint, m);
  g_rw_lock_reader_lock (&h->lock);
  if (h->summary != NULL && h->n_summary == h->n_attrs)
    fill_finished (h, times, fs);
  else
    fill_building (h, times, limit, fs);
  g_rw_lock_reader_unlock (&h->lock);
  return fs;
}

guint
lttv_full_states_n_answered (const LttvFullStates *fs)
{
  return fs->n_answered;
}

const LttvAttrValue *
lttv_full_states_at (const LttvFullStates *fs, guint k, guint *n)
{
  g_return_val_if_fail (k < fs->n_answered, NULL);
  *n = fs->len[k];
  return fs->values + fs->start[k];
}

void
lttv_full_states_free (LttvFullStates *fs)
{
  if (fs == NULL)
    return;
  big_array_free (fs->values, fs->values_size);
  g_free (fs->start);
  g_free (fs->len);
  g_free (fs);
}

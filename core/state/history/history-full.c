/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Full states at many times in one pass over the attributes (what `lttv
 * state --at=` asks): each attribute's summary settles at once every time
 * before its first change (nothing) and from its last (its last value);
 * only the times between are looked up. The answers go into one array
 * sized beforehand: on a virtual machine each fresh 4 KB page costs a
 * fault, and growing arrays time by time would cost more than the
 * lookups. */
#include "config.h"

#include <string.h>

#include "big-alloc.h"
#include "history/history-private.h"

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

/* Beyond this many lookups, two threads share them. Most of their time is
 * the first touch of each block of the cache file (a page fault), and
 * faults on two cores overlap in part. */
#define LOOKUPS_TO_SHARE 2000

/* The attributes [first, end) of a finished history, written for each
 * time k at base[k] + len[k]++. */
typedef struct {
  LttvHistory *h;
  const LttvTime *times;
  const TimeSpan *spans;
  guint n_times;
  LttvAttr first, end;
  LttvAttrValue *values;
  gsize *base;
  guint *len;
} FillPart;

static gpointer
fill_part (gpointer data)
{
  const FillPart *p = data;
  HistoryWindow w;
  history_window_init (&w, p->h->lazy);
  for (LttvAttr i = p->first; i < p->end; i++)
    {
      const HistorySummary *sum = &p->h->summary[i];
      if (sum->n == 0)
        continue;
      const HistoryAttr *a = &p->h->attrs[i];
      guint k = p->spans[i].from;
      for (; k < p->spans[i].to; k++)
        {
          LttvValue v = a->lazy != NULL
                        ? history_lazy_value_at (a, p->times[k], &w)
                        : history_change (a, (guint) history_find (a, sum->n, p->times[k]))->value;
          if (v != LTTV_VALUE_NONE)
            p->values[p->base[k] + p->len[k]++] = (LttvAttrValue) { i, v };
        }
      if (sum->last_value != LTTV_VALUE_NONE)
        for (; k < p->n_times; k++)
          p->values[p->base[k] + p->len[k]++] = (LttvAttrValue) { i, sum->last_value };
    }
  history_window_clear (&w);
  return NULL;
}

/* Room per time for the attributes [first, end): +1 where a span starts,
 * -1 where it ends, summed. */
static void
count_room (LttvHistory *h, const TimeSpan *spans, LttvAttr first, LttvAttr end,
            guint n, gsize *room)
{
  gint64 *step = g_new0 (gint64, n + 1);
  for (LttvAttr i = first; i < end; i++)
    {
      const HistorySummary *sum = &h->summary[i];
      if (sum->n == 0)
        continue;
      step[spans[i].from]++;
      step[sum->last_value != LTTV_VALUE_NONE ? n : spans[i].to]--;
    }
  gint64 open = 0;
  for (guint k = 0; k < n; k++)
    room[k] = (gsize) (open += step[k]);
  g_free (step);
}

/* Under the read lock; the history is finished (it has a summary). */
static void
fill_finished (LttvHistory *h, const LttvTime *times, LttvFullStates *fs)
{
  guint n = fs->n_answered, n_attrs = h->n_summary;
  gsize spans_size = MAX (1, n_attrs) * sizeof (TimeSpan);
  TimeSpan *spans = big_array_alloc0 (spans_size);
  guint64 lookups = 0;
  for (guint i = 0; i < n_attrs; i++)
    {
      const HistorySummary *sum = &h->summary[i];
      if (sum->n == 0)
        continue;
      guint from = first_time_at_or_after (times, n, sum->first);
      guint to = from + first_time_at_or_after (times + from, n - from, sum->last);
      spans[i] = (TimeSpan) { from, to };
      lookups += to - from;
    }
  /* Two parts with as many lookups each, or one. */
  LttvAttr split = n_attrs;
  if (lookups >= LOOKUPS_TO_SHARE)
    {
      guint64 seen = 0;
      for (split = 0; split < n_attrs && seen < lookups / 2; split++)
        seen += spans[split].to - spans[split].from;
    }
  gsize *room0 = g_new0 (gsize, MAX (1, n)), *room1 = g_new0 (gsize, MAX (1, n));
  count_room (h, spans, 0, split, n, room0);
  count_room (h, spans, split, n_attrs, n, room1);
  /* Each time: the first part's room, then the second's. */
  gsize total = 0;
  gsize *base1 = g_new0 (gsize, MAX (1, n));
  guint *len1 = g_new0 (guint, MAX (1, n));
  for (guint k = 0; k < n; k++)
    {
      fs->start[k] = total;
      base1[k] = total + room0[k];
      total += room0[k] + room1[k];
    }
  fs->values_size = MAX (1, total) * sizeof (LttvAttrValue);
  fs->values = big_array_alloc0 (fs->values_size);
  FillPart parts[2] = {
    { h, times, spans, n, 0, split, fs->values, fs->start, fs->len },
    { h, times, spans, n, split, n_attrs, fs->values, base1, len1 },
  };
  GThread *second = split < n_attrs ? g_thread_new ("lttv-full-states", fill_part, &parts[1]) : NULL;
  fill_part (&parts[0]);
  if (second != NULL)
    g_thread_join (second);
  /* The second part's values right after the first's. */
  for (guint k = 0; k < n; k++)
    {
      if (fs->len[k] < room0[k])
        memmove (fs->values + fs->start[k] + fs->len[k], fs->values + base1[k],
                 len1[k] * sizeof (LttvAttrValue));
      fs->len[k] += len1[k];
    }
  g_free (room0);
  g_free (room1);
  g_free (base1);
  g_free (len1);
  big_array_free (spans, spans_size);
}

/* Under the read lock; the history is being built: every attribute, time
 * by time, in room for every attribute at every time (a viewer's query
 * during the build, not the command line's). */
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
          LttvValue v = c >= 0 ? history_change (a, (guint) c)->value : LTTV_VALUE_NONE;
          if (v != LTTV_VALUE_NONE)
            fs->values[fs->start[k] + fs->len[k]++] = (LttvAttrValue) { i, v };
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

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* el-rows.c: decoding the rows on screen, from event positions. */
#include "config.h"

#include <string.h>

#include "el-rows.h"

struct _ElRows {
  LttvState *state;
  LttvIter *it;               /* ours, on the state's traceset */
  guint64 it_next;            /* rank of the event the iterator gives next */
  LttvStateThreads *threads;
  GString *scratch;
  LttvFilter *mark;
  /* Rows decoded lately, by rank: paging back and forth, a click that
   * refills the page, do not seek again (a seek costs tens of ms on
   * traces with big packets). */
  GHashTable *cache;          /* rank -> ElRow* */
  GQueue *cache_order;        /* ranks, oldest first */
  /* The time of one more event: the one before the last time search. */
  guint64 known_rank;
  LttvTime known_time;
};

#define CACHE_ROWS 4096

static void
row_free (gpointer p)
{
  el_row_clear (p);
  g_free (p);
}

static void
row_copy (const ElRow *from, ElRow *to)
{
  *to = *from;
  to->comm = g_strdup (from->comm);
  to->fields = g_strdup (from->fields);
}

static void
cache_put (ElRows *r, const ElRow *row)
{
  if (g_hash_table_contains (r->cache, &row->rank))
    return;
  if (g_queue_get_length (r->cache_order) >= CACHE_ROWS)
    {
      guint64 *old = g_queue_pop_head (r->cache_order);
      g_hash_table_remove (r->cache, old);
    }
  ElRow *copy = g_new (ElRow, 1);
  row_copy (row, copy);
  g_hash_table_insert (r->cache, &copy->rank, copy);
  g_queue_push_tail (r->cache_order, &copy->rank);
}

static void
cache_clear (ElRows *r)
{
  g_queue_clear (r->cache_order);
  g_hash_table_remove_all (r->cache);
}

void
el_row_clear (ElRow *row)
{
  g_clear_pointer (&row->comm, g_free);
  g_clear_pointer (&row->fields, g_free);
}

ElRows *
el_rows_new (LttvState *state)
{
  ElRows *r = g_new0 (ElRows, 1);
  r->state = state;
  r->it = lttv_iter_new (lttv_state_get_traceset (state));
  r->it_next = 0;
  r->threads = lttv_state_threads_new (state);
  r->scratch = g_string_sized_new (512);
  r->cache = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, row_free);
  r->cache_order = g_queue_new ();
  r->known_rank = G_MAXUINT64;
  return r;
}

void
el_rows_free (ElRows *r)
{
  if (r == NULL)
    return;
  lttv_iter_free (r->it);
  lttv_state_threads_free (r->threads);
  g_string_free (r->scratch, TRUE);
  g_queue_free (r->cache_order);
  g_hash_table_unref (r->cache);
  g_free (r);
}

/* Moves the iterator so that it gives `rank` next: forward by reading when
 * that is shorter than a checkpoint interval, else through a seek. */
static gboolean
position (ElRows *r, guint64 rank)
{
  if (rank >= r->it_next && rank - r->it_next < LTTV_STATE_CHECKPOINT_EVENTS)
    {
      while (r->it_next < rank)
        {
          if (lttv_iter_next (r->it, NULL) == NULL)
            {
              r->it_next = G_MAXUINT64;
              return FALSE;
            }
          r->it_next++;
        }
      return TRUE;
    }
  if (!lttv_state_seek_rank (r->state, r->it, rank, NULL))
    return FALSE;
  r->it_next = rank;
  return TRUE;
}

static const LttvEvent *
next_event (ElRows *r)
{
  const LttvEvent *ev = lttv_iter_next (r->it, NULL);
  if (ev != NULL)
    r->it_next++;
  else
    r->it_next = G_MAXUINT64;   /* force a seek next time */
  return ev;
}

/* Babeltrace2's scopes "{ a = 1 }, { b = 2 }" as "a = 1, b = 2": the
 * braces of the top level go, nested structures keep theirs. */
void
el_format_fields (const LttvEvent *ev, GString *out)
{
  GString *tmp = g_string_sized_new (256);
  lttv_event_format_fields (ev, tmp);
  int depth = 0;
  gboolean quoted = FALSE;
  gsize start = out->len;
  for (const char *p = tmp->str; *p != '\0'; p++)
    {
      char c = *p;
      if (quoted)
        {
          g_string_append_c (out, c);
          if (c == '\\' && p[1] != '\0')
            g_string_append_c (out, *++p);
          else if (c == '"')
            quoted = FALSE;
          continue;
        }
      if (c == '"')
        quoted = TRUE;
      else if (c == '{' && depth++ == 0)
        {
          if (p[1] == ' ')
            p++;
          continue;
        }
      else if (c == '}' && --depth == 0)
        {
          /* drop the space before the closing brace */
          if (out->len > start && out->str[out->len - 1] == ' ')
            g_string_truncate (out, out->len - 1);
          continue;
        }
      g_string_append_c (out, c);
    }
  g_string_free (tmp, TRUE);
}

static const char *
trace_name (const LttvEvent *ev)
{
  const char *path = lttv_trace_path (lttv_event_class_trace (lttv_event_get_class (ev)));
  const char *slash = strrchr (path, '/');
  /* a trailing slash keeps the name before it */
  if (slash != NULL && slash[1] != '\0')
    return slash + 1;
  return path;
}

static void
fill (ElRows *r, const LttvEvent *ev, guint64 rank, LttvTime prev, ElRow *row)
{
  LttvStateThread th;
  memset (row, 0, sizeof *row);
  row->rank = rank;
  row->time = lttv_event_time (ev);
  row->prev_time = prev;
  row->cpu = lttv_event_cpu (ev);
  row->trace = trace_name (ev);
  row->name = lttv_event_class_name (lttv_event_get_class (ev));
  lttv_state_threads_lookup (r->threads, row->time, row->cpu, &th);
  row->tid = th.tid;
  row->pid = th.tid >= 0 ? th.pid : -1;
  row->comm = g_strdup (th.comm);
  g_string_truncate (r->scratch, 0);
  el_format_fields (ev, r->scratch);
  row->fields = g_strndup (r->scratch->str, r->scratch->len);
  row->mark = r->mark != NULL
              && lttv_filter_match (r->mark, ev, lttv_state_threads_source (r->threads));
}

void
el_rows_set_mark (ElRows *r, LttvFilter *f)
{
  r->mark = f;
  cache_clear (r);   /* the marks change */
}

/* The time of the event of rank `rank`, from the cache or the trace. */
static gboolean
time_of (ElRows *r, guint64 rank, LttvTime *out)
{
  const ElRow *c = g_hash_table_lookup (r->cache, &rank);
  const LttvEvent *ev;
  if (c != NULL)
    *out = c->time;
  else if (rank == r->known_rank)
    *out = r->known_time;
  else if (position (r, rank) && (ev = next_event (r)) != NULL)
    *out = lttv_event_time (ev);
  else
    return FALSE;
  return TRUE;
}

guint
el_rows_fetch (ElRows *r, const guint64 *ranks, guint n, gboolean read_prev,
               LttvTime first_prev, ElRow *out)
{
  LttvTime prev = first_prev;
  guint done = 0;
  if (n == 0)
    return 0;
  if (read_prev && ranks[0] > 0 && !time_of (r, ranks[0] - 1, &prev))
    return 0;
  for (guint i = 0; i < n; i++)
    {
      const ElRow *c = g_hash_table_lookup (r->cache, &ranks[i]);
      const LttvEvent *ev;
      if (c != NULL)
        row_copy (c, &out[i]);
      else if (position (r, ranks[i]) && (ev = next_event (r)) != NULL)
        {
          fill (r, ev, ranks[i], prev, &out[i]);
          cache_put (r, &out[i]);
        }
      else
        break;
      out[i].prev_time = prev;
      prev = out[i].time;
      done++;
    }
  return done;
}

guint64
el_rows_rank_for_time (ElRows *r, LttvTime t)
{
  const LttvCheckpoint *cp = lttv_state_checkpoint_for_time (r->state, t);
  guint64 rank = cp != NULL ? cp->rank : 0;
  if (!position (r, rank))
    return lttv_state_n_events (r->state);
  const LttvEvent *ev;
  LttvTime prev = LTTV_TIME_NONE;
  while ((ev = next_event (r)) != NULL)
    {
      if (lttv_event_time (ev) >= t)
        {
          /* Keep what the list shows next: this row and the time before
           * it, so that showing it costs no second seek. */
          if (!g_hash_table_contains (r->cache, &rank))
            {
              ElRow row;
              fill (r, ev, rank, prev, &row);
              cache_put (r, &row);
              el_row_clear (&row);
            }
          if (rank > 0 && prev != LTTV_TIME_NONE)
            {
              r->known_rank = rank - 1;
              r->known_time = prev;
            }
          return rank;
        }
      prev = lttv_event_time (ev);
      rank++;
    }
  return lttv_state_n_events (r->state);
}

guint
el_match_for_time (const ElMatch *m, guint n, LttvTime t)
{
  guint lo = 0, hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (m[mid].time < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

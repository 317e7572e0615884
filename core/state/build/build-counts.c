/* SPDX-License-Identifier: GPL-2.0-or-later */
/* build-counts.c: what the build counts of its records, counted by the
 * reader's thread as it hands them over (build-reader.c): the events per
 * type and CPU of each checkpoint interval (the statistics), and the
 * density. They need the records only, not the state, and the reader's
 * thread has time to spare: since the reader makes most records itself
 * (ctf-records.c), the builder is the longer of the two threads. */
#include "config.h"

#include "build/build-private.h"

struct _StateCounter {
  LttvState *s;
  guint32 *table;           /* [type * (STATE_STATS_CPUS + 1) + cpu] */
  GArray *dirty;            /* indexes of non-zero entries */
  guint64 rank;             /* records counted */
  LttvTime last_t;          /* the time of the last one, as the builder
                               takes it (never back) */
};

StateCounter *
state_counter_new (LttvState *s)
{
  StateCounter *c = g_new0 (StateCounter, 1);
  c->s = s;
  c->table = g_new0 (guint32, MAX (1, s->type_names->len) * (STATE_STATS_CPUS + 1));
  c->dirty = g_array_new (FALSE, FALSE, sizeof (guint));
  c->last_t = lttv_traceset_begin (s->ts);
  return c;
}

void
state_counter_free (StateCounter *c)
{
  if (c == NULL)
    return;
  g_free (c->table);
  g_array_unref (c->dirty);
  g_free (c);
}

/* The counts of the interval that ends, into s->counts. */
static void
flush (StateCounter *c)
{
  LttvState *s = c->s;
  guint64 start = s->counts->len;
  g_array_append_val (s->block_start, start);
  for (guint i = 0; i < c->dirty->len; i++)
    {
      guint idx = g_array_index (c->dirty, guint, i);
      StateCount sc = { idx / (STATE_STATS_CPUS + 1), idx % (STATE_STATS_CPUS + 1),
                        c->table[idx] };
      g_array_append_val (s->counts, sc);
      c->table[idx] = 0;
    }
  g_array_set_size (c->dirty, 0);
}

void
state_counter_add (StateCounter *c, const guint8 *recs, gsize len)
{
  LttvDensity *density = c->s->density;
  const StateRec *rec;
  for (gsize at = 0; at < len; at += rec->words * 8u)
    {
      rec = (const StateRec *) (recs + at);
      /* (a time that goes back counts at the one before it, as the
       * builder applies it) */
      LttvTime t = MAX (rec->time, c->last_t);
      c->last_t = t;
      state_density_add (density, t);
      if ((c->rank & (LTTV_STATE_CHECKPOINT_EVENTS - 1)) == 0 && c->rank > 0)
        flush (c);
      if (rec->trace != STATE_REC_NO_TRACE)
        {
          int cpu = rec->cpu;
          guint slot = cpu < 0 || cpu >= STATE_STATS_CPUS ? STATE_STATS_CPUS : (guint) cpu;
          guint idx = rec->type * (STATE_STATS_CPUS + 1) + slot;
          if (c->table[idx]++ == 0)
            g_array_append_val (c->dirty, idx);
        }
      c->rank++;
    }
}

void
state_counter_finish (StateCounter *c)
{
  flush (c);
  guint64 terminator = c->s->counts->len;
  g_array_append_val (c->s->block_start, terminator);
}

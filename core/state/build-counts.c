/* build-counts.c: the events per type and CPU of each checkpoint interval
 * (the statistics), counted by the reader's thread as it hands the
 * records over (build-reader.c). They need the records only, not the
 * state; on the builder's thread, with the density, they were 7 % of its
 * instructions on big-60s. (The density stayed there: the builder's
 * thread has its events' times at hand, and the two threads' times came
 * closest so.) */
#include "config.h"

#include "state-private.h"

struct _StateCounter {
  LttvState *s;
  guint32 *table;           /* [type * (STATE_STATS_CPUS + 1) + cpu] */
  GArray *dirty;            /* indexes of non-zero entries */
  guint64 rank;             /* records counted */
};

StateCounter *
state_counter_new (LttvState *s)
{
  StateCounter *c = g_new0 (StateCounter, 1);
  c->s = s;
  c->table = g_new0 (guint32, MAX (1, s->type_names->len) * (STATE_STATS_CPUS + 1));
  c->dirty = g_array_new (FALSE, FALSE, sizeof (guint));
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
  const StateRec *rec;
  for (gsize at = 0; at < len; at += rec->words * 8u)
    {
      rec = (const StateRec *) (recs + at);
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

/* ctf-discarded.c: discarded events from the packet index. LTTng and
 * babeltrace keep events_discarded as a running count per stream, so a
 * packet's losses are its count minus the previous packet's. */
#include "config.h"

#include "ctf-trace.h"

static gint
discarded_cmp (gconstpointer a, gconstpointer b)
{
  const LttvDiscarded *x = a, *y = b;
  return x->begin < y->begin ? -1 : x->begin > y->begin;
}

static LttvTime
ns_time (int64_t ns)
{
  return ns < 0 ? 0 : (LttvTime) ns;
}

GArray *
lttv_traceset_discarded (const LttvTraceset *ts)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (LttvDiscarded));
  g_return_val_if_fail (ts != NULL, out);
  for (guint i = 0; i < ts->traces->len; i++)
    {
      const LttvTrace *trace = g_ptr_array_index (ts->traces, i);
      for (guint k = 0; k < trace->streams->len; k++)
        {
          const CtfStream *s = g_ptr_array_index (trace->streams, k);
          uint64_t before = 0;
          for (guint p = 0; s->packets != NULL && p < s->packets->len; p++)
            {
              const CtfPacket *pk = &g_array_index (s->packets, CtfPacket, p);
              if (pk->discarded > before)
                {
                  const CtfPacket *prev = p > 0 ? pk - 1 : NULL;
                  LttvDiscarded d = {
                    ns_time (prev != NULL ? prev->ns_end : pk->ns_begin),
                    ns_time (pk->ns_end), pk->discarded - before,
                  };
                  g_array_append_val (out, d);
                }
              /* a counter that went back (a new session) starts over */
              before = pk->discarded;
            }
        }
    }
  g_array_sort (out, discarded_cmp);
  return out;
}

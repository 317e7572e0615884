/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-discarded.c: losses from the packet index. LTTng and babeltrace
 * keep events_discarded as a running count per stream, so a packet's
 * losses are its count minus the previous packet's; a packet_seq_num that
 * jumps tells packets lost whole. */
#include "config.h"

#include "ctf-trace.h"

static gint
discarded_cmp (gconstpointer a, gconstpointer b)
{
  const LttvDiscarded *x = a, *y = b;
  if (x->begin != y->begin)
    return x->begin < y->begin ? -1 : 1;
  if (x->trace != y->trace)
    return x->trace < y->trace ? -1 : 1;
  if (x->stream != y->stream)
    return x->stream < y->stream ? -1 : 1;
  return x->packets > y->packets ? -1 : x->packets < y->packets;
}

static LttvTime
ns_time (int64_t ns)
{
  return ns < 0 ? 0 : (LttvTime) ns;
}

/* The cpu_id of the stream's packet context, read from its first packet
 * (a stream file is one CPU's); -1 when there is none. Only read for the
 * streams that lost something. */
static int
stream_cpu (const CtfStream *s)
{
  if (s->sc == NULL || s->sc->slot_cpu_id < 0 || s->packets == NULL
      || s->packets->len == 0 || s->map == NULL)
    return -1;
  g_autofree CtfValue *values = g_new0 (CtfValue, MAX (1, s->max_slots));
  CtfCursor c = { 0 };
  c.values = values;
  CtfPacket pk;
  CtfStreamClass *sc = s->sc;
  const CtfPacket *first = &g_array_index (s->packets, CtfPacket, 0);
  if (!ctf_packet_read_header (s, &c, first->offset, &pk, &sc, NULL))
    return -1;
  uint64_t cpu = values[sc->slot_cpu_id].u;
  return cpu > G_MAXINT ? -1 : (int) cpu;
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
          guint from = out->len;
          /* an index holds a count (all ones) even when the packet
           * context has none */
          gboolean counts = s->sc != NULL && s->sc->slot_discarded >= 0;
          guint n_packets = s->packets != NULL ? ctf_stream_n_packets (s) : 0;
          for (guint p = 0; p < n_packets; p++)
            {
              const CtfPacket *pk = &g_array_index (s->packets, CtfPacket, p);
              const CtfPacket *prev = p > 0 ? pk - 1 : NULL;
              if (prev != NULL && pk->has_seq_num && prev->has_seq_num
                  && pk->seq_num > prev->seq_num + 1)
                {
                  LttvDiscarded d = {
                    .begin = ns_time (prev->ns_end),
                    .end = ns_time (MAX (pk->ns_begin, prev->ns_end)),
                    .packets = pk->seq_num - prev->seq_num - 1,
                    .trace = i, .stream = k,
                  };
                  g_array_append_val (out, d);
                }
              if (counts && pk->discarded > before)
                {
                  LttvDiscarded d = {
                    .begin = ns_time (prev != NULL ? prev->ns_end : pk->ns_begin),
                    .end = ns_time (pk->ns_end),
                    .count = pk->discarded - before,
                    .trace = i, .stream = k,
                  };
                  g_array_append_val (out, d);
                }
              /* a counter that went back (a new session) starts over */
              before = pk->discarded;
            }
          if (out->len > from)
            {
              int cpu = stream_cpu (s);
              for (guint j = from; j < out->len; j++)
                g_array_index (out, LttvDiscarded, j).cpu = cpu;
            }
        }
    }
  g_array_sort (out, discarded_cmp);
  return out;
}

char *
lttv_trace_stream_name (const LttvTrace *trace, guint stream)
{
  g_return_val_if_fail (trace != NULL && stream < trace->streams->len, NULL);
  const CtfStream *s = g_ptr_array_index (trace->streams, stream);
  return g_path_get_basename (s->path);
}

GArray *
lttv_traceset_loss_runs (const LttvTraceset *ts)
{
  g_autoptr (GArray) lost = lttv_traceset_discarded (ts);
  GArray *runs = g_array_new (FALSE, FALSE, sizeof (LttvDiscarded));

  for (guint i = 0; i < lost->len; i++)
    {
      const LttvDiscarded *d = &g_array_index (lost, LttvDiscarded, i);
      gboolean merged = FALSE;
      /* the stream's latest run of the same kind, if it ends where d begins */
      for (guint k = runs->len; k-- > 0;)
        {
          LttvDiscarded *r = &g_array_index (runs, LttvDiscarded, k);
          if (r->trace == d->trace && r->stream == d->stream
              && (r->packets > 0) == (d->packets > 0))
            {
              if (r->end == d->begin)
                {
                  r->end = d->end;
                  r->count += d->count;
                  r->packets += d->packets;
                  merged = TRUE;
                }
              break;
            }
        }
      if (!merged)
        g_array_append_val (runs, *d);
    }
  return runs;
}

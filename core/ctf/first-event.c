/* SPDX-License-Identifier: GPL-2.0-or-later */
/* first-event.c: the time of a trace's first event, where a traceset
 * begins and `+T` times count from (docs/cli.md): the first event of
 * each stream, decoded without its fields, is all it reads. A first
 * packet may begin long before its first event (0.32 s in many-threads),
 * so the packets' begin would not do. */
#include "config.h"

#include "ctf-trace.h"

/* The first event of stream `s`, or its first packet's begin when that
 * event cannot be read (the reading itself reports the fault). FALSE when
 * the stream has no event. */
static gboolean
stream_first (CtfStream *s, const guint8 *wanted, const CtfPlanSubset *subsets,
              CtfRecordForm *const *forms, int64_t *ns)
{
  CtfReader r;
  GError *err = NULL;
  gboolean found = FALSE;

  ctf_reader_init (&r, s, wanted, subsets);
  r.forms = forms;
  if (ctf_reader_seek (&r, INT64_MIN, &err) && ctf_reader_next (&r, &err))
    {
      *ns = r.event.ns;
      found = TRUE;
    }
  else if (err != NULL && s->packets->len > 0)
    {
      *ns = g_array_index (s->packets, CtfPacket, 0).ns_begin;
      found = TRUE;
    }
  g_clear_error (&err);
  ctf_reader_clear (&r);
  return found;
}

static LttvTime
find_first (LttvTrace *t)
{
  guint n = t->tc->events->len + 1;
  g_autofree guint8 *wanted = g_malloc0 (n);
  g_autofree CtfPlanSubset *subsets = g_new0 (CtfPlanSubset, n);
  g_autofree CtfRecordForm **forms = g_new0 (CtfRecordForm *, n);
  gboolean any = FALSE;
  int64_t first = 0;

  for (guint i = 0; i < t->streams->len; i++)
    {
      CtfStream *s = t->streams->pdata[i];
      int64_t ns;
      if (s->sc == NULL || s->sc->clock == NULL
          || !stream_first (s, wanted, subsets, forms, &ns))
        continue;
      if (!any || ns < first)
        first = ns;
      any = TRUE;
    }
  return any ? (LttvTime) first : LTTV_TIME_NONE;
}

LttvTime
ctf_trace_first_event (LttvTrace *t)
{
  if (g_once_init_enter (&t->first_once))
    {
      t->first = find_first (t);
      g_once_init_leave (&t->first_once, 1);
    }
  return t->first;
}

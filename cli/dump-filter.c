/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dump-filter.c: the filtering step of `lttv dump --filter=EXPR`. */
#include "config.h"

#include <glib/gi18n.h>

#include "dump-filter.h"

struct _DumpFilter {
  LttvFilter *filter;
  LttvState *state;              /* only when thread values are used */
  LttvStateThreads *threads;
  const LttvFilterThreadSource *source;
};

DumpFilter *
dump_filter_new (const char *expression, LttvTraceset *ts, int *status,
                 GError **error)
{
  g_autoptr (LttvFilter) filter = lttv_filter_new (expression, error);
  if (filter == NULL)
    {
      *status = 2;
      return NULL;
    }
  DumpFilter *df = g_new0 (DumpFilter, 1);
  if (lttv_filter_needs_thread_state (filter))
    {
      df->state = lttv_state_new (ts);
      if (!lttv_state_build (df->state, TRUE, LTTV_CANCEL_NONE, error))
        {
          /* The history holds what was read before the fault: keep going
           * with it, the dump reports the same fault. */
          g_clear_error (error);
        }
      df->threads = lttv_state_threads_new (df->state);
      df->source = lttv_state_threads_source (df->threads);
    }
  df->filter = g_steal_pointer (&filter);
  *status = 0;
  return df;
}

gboolean
dump_filter_match (DumpFilter *df, const LttvEvent *ev)
{
  return lttv_filter_match (df->filter, ev, df->source);
}

void
dump_filter_free (DumpFilter *df)
{
  if (df == NULL)
    return;
  lttv_filter_free (df->filter);
  lttv_state_threads_free (df->threads);
  lttv_state_free (df->state);
  g_free (df);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-trace-data.h"

struct _LttvTraceData
{
  LttvTraceset *traceset;
  LttvState *state;
  gboolean rebuild;
  gboolean uncached;
};

static void
trace_data_clear (LttvTraceData *d)
{
  /* The state reads the traceset: free it first. */
  g_clear_pointer (&d->state, lttv_state_free);
  g_clear_pointer (&d->traceset, lttv_traceset_free);
}

LttvTraceData *
lttv_trace_data_new (LttvTraceset *ts)
{
  LttvTraceData *d = g_atomic_rc_box_new0 (LttvTraceData);
  d->traceset = ts;
  return d;
}

LttvTraceData *
lttv_trace_data_ref (LttvTraceData *d)
{
  return g_atomic_rc_box_acquire (d);
}

static gpointer
clear_thread (gpointer data)
{
  trace_data_clear (data);
  g_free (data);
  return NULL;
}

/* The history of a big trace is freed in a thread of its own: freeing and
 * unmapping it can take longer than a main-loop turn may. Nothing else
 * holds it by then. */
static void
clear_later (gpointer data)
{
  LttvTraceData *copy = g_memdup2 (data, sizeof (LttvTraceData));
  GThread *thread = copy->state != NULL || copy->traceset != NULL
                    ? g_thread_try_new ("lttv-free", clear_thread, copy, NULL) : NULL;

  if (thread != NULL)
    g_thread_unref (thread);
  else
    clear_thread (copy);
}

void
lttv_trace_data_unref (LttvTraceData *d)
{
  g_atomic_rc_box_release_full (d, clear_later);
}

LttvTraceset *
lttv_trace_data_get_traceset (LttvTraceData *d)
{
  return d->traceset;
}

LttvState *
lttv_trace_data_get_state (LttvTraceData *d)
{
  return d->state;
}

static gboolean
build_func (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  LttvTraceData *d = data;
  gboolean ok = lttv_state_build (d->state, !d->uncached, lttv_cancel_from_cancellable (cancellable),
                                  error);
  /* The event density's running sums are made at its first query: here,
   * in the worker, not in the first viewer that asks on the main thread
   * (megabytes of fresh pages for a big trace). */
  lttv_density_count (lttv_state_get_density (d->state), 0, G_MAXUINT64);
  return ok;
}

void
lttv_trace_data_set_uncached (LttvTraceData *d)
{
  d->uncached = TRUE;
}

void
lttv_trace_data_set_rebuild (LttvTraceData *d)
{
  d->rebuild = TRUE;
}

LttvJob *
lttv_trace_data_build_job (LttvTraceData *d)
{
  if (d->traceset == NULL)
    return NULL;
  if (d->state == NULL)
    {
      d->state = lttv_state_new (d->traceset);
      lttv_state_set_decode_at_load (d->state, TRUE);
      lttv_state_set_ignore_cache (d->state, d->rebuild);
    }
  return lttv_job_new (_("Building the state history…"), build_func,
                       lttv_trace_data_ref (d), (GDestroyNotify) lttv_trace_data_unref);
}

LttvState *
lttv_trace_data_live_state (LttvTraceData *d)
{
  if (d->traceset != NULL && d->state == NULL)
    {
      d->state = lttv_state_new (d->traceset);
      lttv_state_set_live (d->state);
    }
  return d->state;
}

void
lttv_trace_data_report (LttvTraceData *d, LttvJob *job)
{
  if (d->state != NULL)
    lttv_job_report (job, lttv_state_progress (d->state), lttv_state_events_done (d->state));
}

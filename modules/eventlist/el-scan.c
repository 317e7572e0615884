/* SPDX-License-Identifier: GPL-2.0-or-later */
/* el-scan.c: the tab's filter over the whole traceset, in a background job
 * with progress and cancel. Matches (rank, time) reach the list in
 * batches, so the first ones show while the scan goes on. */
#include "config.h"

#include "el-private.h"

struct _ElScan {
  gint ref;
  EventList *el;             /* NULL once the list stopped listening */
  LttvState *state;
  char *expression;
  GMutex lock;
  GArray *found;             /* ElMatch, not yet taken by the list */
};

static ElScan *
scan_ref (ElScan *sc)
{
  g_atomic_int_inc (&sc->ref);
  return sc;
}

static void
scan_unref (gpointer data)
{
  ElScan *sc = data;
  if (!g_atomic_int_dec_and_test (&sc->ref))
    return;
  g_mutex_clear (&sc->lock);
  g_array_unref (sc->found);
  g_free (sc->expression);
  g_free (sc);
}

#define BATCH 65536

static gboolean
scan_func (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  ElScan *sc = data;
  /* A filter is not thread-safe: the worker compiles its own. */
  g_autoptr (LttvFilter) filter = lttv_filter_new (sc->expression, error);
  if (filter == NULL)
    return FALSE;
  g_autoptr (LttvStateThreads) threads = NULL;
  const LttvFilterThreadSource *source = NULL;
  if (lttv_filter_needs_thread_state (filter))
    {
      threads = lttv_state_threads_new (sc->state);
      source = lttv_state_threads_source (threads);
    }
  /* Our own iterator: iterators of one traceset are independent. */
  g_autoptr (LttvIter) it = lttv_iter_new (lttv_state_get_traceset (sc->state));
  g_autoptr (GArray) batch = g_array_sized_new (FALSE, FALSE, sizeof (ElMatch), 1024);
  guint64 n_events = MAX (1, lttv_state_n_events (sc->state));
  guint64 rank = 0;
  const LttvEvent *ev;
  while ((ev = lttv_iter_next (it, error)) != NULL)
    {
      if (lttv_filter_match (filter, ev, source))
        {
          ElMatch m = { rank, lttv_event_time (ev) };
          g_array_append_val (batch, m);
        }
      if ((++rank & (BATCH - 1)) == 0)
        {
          g_mutex_lock (&sc->lock);
          g_array_append_vals (sc->found, batch->data, batch->len);
          g_mutex_unlock (&sc->lock);
          g_array_set_size (batch, 0);
          lttv_job_report (job, (double) rank / (double) n_events, rank);
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
        }
    }
  g_mutex_lock (&sc->lock);
  g_array_append_vals (sc->found, batch->data, batch->len);
  g_mutex_unlock (&sc->lock);
  lttv_job_report (job, 1.0, rank);
  return error == NULL || *error == NULL;
}

/* Moves what the worker found into the list. */
static void
take_found (EventList *el, ElScan *sc)
{
  g_mutex_lock (&sc->lock);
  guint n = sc->found->len;
  if (n > 0)
    {
      g_array_append_vals (el->matches, sc->found->data, n);
      g_array_set_size (sc->found, 0);
    }
  g_mutex_unlock (&sc->lock);
  guint64 old_rows = el->n_rows;
  el_list_update_limits (el);
  /* Refill only when new rows land on screen. */
  if (n > 0 && old_rows < el->top_row + el->n_visible)
    el_list_refill (el);
}

static gboolean
scan_timer_cb (gpointer data)
{
  EventList *el = data;
  if (el->scan != NULL)
    take_found (el, el->scan);
  return G_SOURCE_CONTINUE;
}

static void
scan_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  ElScan *sc = data;
  g_autoptr (GError) error = NULL;
  gboolean ok = lttv_job_finish ((LttvJob *) source, result, &error);
  EventList *el = sc->el;
  if (el != NULL && el->scan == sc)
    {
      take_found (el, sc);
      el->scan_done = TRUE;
      el->scan_job = NULL;
      g_clear_handle_id (&el->scan_timer, g_source_remove);
      el->scan = NULL;
      el_list_update_status (el);
      if (!ok && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_widget_set_tooltip_text (el->status, error->message);
      scan_unref (sc);   /* the list's reference */
    }
  scan_unref (sc);       /* this callback's */
}

void
el_scan_stop (EventList *el)
{
  if (el->scan == NULL)
    return;
  el->scan->el = NULL;
  if (el->scan_job != NULL)
    lttv_job_cancel (el->scan_job);
  el->scan_job = NULL;
  g_clear_handle_id (&el->scan_timer, g_source_remove);
  scan_unref (el->scan);
  el->scan = NULL;
}

void
el_scan_start (EventList *el)
{
  el_scan_stop (el);
  g_clear_pointer (&el->matches, g_array_unref);
  el->scan_done = FALSE;
  if (el->filter == NULL || el->state == NULL || el->rows == NULL)
    return;
  el->matches = g_array_new (FALSE, FALSE, sizeof (ElMatch));
  ElScan *sc = g_new0 (ElScan, 1);
  sc->ref = 1;
  sc->el = el;
  sc->state = el->state;
  sc->expression = g_strdup (lttv_filter_get_expression (el->filter));
  g_mutex_init (&sc->lock);
  sc->found = g_array_new (FALSE, FALSE, sizeof (ElMatch));
  el->scan = sc;
  el->scan_job = lttv_viewer_context_run_job (el->ctx, _("Filtering events"), scan_func,
                                              scan_ref (sc), scan_unref,
                                              scan_done_cb, scan_ref (sc));
  el->scan_timer = g_timeout_add (100, scan_timer_cb, el);
}

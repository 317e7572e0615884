/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-live-tab.h. The core mirrors a session into a folder
 * (docs/architecture.md, Live sessions): the tab opens it once, to grow,
 * and after each poll the worker grows the open traceset in place and
 * builds the state on up to the time before which every event has
 * arrived (lttv_traceset_grow, lttv_state_build_more); the main thread
 * then only moves the bounds' end and tells the viewers, a few times a
 * second. The network work (attach, polls, reconnections) and that
 * growth run in a worker, one task at a time, never while the tab opens
 * the folder (a poll appends to its files). The folder is opened again
 * only when the traceset cannot grow in place (its metadata grew). */
#include "config.h"

#define G_LOG_DOMAIN "lttv-live-tab"

#include <glib/gi18n.h>
#include <string.h>

#include <lttv/live.h>

#include "lttv-live-dialog.h"
#include "lttv-live-tab.h"
#include "lttv-tab-private.h"

#define TICK_MS 250
#define GREW_MS 200 /* the viewers are told of new events at most this often */
#define RATE_SAMPLES 12 /* ticks: the events/s is measured over 3 s */

typedef enum { CONNECTING, CONNECTED, LOST, FINISHED } LiveState;
typedef enum { OP_ATTACH, OP_POLL, OP_RECONNECT } Op;

typedef struct
{
  LttvWindow *window;
  LttvTab *tab;          /* NULL once it is destroyed */
  GtkWidget *label;      /* the live state, above the tab's time bar */
  char *url, *name;
  LttvLive *live;        /* touched by the task in flight only, if any */
  gboolean busy;         /* a task is in flight */
  LiveState state;
  char *reason;          /* why the connection was lost */
  guint attempt;         /* failed reconnections in a row */
  guint timer;           /* the next task */
  guint tick;
  gint64 retry_at;
  gint64 last_data;      /* when the last packets came */
  gint64 data_since;     /* the first packets not opened yet came then */
  gint64 last_grew;      /* the viewers were last told then */
  gboolean grew;         /* the traceset grew since */
  gboolean need_open;    /* the folder is to be opened (first, or it
                            could not grow in place) */
  gboolean ended;        /* all the session's data has arrived */
  gboolean built;        /* ... and its state is built to the end */
  gboolean reopening;    /* between add_traces and "opened" */
  gboolean opened_once;
  gboolean setting;      /* the window is set by us */
  gboolean following;
  LttvTime w0, w1, cur;  /* the user's, kept over a reopening */
  gboolean has_sel;
  LttvTime sel0, sel1;
  guint64 n_packets;     /* mirrored, when last seen */
  guint64 n_events;
  guint64 samples[RATE_SAMPLES];
  guint n_samples;
  double rate;
} LiveTab;

static void live_tab_release (LiveTab *lt);
static void sync_actions (LttvWindow *window);
static void start_op (LiveTab *lt, Op op);
static void schedule (LiveTab *lt, guint ms);

static LiveTab *
live_tab_ref (LiveTab *lt)
{
  return g_rc_box_acquire (lt);
}

static GList *live_tabs; /* LiveTab*, for the exit */

static void
live_tab_clear (LiveTab *lt)
{
  live_tabs = g_list_remove (live_tabs, lt);
  g_free (lt->url);
  g_free (lt->name);
  g_free (lt->reason);
}

static void
live_tab_release (LiveTab *lt)
{
  g_rc_box_release_full (lt, (GDestroyNotify) live_tab_clear);
}

static LiveTab *
live_tab_for (LttvTab *tab)
{
  return tab != NULL ? g_object_get_data (G_OBJECT (tab), "lttv-live-tab") : NULL;
}

static guint
env_ms (const char *name, guint dflt)
{
  const char *v = g_getenv (name);
  return v != NULL ? (guint) CLAMP (g_ascii_strtoull (v, NULL, 10), 1, 60000) : dflt;
}

/* --- What the tab shows -------------------------------------------------- */

static gboolean
receiving (LiveTab *lt)
{
  return lt->state == CONNECTED && lt->last_data != 0
         && g_get_monotonic_time () - lt->last_data < 2 * G_USEC_PER_SEC;
}

static void
update_status (LiveTab *lt)
{
  g_autofree char *title = NULL, *text = NULL, *count = NULL;

  if (lt->tab == NULL)
    return;
  count = g_strdup_printf ("%" G_GUINT64_FORMAT, lt->n_events);
  switch (lt->state)
    {
    case CONNECTING:
      title = g_strdup_printf (_("%s [live: connecting]"), lt->name);
      text = g_strdup_printf (_("Live session %s: connecting to the relay daemon…"), lt->name);
      break;
    case CONNECTED:
      if (receiving (lt))
        {
          title = g_strdup_printf (_("%s [live: %s events, %.0f/s]"), lt->name, count, lt->rate);
          text = g_strdup_printf (_("Live session %s: receiving, %.0f events/s; %s events."), lt->name,
                                  lt->rate, count);
        }
      else
        {
          title = g_strdup_printf (_("%s [live: %s events]"), lt->name, count);
          text = g_strdup_printf (_("Live session %s: connected, waiting for events; %s events."),
                                  lt->name, count);
        }
      break;
    case LOST:
      {
        gint64 left = (lt->retry_at - g_get_monotonic_time () + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC;
        title = g_strdup_printf (_("%s [live: connection lost]"), lt->name);
        text = g_strdup_printf (_("Live session %s: connection lost: %s. Retrying in %d s; the %s "
                                  "events that arrived stay."),
                                lt->name, lt->reason, (int) MAX (left, 0), count);
      }
      break;
    case FINISHED:
      title = g_strdup_printf (_("%s [finished: %s events]"), lt->name, count);
      text = g_strdup_printf (_("Live session %s stopped: a finished trace of %s events."), lt->name,
                              count);
      break;
    }
  if (lt->state != FINISHED)
    {
      g_autofree char *t = text;
      text = g_strconcat (t, " ",
                          lt->following ? _("Following the newest events.")
                                        : _("Not following: Follow (Ctrl+Shift+F) returns to the newest events."),
                          NULL);
    }
  gtk_label_set_text (GTK_LABEL (lt->label), text);
  lttv_tab_set_live_title (lt->tab, title);
}

/* The events built so far: the count never goes back while an opening
 * again (the traceset could not grow in place) builds the state anew. */
static void
count_events (LiveTab *lt)
{
  LttvState *state = lttv_tab_get_state (lt->tab);
  guint64 n = 0;

  if (state != NULL)
    n = lttv_state_events_done (state);
  lt->n_events = MAX (lt->n_events, n);
  memmove (lt->samples + 1, lt->samples, sizeof lt->samples - sizeof lt->samples[0]);
  lt->samples[0] = lt->n_events;
  lt->n_samples = MIN (lt->n_samples + 1, RATE_SAMPLES);
  if (lt->n_samples > 1)
    lt->rate = (double) (lt->samples[0] - lt->samples[lt->n_samples - 1])
               / ((lt->n_samples - 1) * TICK_MS / 1000.0);
}

/* --- The time window ----------------------------------------------------- */

static void
follow (LiveTab *lt, LttvTime span)
{
  LttvTimeContext *tc = lttv_tab_get_time_context (lt->tab);
  LttvTime b, e;

  if (!lttv_time_context_get_bounds (tc, &b, &e))
    return;
  lt->setting = TRUE;
  if (span == 0 || span >= e - b)
    lttv_time_context_set_window (tc, b, e);
  else
    lttv_time_context_set_window (tc, e - span, e);
  /* the event list shows the newest events too */
  lttv_time_context_set_current_time (tc, e);
  lt->setting = FALSE;
  LttvTime w0, w1;
  lttv_time_context_get_window (tc, &w0, &w1);
  g_debug ("following: window %" G_GUINT64_FORMAT "..%" G_GUINT64_FORMAT ", trace end %" G_GUINT64_FORMAT,
           (guint64) w0, (guint64) w1, (guint64) e);
}

static void
window_changed_cb (LttvTimeContext *tc, LiveTab *lt)
{
  if (lt->reopening || lt->setting || !lt->following)
    return;
  /* the user zoomed or scrolled: the window stays where they put it */
  lt->following = FALSE;
  sync_actions (lt->window);
  update_status (lt);
}

static void
set_following (LiveTab *lt, gboolean following)
{
  LttvTimeContext *tc = lttv_tab_get_time_context (lt->tab);
  LttvTime w0, w1;

  lt->following = following;
  lttv_time_context_get_window (tc, &w0, &w1);
  if (following)
    follow (lt, w1 - w0);
  sync_actions (lt->window);
  update_status (lt);
}

/* --- Opening the folder again -------------------------------------------- */

static void
maybe_reopen (LiveTab *lt)
{
  LttvTimeContext *tc;

  if (lt->tab == NULL || !lt->need_open || lt->busy || lt->live == NULL
      || lttv_live_n_packets (lt->live) == 0 || lttv_tab_is_opening (lt->tab))
    return;
  tc = lttv_tab_get_time_context (lt->tab);
  lttv_time_context_get_window (tc, &lt->w0, &lt->w1);
  lt->cur = lttv_time_context_get_current_time (tc);
  lt->has_sel = lttv_time_context_get_selection (tc, &lt->sel0, &lt->sel1);
  lt->need_open = FALSE;
  lt->reopening = TRUE;
  g_autoptr (GFile) folder = g_file_new_for_path (lttv_live_folder (lt->live));
  lttv_tab_add_traces (lt->tab, &folder, 1);
}

static void
opened_cb (LttvTab *tab, LiveTab *lt)
{
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  gboolean first = !lt->opened_once;

  if (!lt->reopening)
    return;
  lt->reopening = FALSE;
  lt->opened_once = TRUE;
  if (lt->data_since != 0)
    g_debug ("opened %" G_GINT64_FORMAT " ms after the data came",
             (g_get_monotonic_time () - lt->data_since) / 1000);
  lt->data_since = 0;
  if (lt->following)
    follow (lt, first ? 0 : lt->w1 - lt->w0);
  else
    {
      lt->setting = TRUE;
      lttv_time_context_set_window (tc, lt->w0, lt->w1);
      lttv_time_context_set_current_time (tc, lt->cur);
      if (lt->has_sel)
        lttv_time_context_set_selection (tc, lt->sel0, lt->sel1);
      lt->setting = FALSE;
    }
  /* the worker builds the state from the next poll on (after the end,
   * one more poll finds the end again and builds it whole) */
  if (lt->ended)
    schedule (lt, 1);
  update_status (lt);
}

/* Tells the viewers of the new events, at most every GREW_MS. */
static void
tell_grew (LiveTab *lt, gboolean now)
{
  gint64 t = g_get_monotonic_time ();

  if (lt->tab == NULL || !lt->grew || lt->reopening
      || (!now && t - lt->last_grew < GREW_MS * 1000))
    return;
  lt->grew = FALSE;
  lt->last_grew = t;
  lttv_tab_traceset_grew (lt->tab);
  if (lt->following)
    {
      LttvTime w0, w1;
      lttv_time_context_get_window (lttv_tab_get_time_context (lt->tab), &w0, &w1);
      follow (lt, w1 - w0);
    }
  if (lt->data_since != 0)
    g_debug ("drawn %" G_GINT64_FORMAT " ms after the data came (told in %.1f ms)",
             (t - lt->data_since) / 1000, (g_get_monotonic_time () - t) / 1000.0);
  lt->data_since = 0;
}

/* --- The worker ---------------------------------------------------------- */

typedef struct
{
  LiveTab *lt;
  Op op;
  char *url;
  LttvLive *live;
  LttvTraceData *data;   /* the open traceset and its state, or NULL */
  LttvLiveStatus status;
  GError *error;
  GError *grow_error;    /* the traceset could not grow in place */
  GError *build_error;   /* the state could not be built on */
  gboolean grew;         /* new events were applied */
  gboolean built;        /* all of them: the state is finished */
} Work;

static void
work_free (Work *w)
{
  g_free (w->url);
  g_clear_pointer (&w->data, lttv_trace_data_unref);
  g_clear_error (&w->error);
  g_clear_error (&w->grow_error);
  g_clear_error (&w->build_error);
  g_free (w);
}

/* After a poll: the open traceset learns of the new packets, and the
 * state is built on up to the time before which every stream has
 * delivered (lttv_live_complete_before): an event that a later packet of
 * another stream brings is never earlier than that, so nothing is built
 * twice or out of order. At the end, the rest. */
static void
grow_and_build (Work *w)
{
  LttvTraceset *ts = lttv_trace_data_get_traceset (w->data);
  LttvState *state = lttv_trace_data_get_state (w->data);
  gboolean all = w->status == LTTV_LIVE_ENDED;
  guint64 n_new = 0, before;
  LttvTime until;

  if (ts == NULL || state == NULL)
    return;
  if (!lttv_traceset_grow (ts, &n_new, &w->grow_error))
    return;
  until = all ? LTTV_TIME_NONE : lttv_live_complete_before (w->live, ts);
  before = lttv_state_events_applied (state);
  if (until == 0)
    return;
  if (!lttv_state_build_more (state, until, LTTV_CANCEL_NONE, &w->build_error))
    return;
  w->grew = n_new > 0 || lttv_state_events_applied (state) != before || until == LTTV_TIME_NONE;
  w->built = until == LTTV_TIME_NONE;
}

static void
work_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Work *w = data;

  switch (w->op)
    {
    case OP_ATTACH:
      w->live = lttv_live_attach (w->url, &w->error);
      w->status = w->live != NULL ? LTTV_LIVE_IDLE : LTTV_LIVE_ERROR;
      break;
    case OP_POLL:
      w->status = lttv_live_poll (w->live, &w->error);
      if (w->status != LTTV_LIVE_ERROR && w->data != NULL)
        grow_and_build (w);
      break;
    case OP_RECONNECT:
      w->status = lttv_live_reconnect (w->live, &w->error) ? LTTV_LIVE_IDLE : LTTV_LIVE_ERROR;
      break;
    }
  g_task_return_boolean (task, TRUE);
}

/* What the program waits for at exit, so that the mirror folders go. */
static guint n_busy;            /* tasks in flight */
static GPtrArray *free_threads; /* GThread* */

static gpointer
free_thread (gpointer live)
{
  lttv_live_free (live);
  return NULL;
}

/* Detaching talks to the daemon (up to its timeout): not on the main thread. */
static void
free_live (LttvLive *live)
{
  if (live == NULL)
    return;
  if (free_threads == NULL)
    free_threads = g_ptr_array_new ();
  g_ptr_array_add (free_threads, g_thread_new ("lttv-live-free", free_thread, live));
}

static gboolean
timer_cb (gpointer data)
{
  LiveTab *lt = data;
  Op op = lt->state == LOST ? (lt->live != NULL ? OP_RECONNECT : OP_ATTACH) : OP_POLL;

  lt->timer = 0;
  start_op (lt, op);
  return G_SOURCE_REMOVE;
}

static void
schedule (LiveTab *lt, guint ms)
{
  g_clear_handle_id (&lt->timer, g_source_remove);
  lt->timer = g_timeout_add (ms, timer_cb, lt);
}

static void
lost (LiveTab *lt, const GError *error)
{
  guint delay = lttv_live_retry_delay (lt->attempt++);

  g_free (lt->reason);
  lt->reason = g_strdup (error->message);
  lt->state = LOST;
  lt->retry_at = g_get_monotonic_time () + (gint64) delay * 1000;
  g_message ("%s; retrying in %u ms", error->message, delay);
  schedule (lt, delay);
}

static void
work_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Work *w = g_task_get_task_data (G_TASK (result));
  LiveTab *lt = w->lt;
  guint poll_ms = env_ms ("LTTV_LIVE_POLL_MS", 100);

  lt->busy = FALSE;
  n_busy--;
  if (w->op == OP_ATTACH && w->live != NULL)
    lt->live = w->live;
  if (lt->tab == NULL)
    {
      free_live (g_steal_pointer (&lt->live));
      live_tab_release (lt);
      return;
    }
  if (w->status == LTTV_LIVE_ERROR)
    lost (lt, w->error);
  else
    {
      if (w->op != OP_POLL)
        {
          lt->attempt = 0;
          lt->state = CONNECTED;
        }
      /* (a beacon is news to the core, not to the tab: only packets) */
      guint64 np = lt->live != NULL ? lttv_live_n_packets (lt->live) : 0;
      if (np != lt->n_packets)
        {
          lt->n_packets = np;
          lt->last_data = g_get_monotonic_time ();
          if (lt->data_since == 0)
            lt->data_since = lt->last_data;
        }
      if (w->grow_error != NULL)
        {
          /* (rare: new event classes; the state is built anew) */
          g_message ("%s; opening the folder again", w->grow_error->message);
          lt->need_open = TRUE;
        }
      if (w->build_error != NULL && !lt->built)
        {
          /* (a read error: what came before it stays built) */
          lttv_tab_show_problem (lt->tab, w->build_error->message);
          lt->built = TRUE;
        }
      lt->grew |= w->grew;
      if (w->status == LTTV_LIVE_ENDED)
        lt->ended = TRUE;
      if (w->built)
        {
          lt->built = TRUE;
          tell_grew (lt, TRUE);
          g_debug ("finished: the state is built to the end");
          lt->state = FINISHED;
          lt->following = FALSE;
          sync_actions (lt->window);
        }
      else if (w->status != LTTV_LIVE_ENDED || w->data != NULL || lt->need_open)
        schedule (lt, w->status == LTTV_LIVE_NEW_DATA ? 1 : poll_ms);
      tell_grew (lt, FALSE);
    }
  maybe_reopen (lt);
  update_status (lt);
  live_tab_release (lt);
}

static void
start_op (LiveTab *lt, Op op)
{
  Work *w;
  g_autoptr (GTask) task = NULL;

  if (lt->tab == NULL || lt->busy)
    return;
  /* the folder is not written while the tab opens it */
  if (lttv_tab_is_opening (lt->tab))
    {
      schedule (lt, 20);
      return;
    }
  w = g_new0 (Work, 1);
  w->lt = live_tab_ref (lt);
  w->op = op;
  w->url = g_strdup (lt->url);
  w->live = lt->live;
  /* (the state is made when the opened traceset is: its build goes on
   * in the worker, which holds them meanwhile) */
  if (op == OP_POLL && lt->tab->data != NULL && lttv_tab_get_state (lt->tab) != NULL
      && !lt->reopening && !lt->need_open && !lt->built)
    w->data = lttv_trace_data_ref (lt->tab->data);
  lt->busy = TRUE;
  n_busy++;
  task = g_task_new (NULL, NULL, work_done, NULL);
  g_task_set_task_data (task, w, (GDestroyNotify) work_free);
  g_task_run_in_thread (task, work_thread);
}

static gboolean
tick_cb (gpointer data)
{
  LiveTab *lt = data;

  count_events (lt);
  tell_grew (lt, FALSE);
  maybe_reopen (lt);
  update_status (lt);
  return G_SOURCE_CONTINUE;
}

static void
stop (LiveTab *lt)
{
  if (lt->tab == NULL)
    return;
  lt->tab = NULL;
  g_clear_handle_id (&lt->timer, g_source_remove);
  g_clear_handle_id (&lt->tick, g_source_remove);
  if (!lt->busy)
    free_live (g_steal_pointer (&lt->live));
}

static void
tab_destroy_cb (LttvTab *tab, LiveTab *lt)
{
  stop (lt);
}

LttvTab *
lttv_live_tab_attach (LttvWindow *window, const char *url)
{
  LiveTab *lt = g_rc_box_new0 (LiveTab);
  LttvTab *tab = lttv_window_new_tab (window);
  const char *slash = strrchr (url, '/');

  live_tabs = g_list_prepend (live_tabs, lt);
  lt->window = window;
  lt->tab = tab;
  lt->url = g_strdup (url);
  lt->name = g_strdup (slash != NULL ? slash + 1 : url);
  lt->following = TRUE;
  lt->label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (lt->label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (lt->label), PANGO_ELLIPSIZE_END);
  g_object_set (lt->label, "margin-start", 6, "margin-end", 6, "margin-top", 2, NULL);
  gtk_widget_show (lt->label);
  gtk_box_pack_start (GTK_BOX (tab), lt->label, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (tab), lt->label, 0);
  lttv_tab_set_growing (tab);
  lt->need_open = TRUE;
  lttv_tab_add_default_viewers (tab);
  g_object_set_data_full (G_OBJECT (tab), "lttv-live-tab", lt, (GDestroyNotify) live_tab_release);
  g_signal_connect (tab, "destroy", G_CALLBACK (tab_destroy_cb), lt);
  g_signal_connect (tab, "opened", G_CALLBACK (opened_cb), lt);
  g_signal_connect (lttv_tab_get_time_context (tab), "window-changed", G_CALLBACK (window_changed_cb), lt);
  lt->tick = g_timeout_add (TICK_MS, tick_cb, lt);
  update_status (lt);
  sync_actions (window);
  start_op (lt, OP_ATTACH);
  return tab;
}

void
lttv_live_tab_shutdown (void)
{
  gint64 end = g_get_monotonic_time () + 12 * G_USEC_PER_SEC;

  /* (the windows are hidden at Quit, not destroyed) */
  for (GList *l = live_tabs; l != NULL; l = l->next)
    stop (l->data);
  /* a task in flight ends within the live timeout; its tab is gone */
  while (n_busy > 0 && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10000);
  for (guint i = 0; free_threads != NULL && i < free_threads->len; i++)
    g_thread_join (free_threads->pdata[i]);
  g_clear_pointer (&free_threads, g_ptr_array_unref);
}

gboolean
lttv_live_tab_is_live (LttvTab *tab)
{
  return live_tab_for (tab) != NULL;
}

/* --- The window's actions ------------------------------------------------ */

static void
sync_actions (LttvWindow *window)
{
  LiveTab *lt = live_tab_for (lttv_window_get_current_tab (window));
  GAction *a = g_action_map_lookup_action (G_ACTION_MAP (window), "live-follow");

  if (a == NULL)
    return;
  g_simple_action_set_enabled (G_SIMPLE_ACTION (a), lt != NULL && lt->state != FINISHED);
  g_simple_action_set_state (G_SIMPLE_ACTION (a), g_variant_new_boolean (lt != NULL && lt->following));
}

static void
follow_activated (GSimpleAction *a, GVariant *p, gpointer window)
{
  LiveTab *lt = live_tab_for (lttv_window_get_current_tab (window));

  if (lt != NULL && lt->tab != NULL)
    set_following (lt, !lt->following);
}

static void
attach_selected (GtkWindow *parent, const char *url, gpointer unused)
{
  lttv_live_tab_attach (LTTV_WINDOW (parent), url);
}

static void
open_live_activated (GSimpleAction *a, GVariant *p, gpointer window)
{
  lttv_live_dialog_show (GTK_WINDOW (window), attach_selected, NULL);
}

static void
attach_live_activated (GSimpleAction *a, GVariant *p, gpointer window)
{
  lttv_live_tab_attach (window, g_variant_get_string (p, NULL));
}

static const GActionEntry live_actions[] = {
  { "open-live", open_live_activated, NULL, NULL, NULL, { 0 } },
  { "attach-live", attach_live_activated, "s", NULL, NULL, { 0 } },
  { "live-follow", follow_activated, NULL, "false", NULL, { 0 } },
};

static void
switch_page_cb (GtkNotebook *notebook, GtkWidget *page, guint num, LttvWindow *window)
{
  /* (the current page changes after this signal) */
  LiveTab *lt = live_tab_for (LTTV_TAB (page));
  GAction *a = g_action_map_lookup_action (G_ACTION_MAP (window), "live-follow");

  g_simple_action_set_enabled (G_SIMPLE_ACTION (a), lt != NULL && lt->state != FINISHED);
  g_simple_action_set_state (G_SIMPLE_ACTION (a), g_variant_new_boolean (lt != NULL && lt->following));
}

void
lttv_live_window_setup (LttvWindow *window, GtkToolbar *toolbar, GtkNotebook *notebook)
{
  GtkToolItem *item = gtk_toggle_tool_button_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (window), live_actions, G_N_ELEMENTS (live_actions), window);
  gtk_tool_button_set_label (GTK_TOOL_BUTTON (item), _("Follow"));
  gtk_tool_button_set_icon_name (GTK_TOOL_BUTTON (item), "go-last-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (item),
                               _("Keep the newest events of the live session in view (Ctrl+Shift+F)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (item), "win.live-follow");
  gtk_widget_show (GTK_WIDGET (item));
  gtk_toolbar_insert (toolbar, item, -1);
  g_signal_connect_object (notebook, "switch-page", G_CALLBACK (switch_page_cb), window, 0);
  sync_actions (window);
}

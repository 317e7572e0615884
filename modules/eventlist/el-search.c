/* SPDX-License-Identifier: GPL-2.0-or-later */
/* el-search.c: find the next or previous event matching a text or an
 * expression, from the selected row, in the background (Ctrl+F, F3,
 * Shift+F3). Rows on screen that match are highlighted. */
#include "config.h"

#include <string.h>

#include "el-private.h"

struct _ElSearch {
  gint ref;
  EventList *el;               /* NULL once the list stopped listening */
  LttvState *state;
  char *query;
  char *list_filter;           /* the list's filter: found rows must pass it */
  guint64 from;                /* start after (forward) / before (backward) */
  gboolean backward;
  guint64 found;               /* G_MAXUINT64: none */
};

static void
search_unref (gpointer data)
{
  ElSearch *s = data;
  if (!g_atomic_int_dec_and_test (&s->ref))
    return;
  g_free (s->query);
  g_free (s->list_filter);
  g_free (s);
}

/* A text that parses as a filter is one; anything else is text to find
 * in the event's name and fields, ignoring case. */
typedef struct {
  LttvFilter *expr;
  LttvFilter *list;
  char *text;                  /* lower case */
  GString *scratch;
  LttvStateThreads *threads;
} Matcher;

static void
matcher_init (Matcher *m, ElSearch *s)
{
  memset (m, 0, sizeof *m);
  m->expr = lttv_filter_new (s->query, NULL);
  if (m->expr == NULL)
    m->text = g_utf8_strdown (s->query, -1);
  if (s->list_filter != NULL)
    m->list = lttv_filter_new (s->list_filter, NULL);
  m->scratch = g_string_sized_new (512);
  m->threads = lttv_state_threads_new (s->state);
}

static void
matcher_clear (Matcher *m)
{
  lttv_filter_free (m->expr);
  lttv_filter_free (m->list);
  g_free (m->text);
  g_string_free (m->scratch, TRUE);
  lttv_state_threads_free (m->threads);
}

static gboolean
text_in (const char *hay, const char *lower_needle)
{
  g_autofree char *low = g_utf8_strdown (hay, -1);
  return strstr (low, lower_needle) != NULL;
}

static gboolean
matcher_match (Matcher *m, const LttvEvent *ev)
{
  const LttvFilterThreadSource *src = lttv_state_threads_source (m->threads);
  if (m->list != NULL && !lttv_filter_match (m->list, ev, src))
    return FALSE;
  if (m->expr != NULL)
    return lttv_filter_match (m->expr, ev, src);
  if (text_in (lttv_event_class_name (lttv_event_get_class (ev)), m->text))
    return TRUE;
  g_string_truncate (m->scratch, 0);
  el_format_fields (ev, m->scratch);
  return text_in (m->scratch->str, m->text);
}

static gboolean
search_func (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  ElSearch *s = data;
  Matcher m;
  guint64 n = MAX (1, lttv_state_n_events (s->state));
  /* Our own iterator: iterators of one traceset are independent. */
  g_autoptr (LttvIter) it = lttv_iter_new (lttv_state_get_traceset (s->state));
  const LttvEvent *ev;
  guint64 done = 0;
  matcher_init (&m, s);
  if (!s->backward)
    {
      guint64 rank = s->from == G_MAXUINT64 ? 0 : s->from + 1;
      if (lttv_state_seek_rank (s->state, it, rank, error))
        while ((ev = lttv_iter_next (it, error)) != NULL)
          {
            if (matcher_match (&m, ev))
              {
                s->found = rank;
                break;
              }
            if ((++done & 0xFFFF) == 0)
              {
                lttv_job_report (job, (double) rank / n, done);
                if (g_cancellable_is_cancelled (cancellable))
                  break;
              }
            rank++;
          }
    }
  else if (s->from != G_MAXUINT64 && s->from > 0)
    {
      /* No backward iterator: one checkpoint interval at a time, the
       * last match of the nearest interval wins. */
      guint64 block = (s->from - 1) / LTTV_STATE_CHECKPOINT_EVENTS * LTTV_STATE_CHECKPOINT_EVENTS;
      for (;;)
        {
          guint64 stop = MIN (s->from, block + LTTV_STATE_CHECKPOINT_EVENTS);
          if (!lttv_state_seek_rank (s->state, it, block, error))
            break;
          for (guint64 rank = block; rank < stop && (ev = lttv_iter_next (it, error)) != NULL; rank++)
            if (matcher_match (&m, ev))
              s->found = rank;
          done += stop - block;
          if (s->found != G_MAXUINT64 || block == 0)
            break;
          if ((done & 0xFFFF) < LTTV_STATE_CHECKPOINT_EVENTS)
            {
              lttv_job_report (job, (double) (s->from - block) / s->from, done);
              if (g_cancellable_is_cancelled (cancellable))
                break;
            }
          block -= LTTV_STATE_CHECKPOINT_EVENTS;
        }
    }
  matcher_clear (&m);
  return !g_cancellable_set_error_if_cancelled (cancellable, error)
         && (error == NULL || *error == NULL);
}

static void
set_message (EventList *el, const char *text)
{
  GtkWidget *label = g_object_get_data (G_OBJECT (el->search_bar), "el-message");
  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
}

static void
search_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  ElSearch *s = data;
  g_autoptr (GError) error = NULL;
  gboolean ok = lttv_job_finish ((LttvJob *) source, result, &error);
  EventList *el = s->el;
  if (el != NULL && el->search == s)
    {
      el->search = NULL;
      el->search_job = NULL;
      if (ok && s->found != G_MAXUINT64)
        {
          guint64 row = el_list_row_for_rank (el, s->found);
          if (row < el->n_rows)
            {
              set_message (el, NULL);
              el_list_select_row (el, row, TRUE);
            }
          else
            set_message (el, _("The match is outside the listed events"));
        }
      else if (ok)
        set_message (el, s->backward ? _("No match before this event")
                                     : _("No match after this event"));
      else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_message (el, error->message);
      search_unref (s);   /* the list's */
    }
  search_unref (s);       /* this callback's */
}

void
el_search_stop (EventList *el)
{
  if (el->search == NULL)
    return;
  el->search->el = NULL;
  if (el->search_job != NULL)
    lttv_job_cancel (el->search_job);
  el->search_job = NULL;
  search_unref (el->search);
  el->search = NULL;
}

/* The rows on screen that match get the highlight. */
static void
update_marks (EventList *el)
{
  const char *q = gtk_entry_get_text (GTK_ENTRY (el->search_entry));
  LttvFilter *old = g_object_get_data (G_OBJECT (el->search_bar), "el-mark");
  LttvFilter *f = NULL;
  if (gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (el->search_bar)) && q[0] != '\0')
    f = lttv_filter_new (q, NULL);
  if (el->rows != NULL)
    el_rows_set_mark (el->rows, f);
  g_object_set_data_full (G_OBJECT (el->search_bar), "el-mark", f, (GDestroyNotify) lttv_filter_free);
  if (f != NULL || old != NULL || q[0] != '\0')
    el_list_refill (el);
}

/* Text search marks: the row texts contain the query, ignoring case. */
gboolean
el_search_text_marks (EventList *el, char *const texts[EL_N_COLS])
{
  if (el->search_bar == NULL || !gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (el->search_bar)))
    return FALSE;
  if (g_object_get_data (G_OBJECT (el->search_bar), "el-mark") != NULL)
    return FALSE;
  const char *q = gtk_entry_get_text (GTK_ENTRY (el->search_entry));
  if (q[0] == '\0')
    return FALSE;
  g_autofree char *low = g_utf8_strdown (q, -1);
  return text_in (texts[EL_COL_NAME], low) || text_in (texts[EL_COL_FIELDS], low);
}

void
el_search_next (EventList *el, gboolean backward)
{
  const char *q = gtk_entry_get_text (GTK_ENTRY (el->search_entry));
  if (el->rows == NULL)
    return;
  if (q[0] == '\0')
    {
      el_search_show (el);
      return;
    }
  el_search_stop (el);
  ElSearch *s = g_new0 (ElSearch, 1);
  s->ref = 1;
  s->el = el;
  s->state = el->state;
  s->query = g_strdup (q);
  s->list_filter = el->filter != NULL ? g_strdup (lttv_filter_get_expression (el->filter)) : NULL;
  s->from = el->selected_rank;
  if (s->from == G_MAXUINT64 && el->n_rows > 0)
    s->from = el_list_row_rank (el, el->top_row) - (backward ? 0 : 1);
  s->backward = backward;
  s->found = G_MAXUINT64;
  el->search = s;
  set_message (el, _("Searching…"));
  g_atomic_int_inc (&s->ref);
  g_atomic_int_inc (&s->ref);
  el->search_job = lttv_viewer_context_run_job (el->ctx, _("Searching events"), search_func,
                                                s, search_unref, search_done_cb, s);
}

void
el_search_show (EventList *el)
{
  /* (the list hides the bar until it is first wanted: its search mode
   * alone revealed nothing, and the entry, never realized, took no key) */
  gtk_widget_show (el->search_bar);
  gtk_search_bar_set_search_mode (GTK_SEARCH_BAR (el->search_bar), TRUE);
  gtk_widget_grab_focus (el->search_entry);
}

static void
next_clicked (EventList *el) { el_search_next (el, FALSE); }
static void
prev_clicked (EventList *el) { el_search_next (el, TRUE); }

static void
entry_activate_cb (GtkEntry *e, EventList *el)
{
  el_search_next (el, FALSE);
}

static void
query_changed_cb (GtkEditable *e, EventList *el)
{
  set_message (el, NULL);
  update_marks (el);
}

static void
mode_cb (GObject *bar, GParamSpec *pspec, EventList *el)
{
  if (!gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (bar)))
    el_search_stop (el);
  update_marks (el);
}

void
el_search_build (EventList *el, GtkWidget *box)
{
  el->search_bar = gtk_search_bar_new ();
  GtkWidget *hbox = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  el->search_entry = gtk_search_entry_new ();
  gtk_widget_set_name (el->search_entry, "eventlist-search");
  gtk_entry_set_width_chars (GTK_ENTRY (el->search_entry), 40);
  gtk_entry_set_placeholder_text (GTK_ENTRY (el->search_entry), _("Text or filter expression"));
  gtk_widget_set_tooltip_text (el->search_entry,
                               _("Text to find in event names and fields, or a filter expression "
                                 "(tid == 42); Enter or F3 finds the next match, Shift+F3 the previous"));
  GtkWidget *prev = gtk_button_new_from_icon_name ("go-up-symbolic", GTK_ICON_SIZE_BUTTON);
  gtk_widget_set_tooltip_text (prev, _("Previous match (Shift+F3)"));
  GtkWidget *next = gtk_button_new_from_icon_name ("go-down-symbolic", GTK_ICON_SIZE_BUTTON);
  gtk_widget_set_tooltip_text (next, _("Next match (F3)"));
  GtkWidget *message = gtk_label_new (NULL);
  gtk_style_context_add_class (gtk_widget_get_style_context (message), "dim-label");
  g_object_set_data (G_OBJECT (el->search_bar), "el-message", message);
  gtk_box_pack_start (GTK_BOX (hbox), el->search_entry, TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (hbox), prev, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (hbox), next, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (hbox), message, FALSE, FALSE, 6);
  gtk_container_add (GTK_CONTAINER (el->search_bar), hbox);
  gtk_search_bar_connect_entry (GTK_SEARCH_BAR (el->search_bar), GTK_ENTRY (el->search_entry));
  gtk_search_bar_set_show_close_button (GTK_SEARCH_BAR (el->search_bar), TRUE);
  g_signal_connect_swapped (prev, "clicked", G_CALLBACK (prev_clicked), el);
  g_signal_connect_swapped (next, "clicked", G_CALLBACK (next_clicked), el);
  g_signal_connect (el->search_entry, "activate", G_CALLBACK (entry_activate_cb), el);
  g_signal_connect (el->search_entry, "changed", G_CALLBACK (query_changed_cb), el);
  g_signal_connect (el->search_bar, "notify::search-mode-enabled", G_CALLBACK (mode_cb), el);
  gtk_box_pack_start (GTK_BOX (box), el->search_bar, FALSE, FALSE, 0);
}

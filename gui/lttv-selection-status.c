/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include <lttv/count-format.h>
#include <lttv/density.h>

#include "lttv-marks-private.h"
#include "lttv-selection-status.h"

struct _LttvSelectionStatus
{
  GtkBox parent_instance;

  GtkWidget *label;
  LttvTimeContext *tc;
  LttvTraceData *data;
  GCancellable *counting;
  char *text;
};

G_DEFINE_TYPE (LttvSelectionStatus, lttv_selection_status, GTK_TYPE_BOX)

typedef struct
{
  LttvTraceData *data;
  LttvTime start, end;
  guint64 count;
} Count;

static void
count_free (gpointer p)
{
  Count *c = p;
  lttv_trace_data_unref (c->data);
  g_free (c);
}

/* Events in [from, to) read one by one; FALSE when cancelled or unread. */
static gboolean
scan (LttvTraceset *ts, LttvTime from, LttvTime to, guint64 *count, GCancellable *cancellable)
{
  g_autoptr (LttvIter) it = lttv_iter_new (ts);
  const LttvEvent *ev;
  guint64 read = 0;

  if (from >= to || !lttv_iter_seek_time (it, from, NULL))
    return TRUE;
  while ((ev = lttv_iter_next (it, NULL)) != NULL)
    {
      LttvTime t = lttv_event_time (ev);
      if (t >= to)
        break;
      if ((++read & 0xffff) == 0 && g_cancellable_is_cancelled (cancellable))
        return FALSE;
      if (t >= from)
        (*count)++;
    }
  return TRUE;
}

/* Whole buckets of the state's density are counted from it; only the
 * edges are read from the trace. */
static void
count_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Count *c = task_data;
  LttvTraceset *ts = lttv_trace_data_get_traceset (c->data);
  LttvState *s = lttv_trace_data_get_state (c->data);
  LttvDensity *d = s != NULL ? lttv_state_get_density (s) : NULL;
  LttvTime end = c->end + 1, a = end, b = end;
  guint64 inner = 0;

  if (d != NULL && lttv_density_bucket_width (d) > 0 && c->start >= lttv_density_begin (d))
    {
      LttvTime w = lttv_density_bucket_width (d), origin = lttv_density_begin (d);
      a = origin + (c->start - origin + w - 1) / w * w;
      b = origin + (end - origin) / w * w;
      if (a >= b || !lttv_density_count_exact (d, a, b - 1, &inner))
        a = b = end, inner = 0;
    }
  c->count = inner;
  if (!scan (ts, c->start, a, &c->count, cancellable) || !scan (ts, b, end, &c->count, cancellable))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
show (LttvSelectionStatus *self, const char *count)
{
  LttvTime s0, s1, origin = 0;

  g_free (self->text);
  if (!lttv_time_context_get_selection (self->tc, &s0, &s1))
    self->text = g_strdup ("");
  else
    {
      g_autofree char *range = NULL;
      lttv_time_context_get_bounds (self->tc, &origin, NULL);
      range = lttv_marks_selection_text (s0, s1, origin);
      self->text = count != NULL ? g_strdup_printf ("%s, %s", range, count) : g_strdup (range);
    }
  gtk_label_set_text (GTK_LABEL (self->label), self->text);
}

static void
count_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LttvSelectionStatus *self = LTTV_SELECTION_STATUS (source);
  Count *c = g_task_get_task_data (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), NULL))
    return;
  g_clear_object (&self->counting);
  g_autofree char *n = lttv_format_count (c->count);
  g_autofree char *events = g_strdup_printf (ngettext ("%s event", "%s events", c->count), n);
  show (self, events);
}

static void
selection_cb (LttvTimeContext *tc, LttvSelectionStatus *self)
{
  LttvTime s0, s1;

  if (self->counting != NULL)
    g_cancellable_cancel (self->counting);
  g_clear_object (&self->counting);
  if (!lttv_time_context_get_selection (tc, &s0, &s1) || self->data == NULL
      || lttv_trace_data_get_traceset (self->data) == NULL)
    {
      show (self, NULL);
      return;
    }
  show (self, _("counting the events…"));
  Count *c = g_new0 (Count, 1);
  c->data = lttv_trace_data_ref (self->data);
  c->start = s0;
  c->end = s1;
  self->counting = g_cancellable_new ();
  g_autoptr (GTask) task = g_task_new (self, self->counting, count_done, NULL);
  g_task_set_task_data (task, c, count_free);
  g_task_run_in_thread (task, count_thread);
}

void
lttv_selection_status_set_data (LttvSelectionStatus *self, LttvTraceData *data)
{
  if (data != NULL)
    lttv_trace_data_ref (data);
  g_clear_pointer (&self->data, lttv_trace_data_unref);
  self->data = data;
  selection_cb (self->tc, self);
}

const char *
lttv_selection_status_get_text (LttvSelectionStatus *self)
{
  return self->text != NULL ? self->text : "";
}

gboolean
lttv_selection_status_is_counting (LttvSelectionStatus *self)
{
  return self->counting != NULL;
}

static void
lttv_selection_status_dispose (GObject *object)
{
  LttvSelectionStatus *self = LTTV_SELECTION_STATUS (object);

  if (self->counting != NULL)
    g_cancellable_cancel (self->counting);
  g_clear_object (&self->counting);
  if (self->tc != NULL)
    g_signal_handlers_disconnect_by_data (self->tc, self);
  g_clear_object (&self->tc);
  g_clear_pointer (&self->data, lttv_trace_data_unref);
  G_OBJECT_CLASS (lttv_selection_status_parent_class)->dispose (object);
}

static void
lttv_selection_status_finalize (GObject *object)
{
  g_free (LTTV_SELECTION_STATUS (object)->text);
  G_OBJECT_CLASS (lttv_selection_status_parent_class)->finalize (object);
}

static void
lttv_selection_status_class_init (LttvSelectionStatusClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lttv_selection_status_dispose;
  G_OBJECT_CLASS (klass)->finalize = lttv_selection_status_finalize;
}

static void
lttv_selection_status_init (LttvSelectionStatus *self)
{
  self->label = gtk_label_new ("");
  /* (right of the window's toolbar, in what room it leaves) */
  gtk_label_set_xalign (GTK_LABEL (self->label), 1);
  gtk_label_set_max_width_chars (GTK_LABEL (self->label), 1);
  gtk_label_set_selectable (GTK_LABEL (self->label), TRUE);
  /* (short of room, its end shows: the length and the count; the time
   * bar has its start and end) */
  gtk_label_set_ellipsize (GTK_LABEL (self->label), PANGO_ELLIPSIZE_START);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->label), "dim-label");
  g_object_set (self->label, "margin-start", 6, "margin-end", 8, NULL);
  gtk_widget_set_valign (self->label, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (self->label, TRUE);
  gtk_container_add (GTK_CONTAINER (self), self->label);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _("The selection: drag on a timeline to select, "
                                                    "Shift+click to extend"));
}

GtkWidget *
lttv_selection_status_new (LttvTimeContext *tc)
{
  LttvSelectionStatus *self = g_object_new (LTTV_TYPE_SELECTION_STATUS,
                                            "orientation", GTK_ORIENTATION_HORIZONTAL, NULL);
  self->tc = g_object_ref (tc);
  g_signal_connect (tc, "selection-changed", G_CALLBACK (selection_cb), self);
  gtk_widget_show_all (GTK_WIDGET (self));
  return GTK_WIDGET (self);
}

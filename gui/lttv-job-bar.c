/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-job-bar.h"

#define POLL_MS 100

struct _LttvJobBar
{
  GtkRevealer parent_instance;

  GtkLabel *title;
  GtkProgressBar *progress;
  GtkLabel *status;
  GtkButton *cancel;
  GPtrArray *jobs;   /* LttvJob, running, oldest first */
  guint poll_id;
};

G_DEFINE_TYPE (LttvJobBar, lttv_job_bar, GTK_TYPE_REVEALER)

static char *
rate_text (double per_second)
{
  if (per_second >= 1e6)
    return g_strdup_printf (_("%.1f M events/s"), per_second / 1e6);
  if (per_second >= 1e3)
    return g_strdup_printf (_("%.1f k events/s"), per_second / 1e3);
  return g_strdup_printf (_("%.0f events/s"), per_second);
}

static void
update (LttvJobBar *self)
{
  LttvJob *job;
  double fraction, elapsed;
  guint64 events;

  if (self->jobs->len == 0)
    return;
  /* The oldest job is the one the user waits for. */
  job = self->jobs->pdata[0];
  gtk_label_set_text (self->title, lttv_job_get_title (job));
  elapsed = lttv_job_get_elapsed (job);
  if (!lttv_job_get_progress (job, &fraction, &events))
    {
      gtk_progress_bar_pulse (self->progress);
      gtk_progress_bar_set_text (self->progress, NULL);
      gtk_label_set_text (self->status, "");
      return;
    }
  g_autofree char *percent = g_strdup_printf (_("%d %%"), (int) (fraction * 100));
  g_autofree char *rate = rate_text (elapsed > 0 ? events / elapsed : 0);
  g_autofree char *left = NULL;
  if (fraction > 0.001)
    left = g_strdup_printf (_("%.0f s left"), elapsed * (1 - fraction) / fraction);
  else
    left = g_strdup (_("time left unknown"));
  g_autofree char *status = g_strdup_printf ("%s, %s", rate, left);
  gtk_progress_bar_set_fraction (self->progress, fraction);
  gtk_progress_bar_set_text (self->progress, percent);
  gtk_label_set_text (self->status, status);
}

static gboolean
poll_cb (gpointer user_data)
{
  update (user_data);
  return G_SOURCE_CONTINUE;
}

static void
job_finished_cb (LttvJob *job, LttvJobBar *self)
{
  g_signal_handlers_disconnect_by_data (job, self);
  g_ptr_array_remove (self->jobs, job);
  if (self->jobs->len == 0)
    {
      g_clear_handle_id (&self->poll_id, g_source_remove);
      gtk_revealer_set_reveal_child (GTK_REVEALER (self), FALSE);
    }
  else
    update (self);
}

void
lttv_job_bar_add (LttvJobBar *self, LttvJob *job)
{
  g_return_if_fail (LTTV_IS_JOB_BAR (self));
  g_return_if_fail (LTTV_IS_JOB (job));

  if (!lttv_job_is_running (job))
    return;
  g_ptr_array_add (self->jobs, g_object_ref (job));
  g_signal_connect (job, "finished", G_CALLBACK (job_finished_cb), self);
  if (self->poll_id == 0)
    self->poll_id = g_timeout_add (POLL_MS, poll_cb, self);
  update (self);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self), TRUE);
}

const char *
lttv_job_bar_get_status (LttvJobBar *self)
{
  return gtk_label_get_text (self->status);
}

void
lttv_job_bar_cancel (LttvJobBar *self)
{
  if (self->jobs->len > 0)
    lttv_job_cancel (self->jobs->pdata[0]);
}

static void
cancel_clicked_cb (GtkButton *button, LttvJobBar *self)
{
  lttv_job_bar_cancel (self);
}

static void
lttv_job_bar_dispose (GObject *object)
{
  LttvJobBar *self = LTTV_JOB_BAR (object);

  g_clear_handle_id (&self->poll_id, g_source_remove);
  if (self->jobs != NULL)
    for (guint i = 0; i < self->jobs->len; i++)
      {
        g_signal_handlers_disconnect_by_data (self->jobs->pdata[i], self);
        lttv_job_cancel (self->jobs->pdata[i]);
      }
  g_clear_pointer (&self->jobs, g_ptr_array_unref);
  G_OBJECT_CLASS (lttv_job_bar_parent_class)->dispose (object);
}

static void
lttv_job_bar_class_init (LttvJobBarClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lttv_job_bar_dispose;
}

static void
lttv_job_bar_init (LttvJobBar *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  self->jobs = g_ptr_array_new_with_free_func (g_object_unref);
  self->title = GTK_LABEL (gtk_label_new (NULL));
  self->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  self->status = GTK_LABEL (gtk_label_new (NULL));
  self->cancel = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Cancel")));

  gtk_progress_bar_set_show_text (self->progress, TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->progress), GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (GTK_WIDGET (self->progress), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->progress), _("Progress of the background work"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->cancel), _("Stop this background work"));
  gtk_label_set_width_chars (self->status, 28);
  gtk_label_set_xalign (self->status, 0);
  gtk_style_context_add_class (gtk_widget_get_style_context (GTK_WIDGET (self->status)), "dim-label");
  g_signal_connect (self->cancel, "clicked", G_CALLBACK (cancel_clicked_cb), self);

  g_object_set (box, "margin", 6, NULL);
  gtk_container_add (GTK_CONTAINER (box), GTK_WIDGET (self->title));
  gtk_container_add (GTK_CONTAINER (box), GTK_WIDGET (self->progress));
  gtk_container_add (GTK_CONTAINER (box), GTK_WIDGET (self->status));
  gtk_container_add (GTK_CONTAINER (box), GTK_WIDGET (self->cancel));
  gtk_widget_show_all (box);
  gtk_container_add (GTK_CONTAINER (self), box);
  gtk_revealer_set_transition_type (GTK_REVEALER (self), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
}

GtkWidget *
lttv_job_bar_new (void)
{
  return g_object_new (LTTV_TYPE_JOB_BAR, NULL);
}

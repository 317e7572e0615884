/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTab: one tab of the window, its traces, time context and viewers;
 * the layout is in lttv-tab-layout.c, the opening in lttv-tab-open.c. */
#include "config.h"

#include <glib/gi18n.h>

#include <lttv/lttv.h>

#include "lttv-layout-settings.h"
#include "lttv-marks-private.h"
#include "lttv-module-host.h"
#include "lttv-pane-split.h"
#include "lttv-selection-status.h"
#include "lttv-stall-meter.h"
#include "lttv-tab.h"
#include "lttv-tab-private.h"
#include "lttv-trace-data.h"
#include "lttv-time-bar.h"
#include "lttv-time-ruler.h"
#include "lttv-viewer-context-private.h"

guint lttv_tab_signals[N_SIGNALS];

G_DEFINE_TYPE (LttvTab, lttv_tab, GTK_TYPE_BOX)

static void
viewer_free (gpointer data)
{
  Viewer *v = data;
  lttv_viewer_context_detach (v->ctx);
  g_object_unref (v->ctx);
  g_object_unref (v->tab_label);
  g_object_unref (v->frame);
  g_free (v);
}

/* --- Accessors ----------------------------------------------------------- */

LttvTimeContext *lttv_tab_get_time_context (LttvTab *self) { return self->time_context; }
LttvBookmarks *lttv_tab_get_bookmarks (LttvTab *self) { return self->bookmarks; }
const char *lttv_tab_get_status (LttvTab *self) { return self->status != NULL ? lttv_selection_status_get_text (LTTV_SELECTION_STATUS (self->status)) : ""; }
GtkWidget *lttv_tab_get_status_widget (LttvTab *self) { return self->status; }
LttvTraceset *lttv_tab_get_traceset (LttvTab *self) { return self->traceset; }
LttvState *lttv_tab_get_state (LttvTab *self) { return self->data != NULL ? lttv_trace_data_get_state (self->data) : NULL; }
LttvJobBar *lttv_tab_get_job_bar (LttvTab *self) { return LTTV_JOB_BAR (self->job_bar); }
LttvTimeBar *lttv_tab_get_time_bar (LttvTab *self) { return LTTV_TIME_BAR (self->time_bar); }
gboolean lttv_tab_is_opening (LttvTab *self) { return self->open_job != NULL; }

const char *
lttv_tab_get_title (LttvTab *self)
{
  return self->title != NULL && self->title[0] != '\0' ? self->title : _("Empty tab");
}

const char *
lttv_tab_get_problems (LttvTab *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->problem_bar))
         ? gtk_label_get_text (self->problem_label) : NULL;
}

void
lttv_tab_refresh_times (LttvTab *self)
{
  lttv_time_bar_refresh (LTTV_TIME_BAR (self->time_bar));
  /* Viewers redraw their times on a window change; nudge them. */
  g_signal_emit_by_name (self->time_context, "window-changed");
}

void
lttv_tab_focus_current_time (LttvTab *self)
{
  lttv_time_bar_focus_current (LTTV_TIME_BAR (self->time_bar));
}

static void
problem_response_cb (GtkInfoBar *bar, int response, LttvTab *self)
{
  gtk_widget_hide (GTK_WIDGET (bar));
}

/* One viewer a main-loop turn, then the tab: destroying them all at once
 * blocked the loop 55-60 ms with the sanitizers. */
static gboolean
close_step (gpointer data)
{
  LttvTab *self = data;

  if (self->viewers != NULL && self->viewers->len > 0)
    {
      Viewer *v = self->viewers->pdata[self->viewers->len - 1];
      /* (out of its area without laying the others out again) */
      if (gtk_widget_get_parent (v->frame) != NULL)
        gtk_container_remove (GTK_CONTAINER (gtk_widget_get_parent (v->frame)), v->frame);
      g_ptr_array_remove_index (self->viewers, self->viewers->len - 1);
      return G_SOURCE_CONTINUE;
    }
  gtk_widget_destroy (GTK_WIDGET (self));
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

void
lttv_tab_close (LttvTab *self)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));

  g_return_if_fail (LTTV_IS_TAB (self));
  if (self->closing)
    return;
  self->closing = TRUE;
  /* Its work stops now; its widgets go over the next turns. */
  if (self->open_job != NULL)
    lttv_job_cancel (self->open_job);
  g_clear_object (&self->open_job);
  lttv_tab_stop_build (self);
  g_clear_handle_id (&self->damage_timer, g_source_remove);
  g_clear_handle_id (&self->pending_idle, g_source_remove);
  g_clear_handle_id (&self->save_idle, g_source_remove);
  for (guint i = 0; i < self->viewers->len; i++)
    lttv_viewer_context_detach (((Viewer *) self->viewers->pdata[i])->ctx);
  g_object_ref (self);
  if (parent != NULL)
    gtk_container_remove (GTK_CONTAINER (parent), GTK_WIDGET (self));
  g_idle_add (close_step, self);
}

/* A running open job keeps a reference to the tab until it returns. */
static void
lttv_tab_dispose (GObject *object)
{
  LttvTab *self = LTTV_TAB (object);

  if (self->open_job != NULL)
    {
      lttv_job_cancel (self->open_job);
      g_clear_object (&self->open_job);
    }
  lttv_tab_stop_build (self);
  g_clear_handle_id (&self->damage_timer, g_source_remove);
  g_clear_handle_id (&self->pending_idle, g_source_remove);
  g_clear_handle_id (&self->save_idle, g_source_remove);
  g_queue_clear_full (&self->pending, g_free);
  g_clear_pointer (&self->viewers, g_ptr_array_unref);
  if (self->status != NULL)
    gtk_widget_destroy (self->status);
  g_clear_object (&self->status);
  if (self->axis != NULL)
    g_signal_handlers_disconnect_by_data (self->axis, self);
  g_clear_object (&self->axis);
  if (self->ruler_context != NULL)
    lttv_viewer_context_detach (self->ruler_context);
  g_clear_object (&self->ruler_context);
  g_clear_object (&self->empty_label);
  G_OBJECT_CLASS (lttv_tab_parent_class)->dispose (object);
}

static void
lttv_tab_finalize (GObject *object)
{
  LttvTab *self = LTTV_TAB (object);

  self->traceset = NULL;
  g_clear_pointer (&self->data, lttv_trace_data_unref);
  g_clear_object (&self->time_context);
  g_clear_object (&self->bookmarks);
  g_ptr_array_unref (self->paths);
  g_free (self->open_error);
  g_clear_pointer (&self->layout_heights, g_array_unref);
  g_free (self->title);
  g_free (self->live_title);
  G_OBJECT_CLASS (lttv_tab_parent_class)->finalize (object);
}

static void
lttv_tab_class_init (LttvTabClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lttv_tab_dispose;
  object_class->finalize = lttv_tab_finalize;
  lttv_tab_signals[OPENED] = g_signal_new ("opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  lttv_tab_signals[TITLE_CHANGED] = g_signal_new ("title-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  lttv_tab_signals[VIEWERS_CHANGED] = g_signal_new ("viewers-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/lttv/Lttv/lttv-tab.ui");
  gtk_widget_class_bind_template_child (widget_class, LttvTab, problem_bar);
  gtk_widget_class_bind_template_child (widget_class, LttvTab, problem_label);
  gtk_widget_class_bind_template_child (widget_class, LttvTab, viewer_area);
  gtk_widget_class_bind_template_callback (widget_class, problem_response_cb);
}

static void
lttv_tab_init (LttvTab *self)
{
  lttv_tab_add_compact_style ();   /* (a tab outside a window: tests) */
  gtk_widget_init_template (GTK_WIDGET (self));

  self->paths = g_ptr_array_new_with_free_func (g_free);
  self->viewers = g_ptr_array_new_with_free_func (viewer_free);
  self->time_context = lttv_time_context_new ();
  self->bookmarks = lttv_bookmarks_new ();
  self->layout_dock_height = -1;

  self->time_bar = lttv_time_bar_new (self->time_context);
  self->job_bar = lttv_job_bar_new ();
  self->empty_label = g_object_ref_sink (gtk_label_new (_("No viewer in this tab: add one from the View menu.")));
  gtk_style_context_add_class (gtk_widget_get_style_context (self->empty_label), "dim-label");

  /* Below the info bar, above the viewers. */
  gtk_box_pack_start (GTK_BOX (self), self->time_bar, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (self), self->time_bar, 1);
  gtk_box_pack_start (GTK_BOX (self), self->job_bar, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (self), self->job_bar, 2);
  gtk_widget_show_all (self->time_bar);
  gtk_widget_show (self->job_bar);
  lttv_tab_build_layout (self);
  /* (in the window's bar, right of the toolbar: a line of its own under
   * the tab would take the rows' room) */
  self->status = g_object_ref_sink (lttv_selection_status_new (self->time_context));
}

LttvTab *
lttv_tab_new (void)
{
  return g_object_new (LTTV_TYPE_TAB, NULL);
}

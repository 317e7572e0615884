/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The tab's viewers: timelines in the upper area on one time axis, the
 * others in the dock; maximised, moved, closed, and remembered. */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-layout-settings.h"
#include "lttv-module-host.h"
#include "lttv-pane-split.h"
#include "lttv-time-ruler.h"
#include "lttv-tab-private.h"

/* --- Layout ---------------------------------------------------------------- */

/* Timelines (viewers on the tab's time axis) go in the upper area by
 * default, the others in the dock: a viewer that asked for the axis while
 * it was built is a timeline. */
static const char *const default_timelines[] = { "controlflow", "resourceview", "histogram" };

static gboolean
is_timeline (const Viewer *v)
{
  return g_strv_contains ((const char *const *) default_timelines, v->info->id)
         || lttv_viewer_context_uses_axis (v->ctx);
}

static void save_layout_soon (LttvTab *self);
static void update_dock_tabs (LttvTab *self);

/* The default shares of the upper area, or the heights the user left. */
static void
follow_chain (LttvTab *self)
{
  g_autoptr (GArray) shares = g_array_new (FALSE, FALSE, sizeof (double));
  GSettings *settings = lttv_layout_settings ();
  g_autoptr (GVariant) heights = settings != NULL ? g_settings_get_value (settings, "timeline-heights") : NULL;
  gsize n_heights = heights != NULL ? g_variant_n_children (heights) : 0;
  const gint32 *h = heights != NULL ? g_variant_get_fixed_array (heights, &n_heights, sizeof (gint32)) : NULL;

  for (guint i = 0; i < self->viewers->len; i++)
    {
      Viewer *v = self->viewers->pdata[i];
      if (!v->docked)
        {
          double share = lttv_pane_split_share_of (v->info->id);
          g_array_append_val (shares, share);
        }
    }
  /* Remembered heights stand for as many viewers as there are now; a
   * session's come first. */
  if (self->layout_heights != NULL && self->layout_heights->len == shares->len)
    for (guint i = 0; i < shares->len; i++)
      g_array_index (shares, double, i) = MAX (g_array_index (self->layout_heights, int, i), 1);
  else if (n_heights == shares->len)
    for (guint i = 0; i < shares->len; i++)
      g_array_index (shares, double, i) = MAX (h[i], 1);
  lttv_pane_split_follow (self->chain, lttv_pane_chain_top (self->chain),
                          (double *) shares->data, shares->len);
  /* (a handle dragged: the heights are kept once the user moved one) */
  for (GtkWidget *w = lttv_pane_chain_top (self->chain); GTK_IS_PANED (w);
       w = gtk_paned_get_child2 (GTK_PANED (w)))
    if (g_object_get_data (G_OBJECT (w), "lttv-tab-saves") == NULL)
      {
        g_object_set_data (G_OBJECT (w), "lttv-tab-saves", self);
        g_signal_connect_object (w, "notify::position", G_CALLBACK (save_layout_soon), self,
                                 G_CONNECT_SWAPPED);
      }
}

/* What shows: the dock when it has pages, the upper area when it has
 * timelines; a maximised viewer alone. */
static void
update_areas (LttvTab *self)
{
  Viewer *max = self->maximised;
  guint n_upper = 0, n_docked = 0;

  for (guint i = 0; i < self->viewers->len; i++)
    {
      Viewer *v = self->viewers->pdata[i];
      if (v->docked)
        n_docked++;
      else
        {
          n_upper++;
          gtk_widget_set_visible (v->frame, max == NULL || max == v);
        }
    }
  lttv_pane_chain_sync_visible (self->chain);
  update_dock_tabs (self);
  gtk_widget_set_visible (self->upper, n_upper > 0 && (max == NULL || !max->docked));
  gtk_widget_set_visible (self->dock, n_docked > 0 && (max == NULL || max->docked));
  gtk_widget_set_visible (self->empty_label, self->viewers->len == 0);
}

static void
viewers_changed (LttvTab *self)
{
  update_areas (self);
  save_layout_soon (self);
  g_signal_emit (self, lttv_tab_signals[VIEWERS_CHANGED], 0);
}

Viewer *
lttv_tab_viewer_of_frame (LttvTab *self, GtkWidget *frame, guint *index)
{
  for (guint i = 0; i < self->viewers->len; i++)
    if (((Viewer *) self->viewers->pdata[i])->frame == frame)
      {
        if (index != NULL)
          *index = i;
        return self->viewers->pdata[i];
      }
  return NULL;
}

/* The dock shows its tabs when it has several pages; one page alone shows
 * its title and buttons in its toolbar, and the rows get the tabs' room. */
static void
update_dock_tabs (LttvTab *self)
{
  Viewer *alone = NULL;
  guint n_docked = 0;

  for (guint i = 0; i < self->viewers->len; i++)
    {
      Viewer *v = self->viewers->pdata[i];
      if (v->docked)
        n_docked++, alone = v;
    }
  /* (and those still to come: a strip shown for the second would match
   * again the style of every widget of the first) */
  for (GList *l = self->pending.head; l != NULL; l = l->next)
    n_docked += ((const char *) l->data)[0] == 'd';
  if (n_docked != 1 || alone == NULL || alone->toolbar == NULL)
    alone = NULL;
  lttv_tab_strip_show (GTK_NOTEBOOK (self->dock), alone == NULL);
  for (guint i = 0; i < self->viewers->len; i++)
    {
      Viewer *v = self->viewers->pdata[i];
      lttv_tab_show_toolbar_title (v, !v->docked, v == alone);
    }
}

/* Puts a viewer's frame in its area, at the end. */
static void
place (LttvTab *self, Viewer *v)
{
  lttv_tab_fold_title (v, !v->docked);
  if (v->docked)
    {
      int page = gtk_notebook_append_page (GTK_NOTEBOOK (self->dock), v->frame, v->tab_label);
      gtk_notebook_set_tab_reorderable (GTK_NOTEBOOK (self->dock), v->frame, TRUE);
      gtk_widget_show (v->frame);
      if (self->maximised == NULL)   /* (else it stays on the maximised) */
        gtk_notebook_set_current_page (GTK_NOTEBOOK (self->dock), page);
    }
  else
    {
      gtk_widget_show (v->frame);
      lttv_pane_chain_append (self->chain, v->frame);
      follow_chain (self);
    }
}

static void
unplace (LttvTab *self, Viewer *v)
{
  if (v->docked)
    {
      int page = gtk_notebook_page_num (GTK_NOTEBOOK (self->dock), v->frame);
      if (page >= 0)
        gtk_notebook_remove_page (GTK_NOTEBOOK (self->dock), page);
    }
  else if (gtk_widget_get_parent (v->frame) != NULL)
    {
      lttv_pane_chain_remove (self->chain, v->frame);
      follow_chain (self);
    }
}

static void
set_maximised (LttvTab *self, Viewer *v)
{
  self->maximised = v;
  update_areas (self);
  if (v != NULL && v->docked)
    gtk_notebook_set_current_page (GTK_NOTEBOOK (self->dock),
                                   gtk_notebook_page_num (GTK_NOTEBOOK (self->dock), v->frame));
}

/* Adds viewer `id` in the dock or the upper area (by its kind when
 * `where` is -1). */
static gboolean
add_viewer_at (LttvTab *self, const char *id, int where)
{
  const LttvViewerInfo *info;
  Viewer *v;

  info = lttv_module_host_find_viewer (id);
  if (info == NULL)
    return FALSE;
  v = g_new0 (Viewer, 1);
  v->info = info;
  v->ctx = lttv_viewer_context_new (self->time_context, self->job_bar);
  lttv_viewer_context_set_axis (v->ctx, self->axis);
  lttv_viewer_context_set_bookmarks (v->ctx, self->bookmarks);
  lttv_viewer_context_set_traceset (v->ctx, self->traceset);
  lttv_viewer_context_set_open_error (v->ctx, self->open_error);
  lttv_viewer_context_hold (v->ctx, self->data);
  if (self->data != NULL && lttv_trace_data_get_state (self->data) != NULL)
    lttv_viewer_context_set_state (v->ctx, lttv_trace_data_get_state (self->data));
  v->widget = info->create (v->ctx);
  if (v->widget == NULL)
    {
      g_object_unref (v->ctx);
      g_free (v);
      return FALSE;
    }
  v->docked = where >= 0 ? where == 1 : !is_timeline (v);
  v->frame = lttv_tab_make_frame (self, v);
  g_ptr_array_add (self->viewers, v);
  /* (one the tab adds on its way to its default or saved set, a frame
   * at a time, leaves the viewer the user maximised meanwhile alone) */
  if (self->maximised != NULL && where < 0)
    set_maximised (self, NULL);
  place (self, v);
  viewers_changed (self);
  return TRUE;
}

gboolean
lttv_tab_add_viewer (LttvTab *self, const char *id)
{
  g_return_val_if_fail (LTTV_IS_TAB (self), FALSE);
  return add_viewer_at (self, id, -1);
}

void
lttv_tab_dock_viewer (LttvTab *self, guint index, gboolean docked)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  g_return_if_fail (index < self->viewers->len);
  Viewer *v = self->viewers->pdata[index];

  if (v->docked == docked)
    return;
  g_object_ref (v->frame);
  unplace (self, v);
  v->docked = docked;
  place (self, v);
  g_object_unref (v->frame);
  viewers_changed (self);
}

gboolean
lttv_tab_viewer_is_docked (LttvTab *self, guint index)
{
  g_return_val_if_fail (index < self->viewers->len, FALSE);
  return ((Viewer *) self->viewers->pdata[index])->docked;
}

void
lttv_tab_toggle_maximised (LttvTab *self, guint index)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  g_return_if_fail (index < self->viewers->len);
  Viewer *v = self->viewers->pdata[index];

  set_maximised (self, self->maximised == v ? NULL : v);
}

int
lttv_tab_get_maximised (LttvTab *self)
{
  for (guint i = 0; i < self->viewers->len; i++)
    if (self->viewers->pdata[i] == self->maximised)
      return (int) i;
  return -1;
}

/* The viewer that holds the keyboard focus, else the dock's current one,
 * else the first: what the maximise key acts on. */
int
lttv_tab_get_focus_viewer (LttvTab *self)
{
  GtkWidget *top = gtk_widget_get_toplevel (GTK_WIDGET (self));
  GtkWidget *focus = GTK_IS_WINDOW (top) ? gtk_window_get_focus (GTK_WINDOW (top)) : NULL;
  int page;

  if (self->maximised != NULL)
    return lttv_tab_get_maximised (self);
  for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent (w))
    {
      guint index;
      if (lttv_tab_viewer_of_frame (self, w, &index) != NULL)
        return (int) index;
    }
  page = gtk_notebook_get_current_page (GTK_NOTEBOOK (self->dock));
  if (page >= 0)
    {
      guint index;
      if (lttv_tab_viewer_of_frame (self, gtk_notebook_get_nth_page (GTK_NOTEBOOK (self->dock), page), &index) != NULL)
        return (int) index;
    }
  return self->viewers->len > 0 ? 0 : -1;
}

/* --- Remembering the layout ------------------------------------------------ */

static gboolean
save_layout (gpointer data)
{
  LttvTab *self = data;
  GSettings *settings = lttv_layout_settings ();
  g_autoptr (GPtrArray) upper = g_ptr_array_new ();
  g_autoptr (GPtrArray) docked = g_ptr_array_new ();
  g_autoptr (GArray) heights = g_array_new (FALSE, FALSE, sizeof (gint32));

  self->save_idle = 0;
  /* A tab still building its viewers has not the user's set yet. */
  if (settings == NULL || self->pending_idle != 0)
    return G_SOURCE_REMOVE;
  for (guint i = 0; i < self->viewers->len; i++)
    {
      Viewer *v = self->viewers->pdata[i];
      g_ptr_array_add (v->docked ? docked : upper, (gpointer) v->info->id);
      if (!v->docked)
        {
          gint32 h = gtk_widget_get_allocated_height (v->frame);
          g_array_append_val (heights, h);
        }
    }
  /* The dock's tabs in their order (the user may drag them). */
  g_ptr_array_set_size (docked, 0);
  for (int p = 0; p < gtk_notebook_get_n_pages (GTK_NOTEBOOK (self->dock)); p++)
    {
      Viewer *v = lttv_tab_viewer_of_frame (self, gtk_notebook_get_nth_page (GTK_NOTEBOOK (self->dock), p), NULL);
      if (v != NULL)
        g_ptr_array_add (docked, (gpointer) v->info->id);
    }
  g_ptr_array_add (upper, NULL);
  g_ptr_array_add (docked, NULL);
  g_settings_set_strv (settings, "timeline-viewers", (const char *const *) upper->pdata);
  g_settings_set_strv (settings, "dock-viewers", (const char *const *) docked->pdata);
  if (self->dock_moved && self->maximised == NULL && gtk_widget_get_visible (self->upper))
    g_settings_set_int (settings, "dock-height", gtk_widget_get_allocated_height (self->dock));
  if (lttv_pane_split_user_moved (self->chain) && self->maximised == NULL)
    g_settings_set_value (settings, "timeline-heights",
                          g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, heights->data,
                                                     heights->len, sizeof (gint32)));
  return G_SOURCE_REMOVE;
}

static void
save_layout_soon (LttvTab *self)
{
  if (self->save_idle == 0 && !self->closing)
    self->save_idle = g_timeout_add (300, save_layout, self);
}

/* The dock's handle moved, by the user unless we placed it: its height is
 * kept for new tabs. */
static void
split_moved (GtkWidget *split, GParamSpec *pspec, LttvTab *self)
{
  if (self->dock_placed && !self->placing)
    {
      self->dock_moved = TRUE;
      save_layout_soon (self);
    }
}

/* The dock's first height: as the user left it, else a quarter of the
 * tab, and LTTV_TAB_DOCK_HEIGHT at the least. */
static void
split_allocated (GtkWidget *split, GdkRectangle *allocation, LttvTab *self)
{
  GSettings *settings = lttv_layout_settings ();
  int height = self->layout_dock_height >= 0 ? self->layout_dock_height
               : settings != NULL ? g_settings_get_int (settings, "dock-height") : -1;

  /* (once the default viewers are in: their smallest heights count) */
  if (self->dock_placed || allocation->height < 100 || self->pending_idle != 0
      || self->viewers->len == 0)
    return;
  self->dock_placed = TRUE;
  /* (the timelines keep their smallest height: the tab would scroll) */
  int upper_min = 0;
  gtk_widget_get_preferred_height (self->upper, &upper_min, NULL);
  if (height < 0)
    {
      /* (its tabs' strip, when it shows one, comes on top of the rows) */
      GtkWidget *page = gtk_notebook_get_nth_page (GTK_NOTEBOOK (self->dock),
                                                   gtk_notebook_get_current_page (GTK_NOTEBOOK (self->dock)));
      int tabs = gtk_notebook_get_show_tabs (GTK_NOTEBOOK (self->dock)) && page != NULL
                 ? MAX (gtk_widget_get_allocated_height (self->dock) - gtk_widget_get_allocated_height (page), 0) : 0;
      height = MAX (allocation->height / 4, LTTV_TAB_DOCK_HEIGHT + tabs);
    }
  height = MAX (MIN (height, allocation->height - upper_min - 8), 120);
  height = MIN (height, allocation->height - 60);
  /* (the handle's pixels: what the children were not given) */
  int handle = allocation->height - gtk_widget_get_allocated_height (self->upper)
               - gtk_widget_get_allocated_height (self->dock);
  self->placing = TRUE;
  gtk_paned_set_position (GTK_PANED (split), MAX (allocation->height - height - MAX (handle, 0), 0));
  self->placing = FALSE;
}

static void
axis_changed_cb (LttvTimeAxis *axis, LttvTab *self)
{
  GSettings *settings = lttv_layout_settings ();
  if (settings != NULL)
    g_settings_set_int (settings, "names-width", lttv_time_axis_get_start (axis));
}

/* A scrollbar's width: the right margin of every timeline's chart. */
static int
scrollbar_width (void)
{
  GtkWidget *bar = g_object_ref_sink (gtk_scrollbar_new (GTK_ORIENTATION_VERTICAL, NULL));
  int natural = 0;

  /* (a hidden widget measures 0) */
  gtk_widget_show (bar);
  gtk_widget_get_preferred_width (bar, NULL, &natural);
  gtk_widget_destroy (bar);
  g_object_unref (bar);
  return natural;
}

void
lttv_tab_build_layout (LttvTab *self)
{
  GSettings *settings = lttv_layout_settings ();

  self->axis = lttv_time_axis_new (settings != NULL ? g_settings_get_int (settings, "names-width")
                                                    : LTTV_TIME_AXIS_DEFAULT_START,
                                   scrollbar_width ());
  g_signal_connect (self->axis, "changed", G_CALLBACK (axis_changed_cb), self);
  self->ruler_context = lttv_viewer_context_new (self->time_context, NULL);
  lttv_viewer_context_set_axis (self->ruler_context, self->axis);
  lttv_viewer_context_set_bookmarks (self->ruler_context, self->bookmarks);
  self->ruler = lttv_time_ruler_new (self->ruler_context);
  lttv_time_ruler_set_on_axis (LTTV_TIME_RULER (self->ruler), TRUE);

  self->split = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  gtk_paned_set_wide_handle (GTK_PANED (self->split), TRUE);
  gtk_widget_set_vexpand (self->split, TRUE);
  self->upper = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->chain = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_vexpand (self->chain, TRUE);
  /* The ruler spans the timelines' width, right above them. */
  gtk_box_pack_start (GTK_BOX (self->upper), self->ruler, FALSE, FALSE, 0);
  /* Timelines taller than the area scroll under the ruler rather than
   * pushing the dock away (overlay scrollbars: the width stays). */
  GtkWidget *scroll = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  GtkWidget *viewport = gtk_viewport_new (NULL, NULL);
  gtk_viewport_set_shadow_type (GTK_VIEWPORT (viewport), GTK_SHADOW_NONE); /* (no border) */
  gtk_container_add (GTK_CONTAINER (viewport), self->chain);
  gtk_container_add (GTK_CONTAINER (scroll), viewport);
  gtk_widget_show_all (scroll);
  gtk_box_pack_start (GTK_BOX (self->upper), scroll, TRUE, TRUE, 0);
  self->dock = gtk_notebook_new ();
  gtk_notebook_set_scrollable (GTK_NOTEBOOK (self->dock), TRUE);
  gtk_notebook_set_show_border (GTK_NOTEBOOK (self->dock), FALSE);
  gtk_notebook_set_group_name (GTK_NOTEBOOK (self->dock), NULL);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->dock), "lttv-dock");
  lttv_tab_strip_show (GTK_NOTEBOOK (self->dock), TRUE);
  /* The upper area takes what the window gains; the dock keeps its
   * height. */
  gtk_paned_pack1 (GTK_PANED (self->split), self->upper, TRUE, FALSE);
  gtk_paned_pack2 (GTK_PANED (self->split), self->dock, FALSE, FALSE);
  g_signal_connect (self->split, "size-allocate", G_CALLBACK (split_allocated), self);
  g_signal_connect (self->split, "notify::position", G_CALLBACK (split_moved), self);
  g_signal_connect_swapped (self->dock, "page-reordered", G_CALLBACK (save_layout_soon), self);

  gtk_box_pack_start (GTK_BOX (self->viewer_area), self->split, TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (self->viewer_area), self->empty_label, TRUE, TRUE, 0);
  gtk_widget_show (self->split);
  gtk_widget_show (self->ruler);
  gtk_widget_show (self->chain);
  update_areas (self);
}

/* One viewer a frame: building them all and laying them out in one go
 * would block the loop about as long as a turn may take. (Each comes
 * PENDING_MS after the last, below the frame's priority: a frame due by
 * then styles, lays out and paints it before the next comes.) Each is
 * "u:ID" (upper area) or "d:ID" (dock). */
#define PENDING_MS 20
static gboolean
add_pending_viewer (gpointer data)
{
  LttvTab *self = data;
  g_autofree char *entry = g_queue_pop_head (&self->pending);

  if (entry != NULL)
    self->pending_added += add_viewer_at (self, entry + 2, entry[0] == 'd');
  if (!g_queue_is_empty (&self->pending))
    return G_SOURCE_CONTINUE;
  self->pending_idle = 0;
  update_dock_tabs (self);   /* (one that failed was counted) */
  if (self->pending_added == 0)
    lttv_tab_add_viewer (self, "traceinfo");
  if (self->maximised == NULL)
    gtk_notebook_set_current_page (GTK_NOTEBOOK (self->dock), 0);
  save_layout_soon (self);
  g_signal_emit (self, lttv_tab_signals[VIEWERS_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

void
lttv_tab_add_default_viewers (LttvTab *self)
{
  /* (the statistics and trace information come from the View menu: built
   * with the others, they cost the main loop 15-20 ms more a turn while a
   * big trace's state is built) */
  /* (the histogram, a timeline, waits in the dock: at a laptop's height
   * the upper area is the thread and CPU rows') */
  static const char *const default_dock[] = { "eventlist", "histogram", NULL };
  GSettings *settings = lttv_layout_settings ();
  g_auto (GStrv) upper = settings != NULL ? g_settings_get_strv (settings, "timeline-viewers")
                                          : g_strdupv ((char **) (const char *const[]) {
                                              default_timelines[0], default_timelines[1], NULL });
  g_auto (GStrv) docked = settings != NULL ? g_settings_get_strv (settings, "dock-viewers")
                                           : g_strdupv ((char **) default_dock);

  g_return_if_fail (LTTV_IS_TAB (self));
  for (guint i = 0; upper[i] != NULL; i++)
    g_queue_push_tail (&self->pending, g_strconcat ("u:", upper[i], NULL));
  for (guint i = 0; docked[i] != NULL; i++)
    g_queue_push_tail (&self->pending, g_strconcat ("d:", docked[i], NULL));
  if (self->pending_idle == 0)
    {
      self->pending_added = 0;
      self->pending_idle = g_timeout_add_full (G_PRIORITY_DEFAULT_IDLE, PENDING_MS,
                                               add_pending_viewer, self, NULL);
    }
}

void
lttv_tab_add_viewer_set (LttvTab *self, const char *const *entries, const int *heights,
                         guint n_heights, int dock_height)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  g_clear_pointer (&self->layout_heights, g_array_unref);
  if (heights != NULL && n_heights > 0)
    {
      self->layout_heights = g_array_sized_new (FALSE, FALSE, sizeof (int), n_heights);
      g_array_append_vals (self->layout_heights, heights, n_heights);
    }
  self->layout_dock_height = dock_height;
  for (guint i = 0; entries[i] != NULL; i++)
    if ((g_str_has_prefix (entries[i], "u:") || g_str_has_prefix (entries[i], "d:")) && entries[i][2] != '\0')
      g_queue_push_tail (&self->pending, g_strdup (entries[i]));
  if (self->pending_idle == 0)
    {
      self->pending_added = 0;
      self->pending_idle = g_timeout_add_full (G_PRIORITY_DEFAULT_IDLE, PENDING_MS,
                                               add_pending_viewer, self, NULL);
    }
}

void
lttv_tab_get_layout (LttvTab *self, GArray *heights, int *dock_height, int *dock_page)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  for (guint i = 0; i < self->viewers->len; i++)
    {
      Viewer *v = self->viewers->pdata[i];
      int h = v->docked ? 0 : gtk_widget_get_allocated_height (v->frame);
      g_array_append_val (heights, h);
    }
  *dock_height = gtk_widget_get_visible (self->dock) ? gtk_widget_get_allocated_height (self->dock) : -1;
  *dock_page = gtk_notebook_get_current_page (GTK_NOTEBOOK (self->dock));
}

void
lttv_tab_set_dock_page (LttvTab *self, int page)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  if (page >= 0 && page < gtk_notebook_get_n_pages (GTK_NOTEBOOK (self->dock)))
    gtk_notebook_set_current_page (GTK_NOTEBOOK (self->dock), page);
}

gboolean
lttv_tab_viewers_ready (LttvTab *self)
{
  g_return_val_if_fail (LTTV_IS_TAB (self), FALSE);
  return self->pending_idle == 0;
}

void
lttv_tab_remove_viewer (LttvTab *self, guint index)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  g_return_if_fail (index < self->viewers->len);
  Viewer *v = self->viewers->pdata[index];

  if (self->maximised == v)
    self->maximised = NULL;
  unplace (self, v);
  g_ptr_array_remove_index (self->viewers, index);
  viewers_changed (self);
}

/* Swaps viewer `index` with the next one of its area up (-1) or down. */
void
lttv_tab_move_viewer (LttvTab *self, guint index, int delta)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  g_return_if_fail (index < self->viewers->len);
  Viewer *v = self->viewers->pdata[index], *w = NULL;
  gint64 to = index;

  if (delta == 0)
    return;
  do
    to += delta > 0 ? 1 : -1;
  while (to >= 0 && to < self->viewers->len
         && ((Viewer *) self->viewers->pdata[to])->docked != v->docked);
  if (to < 0 || to >= self->viewers->len)
    return;
  w = self->viewers->pdata[to];
  self->viewers->pdata[index] = w;
  self->viewers->pdata[to] = v;
  if (v->docked)
    {
      GtkNotebook *nb = GTK_NOTEBOOK (self->dock);
      int pv = gtk_notebook_page_num (nb, v->frame), pw = gtk_notebook_page_num (nb, w->frame);
      gtk_notebook_reorder_child (nb, v->frame, pw);
      gtk_notebook_reorder_child (nb, w->frame, pv);
    }
  else
    {
      lttv_pane_chain_swap (v->frame, w->frame);
      follow_chain (self);
    }
  viewers_changed (self);
}

guint lttv_tab_get_n_viewers (LttvTab *self) { return self->viewers->len; }

const char *
lttv_tab_get_viewer_id (LttvTab *self, guint index)
{
  g_return_val_if_fail (index < self->viewers->len, NULL);
  return ((Viewer *) self->viewers->pdata[index])->info->id;
}

LttvViewerContext *
lttv_tab_get_viewer_context (LttvTab *self, guint index)
{
  g_return_val_if_fail (index < self->viewers->len, NULL);
  return ((Viewer *) self->viewers->pdata[index])->ctx;
}

GtkWidget *
lttv_tab_get_viewer_widget (LttvTab *self, guint index)
{
  g_return_val_if_fail (index < self->viewers->len, NULL);
  return ((Viewer *) self->viewers->pdata[index])->widget;
}


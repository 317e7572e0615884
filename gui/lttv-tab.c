/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include <lttv/lttv.h>

#include "lttv-marks-private.h"
#include "lttv-module-host.h"
#include "lttv-pane-split.h"
#include "lttv-selection-status.h"
#include "lttv-stall-meter.h"
#include "lttv-tab.h"
#include "lttv-trace-data.h"
#include "lttv-time-bar.h"
#include "lttv-time-ruler.h"
#include "lttv-viewer-context-private.h"

typedef struct
{
  const LttvViewerInfo *info;
  LttvViewerContext *ctx;
  GtkWidget *frame;     /* header + viewer widget; we hold a reference */
  GtkWidget *widget;
} Viewer;

struct _LttvTab
{
  GtkBox parent_instance;

  GtkInfoBar *problem_bar;
  GtkLabel *problem_label;
  GtkWidget *time_bar;
  GtkWidget *job_bar;
  GtkWidget *ruler;
  GtkBox *viewer_area;
  GtkWidget *empty_label;

  LttvTimeContext *time_context;
  LttvBookmarks *bookmarks; /* the traceset's, shared by the viewers */
  GtkWidget *status;    /* the selection's measure */
  LttvViewerContext *ruler_context;
  GPtrArray *paths;     /* char*: every trace the tab was asked to open */
  LttvTraceData *data;  /* the traceset and its state */
  LttvTraceset *traceset; /* = the data's, for short */
  GPtrArray *viewers;   /* Viewer* */
  GQueue pending;       /* const char*: default viewers still to build */
  guint pending_idle;   /* builds the next one */
  guint pending_added;  /* how many of them were built */
  LttvJob *open_job;
  LttvJob *build_job;   /* the state build, while it runs */
  guint build_timer;    /* polls its progress */
  guint damage_timer;   /* watches the cached state for damaged blocks */
  char *open_error;     /* why the traces could not be opened, or NULL */
  char *title;
};

enum { OPENED, TITLE_CHANGED, VIEWERS_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_TYPE (LttvTab, lttv_tab, GTK_TYPE_BOX)

static void
viewer_free (gpointer data)
{
  Viewer *v = data;
  lttv_viewer_context_detach (v->ctx);
  g_object_unref (v->ctx);
  g_object_unref (v->frame);
  g_free (v);
}

/* --- Panes ----------------------------------------------------------------- */

/* Lays the viewers out top to bottom in a chain of vertical panes. */
static void
relayout (LttvTab *self)
{
  GList *children;
  GtkWidget *chain = NULL;
  g_autofree double *shares = g_new (double, MAX (self->viewers->len, 1));

  /* Take the frames out of the old panes (we hold them), then drop those. */
  for (guint i = 0; i < self->viewers->len; i++)
    {
      GtkWidget *frame = ((Viewer *) self->viewers->pdata[i])->frame;
      GtkWidget *parent = gtk_widget_get_parent (frame);
      if (parent != NULL)
        gtk_container_remove (GTK_CONTAINER (parent), frame);
    }
  if (gtk_widget_get_parent (self->empty_label) != NULL)
    gtk_container_remove (GTK_CONTAINER (self->viewer_area), self->empty_label);
  children = gtk_container_get_children (GTK_CONTAINER (self->viewer_area));
  for (GList *l = children; l != NULL; l = l->next)
    gtk_widget_destroy (l->data);
  g_list_free (children);

  for (guint i = self->viewers->len; i-- > 0;)
    {
      GtkWidget *frame = ((Viewer *) self->viewers->pdata[i])->frame;
      if (chain == NULL)
        chain = frame;
      else
        {
          GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
          gtk_paned_pack1 (GTK_PANED (paned), frame, TRUE, FALSE);
          gtk_paned_pack2 (GTK_PANED (paned), chain, TRUE, FALSE);
          gtk_paned_set_wide_handle (GTK_PANED (paned), TRUE);
          chain = paned;
        }
    }
  if (chain == NULL)
    chain = self->empty_label;
  gtk_widget_set_vexpand (chain, TRUE);
  gtk_container_add (GTK_CONTAINER (self->viewer_area), chain);
  for (guint i = 0; i < self->viewers->len; i++)
    shares[i] = lttv_pane_split_share_of (((Viewer *) self->viewers->pdata[i])->info->id);
  lttv_pane_split_follow (GTK_WIDGET (self->viewer_area), chain, shares, self->viewers->len);
  gtk_widget_show_all (GTK_WIDGET (self->viewer_area));
  g_signal_emit (self, signals[VIEWERS_CHANGED], 0);
}

static guint
viewer_index_of_frame (LttvTab *self, GtkWidget *frame)
{
  for (guint i = 0; i < self->viewers->len; i++)
    if (((Viewer *) self->viewers->pdata[i])->frame == frame)
      return i;
  return G_MAXUINT;
}

static void
frame_button_cb (GtkButton *button, LttvTab *self)
{
  GtkWidget *frame = g_object_get_data (G_OBJECT (button), "lttv-frame");
  int what = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "lttv-what"));
  guint index = viewer_index_of_frame (self, frame);

  if (index == G_MAXUINT)
    return;
  if (what == 0)
    lttv_tab_remove_viewer (self, index);
  else
    lttv_tab_move_viewer (self, index, what);
}

static GtkWidget *
frame_button (LttvTab *self, GtkWidget *frame, const char *icon, const char *tooltip, int what)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon, GTK_ICON_SIZE_MENU);

  gtk_button_set_relief (GTK_BUTTON (button), GTK_RELIEF_NONE);
  gtk_widget_set_tooltip_text (button, tooltip);
  g_object_set_data (G_OBJECT (button), "lttv-frame", frame);
  g_object_set_data (G_OBJECT (button), "lttv-what", GINT_TO_POINTER (what));
  g_signal_connect (button, "clicked", G_CALLBACK (frame_button_cb), self);
  return button;
}

static GtkWidget *
make_frame (LttvTab *self, const LttvViewerInfo *info, GtkWidget *widget)
{
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = gtk_label_new_with_mnemonic (lttv_viewer_info_get_label (info));

  gtk_style_context_add_class (gtk_widget_get_style_context (header), "lttv-viewer-header");
  if (info->icon_name != NULL)
    gtk_container_add (GTK_CONTAINER (header), gtk_image_new_from_icon_name (info->icon_name, GTK_ICON_SIZE_MENU));
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_style_context_add_class (gtk_widget_get_style_context (title), "dim-label");
  gtk_container_add (GTK_CONTAINER (header), title);
  gtk_container_add (GTK_CONTAINER (header), frame_button (self, frame, "go-up-symbolic", _("Move this viewer up"), -1));
  gtk_container_add (GTK_CONTAINER (header), frame_button (self, frame, "go-down-symbolic", _("Move this viewer down"), 1));
  gtk_container_add (GTK_CONTAINER (header), frame_button (self, frame, "window-close-symbolic", _("Remove this viewer from the tab"), 0));
  g_object_set (header, "margin-start", 6, "margin-end", 2, NULL);
  gtk_container_add (GTK_CONTAINER (frame), header);
  gtk_widget_set_vexpand (widget, TRUE);
  gtk_container_add (GTK_CONTAINER (frame), widget);
  return g_object_ref_sink (frame);
}

gboolean
lttv_tab_add_viewer (LttvTab *self, const char *id)
{
  const LttvViewerInfo *info;
  Viewer *v;

  g_return_val_if_fail (LTTV_IS_TAB (self), FALSE);
  info = lttv_module_host_find_viewer (id);
  if (info == NULL)
    return FALSE;
  v = g_new0 (Viewer, 1);
  v->info = info;
  v->ctx = lttv_viewer_context_new (self->time_context, self->job_bar);
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
  v->frame = make_frame (self, info, v->widget);
  g_ptr_array_add (self->viewers, v);
  relayout (self);
  return TRUE;
}

/* One viewer a main-loop turn: building them all and laying them out in
 * one go blocked the loop 30-50 ms (120-250 ms with the sanitizers). */
static gboolean
add_pending_viewer (gpointer data)
{
  LttvTab *self = data;
  const char *id = g_queue_pop_head (&self->pending);

  if (id != NULL)
    self->pending_added += lttv_tab_add_viewer (self, id);
  if (!g_queue_is_empty (&self->pending))
    return G_SOURCE_CONTINUE;
  self->pending_idle = 0;
  if (self->pending_added == 0)
    lttv_tab_add_viewer (self, "traceinfo");
  g_signal_emit (self, signals[VIEWERS_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

void
lttv_tab_add_default_viewers (LttvTab *self)
{
  static const char *defaults[] = { "controlflow", "resourceview", "eventlist", "histogram" };

  g_return_if_fail (LTTV_IS_TAB (self));
  for (guint i = 0; i < G_N_ELEMENTS (defaults); i++)
    g_queue_push_tail (&self->pending, (gpointer) defaults[i]);
  if (self->pending_idle == 0)
    {
      self->pending_added = 0;
      self->pending_idle = g_idle_add (add_pending_viewer, self);
    }
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
  GtkWidget *parent = gtk_widget_get_parent (v->frame);

  if (parent != NULL)
    gtk_container_remove (GTK_CONTAINER (parent), v->frame);
  g_ptr_array_remove_index (self->viewers, index);
  relayout (self);
}

void
lttv_tab_move_viewer (LttvTab *self, guint index, int delta)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  g_return_if_fail (index < self->viewers->len);
  gint64 to = (gint64) index + delta;

  if (to < 0 || to >= self->viewers->len || delta == 0)
    return;
  gpointer v = self->viewers->pdata[index];
  self->viewers->pdata[index] = self->viewers->pdata[to];
  self->viewers->pdata[to] = v;
  relayout (self);
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

/* --- Building the state ---------------------------------------------------- */

static void show_problems (LttvTab *self, const char *text);
static gboolean damage_tick (gpointer user_data);

static void
for_each_context (LttvTab *self, void (*fn) (LttvViewerContext *, gpointer), gpointer arg)
{
  for (guint i = 0; self->viewers != NULL && i < self->viewers->len; i++)
    fn (((Viewer *) self->viewers->pdata[i])->ctx, arg);
  if (self->ruler_context != NULL)
    fn (self->ruler_context, arg);
}

static void
grew (LttvViewerContext *ctx, gpointer unused)
{
  lttv_viewer_context_history_grew (ctx);
}

static void
set_state (LttvViewerContext *ctx, gpointer state)
{
  lttv_viewer_context_set_state (ctx, state);
}

static void
set_open_error (LttvViewerContext *ctx, gpointer message)
{
  lttv_viewer_context_set_open_error (ctx, message);
}

/* Tells the viewers, those there and those to come, why the traces could
 * not be opened (NULL: they could). */
static void
note_open_error (LttvTab *self, const char *message)
{
  g_free (self->open_error);
  self->open_error = g_strdup (message);
  for_each_context (self, set_open_error, self->open_error);
}

static void
hold (LttvViewerContext *ctx, gpointer data)
{
  lttv_viewer_context_hold (ctx, data);
}

/* Views redraw what is built a few times a second, not per event. */
static gboolean
build_tick (gpointer user_data)
{
  LttvTab *self = user_data;

  lttv_trace_data_report (self->data, self->build_job);
  for_each_context (self, grew, NULL);
  return G_SOURCE_CONTINUE;
}

static void
stop_build (LttvTab *self)
{
  if (self->build_job != NULL)
    lttv_job_cancel (self->build_job);
  g_clear_object (&self->build_job);
  g_clear_handle_id (&self->build_timer, g_source_remove);
}

static void
build_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LttvTab *self = user_data;
  LttvJob *job = LTTV_JOB (source);
  g_autoptr (GError) error = NULL;
  gboolean ok = lttv_job_finish (job, result, &error);

  if (self->build_job == job)
    {
      g_clear_object (&self->build_job);
      g_clear_handle_id (&self->build_timer, g_source_remove);
      /* A read error leaves the history of what came before it: say why. */
      if (!ok && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_problems (self, error->message);
      for_each_context (self, grew, NULL);
      lttv_stall_meter_build_ended (FALSE);
    }
  g_object_unref (self);
}

static void
start_build (LttvTab *self)
{
  stop_build (self);
  self->build_job = lttv_trace_data_build_job (self->data);
  if (self->build_job == NULL)
    {
      lttv_stall_meter_build_ended (TRUE);
      return;
    }
  lttv_stall_meter_build_started ();
  for_each_context (self, set_state, lttv_trace_data_get_state (self->data));
  lttv_job_start (self->build_job, build_done, g_object_ref (self));
  lttv_job_bar_add (LTTV_JOB_BAR (self->job_bar), self->build_job);
  self->build_timer = g_timeout_add (250, build_tick, self);
  if (self->damage_timer == 0)
    self->damage_timer = g_timeout_add (500, damage_tick, self);
}

/* --- Opening ------------------------------------------------------------- */

typedef struct
{
  char **paths;
  gboolean rebuild;     /* the state from the trace, not the cache */
  char *note;           /* shown with the traces' problems, or NULL */
  LttvTraceset *traceset;
  GError *error;
} OpenData;

static void
open_data_free (gpointer data)
{
  OpenData *d = data;
  g_strfreev (d->paths);
  g_free (d->note);
  g_clear_pointer (&d->traceset, lttv_traceset_free);
  g_clear_error (&d->error);
  g_free (d);
}

static gboolean
open_func (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  OpenData *d = data;
  d->traceset = lttv_traceset_open ((const char *const *) d->paths, &d->error);
  /* (its begin decodes each stream's first event: here, not on the main
   * thread) */
  if (d->traceset != NULL)
    lttv_traceset_begin (d->traceset);
  return TRUE;
}

static void
show_problems (LttvTab *self, const char *text)
{
  if (text == NULL)
    {
      gtk_widget_hide (GTK_WIDGET (self->problem_bar));
      return;
    }
  gtk_label_set_text (self->problem_label, text);
  gtk_widget_show (GTK_WIDGET (self->problem_bar));
}

static void
set_title (LttvTab *self)
{
  g_autoptr (GString) title = g_string_new (NULL);

  for (guint i = 0; i < self->paths->len; i++)
    {
      g_autofree char *name = g_path_get_basename (self->paths->pdata[i]);
      g_string_append_printf (title, "%s%s", i > 0 ? ", " : "", name);
    }
  g_free (self->title);
  self->title = g_string_free (g_steal_pointer (&title), FALSE);
  g_signal_emit (self, signals[TITLE_CHANGED], 0);
}

static void
open_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LttvTab *self = user_data;
  LttvJob *job = LTTV_JOB (source);
  OpenData *d = g_object_get_data (G_OBJECT (job), "lttv-open-data");
  g_autoptr (GError) error = NULL;
  LttvTraceData *old = self->data;

  /* A newer open replaced this one, or the tab is gone. */
  if (self->open_job != job || self->viewers == NULL)
    {
      g_object_unref (self);
      return;
    }
  g_clear_object (&self->open_job);
  if (!lttv_job_finish (job, result, &error))
    {
      show_problems (self, error->message);
      note_open_error (self, error->message);
      g_signal_emit (self, signals[OPENED], 0);
      g_object_unref (self);
      return;
    }
  stop_build (self);
  for_each_context (self, set_state, NULL);
  self->data = lttv_trace_data_new (g_steal_pointer (&d->traceset));
  if (d->rebuild)
    lttv_trace_data_set_rebuild (self->data);
  self->traceset = lttv_trace_data_get_traceset (self->data);
  for_each_context (self, hold, self->data);
  for (guint i = 0; i < self->viewers->len; i++)
    lttv_viewer_context_set_traceset (((Viewer *) self->viewers->pdata[i])->ctx, self->traceset);
  lttv_viewer_context_set_traceset (self->ruler_context, self->traceset);
  g_clear_pointer (&old, lttv_trace_data_unref);

  if (self->traceset == NULL)
    {
      const char *why = d->error != NULL ? d->error->message : _("No trace could be opened.");
      show_problems (self, why);
      note_open_error (self, why);
    }
  else
    {
      note_open_error (self, NULL);
      const GPtrArray *problems = lttv_traceset_get_problems (self->traceset);
      g_autoptr (GString) text = g_string_new (d->note);
      g_autoptr (GError) bookmarks_error = NULL;
      g_autofree char *bookmarks_file = lttv_bookmarks_file_for (self->traceset);
      g_autoptr (GPtrArray) abs = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < self->paths->len; i++)
        g_ptr_array_add (abs, g_canonicalize_filename (self->paths->pdata[i], NULL));
      g_ptr_array_add (abs, NULL);
      lttv_bookmarks_set_traces (self->bookmarks, (const char *const *) abs->pdata);
      if (!lttv_bookmarks_set_file (self->bookmarks, bookmarks_file, &bookmarks_error))
        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", bookmarks_error->message);
      for (guint i = 0; problems != NULL && i < problems->len; i++)
        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", ((GError *) problems->pdata[i])->message);
      show_problems (self, text->len > 0 ? text->str : NULL);
      lttv_time_context_set_bounds (self->time_context, lttv_traceset_begin (self->traceset),
                                    lttv_traceset_end (self->traceset));
      start_build (self);
      lttv_selection_status_set_data (LTTV_SELECTION_STATUS (self->status), self->data);
    }
  lttv_stall_meter_watch_opened_paint (GTK_WIDGET (self));
  g_signal_emit (self, signals[OPENED], 0);
  g_object_unref (self);
}

static void open_paths (LttvTab *self, OpenData *d);

/* A block of the cached state found damaged by a query (lttv_history_check):
 * what it held reads as nothing, so the tab opens its traces again and
 * builds the state from them, saying why. */
static gboolean
damage_tick (gpointer user_data)
{
  LttvTab *self = user_data;
  LttvState *state = lttv_tab_get_state (self);
  g_autoptr (GError) damage = NULL;

  if (state == NULL || self->open_job != NULL
      || lttv_history_check (lttv_state_get_history (state), &damage))
    return G_SOURCE_CONTINUE;
  self->damage_timer = 0;
  OpenData *d = g_new0 (OpenData, 1);
  d->rebuild = TRUE;
  d->note = g_strdup_printf (_("%s: the state is built again from the trace."), damage->message);
  show_problems (self, d->note);
  open_paths (self, d);
  return G_SOURCE_REMOVE;
}

void
lttv_tab_add_traces (LttvTab *self, GFile **files, int n_files)
{
  OpenData *d = g_new0 (OpenData, 1);

  g_return_if_fail (LTTV_IS_TAB (self));
  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);
      if (path != NULL && !g_ptr_array_find_with_equal_func (self->paths, path, g_str_equal, NULL))
        g_ptr_array_add (self->paths, g_steal_pointer (&path));
    }
  open_paths (self, d);
}

void
lttv_tab_remove_trace (LttvTab *self, guint index)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  g_return_if_fail (index < self->paths->len);
  g_ptr_array_remove_index (self->paths, index);
  open_paths (self, g_new0 (OpenData, 1));
}

guint lttv_tab_get_n_traces (LttvTab *self) { return self->paths->len; }

const char *
lttv_tab_get_trace_path (LttvTab *self, guint index)
{
  g_return_val_if_fail (index < self->paths->len, NULL);
  return self->paths->pdata[index];
}

/* Opens the tab's paths again, replacing its traceset and state. */
static void
open_paths (LttvTab *self, OpenData *d)
{
  d->paths = g_new0 (char *, self->paths->len + 1);
  for (guint i = 0; i < self->paths->len; i++)
    d->paths[i] = g_strdup (self->paths->pdata[i]);

  if (self->open_job != NULL)
    lttv_job_cancel (self->open_job);
  g_clear_object (&self->open_job);
  self->open_job = lttv_job_new (_("Opening the traces…"), open_func, d, open_data_free);
  g_object_set_data (G_OBJECT (self->open_job), "lttv-open-data", d);
  lttv_job_start (self->open_job, open_done, g_object_ref (self));
  set_title (self);
  lttv_job_bar_add (LTTV_JOB_BAR (self->job_bar), self->open_job);
}

/* --- Accessors ----------------------------------------------------------- */

LttvTimeContext *lttv_tab_get_time_context (LttvTab *self) { return self->time_context; }
LttvBookmarks *lttv_tab_get_bookmarks (LttvTab *self) { return self->bookmarks; }
const char *lttv_tab_get_status (LttvTab *self) { return lttv_selection_status_get_text (LTTV_SELECTION_STATUS (self->status)); }
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
  stop_build (self);
  g_clear_handle_id (&self->damage_timer, g_source_remove);
  g_clear_handle_id (&self->pending_idle, g_source_remove);
  g_queue_clear (&self->pending);
  g_clear_pointer (&self->viewers, g_ptr_array_unref);
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
  g_free (self->title);
  G_OBJECT_CLASS (lttv_tab_parent_class)->finalize (object);
}

static void
lttv_tab_class_init (LttvTabClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lttv_tab_dispose;
  object_class->finalize = lttv_tab_finalize;
  signals[OPENED] = g_signal_new ("opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[TITLE_CHANGED] = g_signal_new ("title-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[VIEWERS_CHANGED] = g_signal_new ("viewers-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
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
  gtk_widget_init_template (GTK_WIDGET (self));

  self->paths = g_ptr_array_new_with_free_func (g_free);
  self->viewers = g_ptr_array_new_with_free_func (viewer_free);
  self->time_context = lttv_time_context_new ();
  self->bookmarks = lttv_bookmarks_new ();

  self->time_bar = lttv_time_bar_new (self->time_context);
  self->job_bar = lttv_job_bar_new ();
  self->ruler_context = lttv_viewer_context_new (self->time_context, NULL);
  lttv_viewer_context_set_bookmarks (self->ruler_context, self->bookmarks);
  self->ruler = lttv_time_ruler_new (self->ruler_context);
  self->empty_label = g_object_ref_sink (gtk_label_new (_("No viewer in this tab: add one from the View menu.")));
  gtk_style_context_add_class (gtk_widget_get_style_context (self->empty_label), "dim-label");

  /* Below the info bar, above the viewers. */
  gtk_box_pack_start (GTK_BOX (self), self->time_bar, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (self), self->time_bar, 1);
  gtk_box_pack_start (GTK_BOX (self), self->job_bar, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (self), self->job_bar, 2);
  gtk_box_pack_start (GTK_BOX (self), self->ruler, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (self), self->ruler, 3);
  gtk_widget_show_all (self->time_bar);
  gtk_widget_show (self->job_bar);
  gtk_widget_show (self->ruler);
  self->status = lttv_selection_status_new (self->time_context);
  gtk_box_pack_end (GTK_BOX (self), self->status, FALSE, FALSE, 0);
  relayout (self);
}

LttvTab *
lttv_tab_new (void)
{
  return g_object_new (LTTV_TYPE_TAB, NULL);
}

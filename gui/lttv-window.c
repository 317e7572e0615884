#include "config.h"

#include <glib/gi18n.h>

#include <lttv/lttv.h>

#include "lttv-time-text.h"
#include "lttv-window.h"

struct _LttvWindow
{
  GtkApplicationWindow parent_instance;

  GtkHeaderBar *header_bar;
  GtkInfoBar *problem_bar;
  GtkLabel *problem_label;
  GtkStack *stack;
  GtkSpinner *spinner;
  GtkGrid *summary_grid;

  GCancellable *cancellable;
  LttvTraceset *traceset;
};

G_DEFINE_TYPE (LttvWindow, lttv_window, GTK_TYPE_APPLICATION_WINDOW)

static void
problem_bar_response_cb (GtkInfoBar *bar, int response, LttvWindow *self)
{
  gtk_widget_hide (GTK_WIDGET (bar));
}

static void
show_problems (LttvWindow *self, const char *text)
{
  gtk_label_set_text (self->problem_label, text);
  gtk_widget_show (GTK_WIDGET (self->problem_bar));
}

static void
add_summary_row (LttvWindow *self, int row, const char *name, const char *value)
{
  GtkWidget *name_label = gtk_label_new (name);
  GtkWidget *value_label = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (name_label), 1.0);
  gtk_style_context_add_class (gtk_widget_get_style_context (name_label), "dim-label");
  gtk_label_set_xalign (GTK_LABEL (value_label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (value_label), TRUE);
  gtk_grid_attach (self->summary_grid, name_label, 0, row, 1, 1);
  gtk_grid_attach (self->summary_grid, value_label, 1, row, 1, 1);
  gtk_widget_show (name_label);
  gtk_widget_show (value_label);
}

static char *
traceset_title (LttvTraceset *ts)
{
  g_autoptr (GString) title = g_string_new (NULL);

  for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
    {
      g_autofree char *name = g_path_get_basename (lttv_trace_path (lttv_traceset_get_trace (ts, i)));
      if (i > 0)
        g_string_append (title, ", ");
      g_string_append (title, name);
    }
  return g_string_free (g_steal_pointer (&title), FALSE);
}

static void
show_traceset (LttvWindow *self)
{
  LttvTraceset *ts = self->traceset;
  LttvTime begin = lttv_traceset_begin (ts), end = lttv_traceset_end (ts);
  g_autofree char *title = traceset_title (ts);
  g_autofree char *begin_text = lttv_time_text_clock (begin);
  g_autofree char *end_text = lttv_time_text_clock (end);
  g_autofree char *duration = lttv_time_text_duration (end >= begin ? end - begin : 0);
  g_autofree char *subtitle = g_strdup_printf ("%s – %s", begin_text, end_text);
  int row = 0;

  gtk_header_bar_set_title (self->header_bar, title);
  gtk_header_bar_set_subtitle (self->header_bar, subtitle);

  add_summary_row (self, row++, _("Traces"), title);
  for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
    add_summary_row (self, row++, i == 0 ? _("Folder") : "",
                     lttv_trace_path (lttv_traceset_get_trace (ts, i)));
  add_summary_row (self, row++, _("Begin"), begin_text);
  add_summary_row (self, row++, _("End"), end_text);
  add_summary_row (self, row++, _("Duration"), duration);
  gtk_stack_set_visible_child_name (self->stack, "summary");
}

static void
open_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  const char *const *paths = task_data;
  GError *error = NULL;
  LttvTraceset *ts = lttv_traceset_open (paths, &error);

  if (ts == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, ts, (GDestroyNotify) lttv_traceset_free);
}

static void
open_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = g_task_propagate_pointer (G_TASK (result), &error);
  LttvWindow *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = LTTV_WINDOW (source);
  gtk_spinner_stop (self->spinner);
  if (ts == NULL)
    {
      show_problems (self, error->message);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  self->traceset = ts;
  const GPtrArray *problems = lttv_traceset_get_problems (ts);
  if (problems != NULL && problems->len > 0)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      for (guint i = 0; i < problems->len; i++)
        g_string_append_printf (text, "%s%s", i > 0 ? "\n" : "",
                                ((GError *) problems->pdata[i])->message);
      show_problems (self, text->str);
    }
  show_traceset (self);
}

void
lttv_window_open_traces (LttvWindow *self, GFile **files, int n_files)
{
  g_autoptr (GTask) task = NULL;
  char **paths = g_new0 (char *, n_files + 1);

  g_return_if_fail (LTTV_IS_WINDOW (self));

  for (int i = 0; i < n_files; i++)
    paths[i] = g_file_get_path (files[i]);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  gtk_spinner_start (self->spinner);

  task = g_task_new (self, self->cancellable, open_done, NULL);
  g_task_set_task_data (task, paths, (GDestroyNotify) g_strfreev);
  g_task_run_in_thread (task, open_thread);
}

static void
lttv_window_dispose (GObject *object)
{
  LttvWindow *self = LTTV_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->traceset, lttv_traceset_free);
  G_OBJECT_CLASS (lttv_window_parent_class)->dispose (object);
}

static void
lttv_window_class_init (LttvWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lttv_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/lttv/Lttv/lttv-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, problem_bar);
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, problem_label);
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, summary_grid);
  gtk_widget_class_bind_template_callback (widget_class, problem_bar_response_cb);
}

static void
lttv_window_init (LttvWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
}

LttvWindow *
lttv_window_new (LttvApplication *app)
{
  return g_object_new (LTTV_TYPE_WINDOW, "application", app, NULL);
}

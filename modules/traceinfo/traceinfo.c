/* SPDX-License-Identifier: GPL-2.0-or-later */
/* traceinfo: a viewer that states, as text, what the tab holds: its traces,
 * their time range, the visible window, the current time and selection;
 * below, the tracer's losses and the state's anomalies (traceinfo-state.c). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <lttv-module.h>

#include "traceinfo.h"

typedef struct
{
  LttvViewerContext *ctx;
  GtkGrid *grid;        /* the times: redone as the window moves */
  GtkGrid *state_grid;  /* losses and anomalies: when the trace or state does */
  gboolean built;       /* what state_grid shows */
} TraceInfo;

/* (name, value) pairs, in display order; a NULL name continues the row
 * above. */
static GPtrArray *
info_rows (LttvViewerContext *ctx)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);
  LttvTraceset *ts = lttv_viewer_context_get_traceset (ctx);
  LttvTime begin, end, start, stop, sel_start, sel_end;

#define ROW(name, value) TRACEINFO_ROW (rows, name, value)
  if (ts == NULL)
    ROW (_("Traces"), g_strdup (_("none open")));
  else
    for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
      ROW (i == 0 ? _("Traces") : "", g_strdup (lttv_trace_path (lttv_traceset_get_trace (ts, i))));

  lttv_viewer_context_get_bounds (ctx, &begin, &end);
  ROW (_("Begin"), lttv_viewer_context_format_time (ctx, begin));
  ROW (_("End"), lttv_viewer_context_format_time (ctx, end));
  ROW (_("Duration"), g_strdup_printf (_("%.9f s"), (end - begin) / 1e9));

  lttv_viewer_context_get_window (ctx, &start, &stop);
  g_autofree char *a = lttv_viewer_context_format_time (ctx, start);
  g_autofree char *b = lttv_viewer_context_format_time (ctx, stop);
  ROW (_("Window"), g_strdup_printf ("%s – %s", a, b));
  ROW (_("Span"), g_strdup_printf (_("%.9f s"), (stop - start) / 1e9));
  ROW (_("Current time"), lttv_viewer_context_format_time (ctx, lttv_viewer_context_get_current_time (ctx)));
  if (lttv_viewer_context_get_selection (ctx, &sel_start, &sel_end))
    {
      g_autofree char *c = lttv_viewer_context_format_time (ctx, sel_start);
      g_autofree char *d = lttv_viewer_context_format_time (ctx, sel_end);
      ROW (_("Selection"), g_strdup_printf ("%s – %s", c, d));
    }
  else
    ROW (_("Selection"), g_strdup (_("none")));
  const char *filter = lttv_viewer_context_get_filter (ctx);
  ROW (_("Filter"), g_strdup (filter[0] != '\0' ? filter : _("none")));
#undef ROW
  return rows;
}

static void
fill_grid (GtkGrid *grid, GPtrArray *rows)
{
  GList *children = gtk_container_get_children (GTK_CONTAINER (grid));

  for (GList *l = children; l != NULL; l = l->next)
    gtk_widget_destroy (l->data);
  g_list_free (children);
  for (guint i = 0; i + 1 < rows->len; i += 2)
    {
      GtkWidget *name = gtk_label_new (rows->pdata[i]);
      GtkWidget *value = gtk_label_new (rows->pdata[i + 1]);

      gtk_label_set_xalign (GTK_LABEL (name), 1.0);
      gtk_style_context_add_class (gtk_widget_get_style_context (name), "dim-label");
      gtk_label_set_xalign (GTK_LABEL (value), 0.0);
      gtk_label_set_selectable (GTK_LABEL (value), TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (value), PANGO_ELLIPSIZE_MIDDLE);
      gtk_grid_attach (grid, name, 0, i / 2, 1, 1);
      gtk_grid_attach (grid, value, 1, i / 2, 1, 1);
    }
  gtk_widget_show_all (GTK_WIDGET (grid));
}

static void
refresh (TraceInfo *self)
{
  g_autoptr (GPtrArray) rows = info_rows (self->ctx);
  fill_grid (self->grid, rows);
}

static void
refresh_state (TraceInfo *self)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  self->built = traceinfo_state_built (self->ctx);
  traceinfo_state_rows (self->ctx, rows);
  fill_grid (self->state_grid, rows);
}

static void
changed_cb (LttvViewerContext *ctx, TraceInfo *self)
{
  refresh (self);
}

static void
traceset_changed_cb (LttvViewerContext *ctx, TraceInfo *self)
{
  refresh (self);
  refresh_state (self);
}

/* Emitted a few times a second while the state builds: the rows change
 * only when the build ends (or a new one starts). */
static void
history_changed_cb (LttvViewerContext *ctx, TraceInfo *self)
{
  if (traceinfo_state_built (ctx) != self->built)
    refresh_state (self);
}

static void
trace_info_free (gpointer data)
{
  TraceInfo *self = data;
  g_signal_handlers_disconnect_by_data (self->ctx, self);
  g_object_unref (self->ctx);
  g_free (self);
}

static GtkWidget *
trace_info_create (LttvViewerContext *ctx)
{
  static const char *signals[] = {
    "window-changed", "current-time-changed", "selection-changed",
    "filter-changed",
  };
  TraceInfo *self = g_new0 (TraceInfo, 1);
  GtkWidget *scrolled = gtk_scrolled_window_new (NULL, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  self->ctx = g_object_ref (ctx);
  self->grid = GTK_GRID (gtk_grid_new ());
  self->state_grid = GTK_GRID (gtk_grid_new ());
  for (GtkGrid **g = (GtkGrid *[]) { self->grid, self->state_grid, NULL }; *g != NULL; g++)
    {
      gtk_grid_set_row_spacing (*g, 6);
      gtk_grid_set_column_spacing (*g, 18);
      gtk_container_add (GTK_CONTAINER (box), GTK_WIDGET (*g));
    }
  g_object_set (box, "margin", 12, NULL);
  gtk_container_add (GTK_CONTAINER (scrolled), box);
  gtk_widget_set_size_request (scrolled, -1, 120);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_signal_connect (ctx, signals[i], G_CALLBACK (changed_cb), self);
  g_signal_connect (ctx, "traceset-changed", G_CALLBACK (traceset_changed_cb), self);
  g_signal_connect (ctx, "history-changed", G_CALLBACK (history_changed_cb), self);
  g_object_set_data_full (G_OBJECT (scrolled), "lttv-traceinfo", self, trace_info_free);
  refresh (self);
  refresh_state (self);
  return scrolled;
}

/* The same rows as the widget, drawn with Pango for headless export. */
static gboolean
trace_info_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height, GError **error)
{
  g_autoptr (GPtrArray) rows = info_rows (ctx);
  traceinfo_state_rows (ctx, rows);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 11");
  int name_width = 0, line = 0, y = 12;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  pango_layout_set_font_description (layout, font);
  for (guint i = 0; i < rows->len; i += 2)
    {
      int w;
      pango_layout_set_text (layout, rows->pdata[i], -1);
      pango_layout_get_pixel_size (layout, &w, &line);
      name_width = MAX (name_width, w);
    }
  for (guint i = 0; i + 1 < rows->len && y < height; i += 2, y += line + 6)
    {
      int w;
      pango_layout_set_text (layout, rows->pdata[i], -1);
      pango_layout_get_pixel_size (layout, &w, NULL);
      cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
      cairo_move_to (cr, 12 + name_width - w, y);
      pango_cairo_show_layout (cr, layout);
      pango_layout_set_text (layout, rows->pdata[i + 1], -1);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_move_to (cr, 12 + name_width + 18, y);
      pango_cairo_show_layout (cr, layout);
    }
  pango_font_description_free (font);
  g_object_unref (layout);
  return TRUE;
}

static const LttvViewerInfo trace_info_viewer = {
  .id = "traceinfo",
  .label = N_("_Trace Information"),
  .gettext_domain = GETTEXT_PACKAGE,
  .icon_name = "dialog-information-symbolic",
  .create = trace_info_create,
  .render = trace_info_render,
};

LTTV_DEFINE_VIEWER_MODULE ("traceinfo", N_("Trace information"), trace_info_viewer)

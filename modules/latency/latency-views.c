/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-views: the latency viewer's two lists as tree views (columns
 * sorting by value, durations written for people, tooltips) and the
 * titled, scrolled parts its layout is made of. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "latency-table.h"
#include "latency-views.h"

static void
duration_cell (GtkTreeViewColumn *col, GtkCellRenderer *cell, GtkTreeModel *model,
               GtkTreeIter *iter, gpointer data)
{
  int i = GPOINTER_TO_INT (data);
  double v;
  guint64 count = 1;
  if (gtk_tree_model_get_n_columns (model) == LAT_N_COLS)
    gtk_tree_model_get (model, iter, LAT_COL_COUNT, &count, -1);
  if (count == 0)
    {
      /* only cut intervals: no figure */
      g_object_set (cell, "text", "–", NULL);
      return;
    }
  if (gtk_tree_model_get_column_type (model, i) == G_TYPE_DOUBLE)
    gtk_tree_model_get (model, iter, i, &v, -1);
  else
    {
      guint64 u;
      gtk_tree_model_get (model, iter, i, &u, -1);
      v = (double) u;
    }
  g_autofree char *text = latency_format_duration (v);
  g_object_set (cell, "text", text, NULL);
}

static void
count_cell (GtkTreeViewColumn *col, GtkCellRenderer *cell, GtkTreeModel *model,
            GtkTreeIter *iter, gpointer data)
{
  guint64 u;
  gtk_tree_model_get (model, iter, GPOINTER_TO_INT (data), &u, -1);
  char text[32];
  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, u);
  g_object_set (cell, "text", text, NULL);
}

static void
time_cell (GtkTreeViewColumn *col, GtkCellRenderer *cell, GtkTreeModel *model,
           GtkTreeIter *iter, gpointer ctx)
{
  guint64 t;
  gtk_tree_model_get (model, iter, LAT_TOP_BEGIN, &t, -1);
  g_autofree char *text = lttv_viewer_context_format_time (ctx, t);
  g_object_set (cell, "text", text, NULL);
}

static void
add_column (GtkTreeView *view, const char *title, const char *tooltip, int col,
            GtkTreeCellDataFunc func, gpointer data)
{
  GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
  GtkTreeViewColumn *c = gtk_tree_view_column_new ();
  gtk_tree_view_column_pack_start (c, cell, TRUE);
  if (func != NULL)
    {
      g_object_set (cell, "xalign", 1.0, "family", "Monospace", NULL);
      gtk_tree_view_column_set_cell_data_func (c, cell, func, data, NULL);
    }
  else
    gtk_tree_view_column_add_attribute (c, cell, "text", col);
  gtk_tree_view_column_set_sort_column_id (c, col);
  gtk_tree_view_column_set_resizable (c, TRUE);
  GtkWidget *label = gtk_label_new (title);
  gtk_widget_set_tooltip_text (label, tooltip);
  gtk_widget_show (label);
  gtk_tree_view_column_set_widget (c, label);
  gtk_tree_view_append_column (view, c);
}

GtkWidget *
latency_stats_view_new (GtkListStore *store)
{
  GtkWidget *w = gtk_tree_view_new_with_model (GTK_TREE_MODEL (store));
  GtkTreeView *v = GTK_TREE_VIEW (w);
  add_column (v, _("Name"), _("The group: the system call, the woken command, the IRQ, the soft "
                              "IRQ vector or the device; the thread; the CPU. Click to sort"),
              LAT_COL_NAME, NULL, NULL);
  gtk_tree_view_column_set_expand (gtk_tree_view_get_column (v, 0), TRUE);
#define DUR(title, tip, col) add_column (v, title, tip, col, duration_cell, GINT_TO_POINTER (col))
  add_column (v, _("Count"), _("Complete intervals beginning in the range; click to sort"),
              LAT_COL_COUNT, count_cell, GINT_TO_POINTER (LAT_COL_COUNT));
  add_column (v, _("Cut"), _("Intervals whose end the trace does not show (cut by its end, by "
                             "lost events, or begun again), in none of the figures"),
              LAT_COL_CUT, count_cell, GINT_TO_POINTER (LAT_COL_CUT));
  DUR (_("Min"), _("The shortest; click to sort"), LAT_COL_MIN);
  DUR (_("Max"), _("The longest; click to sort"), LAT_COL_MAX);
  DUR (_("Mean"), _("The mean duration; click to sort"), LAT_COL_MEAN);
  DUR (_("Std dev"), _("The sample standard deviation; click to sort"), LAT_COL_STDDEV);
  DUR (_("Total"), _("The sum of the durations; click to sort"), LAT_COL_TOTAL);
  DUR (_("p50"), _("The median (nearest rank); click to sort"), LAT_COL_P50);
  DUR (_("p90"), _("9 in 10 are as short or shorter; click to sort"), LAT_COL_P90);
  DUR (_("p99"), _("99 in 100 are as short or shorter; click to sort"), LAT_COL_P99);
#undef DUR
  gtk_tree_view_set_search_column (v, LAT_COL_NAME);
  atk_object_set_name (gtk_widget_get_accessible (w), _("Latency statistics"));
  return w;
}

GtkWidget *
latency_top_view_new (GtkListStore *store, LttvViewerContext *ctx)
{
  GtkWidget *w = gtk_tree_view_new_with_model (GTK_TREE_MODEL (store));
  GtkTreeView *v = GTK_TREE_VIEW (w);
  add_column (v, _("Begin"), _("When it began; click a row to go to it"), LAT_TOP_BEGIN, time_cell,
              ctx);
  add_column (v, _("Duration"), _("How long it lasted"), LAT_TOP_DURATION, duration_cell,
              GINT_TO_POINTER (LAT_TOP_DURATION));
  add_column (v, _("Thread"), _("The thread: the caller, the woken, the interrupted or the "
                                "issuing one (-1: unknown)"), LAT_TOP_TID, NULL, NULL);
  add_column (v, _("CPU"), _("The CPU it began on"), LAT_TOP_CPU, NULL, NULL);
  add_column (v, _("Name"), _("The system call, command, IRQ, vector or device"), LAT_TOP_NAME,
              NULL, NULL);
  gtk_tree_view_set_search_column (v, LAT_TOP_NAME);
  atk_object_set_name (gtk_widget_get_accessible (w), _("Longest intervals"));
  return w;
}

GtkWidget *
latency_scrolled (GtkWidget *child)
{
  GtkWidget *s = gtk_scrolled_window_new (NULL, NULL);
  gtk_container_add (GTK_CONTAINER (s), child);
  gtk_widget_set_vexpand (s, TRUE);
  gtk_widget_set_hexpand (s, TRUE);
  return s;
}

/* A titled part whose title's mnemonic reaches `target`. */
GtkWidget *
latency_titled (const char *title, GtkWidget *child, GtkWidget *target)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new_with_mnemonic (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), target);
  gtk_style_context_add_class (gtk_widget_get_style_context (label), "dim-label");
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), child, TRUE, TRUE, 0);
  return box;
}

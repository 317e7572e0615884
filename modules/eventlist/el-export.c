/* SPDX-License-Identifier: GPL-2.0-or-later */
/* el-export.c: copy the selected rows; export the listed events (the
 * filter's matches, within the window when so limited) to CSV or text, in
 * the background. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "el-private.h"

void
el_copy_selection (EventList *el)
{
  GtkTreeSelection *sel = gtk_tree_view_get_selection (GTK_TREE_VIEW (el->tree));
  GtkTreeModel *model;
  GList *paths = gtk_tree_selection_get_selected_rows (sel, &model);
  GString *out = g_string_new (NULL);
  for (GList *l = paths; l != NULL; l = l->next)
    {
      GtkTreeIter iter;
      if (!gtk_tree_model_get_iter (model, &iter, l->data))
        continue;
      /* The visible columns, in their order on screen. */
      GList *cols = gtk_tree_view_get_columns (GTK_TREE_VIEW (el->tree));
      gboolean first = TRUE;
      for (GList *c = cols; c != NULL; c = c->next)
        {
          if (!gtk_tree_view_column_get_visible (c->data))
            continue;
          int i = GPOINTER_TO_INT (g_object_get_data (c->data, "el-column"));
          g_autofree char *text = NULL;
          gtk_tree_model_get (model, &iter, i, &text, -1);
          g_string_append_printf (out, "%s%s", first ? "" : "\t", text != NULL ? text : "");
          first = FALSE;
        }
      g_list_free (cols);
      g_string_append_c (out, '\n');
    }
  g_list_free_full (paths, (GDestroyNotify) gtk_tree_path_free);
  if (out->len > 0)
    gtk_clipboard_set_text (gtk_widget_get_clipboard (el->tree, GDK_SELECTION_CLIPBOARD),
                            out->str, (gint) out->len);
  g_string_free (out, TRUE);
}

/* --- Export --------------------------------------------------------------- */

typedef struct {
  LttvState *state;
  char *path;
  gboolean csv;
  guint64 rank_lo, rank_hi;   /* every event in range, when matches is NULL */
  GArray *matches;            /* ElMatch: these events only */
  guint64 written;
} Export;

static void
export_free (gpointer data)
{
  Export *x = data;
  g_free (x->path);
  if (x->matches != NULL)
    g_array_unref (x->matches);
  g_free (x);
}

static void
csv_field (GString *out, const char *text)
{
  if (strpbrk (text, ",\"\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
write_row (Export *x, const ElRow *row, GString *out)
{
  char t[32], d[32] = "", cpu[16] = "", tid[24] = "", pid[24] = "";
  lttv_time_format_seconds (row->time, t);
  if (row->prev_time != LTTV_TIME_NONE && row->prev_time <= row->time)
    lttv_time_format_seconds (row->time - row->prev_time, d);
  if (row->cpu >= 0)
    g_snprintf (cpu, sizeof cpu, "%d", row->cpu);
  if (row->tid >= 0)
    g_snprintf (tid, sizeof tid, "%" G_GINT64_FORMAT, row->tid);
  if (row->pid >= 0)
    g_snprintf (pid, sizeof pid, "%" G_GINT64_FORMAT, row->pid);
  const char *cells[] = { t, d, row->trace, cpu, row->name, tid,
                          row->comm != NULL ? row->comm : "", pid, row->fields };
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      if (i > 0)
        g_string_append_c (out, x->csv ? ',' : '\t');
      if (x->csv)
        csv_field (out, cells[i]);
      else
        g_string_append (out, cells[i]);
    }
  g_string_append_c (out, '\n');
}

#define CHUNK 256

static gboolean
export_func (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  Export *x = data;
  FILE *f = fopen (x->path, "w");
  if (f == NULL)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                   _("%s: cannot write: %s"), x->path, g_strerror (errno));
      return FALSE;
    }
  ElRows *rows = el_rows_new (x->state);
  GString *out = g_string_sized_new (1 << 16);
  guint64 total = x->matches != NULL ? x->matches->len : x->rank_hi - x->rank_lo;
  guint64 ranks[CHUNK];
  ElRow buf[CHUNK];
  LttvTime prev = LTTV_TIME_NONE;
  if (x->csv)
    g_string_append (out, "time,delta,trace,cpu,event,tid,command,pid,fields\n");
  for (guint64 i = 0; i < total; i += CHUNK)
    {
      guint n = (guint) MIN ((guint64) CHUNK, total - i);
      for (guint k = 0; k < n; k++)
        ranks[k] = x->matches != NULL ? g_array_index (x->matches, ElMatch, i + k).rank
                                      : x->rank_lo + i + k;
      guint got = el_rows_fetch (rows, ranks, n, x->matches == NULL && i == 0, prev, buf);
      for (guint k = 0; k < got; k++)
        {
          write_row (x, &buf[k], out);
          prev = buf[k].time;
          el_row_clear (&buf[k]);
        }
      x->written += got;
      fwrite (out->str, 1, out->len, f);
      g_string_truncate (out, 0);
      if (got < n)
        break;
      if ((i / CHUNK) % 64 == 0)
        {
          lttv_job_report (job, (double) i / (double) MAX (total, 1), i);
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            break;
        }
    }
  g_string_free (out, TRUE);
  el_rows_free (rows);
  if (fclose (f) != 0 && (error == NULL || *error == NULL))
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                 _("%s: cannot write: %s"), x->path, g_strerror (errno));
  return error == NULL || *error == NULL;
}

static void
export_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;
  if (!lttv_job_finish ((LttvJob *) source, result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("%s", error->message);
}

/* Starts the export of the listed rows to `path` (CSV when it ends in
 * .csv, else tab-separated text). */
void
el_export_to (EventList *el, const char *path)
{
  if (el->rows == NULL)
    return;
  Export *x = g_new0 (Export, 1);
  x->state = el->state;
  x->path = g_strdup (path);
  x->csv = g_str_has_suffix (path, ".csv") || g_str_has_suffix (path, ".CSV");
  if (el->matches != NULL)
    {
      x->matches = g_array_sized_new (FALSE, FALSE, sizeof (ElMatch), el->match_hi - el->match_lo);
      g_array_append_vals (x->matches, &g_array_index (el->matches, ElMatch, el->match_lo),
                           el->match_hi - el->match_lo);
    }
  else
    {
      x->rank_lo = el->rank_lo;
      x->rank_hi = el->rank_hi;
    }
  lttv_viewer_context_run_job (el->ctx, _("Exporting events"), export_func, x, export_free,
                               export_done_cb, NULL);
}

void
el_export (EventList *el)
{
  if (el->rows == NULL)
    return;
  GtkWidget *toplevel = gtk_widget_get_toplevel (el->top);
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Export Events"),
                                 GTK_IS_WINDOW (toplevel) ? GTK_WINDOW (toplevel) : NULL,
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
  gtk_file_chooser_set_do_overwrite_confirmation (chooser, TRUE);
  gtk_file_chooser_set_current_name (chooser, "events.csv");
  if (gtk_native_dialog_run (GTK_NATIVE_DIALOG (dialog)) == GTK_RESPONSE_ACCEPT)
    {
      g_autofree char *path = gtk_file_chooser_get_filename (chooser);
      if (path != NULL)
        el_export_to (el, path);
    }
  g_object_unref (dialog);
}

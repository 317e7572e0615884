/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-timeline-model-export.c: a timeline view into a PNG, SVG or PDF
 * file: at once (lttv-gui --export), or in a job (the viewers' export
 * button), on a copy of the model so that the main thread goes on. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lttv-image-file.h"
#include "lttv-timeline-losses.h"
#include "lttv-timeline-model-private.h"
#include "lttv-viewer-context-private.h"

LttvTimelineModel *
lttv_timeline_model_snapshot (LttvTimelineModel *m)
{
  LttvTimelineModel *c = g_new0 (LttvTimelineModel, 1);

  /* (the widths made here, where the copy gets them) */
  lttv_timeline_model_names_width (m);
  *c = *m;
  c->ref_count = 1;
  c->ctx = m->ctx != NULL ? g_object_ref (m->ctx) : NULL;
  c->data = m->data != NULL ? lttv_trace_data_ref (m->data) : NULL;
  for (guint i = 0; i < m->n_columns; i++)
    c->titles[i] = g_strdup (m->titles[i]);
  c->rows = g_array_sized_new (FALSE, TRUE, sizeof (LttvTimelineRow), m->rows->len);
  g_array_append_vals (c->rows, m->rows->data, m->rows->len);
  for (guint i = 0; i < c->rows->len; i++)
    for (guint k = 0; k < LTTV_TIMELINE_MAX_COLUMNS; k++)
      {
        char **cell = &g_array_index (c->rows, LttvTimelineRow, i).cells[k];
        *cell = g_strdup (*cell);
      }
  c->palette = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, m->palette);
  while (g_hash_table_iter_next (&it, &key, &value))
    g_hash_table_insert (c->palette, key, g_memdup2 (value, 3 * sizeof (double)));
  c->legend = g_array_sized_new (FALSE, TRUE, sizeof (LegendEntry), m->legend->len);
  for (guint i = 0; i < m->legend->len; i++)
    {
      LegendEntry e = g_array_index (m->legend, LegendEntry, i);
      e.state = g_strdup (e.state);
      e.label = g_strdup (e.label);
      g_array_append_val (c->legend, e);
    }
  c->losses = lttv_timeline_losses_copy (m->losses);
  c->find = g_strdup (m->find);
  c->visible = g_array_copy (m->visible);
  c->depth = g_array_copy (m->depth);
  c->position = g_array_copy (m->position);
  c->has_children = m->has_children != NULL ? g_memdup2 (m->has_children, MAX (m->rows->len, 1)) : NULL;
  return c;
}

typedef struct {
  LttvTimelineModel *model;
  const LttvTimelineFrame *frame;
  LttvJob *job;                 /* (nullable) */
  GCancellable *cancellable;    /* (nullable) */
} FrameDrawing;

static gboolean
draw_frame (cairo_t *cr, int width, int height, gpointer data, GError **error)
{
  FrameDrawing *d = data;

  if (lttv_timeline_model_render_frame (d->model, d->frame, cr, width, height, d->job, d->cancellable))
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Export cancelled"));
  return FALSE;
}

/* Renders `m` at `f` into `file`; the job (or NULL) gets progress and
 * may cancel. */
static gboolean
export_frame (LttvTimelineModel *m, const LttvTimelineFrame *f, const char *file, int width,
              int height, LttvJob *job, GCancellable *cancellable, GError **error)
{
  FrameDrawing d = { m, f, job, cancellable };
  return lttv_image_file_write (file, width, height, draw_frame, &d, error);
}

gboolean
lttv_timeline_model_export (LttvTimelineModel *m, LttvViewerContext *ctx, const char *file,
                            int width, int height, GError **error)
{
  LttvTimelineFrame f;
  lttv_timeline_model_frame_of (ctx, &f);
  gboolean ok = export_frame (m, &f, file, width, height, NULL, NULL, error);
  lttv_timeline_model_frame_clear (&f);
  return ok;
}

typedef struct {
  LttvTimelineModel *model;   /* the snapshot */
  LttvTimelineFrame frame;
  char *file;
  int width, height;
} ExportJob;

static void
export_job_free (gpointer data)
{
  ExportJob *x = data;
  lttv_timeline_model_unref (x->model);
  lttv_timeline_model_frame_clear (&x->frame);
  g_free (x->file);
  g_free (x);
}

static gboolean
export_job (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  ExportJob *x = data;
  return export_frame (x->model, &x->frame, x->file, x->width, x->height, job, cancellable, error);
}

LttvJob *
lttv_timeline_model_export_async (LttvTimelineModel *m, LttvViewerContext *ctx, const char *file,
                                  int width, int height, GAsyncReadyCallback done,
                                  gpointer user_data)
{
  ExportJob *x = g_new0 (ExportJob, 1);
  x->model = lttv_timeline_model_snapshot (m);
  lttv_timeline_model_frame_of (ctx, &x->frame);
  x->file = g_strdup (file);
  x->width = width;
  x->height = height;
  return lttv_viewer_context_run_job (ctx, _("Exporting the view"), export_job, x, export_job_free,
                                      done, user_data);
}

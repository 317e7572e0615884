/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Export: the path as TSV (the lines of `lttv critical-path
 * --format=tsv`, the causes with this viewer's sentences and shares), or
 * drawn into a PNG, SVG or PDF file; and the headless render. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <lttv-image-file.h>
#include <lttv-thread-selection.h>

#include "critpath.h"

char *
cp_result_tsv (const CpResult *r, LttvViewerContext *ctx)
{
  GString *s = g_string_new (NULL);
  LttvTime span = r->end - r->begin;

  g_string_append_printf (s, "range\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n", r->begin, r->end);
  for (guint i = 0; i < r->segments->len; i++)
    {
      const LttvPathSegment *seg = &g_array_index (r->segments, LttvPathSegment, i);
      g_string_append_printf (s, "segment\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT
                              "\t%" G_GINT64_FORMAT "\t%s\t%" G_GINT64_FORMAT "\t%u\n",
                              seg->begin, seg->end, seg->end - seg->begin, seg->tid,
                              lttv_path_kind_name (seg->kind), seg->other, seg->depth);
    }
  for (guint i = 0; i < r->causes->len; i++)
    {
      const LttvPathCause *c = &g_array_index (r->causes, LttvPathCause, i);
      g_string_append_printf (s, "cause\t%s\t%" G_GINT64_FORMAT "\t%" G_GINT64_FORMAT "\t%" G_GUINT64_FORMAT
                              "\t%u\t%.1f\t%s\n", lttv_path_kind_name (c->kind), c->tid, c->other,
                              c->total, c->count, span > 0 ? 100.0 * c->total / (double) span : 0.0,
                              (const char *) g_ptr_array_index (r->cause_texts, i));
    }
  return g_string_free (s, FALSE);
}

static gboolean
draw_path (cairo_t *cr, int width, int height, gpointer data, GError **error)
{
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cp_draw (data, cr, width, height);
  return TRUE;
}

gboolean
cp_export_file (const CpDraw *d, const char *file, int width, int height, GError **error)
{
  g_autofree char *lower = g_ascii_strdown (file, -1);

  if (g_str_has_suffix (lower, ".tsv"))
    {
      g_autofree char *text = NULL;
      if (d->r == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("%s: no critical path to export"), file);
          return FALSE;
        }
      text = cp_result_tsv (d->r, d->ctx);
      return g_file_set_contents (file, text, -1, error);
    }
  if (!lttv_image_file_is_image (file))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: the name must end in .png, .svg, .pdf or .tsv"), file);
      return FALSE;
    }
  return lttv_image_file_write (file, width, height, draw_path, (gpointer) d, error);
}

/* Headless: the path of the tab's selected thread over the selection
 * (else the whole traceset), computed here; NULL with *why saying what is
 * missing (in `lttv-gui --export` no thread is selected). */
static CpResult *
headless_result (LttvViewerContext *ctx, const char **why)
{
  LttvState *s = lttv_viewer_context_get_state (ctx);
  gint64 tid;
  LttvTime b, e;

  if (s == NULL || !lttv_history_is_finished (lttv_state_get_history (s)))
    {
      *why = _("The state is not built yet.");
      return NULL;
    }
  if (!lttv_viewer_context_get_selected_thread (ctx, &tid, NULL) || tid <= 0)
    {
      *why = _("No thread selected: select one in the control flow view.");
      return NULL;
    }
  if (!lttv_viewer_context_get_selection (ctx, &b, &e) || e <= b)
    {
      lttv_viewer_context_get_bounds (ctx, &b, &e);
      e++;
    }
  *why = NULL;
  return cp_result_compute (s, tid, b, e);
}

gboolean
cp_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height, GError **error)
{
  int start = 280, end_margin = 0;
  CpDraw d = { .ctx = ctx, .sel0 = LTTV_TIME_NONE, .sel1 = LTTV_TIME_NONE };

  lttv_viewer_context_get_axis (ctx, &start, &end_margin);
  lttv_viewer_context_get_window (ctx, &d.t0, &d.t1);
  d.chart_x = start;
  d.chart_w = MAX (width - start - end_margin, 1);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  CpResult *r = headless_result (ctx, &d.status);
  d.r = r;
  cp_draw (&d, cr, width, height);
  cp_result_free (r);
  return TRUE;
}

/* --export=critpath:FILE.tsv: the same lines as the viewer's TSV export. */
gboolean
cp_export_text (LttvViewerContext *ctx, GString *out, GError **error)
{
  const char *why;
  CpResult *r = headless_result (ctx, &why);

  if (r == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", why);
      return FALSE;
    }
  g_autofree char *text = cp_result_tsv (r, ctx);
  g_string_append (out, text);
  cp_result_free (r);
  return TRUE;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* el-render.c: the event list drawn with Pango, without a widget, for
 * `lttv-gui --export=eventlist:FILE`: the events from the start of the
 * window (the filter's matches when the tab has a filter), in the columns
 * the user chose. */
#include "config.h"

#include "el-private.h"

#define MAX_ROWS 400

/* The ranks to draw: from the window's start, matching the filter. */
static guint
pick_ranks (LttvViewerContext *ctx, ElRows *rows, LttvState *state, guint64 *ranks, guint n)
{
  LttvTime start, end;
  lttv_viewer_context_get_window (ctx, &start, &end);
  guint64 first = el_rows_rank_for_time (rows, start);
  const char *expr = lttv_viewer_context_get_filter (ctx);
  g_autoptr (LttvFilter) filter = expr[0] != '\0' ? lttv_filter_new (expr, NULL) : NULL;
  guint got = 0;
  if (filter == NULL)
    {
      guint64 total = lttv_state_n_events (state);
      for (; got < n && first + got < total; got++)
        ranks[got] = first + got;
      return got;
    }
  g_autoptr (LttvIter) it = lttv_iter_new (lttv_state_get_traceset (state));
  g_autoptr (LttvStateThreads) threads = lttv_state_threads_new (state);
  if (!lttv_state_seek_rank (state, it, first, NULL))
    return 0;
  const LttvEvent *ev;
  for (guint64 rank = first; got < n && (ev = lttv_iter_next (it, NULL)) != NULL; rank++)
    if (lttv_filter_match (filter, ev, lttv_state_threads_source (threads)))
      ranks[got++] = rank;
  return got;
}

gboolean
el_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height, GError **error)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 9");
  pango_layout_set_font_description (layout, font);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  int line;
  pango_layout_set_text (layout, "Hg", -1);
  pango_layout_get_pixel_size (layout, NULL, &line);
  int row_h = line + 6;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);

  int order[EL_N_COLS], widths[EL_N_COLS];
  guint n_cols = el_columns_layout (order, widths);
  /* header */
  cairo_set_source_rgb (cr, 0.93, 0.93, 0.93);
  cairo_rectangle (cr, 0, 0, width, row_h);
  cairo_fill (cr);
  int x = 0;
  for (guint c = 0; c < n_cols && x < width; c++)
    {
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      pango_layout_set_width (layout, (widths[c] - 8) * PANGO_SCALE);
      pango_layout_set_text (layout, el_column_title (order[c]), -1);
      cairo_move_to (cr, x + 4, 3);
      pango_cairo_show_layout (cr, layout);
      x += widths[c];
    }

  LttvState *state = lttv_viewer_context_get_state (ctx);
  if (state == NULL || !lttv_history_is_finished (lttv_state_get_history (state)))
    {
      pango_layout_set_width (layout, -1);
      pango_layout_set_text (layout, _("Indexing events…"), -1);
      cairo_move_to (cr, 8, row_h + 8);
      pango_cairo_show_layout (cr, layout);
    }
  else
    {
      guint n = (guint) MIN (MAX_ROWS, MAX (0, (height - row_h) / row_h + 1));
      ElRows *rows = el_rows_new (state);
      guint64 ranks[MAX_ROWS];
      ElRow buf[MAX_ROWS];
      guint wanted = pick_ranks (ctx, rows, state, ranks, n);
      const char *expr = lttv_viewer_context_get_filter (ctx);
      guint got = el_rows_fetch (rows, ranks, wanted, expr[0] == '\0', LTTV_TIME_NONE, buf);
      EventList el = { .ctx = ctx };
      for (guint r = 0; r < got; r++)
        {
          char *texts[EL_N_COLS];
          int y = row_h * (int) (r + 1);
          el_row_texts (&el, &buf[r], texts);
          if (r % 2 == 1)
            {
              cairo_set_source_rgb (cr, 0.97, 0.97, 0.97);
              cairo_rectangle (cr, 0, y, width, row_h);
              cairo_fill (cr);
            }
          x = 0;
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          for (guint c = 0; c < n_cols && x < width; c++)
            {
              pango_layout_set_width (layout, (widths[c] - 8) * PANGO_SCALE);
              pango_layout_set_text (layout, texts[order[c]], -1);
              cairo_move_to (cr, x + 4, y + 3);
              pango_cairo_show_layout (cr, layout);
              x += widths[c];
            }
          for (int c = 0; c < EL_N_COLS; c++)
            g_free (texts[c]);
          el_row_clear (&buf[r]);
        }
      el_rows_free (rows);
    }
  pango_font_description_free (font);
  g_object_unref (layout);
  return TRUE;
}

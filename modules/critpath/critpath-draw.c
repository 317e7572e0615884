/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The path drawn on the tab's time axis: one row per thread it passes
 * through, its segments coloured by kind in their thread's row, a line
 * where it jumps from one thread to another, and a legend. Per pixel
 * column: at most one bar per row and one jump line, whatever the zoom. */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "critpath.h"

static PangoLayout *
small_layout (cairo_t *cr)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 8");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

static double
row_mid (guint row)
{
  return CP_TOP + row * CP_ROW_HEIGHT + CP_ROW_HEIGHT / 2.0;
}

int
cp_row_at (const CpResult *r, double y)
{
  if (r == NULL || y < CP_TOP)
    return -1;
  guint row = (guint) ((y - CP_TOP) / CP_ROW_HEIGHT);
  return row < r->rows->len ? (int) row : -1;
}

/* Clamped just outside the chart: zoomed far in, a long segment's ends
 * are beyond what cairo's fixed point holds (the drawing then fails). */
static double
x_of (const CpDraw *d, LttvTime t)
{
  double x = lttv_viewer_context_time_to_x (d->ctx, t, d->chart_w);
  return d->chart_x + CLAMP (x, -2.0, d->chart_w + 2.0);
}

static void
draw_names (const CpDraw *d, cairo_t *cr, PangoLayout *layout)
{
  const CpResult *r = d->r;
  for (guint i = 0; i < r->rows->len; i++)
    {
      int h;
      if (i % 2 == 1)
        {
          cairo_set_source_rgba (cr, 0, 0, 0, 0.04);
          cairo_rectangle (cr, 0, CP_TOP + i * CP_ROW_HEIGHT, d->chart_x + d->chart_w, CP_ROW_HEIGHT);
          cairo_fill (cr);
        }
      g_autofree char *text = i == 0 ? g_strdup_printf ("%s ★", (const char *) g_ptr_array_index (r->row_names, i))
                                     : g_strdup (g_ptr_array_index (r->row_names, i));
      pango_layout_set_text (layout, text, -1);
      pango_layout_set_width (layout, (int) MAX (d->chart_x - 12, 1) * PANGO_SCALE);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_get_pixel_size (layout, NULL, &h);
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      cairo_move_to (cr, 6, row_mid (i) - h / 2.0);
      pango_cairo_show_layout (cr, layout);
    }
  pango_layout_set_width (layout, -1);
}

static void
draw_segments (const CpDraw *d, cairo_t *cr)
{
  const CpResult *r = d->r;
  g_autofree double *drawn = g_new (double, MAX (r->rows->len, 1));
  double jump_x = -1, jump_y0 = 0, jump_y1 = 0;
  int first = cp_result_segment_at (r, d->t0);

  for (guint i = 0; i < r->rows->len; i++)
    drawn[i] = -G_MAXDOUBLE;
  cairo_save (cr);
  cairo_rectangle (cr, d->chart_x, 0, d->chart_w, CP_TOP + r->rows->len * CP_ROW_HEIGHT);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1);
  for (guint i = first > 0 ? (guint) first : 0; i < r->segments->len; i++)
    {
      const LttvPathSegment *seg = &g_array_index (r->segments, LttvPathSegment, i);
      guint row = r->seg_row[i];
      double x0, x1, rgb[3];

      if (seg->begin > d->t1)
        break;
      if (seg->end <= d->t0)
        continue;
      x0 = floor (x_of (d, seg->begin));
      x1 = MAX (ceil (x_of (d, seg->end)), x0 + 1);
      /* a jump from the previous segment's thread: one line per column */
      if (i > 0 && r->seg_row[i - 1] != row)
        {
          double ya = row_mid (r->seg_row[i - 1]), yb = row_mid (row);
          if (x0 != jump_x)
            {
              if (jump_x >= 0)
                {
                  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.8);
                  cairo_move_to (cr, jump_x + 0.5, jump_y0);
                  cairo_line_to (cr, jump_x + 0.5, jump_y1);
                  cairo_stroke (cr);
                }
              jump_x = x0, jump_y0 = MIN (ya, yb), jump_y1 = MAX (ya, yb);
            }
          else
            jump_y0 = MIN (jump_y0, MIN (ya, yb)), jump_y1 = MAX (jump_y1, MAX (ya, yb));
        }
      if (x1 <= drawn[row])
        continue;
      x0 = MAX (x0, drawn[row]);
      drawn[row] = x1;
      cp_kind_colour (seg->kind, rgb);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      cairo_rectangle (cr, x0, CP_TOP + row * CP_ROW_HEIGHT + 4, x1 - x0, CP_ROW_HEIGHT - 8);
      cairo_fill (cr);
    }
  if (jump_x >= 0)
    {
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.8);
      cairo_move_to (cr, jump_x + 0.5, jump_y0);
      cairo_line_to (cr, jump_x + 0.5, jump_y1);
      cairo_stroke (cr);
    }
  /* the tab's selection, as the other timelines show it */
  if (d->sel0 != LTTV_TIME_NONE && d->sel1 != LTTV_TIME_NONE)
    {
      double a = x_of (d, d->sel0), b = x_of (d, d->sel1);
      cairo_set_source_rgba (cr, 0.2, 0.4, 0.9, 0.15);
      cairo_rectangle (cr, a, 0, MAX (b - a, 1), CP_TOP + r->rows->len * CP_ROW_HEIGHT);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

/* The kinds the path holds, a coloured square and a label each. */
static double
draw_legend (const CpDraw *d, cairo_t *cr, PangoLayout *layout, double y, int width)
{
  gboolean seen[LTTV_PATH_UNKNOWN + 1] = { FALSE };
  double x = 6, line = 16;

  for (guint i = 0; i < d->r->segments->len; i++)
    {
      guint k = g_array_index (d->r->segments, LttvPathSegment, i).kind;
      if (k <= LTTV_PATH_UNKNOWN)
        seen[k] = TRUE;
    }
  for (guint k = 0; k <= LTTV_PATH_UNKNOWN; k++)
    {
      double rgb[3];
      int w, h;
      if (!seen[k])
        continue;
      pango_layout_set_text (layout, cp_kind_label (k), -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      if (x + 16 + w > width && x > 6)
        x = 6, y += line;
      cp_kind_colour (k, rgb);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      cairo_rectangle (cr, x, y + 3, 10, 10);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_move_to (cr, x + 14, y + (line - h) / 2);
      pango_cairo_show_layout (cr, layout);
      x += 14 + w + 14;
    }
  return y + line;
}

int
cp_draw (const CpDraw *d, cairo_t *cr, int width, int height)
{
  g_autoptr (PangoLayout) layout = small_layout (cr);
  double y;

  if (d->status != NULL || d->r == NULL)
    {
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      pango_layout_set_width (layout, MAX (width - 12, 1) * PANGO_SCALE);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
      pango_layout_set_text (layout, d->status != NULL ? d->status : "", -1);
      cairo_move_to (cr, 6, 6);
      pango_cairo_show_layout (cr, layout);
      return 40;
    }
  draw_names (d, cr, layout);
  draw_segments (d, cr);
  y = CP_TOP + d->r->rows->len * CP_ROW_HEIGHT + 4;
  return (int) ceil (draw_legend (d, cr, layout, y, width)) + 2;
}

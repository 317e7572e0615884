/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-timeline-model-draw.c: drawing a timeline model: the names pane,
 * the rows (any thread, from slices), the legend and the whole view. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "lttv-time-ruler.h"
#include "lttv-timeline-losses.h"
#include "lttv-timeline-model-private.h"
#include "lttv-viewer-context-private.h"
/* --- Names pane ---------------------------------------------------------- */

static PangoLayout *
new_layout (cairo_t *cr, const char *font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  return layout;
}

static int
text_width (PangoLayout *layout, const char *text)
{
  int w;
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, NULL);
  return w;
}

/* Columns fitted to the title and to the longest text of each column (by
 * bytes: measuring every row's text costs too much on 10 000 rows). */
static void
compute_widths (LttvTimelineModel *m)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (s);
  PangoLayout *layout = new_layout (cr, NAMES_FONT);
  guint max_depth = 0;

  for (guint p = 0; p < m->depth->len; p++)
    max_depth = MAX (max_depth, g_array_index (m->depth, guint, p));
  for (guint c = 0; c < m->n_columns; c++)
    {
      const char *longest = "";
      for (guint p = 0; p < m->visible->len; p++)
        {
          const LttvTimelineRow *row = &g_array_index (m->rows, LttvTimelineRow,
                                                       g_array_index (m->visible, guint, p));
          if (strlen (row->cells[c]) > strlen (longest))
            longest = row->cells[c];
        }
      m->col_width[c] = MAX (text_width (layout, m->titles[c]) + 14, text_width (layout, longest))
                        + 2 * CELL_PAD;
      if (c == 0)
        m->col_width[c] += EXPANDER_WIDTH * (m->tree ? max_depth + 1 : 0);
      m->col_width[c] = MIN (m->col_width[c], 320);
    }
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  m->widths_valid = TRUE;
}

int
lttv_timeline_model_names_width (LttvTimelineModel *m)
{
  int w = 0;
  if (!m->widths_valid)
    compute_widths (m);
  for (guint c = 0; c < m->n_columns; c++)
    w += m->col_width[c];
  return w;
}

int
lttv_timeline_model_column_at (LttvTimelineModel *m, double x)
{
  double left = 0;
  if (!m->widths_valid)
    compute_widths (m);
  for (guint c = 0; c < m->n_columns; c++)
    {
      if (x >= left && x < left + m->col_width[c])
        return c;
      left += m->col_width[c];
    }
  return -1;
}

void
lttv_timeline_model_draw_header (LttvTimelineModel *m, cairo_t *cr, int width)
{
  PangoLayout *layout = new_layout (cr, NAMES_FONT);
  double x = 0;

  if (!m->widths_valid)
    compute_widths (m);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, LTTV_TIMELINE_HEADER_HEIGHT);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 0.96, 0.96, 0.95);
  cairo_paint (cr);
  cairo_set_line_width (cr, 1);
  for (guint c = 0; c < m->n_columns; c++)
    {
      int h;
      pango_layout_set_text (layout, m->titles[c], -1);
      pango_layout_get_pixel_size (layout, NULL, &h);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_move_to (cr, x + CELL_PAD, (LTTV_TIMELINE_HEADER_HEIGHT - h) / 2.0);
      pango_cairo_show_layout (cr, layout);
      if ((int) c == m->sort_column)
        {
          double ax = x + m->col_width[c] - 12, ay = LTTV_TIMELINE_HEADER_HEIGHT / 2.0;
          cairo_move_to (cr, ax, m->descending ? ay - 2 : ay + 2);
          cairo_line_to (cr, ax + 8, m->descending ? ay - 2 : ay + 2);
          cairo_line_to (cr, ax + 4, m->descending ? ay + 3 : ay - 3);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
      x += m->col_width[c];
      cairo_set_source_rgb (cr, 0.8, 0.8, 0.78);
      cairo_move_to (cr, floor (x) - 0.5, 4);
      cairo_line_to (cr, floor (x) - 0.5, LTTV_TIMELINE_HEADER_HEIGHT - 4);
      cairo_stroke (cr);
    }
  cairo_set_source_rgb (cr, 0.7, 0.7, 0.68);
  cairo_move_to (cr, 0, LTTV_TIMELINE_HEADER_HEIGHT - 0.5);
  cairo_line_to (cr, width, LTTV_TIMELINE_HEADER_HEIGHT - 0.5);
  cairo_stroke (cr);
  cairo_restore (cr);
  g_object_unref (layout);
}

gboolean
lttv_timeline_model_on_expander (LttvTimelineModel *m, guint i, double x)
{
  int pos = lttv_timeline_model_row_position (m, i);
  guint depth;

  if (!m->tree || pos < 0 || !lttv_timeline_model_has_children (m, i))
    return FALSE;
  lttv_timeline_model_visible_row (m, pos, &depth);
  return x >= CELL_PAD + depth * EXPANDER_WIDTH && x < CELL_PAD + (depth + 1) * EXPANDER_WIDTH;
}

void
lttv_timeline_model_draw_names (LttvTimelineModel *m, cairo_t *cr, int width, int height,
                                guint first, int y0, int selected)
{
  PangoLayout *layout = new_layout (cr, NAMES_FONT);
  const int rh = LTTV_TIMELINE_ROW_HEIGHT;

  if (!m->widths_valid)
    compute_widths (m);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  for (guint p = first; p < m->visible->len; p++)
    {
      guint depth, i = lttv_timeline_model_visible_row (m, p, &depth);
      const LttvTimelineRow *row = &g_array_index (m->rows, LttvTimelineRow, i);
      double y = y0 + (double) (p - first) * rh, x = 0;
      int h;

      if (y >= height)
        break;
      if ((int) i == selected)
        cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      else if (p % 2)
        cairo_set_source_rgb (cr, 0.965, 0.965, 0.96);
      else
        cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_rectangle (cr, 0, y, width, rh);
      cairo_fill (cr);
      for (guint c = 0; c < m->n_columns; c++)
        {
          double indent = 0;
          if (c == 0 && m->tree)
            {
              indent = (depth + 1) * EXPANDER_WIDTH;
              if (m->has_children[i])
                {
                  double ex = CELL_PAD + depth * EXPANDER_WIDTH + 3, ey = y + rh / 2.0;
                  cairo_set_source_rgb (cr, (int) i == selected ? 1 : 0.4,
                                        (int) i == selected ? 1 : 0.4, (int) i == selected ? 1 : 0.4);
                  if (row->collapsed && m->find == NULL)
                    {
                      cairo_move_to (cr, ex, ey - 4);
                      cairo_line_to (cr, ex + 6, ey);
                      cairo_line_to (cr, ex, ey + 4);
                    }
                  else
                    {
                      cairo_move_to (cr, ex - 1, ey - 3);
                      cairo_line_to (cr, ex + 7, ey - 3);
                      cairo_line_to (cr, ex + 3, ey + 3);
                    }
                  cairo_close_path (cr);
                  cairo_fill (cr);
                }
            }
          pango_layout_set_text (layout, row->cells[c], -1);
          pango_layout_set_width (layout, MAX (m->col_width[c] - 2 * CELL_PAD - indent, 1) * PANGO_SCALE);
          pango_layout_get_pixel_size (layout, NULL, &h);
          if ((int) i == selected)
            cairo_set_source_rgb (cr, 1, 1, 1);
          else
            cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cairo_move_to (cr, x + CELL_PAD + indent, y + (rh - h) / 2.0);
          pango_cairo_show_layout (cr, layout);
          x += m->col_width[c];
        }
    }
  cairo_restore (cr);
  g_object_unref (layout);
}

/* --- Rows ---------------------------------------------------------------- */

struct _LttvTimelineSlice
{
  LttvTimelineModel *model;
  LttvTimelineRow *rows;   /* shallow copies: cells are not read */
  guint n;
  LttvValue highlight;
};

LttvTimelineSlice *
lttv_timeline_slice_new (LttvTimelineModel *m, guint first, guint n)
{
  LttvTimelineSlice *s = g_new0 (LttvTimelineSlice, 1);

  s->model = lttv_timeline_model_ref (m);
  first = MIN (first, m->visible->len);
  s->n = MIN (n, m->visible->len - first);
  s->rows = g_new0 (LttvTimelineRow, MAX (s->n, 1));
  for (guint k = 0; k < s->n; k++)
    {
      s->rows[k] = g_array_index (m->rows, LttvTimelineRow, g_array_index (m->visible, guint, first + k));
      memset (s->rows[k].cells, 0, sizeof s->rows[k].cells);
    }
  s->highlight = m->highlight;
  return s;
}

void
lttv_timeline_slice_free (LttvTimelineSlice *s)
{
  if (s == NULL)
    return;
  lttv_timeline_model_unref (s->model);
  g_free (s->rows);
  g_free (s);
}

const char *
lttv_timeline_model_value_text (LttvTimelineModel *m, const LttvTimelineRow *row, LttvValue v,
                                char buf[64])
{
  const char *s;
  if (lttv_value_type (v) == LTTV_VALUE_NULL)
    return NULL;
  if ((s = lttv_history_string (m->history, v)) != NULL)
    return s;
  return lttv_history_format_value (m->history, v, buf);
}

/* A distinct, readable tint per value (golden-ratio hues). */
static void
tint_of (LttvValue v, double rgb[3])
{
  double h = fmod ((double) (v >> 2) * 0.618033988749895, 1.0) * 6, f = h - floor (h);
  double s = 0.55, l = 0.62, q = l + s - l * s, p = 2 * l - q;
  double t[3] = { fmod (h / 6 + 1.0 / 3, 1), h / 6, fmod (h / 6 + 2.0 / 3, 1) };
  (void) f;
  for (int i = 0; i < 3; i++)
    {
      double x = t[i];
      rgb[i] = x < 1.0 / 6 ? p + (q - p) * 6 * x
             : x < 0.5 ? q
             : x < 2.0 / 3 ? p + (q - p) * (2.0 / 3 - x) * 6 : p;
    }
}

typedef struct
{
  LttvValue v;
  gboolean drawn;
  double rgb[3];
} ColourSlot;

/* The colour of a value, from the palette or the viewer: FALSE for
 * nothing drawn. */
static gboolean
colour_compute (LttvTimelineModel *m, const LttvTimelineRow *row, LttvValue v, double rgb[3])
{
  const char *s;
  const double *p;

  if ((s = lttv_history_string (m->history, v)) != NULL
      && (p = g_hash_table_lookup (m->palette, s)) != NULL)
    {
      memcpy (rgb, p, 3 * sizeof *rgb);
      return TRUE;
    }
  if (m->colour_func != NULL)
    return m->colour_func (row, v, rgb, m->colour_data);
  rgb[0] = rgb[1] = rgb[2] = 0.6;
  return TRUE;
}

#define COLOUR_SLOTS 256
#define COLOUR_PROBES 8

/* Colour of a value, cached per draw in a small open-addressing table.
 * A row may hold any number of values (a counter, thread ids): a probe
 * looks at COLOUR_PROBES slots at most and, when they are all taken by
 * other values, the value takes its first slot over. */
static gboolean
colour_of (LttvTimelineModel *m, const LttvTimelineRow *row, LttvValue v, ColourSlot *cache,
           double rgb[3])
{
  guint home = (guint) ((v * 0x9E3779B97F4A7C15ull) >> 56) & (COLOUR_SLOTS - 1), h = home;
  ColourSlot *slot = NULL;

  if (v == LTTV_VALUE_NONE)
    return colour_compute (m, row, v, rgb);
  for (guint k = 0; k < COLOUR_PROBES; k++, h = (h + 1) & (COLOUR_SLOTS - 1))
    {
      if (cache[h].v == v)
        {
          memcpy (rgb, cache[h].rgb, sizeof cache[h].rgb);
          return cache[h].drawn;
        }
      if (cache[h].v == LTTV_VALUE_NONE)
        {
          slot = &cache[h];
          break;
        }
    }
  if (slot == NULL)
    slot = &cache[home];
  slot->v = v;
  slot->drawn = colour_compute (m, row, v, slot->rgb);
  memcpy (rgb, slot->rgb, sizeof slot->rgb);
  return slot->drawn;
}

static gboolean
is_running (LttvTimelineModel *m, LttvValue v)
{
  const char *s = lttv_history_string (m->history, v);
  return s != NULL && g_str_has_prefix (s, "RUN_");
}

/* Rectangles to fill, gathered per colour: one fill per colour instead of
 * one per run (a row at full range has a run per pixel). */
#define N_BATCHES 16
typedef struct
{
  double rgb[3];
  GArray *rects;     /* double x, y, w, h */
} Batch;
typedef struct
{
  Batch b[N_BATCHES];
  guint n;
} Batches;

static void
batch_flush (Batches *bs, cairo_t *cr)
{
  for (guint k = 0; k < bs->n; k++)
    {
      Batch *b = &bs->b[k];
      const double *r = (const double *) (gpointer) b->rects->data;
      if (b->rects->len == 0)
        continue;
      for (guint i = 0; i < b->rects->len; i += 4)
        cairo_rectangle (cr, r[i], r[i + 1], r[i + 2], r[i + 3]);
      cairo_set_source_rgb (cr, b->rgb[0], b->rgb[1], b->rgb[2]);
      cairo_fill (cr);
      g_array_set_size (b->rects, 0);
    }
  bs->n = 0;
}

static void
batch_add (Batches *bs, cairo_t *cr, const double rgb[3], double x, double y, double w, double h)
{
  const double r[4] = { x, y, w, h };
  guint k;

  for (k = 0; k < bs->n; k++)
    if (memcmp (bs->b[k].rgb, rgb, sizeof bs->b[k].rgb) == 0)
      break;
  if (k == bs->n)
    {
      if (bs->n == N_BATCHES)
        batch_flush (bs, cr);
      k = bs->n++;
      memcpy (bs->b[k].rgb, rgb, sizeof bs->b[k].rgb);
      if (bs->b[k].rects == NULL)
        bs->b[k].rects = g_array_new (FALSE, FALSE, sizeof (double));
    }
  g_array_append_vals (bs->b[k].rects, r, 4);
}

static void
batches_clear (Batches *bs)
{
  for (guint k = 0; k < N_BATCHES; k++)
    if (bs->b[k].rects != NULL)
      g_array_unref (bs->b[k].rects);
}

gboolean
lttv_timeline_slice_draw (LttvTimelineSlice *s, cairo_t *cr, int width, int y0, LttvTime t0,
                          LttvTime t1, GCancellable *cancellable)
{
  return lttv_timeline_slice_draw_until (s, cr, width, y0, t0, t1, cancellable, 0);
}

gboolean
lttv_timeline_slice_draw_until (LttvTimelineSlice *s, cairo_t *cr, int width, int y0,
                                LttvTime t0, LttvTime t1, GCancellable *cancellable,
                                gint64 deadline)
{
  LttvTimelineModel *m = s->model;
  const int rh = LTTV_TIMELINE_ROW_HEIGHT;
  LttvTime span = t1 > t0 ? t1 - t0 : 1;
  LttvTime step = MAX ((span + width - 1) / MAX (width, 1), 1);
  guint n = (guint) MIN ((span + step - 1) / step, (LttvTime) MAX (width, 1));
  g_autofree LttvSample *samples = g_new (LttvSample, n + 1);
  g_autofree LttvSample *labels = g_new (LttvSample, n + 1);
  g_autofree ColourSlot *cache = g_new0 (ColourSlot, COLOUR_SLOTS);
  g_autoptr (GHashTable) widths = g_hash_table_new (NULL, NULL);
  PangoLayout *layout = new_layout (cr, LABEL_FONT);
  double per_sample = (double) step * width / (double) span;
  Batches batches = { 0 };
  int text_h;

  pango_layout_set_text (layout, "Ag", -1);
  pango_layout_get_pixel_size (layout, NULL, &text_h);
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (guint k = 0; k < s->n; k++)
    {
      const LttvTimelineRow *row = &s->rows[k];
      double y = y0 + (double) k * rh, top = y + 3, bottom = y + rh - 3;
      double xb = 0, xe = width;
      guint got, got_labels = 0;

      if ((cancellable != NULL && g_cancellable_is_cancelled (cancellable))
          || (deadline != 0 && g_get_monotonic_time () >= deadline))
        {
          batches_clear (&batches);
          g_object_unref (layout);
          cairo_restore (cr);
          return FALSE;
        }
      if (row->attr == LTTV_ATTR_NONE)
        continue;
      /* Row guide line. */
      cairo_set_source_rgb (cr, 0.9, 0.9, 0.88);
      cairo_rectangle (cr, 0, floor (y + rh / 2.0), width, 1);
      cairo_fill (cr);
      if (row->birth != LTTV_TIME_NONE && row->birth > t0)
        xb = (double) (row->birth - t0) * width / (double) span;
      if (row->death != LTTV_TIME_NONE && row->death < t1)
        xe = ((double) (row->death - t0) + 1) * width / (double) span;
      if (xe <= 0 || xb >= width || xe <= xb)
        continue;
      /* A viewer's colours depend on the row (an IRQ row's 1 is a CPU, a
       * block device's 1 a request): the cache holds one row's. */
      if (m->colour_func != NULL)
        memset (cache, 0, COLOUR_SLOTS * sizeof *cache);
      got = lttv_history_query_row (m->history, row->attr, t0, step, n, samples);
      if (row->label_attr != LTTV_ATTR_NONE)
        got_labels = lttv_history_query_row (m->history, row->label_attr, t0, step, n, labels);
      cairo_save (cr);
      cairo_rectangle (cr, floor (xb), y, ceil (xe) - floor (xb), rh);
      cairo_clip (cr);
      /* Runs of one colour key: the value, and the thread when tinted.
       * Rectangles are gathered per colour and filled once per colour. */
      for (guint i = 0; i < got;)
        {
          LttvValue v = samples[i].value;
          LttvValue tint = row->tint && i < got_labels && is_running (m, v) ? labels[i].value : 0;
          guint j = i + 1;
          double rgb[3], x0, x1;

          while (j < got && samples[j].value == v
                 && (!row->tint || (j < got_labels && is_running (m, v) ? labels[j].value : 0) == tint))
            j++;
          x0 = floor (i * per_sample);
          x1 = MAX (floor (j * per_sample), x0 + 1);
          if (v != LTTV_VALUE_NONE && colour_of (m, row, v, cache, rgb))
            {
              if (tint != 0)
                tint_of (tint, rgb);
              batch_add (&batches, cr, rgb, x0, top, x1 - x0, bottom - top);
            }
          i = j;
        }
      batch_flush (&batches, cr);
      /* Dense pixels: several changes merged; marked, never dropped. A
       * pixel mostly empty still shows that something happened in it. */
      for (guint i = 0; i < got; i++)
        if (samples[i].mixed > 0)
          {
            static const double dark[3] = { 0.45, 0.45, 0.45 }, strip[3] = { 0.25, 0.25, 0.25 };
            guint j = i;
            while (j + 1 < got && samples[j + 1].mixed > 0
                   && (samples[j + 1].value == LTTV_VALUE_NONE) == (samples[i].value == LTTV_VALUE_NONE))
              j++;
            double x0 = floor (i * per_sample), x1 = MAX (floor ((j + 1) * per_sample), x0 + 1);
            if (samples[i].value == LTTV_VALUE_NONE)
              batch_add (&batches, cr, dark, x0, top + 3, x1 - x0, bottom - top - 3);
            batch_add (&batches, cr, strip, x0, top, x1 - x0, 3);
            i = j;
          }
      batch_flush (&batches, cr);
      /* Not built yet. */
      if (got < n)
        {
          double xp = floor (got * per_sample);
          cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.25);
          cairo_rectangle (cr, xp, top, width - xp, bottom - top);
          cairo_fill (cr);
        }
      /* Labels, and the highlighted thread, on runs of one label value. */
      for (guint i = 0; i < got_labels;)
        {
          LttvValue v = labels[i].value;
          guint j = i + 1;
          double x0, x1;

          while (j < got_labels && labels[j].value == v)
            j++;
          x0 = floor (i * per_sample);
          x1 = floor (j * per_sample);
          if (v != LTTV_VALUE_NONE && s->highlight != LTTV_VALUE_NONE && v == s->highlight)
            {
              cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
              cairo_set_line_width (cr, 2);
              cairo_rectangle (cr, x0 + 1, top - 1, MAX (x1 - x0 - 2, 1), bottom - top + 2);
              cairo_stroke (cr);
            }
          if (v != LTTV_VALUE_NONE && x1 - x0 >= 24)
            {
              char buf[64];
              LttvTime mid = t0 + (LttvTime) ((i + j) / 2) * step;
              const char *text = m->label_func != NULL
                                 ? m->label_func (row, v, mid, buf, m->label_data)
                                 : lttv_timeline_model_value_text (m, row, v, buf);
              gpointer cached = m->label_func == NULL ? g_hash_table_lookup (widths, (gpointer) (guintptr) v) : NULL;
              int w = cached != NULL ? GPOINTER_TO_INT (cached) : (text != NULL ? text_width (layout, text) : 0);

              if (m->label_func == NULL && cached == NULL)
                g_hash_table_insert (widths, (gpointer) (guintptr) v, GINT_TO_POINTER (w));
              if (text != NULL && w + 6 <= x1 - x0)
                {
                  pango_layout_set_text (layout, text, -1);
                  cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
                  cairo_move_to (cr, x0 + (x1 - x0 - w) / 2, y + (rh - text_h) / 2.0);
                  pango_cairo_show_layout (cr, layout);
                }
            }
          i = j;
        }
      cairo_restore (cr);
    }
  cairo_restore (cr);
  batches_clear (&batches);
  g_object_unref (layout);
  return TRUE;
}

/* --- Legend and whole view ---------------------------------------------- */

void
lttv_timeline_model_draw_legend (LttvTimelineModel *m, cairo_t *cr, int width)
{
  PangoLayout *layout = new_layout (cr, LABEL_FONT);
  const int h = LTTV_TIMELINE_LEGEND_HEIGHT;
  double x = 8;
  int th;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, h);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 0.96, 0.96, 0.95);
  cairo_paint (cr);
  /* After the states: dense pixels, and the threads' tints when some row
   * shows them (the resource view's CPUs, on demand). */
  gboolean tinted = FALSE;
  for (guint i = 0; i < m->rows->len && !tinted; i++)
    tinted = g_array_index (m->rows, LttvTimelineRow, i).tint;
  guint n_entries = m->legend->len + 1 + (tinted ? 1 : 0);
  for (guint i = 0; i < n_entries; i++)
    {
      const char *label = i < m->legend->len ? g_array_index (m->legend, LegendEntry, i).label
                          : i == m->legend->len ? _("Dense (several changes per pixel)")
                          : _("Running, a tint per thread");
      int w = text_width (layout, label);

      pango_layout_get_pixel_size (layout, NULL, &th);
      if (i < m->legend->len)
        {
          const double *rgb = g_array_index (m->legend, LegendEntry, i).rgb;
          cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
          cairo_rectangle (cr, x, (h - 12) / 2.0, 18, 12);
          cairo_fill (cr);
        }
      else if (i == m->legend->len)
        {
          cairo_set_source_rgb (cr, 0.8, 0.8, 0.8);
          cairo_rectangle (cr, x, (h - 12) / 2.0, 18, 12);
          cairo_fill (cr);
          cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
          cairo_rectangle (cr, x, (h - 12) / 2.0, 18, 3);
          cairo_fill (cr);
        }
      else
        for (int k = 0; k < 3; k++)
          {
            double rgb[3];
            tint_of ((LttvValue) (k + 1) << 2, rgb);
            cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
            cairo_rectangle (cr, x + 6 * k, (h - 12) / 2.0, 6, 12);
            cairo_fill (cr);
          }
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      cairo_move_to (cr, x + 22, (h - th) / 2.0);
      pango_cairo_show_layout (cr, layout);
      x += 22 + w + 14;
    }
  if (lttv_timeline_losses_n (m->losses) > 0)
    {
      pango_layout_set_text (layout, _("Lost by the tracer"), -1);
      pango_layout_get_pixel_size (layout, NULL, &th);
      lttv_timeline_losses_draw_key (cr, x, (h - 12) / 2.0, 18, 12);
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      cairo_move_to (cr, x + 22, (h - th) / 2.0);
      pango_cairo_show_layout (cr, layout);
    }
  cairo_restore (cr);
  g_object_unref (layout);
}

void
lttv_timeline_model_frame_of (LttvViewerContext *ctx, LttvTimelineFrame *f)
{
  lttv_viewer_context_get_window (ctx, &f->t0, &f->t1);
  lttv_viewer_context_get_bounds (ctx, &f->begin, NULL);
  f->has_selection = lttv_viewer_context_get_selection (ctx, &f->sel0, &f->sel1);
  f->now = lttv_viewer_context_get_current_time (ctx);
  lttv_marks_get (ctx, &f->marks);
}

void
lttv_timeline_model_frame_clear (LttvTimelineFrame *f)
{
  lttv_marks_clear (&f->marks);
}

void
lttv_timeline_model_render (LttvTimelineModel *m, LttvViewerContext *ctx, cairo_t *cr,
                            int width, int height)
{
  LttvTimelineFrame f;
  lttv_timeline_model_frame_of (ctx, &f);
  lttv_timeline_model_render_frame (m, &f, cr, width, height, NULL, NULL);
  lttv_timeline_model_frame_clear (&f);
}

/* Rows in pieces of this many when a job reports progress. */
#define RENDER_ROWS_STEP 16

gboolean
lttv_timeline_model_render_frame (LttvTimelineModel *m, const LttvTimelineFrame *f, cairo_t *cr,
                                  int width, int height, LttvJob *job, GCancellable *cancellable)
{
  const int hh = LTTV_TIMELINE_HEADER_HEIGHT, lh = LTTV_TIMELINE_LEGEND_HEIGHT;
  int names = MIN (lttv_timeline_model_names_width (m), width * 2 / 5);
  int rows_w = MAX (width - names, 1), rows_h = MAX (height - hh - lh, 0);
  guint n = rows_h / LTTV_TIMELINE_ROW_HEIGHT + 1;
  LttvTime t0 = f->t0, t1 = f->t1, begin = f->begin;
  gboolean drawn = TRUE;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  lttv_timeline_model_draw_header (m, cr, names);
  cairo_save (cr);
  cairo_translate (cr, names, 0);
  cairo_set_source_rgb (cr, 0.96, 0.96, 0.95);
  cairo_rectangle (cr, 0, 0, rows_w, hh);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  lttv_time_ruler_render (cr, rows_w, hh, t0, t1, begin);
  lttv_marks_draw (&f->marks, cr, rows_w, hh, t0, t1, LTTV_MARKS_LINES | LTTV_MARKS_LABELS);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_translate (cr, 0, hh);
  lttv_timeline_model_draw_names (m, cr, names, rows_h, 0, 0, -1);
  cairo_translate (cr, names, 0);
  cairo_rectangle (cr, 0, 0, rows_w, rows_h);
  cairo_clip (cr);
  if (job == NULL)
    {
      LttvTimelineSlice *slice = lttv_timeline_slice_new (m, 0, n);
      drawn = lttv_timeline_slice_draw (slice, cr, rows_w, 0, t0, t1, cancellable);
      lttv_timeline_slice_free (slice);
    }
  else
    /* (the same rows, a piece at a time, with progress and cancel) */
    for (guint first = 0; first < n && drawn; first += RENDER_ROWS_STEP)
      {
        LttvTimelineSlice *slice = lttv_timeline_slice_new (m, first, MIN (RENDER_ROWS_STEP, n - first));
        drawn = lttv_timeline_slice_draw (slice, cr, rows_w, (int) first * LTTV_TIMELINE_ROW_HEIGHT,
                                          t0, t1, cancellable);
        lttv_timeline_slice_free (slice);
        lttv_job_report (job, 0.9 * (first + RENDER_ROWS_STEP) / n, 0);
      }
  lttv_timeline_losses_draw (m->losses, m, cr, rows_w, rows_h, 0, t0, t1);
  lttv_marks_draw (&f->marks, cr, rows_w, rows_h, t0, t1, LTTV_MARKS_LINES | LTTV_MARKS_DURATION);
  cairo_restore (cr);
  cairo_set_source_rgb (cr, 0.75, 0.75, 0.73);
  cairo_rectangle (cr, names - 1, 0, 1, height - lh);
  cairo_fill (cr);
  cairo_save (cr);
  cairo_translate (cr, 0, height - lh);
  lttv_timeline_model_draw_legend (m, cr, width);
  cairo_restore (cr);
  return drawn;
}

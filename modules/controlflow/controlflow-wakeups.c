/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Wakeup arrows: from the waker's row to the wakee's at each wakeup edge
 * (lttv_state_wakeups). At most a few per pixel column and one per pair
 * of rows there, so a zoomed-out window costs what a narrow one does. An
 * IRQ, soft IRQ or timer wakes from the row of the thread it interrupted
 * (swapper/N on an idle CPU), its tail a square in its own colour. */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "controlflow.h"

/* Edges looked at per pixel column: a denser column shows its first ones. */
#define PER_COLUMN 16

static const GArray *
edges_of (LttvState *s, CfIndex *x, LttvTimelineModel *m)
{
  /* (the edges come with the finished build) */
  if (s == NULL || m == NULL || x == NULL || lttv_timeline_model_get_history (m) != cf_index_history (x)
      || lttv_state_get_history (s) != cf_index_history (x) || !lttv_history_is_finished (cf_index_history (x)))
    return NULL;
  return lttv_state_wakeups (s);
}

/* The rows an edge joins, FALSE when either is not listed. */
static gboolean
edge_rows (CfIndex *x, LttvTimelineModel *m, const LttvWakeup *e, int *ra, int *rb)
{
  if (e->waker < 0 || e->kind == LTTV_WAKER_UNKNOWN)
    return FALSE;
  *ra = cf_index_row_for (x, m, e->waker, (guint) MAX (e->cpu, 0), e->time);
  *rb = cf_index_row_for (x, m, e->wakee, (guint) MAX (e->cpu, 0), e->time);
  return *ra >= 0 && *rb >= 0 && *ra != *rb;
}

static double
column_x (LttvTime t, LttvTime t0, LttvTime t1, int width)
{
  return floor (((double) t - (double) t0) * width / (double) (t1 - t0)) + 0.5;
}

static void
tail_colour (cairo_t *cr, gint32 kind)
{
  switch (kind)
    {
    case LTTV_WAKER_IRQ: cairo_set_source_rgb (cr, 0.90, 0.45, 0.0); break;
    case LTTV_WAKER_SOFTIRQ: cairo_set_source_rgb (cr, 0.60, 0.20, 0.75); break;
    case LTTV_WAKER_TIMER: cairo_set_source_rgb (cr, 0.0, 0.60, 0.35); break;
    default: cairo_set_source_rgb (cr, 0.10, 0.35, 0.85); break;
    }
}

void
cf_draw_wakeups (LttvTimelineView *view, CfIndex *x, LttvState *s, cairo_t *cr, int width,
                 int height, LttvTime t0, LttvTime t1)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (view);
  const GArray *ws = edges_of (s, x, m);
  int pairs[PER_COLUMN][2];
  int n_pairs = 0, looked = 0;
  double cur_x = -1;

  if (ws == NULL || t1 <= t0 || width <= 0)
    return;
  /* more edges than columns: fainter, so the rows stay readable under them */
  guint first = lttv_state_wakeup_index (s, t0);
  double alpha = lttv_state_wakeup_index (s, t1 + 1) - first > (guint) width ? 0.3 : 0.9;
  cairo_set_line_width (cr, 1);
  for (guint i = first; i < ws->len; i++)
    {
      const LttvWakeup *e = &g_array_index (ws, LttvWakeup, i);
      int ra, rb;
      double xa, ya, yb, dir;
      gboolean seen = FALSE;

      if (e->time > t1)
        break;
      xa = column_x (e->time, t0, t1, width);
      if (xa != cur_x)
        cur_x = xa, n_pairs = 0, looked = 0;
      if (looked++ >= PER_COLUMN)
        {
          /* on to the next column's first edge */
          LttvTime next = t0 + (LttvTime) ceil ((xa + 0.5) * (double) (t1 - t0) / width);
          guint j = lttv_state_wakeup_index (s, next);
          if (j > i + 1)
            i = j - 1;
          continue;
        }
      if (!edge_rows (x, m, e, &ra, &rb))
        continue;
      for (int k = 0; k < n_pairs && !seen; k++)
        seen = pairs[k][0] == ra && pairs[k][1] == rb;
      if (seen)
        continue;
      pairs[n_pairs][0] = ra, pairs[n_pairs][1] = rb, n_pairs++;
      ya = lttv_timeline_view_row_y (view, ra);
      yb = lttv_timeline_view_row_y (view, rb);
      if (ya < 0 || yb < 0 || (ya > height && yb > height))
        continue;
      dir = yb > ya ? 1 : -1;
      cairo_set_source_rgba (cr, 0.10, 0.35, 0.85, alpha);
      cairo_move_to (cr, xa, ya);
      cairo_line_to (cr, xa, yb - dir * 3);
      cairo_stroke (cr);
      cairo_move_to (cr, xa, yb);
      cairo_line_to (cr, xa - 3, yb - dir * 6);
      cairo_line_to (cr, xa + 3, yb - dir * 6);
      cairo_close_path (cr);
      cairo_fill (cr);
      /* the tail: a dot for a thread, a square for what interrupted it */
      tail_colour (cr, e->kind);
      if (e->kind == LTTV_WAKER_THREAD)
        cairo_arc (cr, xa, ya, 2, 0, 2 * G_PI);
      else
        cairo_rectangle (cr, xa - 3, ya - 3, 6, 6);
      cairo_fill (cr);
    }
}

/* "name (tid)" of a row. */
static char *
row_name (LttvTimelineModel *m, int row)
{
  const LttvTimelineRow *r = lttv_timeline_model_get_row (m, (guint) row);
  return g_strdup_printf ("%s (%s)", r->cells[CF_COL_PROCESS], r->cells[CF_COL_TID]);
}

static char *
waker_text (LttvTimelineModel *m, const LttvWakeup *e, int ra)
{
  g_autofree char *thread = row_name (m, ra);
  switch (e->kind)
    {
    case LTTV_WAKER_IRQ:
      return g_strdup_printf (_("IRQ %d on CPU %d (interrupting %s)"), e->id, e->cpu, thread);
    case LTTV_WAKER_SOFTIRQ:
      return g_strdup_printf (_("soft IRQ %d on CPU %d (interrupting %s)"), e->id, e->cpu, thread);
    case LTTV_WAKER_TIMER:
      return g_strdup_printf (_("a timer on CPU %d (interrupting %s)"), e->cpu, thread);
    default:
      return g_steal_pointer (&thread);
    }
}

char *
cf_wakeups_tooltip (LttvTimelineView *view, CfIndex *x, LttvState *s, LttvViewerContext *ctx,
                    const LttvTimelineRow *row, LttvTime t)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (view);
  const GArray *ws = edges_of (s, x, m);
  int width = gtk_widget_get_allocated_width (lttv_timeline_view_get_canvas (view));
  LttvTime t0, t1, tol;
  double y, hx;
  GString *out = NULL;

  if (ws == NULL || width <= 0)
    return NULL;
  lttv_viewer_context_get_window (ctx, &t0, &t1);
  if (t1 <= t0)
    return NULL;
  y = lttv_timeline_view_row_y (view, (int) (row - lttv_timeline_model_get_row (m, 0)));
  hx = column_x (t, t0, t1, width);
  /* (an arrow is a pixel wide: within 3 pixels of it) */
  tol = (LttvTime) ceil (4.0 * (double) (t1 - t0) / width);
  for (guint i = lttv_state_wakeup_index (s, t > tol ? t - tol : 0), n = 0; i < ws->len && n < 4; i++)
    {
      const LttvWakeup *e = &g_array_index (ws, LttvWakeup, i);
      int ra, rb;
      double ya, yb;

      if (e->time > t + tol)
        break;
      if (fabs (column_x (e->time, t0, t1, width) - hx) > 3 || !edge_rows (x, m, e, &ra, &rb))
        continue;
      ya = lttv_timeline_view_row_y (view, ra);
      yb = lttv_timeline_view_row_y (view, rb);
      if (ya < 0 || yb < 0 || y < MIN (ya, yb) - 4 || y > MAX (ya, yb) + 4)
        continue;
      g_autofree char *waker = waker_text (m, e, ra);
      g_autofree char *wakee = row_name (m, rb);
      g_autofree char *when = lttv_viewer_context_format_time (ctx, e->time);
      if (out == NULL)
        out = g_string_new (NULL);
      else
        g_string_append_c (out, '\n');
      /* TRANSLATORS: a wakeup arrow: waker, wakee, time */
      g_string_append_printf (out, _("Wakeup: %s woke %s at %s"), waker, wakee, when);
      n++;
    }
  return out != NULL ? g_string_free (out, FALSE) : NULL;
}

const LttvWakeup *
cf_wakeup_follow (LttvState *s, gint64 tid, LttvTime now, gboolean forward)
{
  const GArray *ws = s != NULL && lttv_history_is_finished (lttv_state_get_history (s))
                     ? lttv_state_wakeups (s) : NULL;
  if (ws == NULL || ws->len == 0 || tid < 0)
    return NULL;
  if (forward)
    {
      for (guint i = lttv_state_wakeup_index (s, now + 1); i < ws->len; i++)
        {
          const LttvWakeup *e = &g_array_index (ws, LttvWakeup, i);
          if ((e->waker == tid || e->wakee == tid) && e->waker >= 0 && e->waker != e->wakee)
            return e;
        }
      return NULL;
    }
  for (guint i = lttv_state_wakeup_index (s, now); i-- > 0;)
    {
      const LttvWakeup *e = &g_array_index (ws, LttvWakeup, i);
      if ((e->waker == tid || e->wakee == tid) && e->waker >= 0 && e->waker != e->wakee)
        return e;
    }
  return NULL;
}

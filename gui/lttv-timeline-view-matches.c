/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-timeline-view-matches.c: the tab's filter on the timeline's rows:
 * the events that match it, found for the window in a worker (a new
 * window or filter cancels the search in flight), marked per pixel at the
 * bottom of their thread's or CPU's row; "rows with matches only" hides
 * the others. */
#include "config.h"

#include "lttv-timeline-model-private.h"
#include "lttv-timeline-view-private.h"
#include "lttv-trace-data.h"

/* Black ticks in the row's lower margin: no state is drawn there. */
#define MATCH_HEIGHT 3

static const guint8 *
pixels_of (LttvTimelineView *self, const LttvTimelineRow *row)
{
  gint64 id = -1;
  LttvTimelineMatchKind kind;

  if (self->matches == NULL || self->match_func == NULL)
    return NULL;
  kind = self->match_func (row, &id, self->match_data);
  if (kind == LTTV_TIMELINE_MATCH_THREAD)
    return lttv_timeline_matches_of_tid (self->matches, id);
  if (kind == LTTV_TIMELINE_MATCH_CPU)
    return lttv_timeline_matches_of_cpu (self->matches, id);
  return NULL;
}

static gboolean
row_shown (const LttvTimelineRow *row, gpointer data)
{
  LttvTimelineView *self = data;
  /* group rows place the others */
  return row->attr == LTTV_ATTR_NONE || pixels_of (self, row) != NULL;
}

static void
apply_only (LttvTimelineView *self)
{
  if (self->model == NULL)
    return;
  lttv_timeline_model_set_row_filter (self->model,
                                      self->matches_only && self->matches != NULL ? row_shown : NULL,
                                      self);
  lttv_timeline_view_refilter (self);
}

typedef struct
{
  LttvTimelineMatches *m;
  LttvTraceData *data;
} Search;

static void
search_free (gpointer p)
{
  Search *s = p;
  lttv_timeline_matches_free (s->m);
  if (s->data != NULL)
    lttv_trace_data_unref (s->data);
  g_free (s);
}

static void
search_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Search *s = data;
  LttvState *state = lttv_trace_data_get_state (s->data);
  g_autoptr (GError) error = NULL;

  if (state != NULL && !lttv_timeline_matches_run (s->m, state, cancellable, &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* (a filter that does not compile marks nothing: the filter bar says why) */
  g_task_return_boolean (task, TRUE);
}

static void
search_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LttvTimelineView *self = LTTV_TIMELINE_VIEW (source);
  Search *s = g_task_get_task_data (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), NULL))
    return;
  g_clear_object (&self->matches_pending);
  self->matches_asked = NULL;
  lttv_timeline_matches_free (self->matches);
  self->matches = g_steal_pointer (&s->m);
  if (self->matches_only)
    apply_only (self);
  gtk_widget_queue_draw (self->canvas);
}

static gboolean
same_request (const LttvTimelineMatches *m, LttvTime t0, LttvTime t1, int width, const char *filter)
{
  return m != NULL && m->t0 == t0 && m->t1 == MAX (t1, t0 + 1) && m->width == MAX (width, 1)
         && g_strcmp0 (m->filter, filter) == 0;
}

void
lttv_timeline_view_clear_matches (LttvTimelineView *self)
{
  if (self->matches_pending != NULL)
    g_cancellable_cancel (self->matches_pending);
  g_clear_object (&self->matches_pending);
  self->matches_asked = NULL;
  g_clear_pointer (&self->matches, lttv_timeline_matches_free);
}

void
lttv_timeline_view_update_matches (LttvTimelineView *self)
{
  const char *filter = lttv_viewer_context_get_filter (self->ctx);
  LttvTraceData *data = lttv_viewer_context_get_held (self->ctx);
  int width = gtk_widget_get_allocated_width (self->canvas);
  LttvTime t0, t1;

  if (self->match_func == NULL || filter[0] == '\0' || data == NULL
      || lttv_viewer_context_get_state (self->ctx) == NULL)
    {
      gboolean had = self->matches != NULL;
      lttv_timeline_view_clear_matches (self);
      if (had && self->matches_only)
        apply_only (self);
      return;
    }
  lttv_timeline_view_window_of (self, &t0, &t1);
  if (same_request (self->matches, t0, t1, width, filter)
      || (self->matches_pending != NULL && same_request (self->matches_asked, t0, t1, width, filter)))
    return;
  if (self->matches_pending != NULL)
    g_cancellable_cancel (self->matches_pending);
  g_clear_object (&self->matches_pending);
  Search *s = g_new0 (Search, 1);
  s->m = lttv_timeline_matches_new (t0, t1, width, filter, 0);
  s->data = lttv_trace_data_ref (data);
  self->matches_asked = s->m;
  self->matches_pending = g_cancellable_new ();
  g_autoptr (GTask) task = g_task_new (self, self->matches_pending, search_done, NULL);
  g_task_set_task_data (task, s, search_free);
  g_task_run_in_thread (task, search_thread);
}

void
lttv_timeline_view_draw_matches (LttvTimelineView *self, cairo_t *cr, int width, int height)
{
  int offset;
  guint first;
  gboolean any = FALSE;

  if (self->matches == NULL || self->model == NULL || self->matches->width != width)
    return;
  first = lttv_timeline_view_first_position (self, &offset);
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (guint p = first; p < lttv_timeline_model_n_visible (self->model); p++)
    {
      double y = offset + (double) (p - first) * LTTV_TIMELINE_ROW_HEIGHT;
      const guint8 *px;
      if (y >= height)
        break;
      px = pixels_of (self, lttv_timeline_model_get_row (self->model,
                                                         lttv_timeline_model_visible_row (self->model, p, NULL)));
      for (int x = 0; px != NULL && x < width;)
        {
          int e = x;
          if (!px[x])
            {
              x++;
              continue;
            }
          while (e < width && px[e])
            e++;
          cairo_rectangle (cr, x, y + LTTV_TIMELINE_ROW_HEIGHT - MATCH_HEIGHT, e - x, MATCH_HEIGHT);
          any = TRUE;
          x = e;
        }
    }
  if (any)
    {
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

void
lttv_timeline_view_set_match_func (LttvTimelineView *self, LttvTimelineMatchFunc func, gpointer data)
{
  g_return_if_fail (LTTV_IS_TIMELINE_VIEW (self));
  self->match_func = func;
  self->match_data = data;
  lttv_timeline_view_clear_matches (self);
  gtk_widget_queue_draw (self->canvas);
}

void
lttv_timeline_view_set_matches_only (LttvTimelineView *self, gboolean only)
{
  GAction *action;

  g_return_if_fail (LTTV_IS_TIMELINE_VIEW (self));
  if (self->matches_only == only)
    return;
  self->matches_only = only;
  action = g_action_map_lookup_action (G_ACTION_MAP (gtk_widget_get_action_group (GTK_WIDGET (self), "timeline")),
                                       "matches-only");
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (only));
  apply_only (self);
}

gboolean
lttv_timeline_view_matches_ready (LttvTimelineView *self)
{
  return self->matches_pending == NULL;
}

gboolean
lttv_timeline_view_row_has_match (LttvTimelineView *self, int row, int *x)
{
  const guint8 *px;

  if (self->model == NULL || row < 0 || (guint) row >= lttv_timeline_model_n_rows (self->model))
    return FALSE;
  px = pixels_of (self, lttv_timeline_model_get_row (self->model, row));
  if (px == NULL)
    return FALSE;
  for (int i = 0; x != NULL && i < self->matches->width; i++)
    if (px[i])
      {
        *x = i;
        break;
      }
  return TRUE;
}

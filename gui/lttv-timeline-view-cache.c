/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-timeline-view-cache.c: the rows' image, kept between draws and
 * drawn again in a worker (with cancel) when it is not quick. */
#include "config.h"

#include <math.h>

#include "lttv-timeline-view-private.h"

CacheKey
lttv_timeline_view_current_key (LttvTimelineView *self)
{
  CacheKey k;
  int offset;

  lttv_timeline_view_window_of (self, &k.t0, &k.t1);
  k.first = lttv_timeline_view_first_position (self, &offset);
  k.width = gtk_widget_get_allocated_width (self->canvas);
  k.height = gtk_widget_get_allocated_height (self->canvas) + LTTV_TIMELINE_ROW_HEIGHT;
  k.generation = self->generation;
  return k;
}

gboolean
lttv_timeline_view_key_equal (const CacheKey *a, const CacheKey *b)
{
  return a->t0 == b->t0 && a->t1 == b->t1 && a->first == b->first && a->width == b->width
         && a->height == b->height && a->generation == b->generation;
}

typedef struct
{
  LttvTimelineSlice *slice;
  CacheKey key;
  cairo_surface_t *surface;
  double ms;
  gboolean finished;   /* the history was, as the draw began */
} DrawTask;

static void
draw_task_free (DrawTask *d)
{
  lttv_timeline_slice_free (d->slice);
  if (d->surface != NULL)
    cairo_surface_destroy (d->surface);
  g_free (d);
}

/* Any thread; `deadline`: see lttv_timeline_slice_draw_until. */
static gboolean
draw_rows (DrawTask *d, GCancellable *cancellable, gint64 deadline)
{
  gint64 start = g_get_monotonic_time ();
  cairo_t *cr;
  gboolean ok;

  d->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, MAX (d->key.width, 1),
                                           MAX (d->key.height, 1));
  cr = cairo_create (d->surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  ok = lttv_timeline_slice_draw_until (d->slice, cr, d->key.width, 0, d->key.t0, d->key.t1,
                                       cancellable, deadline);
  cairo_destroy (cr);
  d->ms = (g_get_monotonic_time () - start) / 1000.0;
  return ok;
}

static void
draw_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_task_return_boolean (task, draw_rows (data, cancellable, 0));
}

static void
store (LttvTimelineView *self, DrawTask *d)
{
  if (self->cache != NULL)
    cairo_surface_destroy (self->cache);
  self->cache = d->surface;
  d->surface = NULL;
  self->cache_key = d->key;
  self->last_draw_ms = d->ms;
  self->last_draw_finished = d->finished;
}

static void
draw_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LttvTimelineView *self = user_data;
  DrawTask *d = g_task_get_task_data (G_TASK (result));

  if (self->ctx == NULL)   /* disposed meanwhile */
    {
      g_object_unref (self);
      return;
    }
  if (g_task_propagate_boolean (G_TASK (result), NULL)
      && !g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      store (self, d);
      g_clear_object (&self->pending);
      gtk_widget_queue_draw (self->canvas);
    }
  else if (self->pending == g_task_get_cancellable (G_TASK (result)))
    g_clear_object (&self->pending);
  g_object_unref (self);
}

static DrawTask *
new_draw (LttvTimelineView *self, const CacheKey *key)
{
  DrawTask *d = g_new0 (DrawTask, 1);
  d->key = *key;
  d->finished = lttv_history_is_finished (lttv_timeline_model_get_history (self->model));
  d->slice = lttv_timeline_slice_new (self->model, key->first,
                                      key->height / LTTV_TIMELINE_ROW_HEIGHT + 1);
  return d;
}

/* What is left of this frame's SYNC_FRAME_MS (main thread only; a draw
 * outside any frame, as an export's, has all of it). */
static gint64 sync_frame = -1;
static double sync_spent_ms;

static double
sync_left_ms (LttvTimelineView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (self->canvas);
  if (clock == NULL)
    {
      sync_frame = -1;
      sync_spent_ms = 0;
      return SYNC_FRAME_MS;
    }
  gint64 frame = gdk_frame_clock_get_frame_counter (clock);
  if (frame != sync_frame)
    {
      sync_frame = frame;
      sync_spent_ms = 0;
    }
  return SYNC_FRAME_MS - sync_spent_ms;
}

/* Brings the cache to `key`: at once when draws are known to be fast,
 * else in a worker (the first draw too: its cost is not known yet). While
 * the history builds, always in a worker: each draw has more to read than
 * the last, and the builder shares the machine; and the first draw after
 * it, whose cost those do not tell (last_draw_finished). */
void
lttv_timeline_view_refresh_cache (LttvTimelineView *self, const CacheKey *key)
{
  if (self->cache != NULL && lttv_timeline_view_key_equal (&self->cache_key, key))
    return;
  double left = sync_left_ms (self);
  if (self->last_draw_ms >= 0 && self->last_draw_finished && self->last_draw_ms < left
      && lttv_history_is_finished (lttv_timeline_model_get_history (self->model)))
    {
      DrawTask *d = new_draw (self, key);
      gboolean done;
      if (self->pending != NULL)
        g_cancellable_cancel (self->pending);
      g_clear_object (&self->pending);
      gint64 start = g_get_monotonic_time ();
      done = draw_rows (d, NULL, start + (gint64) (left * 1000));
      sync_spent_ms += (g_get_monotonic_time () - start) / 1000.0;
      if (done)
        store (self, d);
      else
        self->last_draw_ms = d->ms;   /* slow now: workers from here on */
      draw_task_free (d);
      if (done)
        return;
    }
  if (self->pending != NULL && lttv_timeline_view_key_equal (&self->pending_key, key))
    return;
  if (self->pending != NULL)
    g_cancellable_cancel (self->pending);
  g_clear_object (&self->pending);
  self->pending = g_cancellable_new ();
  self->pending_key = *key;
  {
    GTask *task = g_task_new (NULL, self->pending, draw_done, g_object_ref (self));
    g_task_set_task_data (task, new_draw (self, key), (GDestroyNotify) draw_task_free);
    g_task_run_in_thread (task, draw_thread);
    g_object_unref (task);
  }
}

gboolean
lttv_timeline_view_is_drawn (LttvTimelineView *self)
{
  CacheKey key = lttv_timeline_view_current_key (self);
  return self->cache != NULL && lttv_timeline_view_key_equal (&self->cache_key, &key);
}


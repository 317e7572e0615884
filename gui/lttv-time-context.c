/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include "lttv-time-context.h"

#define HISTORY_MAX 100

typedef struct
{
  LttvTime start, end;
} Span;

struct _LttvTimeContext
{
  GObject parent_instance;

  gboolean has_bounds;
  LttvTime begin, end;
  Span window;
  LttvTime current;
  gboolean has_selection;
  Span selection;
  char *filter;

  GArray *back;     /* Span, most recent last */
  GArray *forward;  /* Span, most recent last */

  gboolean dragging;
  gint64 last_emit_us;
  guint pending_emit_id;
};

enum {
  BOUNDS_CHANGED,
  WINDOW_CHANGED,
  CURRENT_TIME_CHANGED,
  SELECTION_CHANGED,
  FILTER_CHANGED,
  HISTORY_CHANGED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

G_DEFINE_TYPE (LttvTimeContext, lttv_time_context, G_TYPE_OBJECT)

static LttvTime
clamp_time (LttvTimeContext *self, LttvTime t)
{
  if (!self->has_bounds)
    return t;
  return CLAMP (t, self->begin, self->end);
}

/* Clamps a window into the bounds, keeping its span when it fits. */
static Span
clamp_window (LttvTimeContext *self, LttvTime start, LttvTime end)
{
  Span w = { MIN (start, end), MAX (start, end) };

  if (!self->has_bounds)
    return w;
  LttvTime span = w.end - w.start, full = self->end - self->begin;
  if (span >= full)
    return (Span) { self->begin, self->end };
  if (w.start < self->begin)
    w = (Span) { self->begin, self->begin + span };
  if (w.end > self->end)
    w = (Span) { self->end - span, self->end };
  return w;
}

static void
emit_window_now (LttvTimeContext *self)
{
  g_clear_handle_id (&self->pending_emit_id, g_source_remove);
  self->last_emit_us = g_get_monotonic_time ();
  g_signal_emit (self, signals[WINDOW_CHANGED], 0);
}

static gboolean
pending_emit_cb (gpointer user_data)
{
  LttvTimeContext *self = user_data;

  self->pending_emit_id = 0;
  emit_window_now (self);
  return G_SOURCE_REMOVE;
}

/* While dragging, listeners hear of the window at most once per interval;
 * the last position always reaches them. */
static void
emit_window_throttled (LttvTimeContext *self)
{
  gint64 now = g_get_monotonic_time ();
  gint64 due = self->last_emit_us + LTTV_TIME_CONTEXT_DRAG_INTERVAL_US;

  if (self->pending_emit_id != 0)
    return;
  if (now >= due)
    emit_window_now (self);
  else
    self->pending_emit_id = g_timeout_add (MAX (1, (due - now) / 1000), pending_emit_cb, self);
}

static void
push_history (LttvTimeContext *self)
{
  if (self->back->len == HISTORY_MAX)
    g_array_remove_index (self->back, 0);
  g_array_append_val (self->back, self->window);
  g_array_set_size (self->forward, 0);
  g_signal_emit (self, signals[HISTORY_CHANGED], 0);
}

void
lttv_time_context_set_bounds (LttvTimeContext *self, LttvTime begin, LttvTime end)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));

  self->has_bounds = TRUE;
  self->begin = MIN (begin, end);
  self->end = MAX (begin, end);
  self->window = (Span) { self->begin, self->end };
  self->current = self->begin;
  self->has_selection = FALSE;
  g_array_set_size (self->back, 0);
  g_array_set_size (self->forward, 0);
  g_signal_emit (self, signals[BOUNDS_CHANGED], 0);
  emit_window_now (self);
  g_signal_emit (self, signals[CURRENT_TIME_CHANGED], 0);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  g_signal_emit (self, signals[HISTORY_CHANGED], 0);
}

void
lttv_time_context_extend_end (LttvTimeContext *self, LttvTime end)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));
  if (!self->has_bounds || end <= self->end)
    return;
  /* (the window, current time, selection and history stay) */
  self->end = end;
  g_signal_emit (self, signals[BOUNDS_CHANGED], 0);
}

gboolean
lttv_time_context_get_bounds (LttvTimeContext *self, LttvTime *begin, LttvTime *end)
{
  g_return_val_if_fail (LTTV_IS_TIME_CONTEXT (self), FALSE);
  if (begin != NULL)
    *begin = self->begin;
  if (end != NULL)
    *end = self->end;
  return self->has_bounds;
}

void
lttv_time_context_get_window (LttvTimeContext *self, LttvTime *start, LttvTime *end)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));
  if (start != NULL)
    *start = self->window.start;
  if (end != NULL)
    *end = self->window.end;
}

static gboolean
same_window (Span a, Span b)
{
  return a.start == b.start && a.end == b.end;
}

void
lttv_time_context_set_window (LttvTimeContext *self, LttvTime start, LttvTime end)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));

  Span w = clamp_window (self, start, end);
  if (self->dragging)
    lttv_time_context_end_drag (self);
  if (same_window (w, self->window))
    return;
  push_history (self);
  self->window = w;
  emit_window_now (self);
}

void
lttv_time_context_drag_window (LttvTimeContext *self, LttvTime start, LttvTime end)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));

  Span w = clamp_window (self, start, end);
  if (same_window (w, self->window))
    return;
  if (!self->dragging)
    {
      /* One drag, one step back. */
      self->dragging = TRUE;
      push_history (self);
    }
  self->window = w;
  emit_window_throttled (self);
}

void
lttv_time_context_end_drag (LttvTimeContext *self)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));

  self->dragging = FALSE;
  if (self->pending_emit_id != 0)
    emit_window_now (self);
}

void
lttv_time_context_zoom (LttvTimeContext *self, double factor, LttvTime centre)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));
  g_return_if_fail (factor > 0);

  double span = (double) (self->window.end - self->window.start) / factor;
  double left = (double) (centre - MIN (centre, self->window.start)) / factor;
  LttvTime new_span = span < 1 ? 1 : span > (double) G_MAXUINT64 ? G_MAXUINT64 : (LttvTime) span;
  LttvTime new_left = (LttvTime) left;
  LttvTime start = centre > new_left ? centre - new_left : 0;
  LttvTime end = G_MAXUINT64 - start < new_span ? G_MAXUINT64 : start + new_span;

  lttv_time_context_set_window (self, start, end);
}

void
lttv_time_context_zoom_fit (LttvTimeContext *self)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));
  if (self->has_bounds)
    lttv_time_context_set_window (self, self->begin, self->end);
}

gboolean
lttv_time_context_zoom_selection (LttvTimeContext *self)
{
  g_return_val_if_fail (LTTV_IS_TIME_CONTEXT (self), FALSE);
  if (!self->has_selection)
    return FALSE;
  lttv_time_context_set_window (self, self->selection.start, self->selection.end);
  return TRUE;
}

gboolean
lttv_time_context_can_go_back (LttvTimeContext *self)
{
  return self->back->len > 0;
}

gboolean
lttv_time_context_can_go_forward (LttvTimeContext *self)
{
  return self->forward->len > 0;
}

static void
step (LttvTimeContext *self, GArray *from, GArray *to)
{
  if (from->len == 0)
    return;
  lttv_time_context_end_drag (self);
  g_array_append_val (to, self->window);
  self->window = g_array_index (from, Span, from->len - 1);
  g_array_set_size (from, from->len - 1);
  emit_window_now (self);
  g_signal_emit (self, signals[HISTORY_CHANGED], 0);
}

void
lttv_time_context_go_back (LttvTimeContext *self)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));
  step (self, self->back, self->forward);
}

void
lttv_time_context_go_forward (LttvTimeContext *self)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));
  step (self, self->forward, self->back);
}

LttvTime
lttv_time_context_get_current_time (LttvTimeContext *self)
{
  g_return_val_if_fail (LTTV_IS_TIME_CONTEXT (self), 0);
  return self->current;
}

void
lttv_time_context_set_current_time (LttvTimeContext *self, LttvTime t)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));

  t = clamp_time (self, t);
  if (t == self->current)
    return;
  self->current = t;
  g_signal_emit (self, signals[CURRENT_TIME_CHANGED], 0);
}

gboolean
lttv_time_context_get_selection (LttvTimeContext *self, LttvTime *start, LttvTime *end)
{
  g_return_val_if_fail (LTTV_IS_TIME_CONTEXT (self), FALSE);
  if (start != NULL)
    *start = self->selection.start;
  if (end != NULL)
    *end = self->selection.end;
  return self->has_selection;
}

void
lttv_time_context_set_selection (LttvTimeContext *self, LttvTime start, LttvTime end)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));

  Span s = { clamp_time (self, MIN (start, end)), clamp_time (self, MAX (start, end)) };
  if (self->has_selection && same_window (s, self->selection))
    return;
  self->has_selection = TRUE;
  self->selection = s;
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

void
lttv_time_context_clear_selection (LttvTimeContext *self)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));
  if (!self->has_selection)
    return;
  self->has_selection = FALSE;
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

const char *
lttv_time_context_get_filter (LttvTimeContext *self)
{
  g_return_val_if_fail (LTTV_IS_TIME_CONTEXT (self), "");
  return self->filter;
}

void
lttv_time_context_set_filter (LttvTimeContext *self, const char *expr)
{
  g_return_if_fail (LTTV_IS_TIME_CONTEXT (self));

  if (g_strcmp0 (expr != NULL ? expr : "", self->filter) == 0)
    return;
  g_free (self->filter);
  self->filter = g_strdup (expr != NULL ? expr : "");
  g_signal_emit (self, signals[FILTER_CHANGED], 0);
}

static void
lttv_time_context_finalize (GObject *object)
{
  LttvTimeContext *self = LTTV_TIME_CONTEXT (object);

  g_clear_handle_id (&self->pending_emit_id, g_source_remove);
  g_array_unref (self->back);
  g_array_unref (self->forward);
  g_free (self->filter);
  G_OBJECT_CLASS (lttv_time_context_parent_class)->finalize (object);
}

static void
lttv_time_context_class_init (LttvTimeContextClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  static const char *names[N_SIGNALS] = {
    "bounds-changed", "window-changed", "current-time-changed",
    "selection-changed", "filter-changed", "history-changed",
  };

  object_class->finalize = lttv_time_context_finalize;
  for (int i = 0; i < N_SIGNALS; i++)
    signals[i] = g_signal_new (names[i], G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                               0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lttv_time_context_init (LttvTimeContext *self)
{
  self->back = g_array_new (FALSE, FALSE, sizeof (Span));
  self->forward = g_array_new (FALSE, FALSE, sizeof (Span));
  self->filter = g_strdup ("");
}

LttvTimeContext *
lttv_time_context_new (void)
{
  return g_object_new (LTTV_TYPE_TIME_CONTEXT, NULL);
}

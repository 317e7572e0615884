/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include "lttv-time-axis.h"

struct _LttvTimeAxis
{
  GObject parent_instance;
  int start;
  int end_margin;
};

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_TYPE (LttvTimeAxis, lttv_time_axis, G_TYPE_OBJECT)

static void
lttv_time_axis_class_init (LttvTimeAxisClass *klass)
{
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lttv_time_axis_init (LttvTimeAxis *self)
{
  self->start = LTTV_TIME_AXIS_DEFAULT_START;
}

LttvTimeAxis *
lttv_time_axis_new (int start, int end_margin)
{
  LttvTimeAxis *self = g_object_new (LTTV_TYPE_TIME_AXIS, NULL);
  self->start = MAX (start, LTTV_TIME_AXIS_MIN_START);
  self->end_margin = MAX (end_margin, 0);
  return self;
}

int
lttv_time_axis_get_start (LttvTimeAxis *self)
{
  g_return_val_if_fail (LTTV_IS_TIME_AXIS (self), LTTV_TIME_AXIS_DEFAULT_START);
  return self->start;
}

int
lttv_time_axis_get_end_margin (LttvTimeAxis *self)
{
  g_return_val_if_fail (LTTV_IS_TIME_AXIS (self), 0);
  return self->end_margin;
}

void
lttv_time_axis_set_start (LttvTimeAxis *self, int start)
{
  g_return_if_fail (LTTV_IS_TIME_AXIS (self));
  start = MAX (start, LTTV_TIME_AXIS_MIN_START);
  if (start == self->start)
    return;
  self->start = start;
  g_signal_emit (self, signals[CHANGED], 0);
}

void
lttv_time_axis_set_end_margin (LttvTimeAxis *self, int end_margin)
{
  g_return_if_fail (LTTV_IS_TIME_AXIS (self));
  end_margin = MAX (end_margin, 0);
  if (end_margin == self->end_margin)
    return;
  self->end_margin = end_margin;
  g_signal_emit (self, signals[CHANGED], 0);
}

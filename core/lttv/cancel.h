/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:cancel
 * @title: Cancelling
 * @short_description: stopping the core's long work from another thread
 * @include: lttv/lttv.h
 *
 * How a caller stops the core's long work (building the state,
 * computing statistics) from another thread. The core asks `cancelled
 * (data)` now and then and stops with LTTV_ERROR_CANCELLED when it says
 * TRUE. A function rather than a GCancellable: the core and the command
 * line then need no GIO, whose start-up every `lttv` run would pay.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * LttvCancelledFunc:
 * @data: the data given to the callback
 *
 * Asked now and then by the core's long work.
 *
 * Returns: %TRUE to stop the work
 */
typedef gboolean (*LttvCancelledFunc) (gpointer data);

/**
 * LttvCancel:
 * @cancelled: the function the core asks, or %NULL for never
 * @data: its argument
 *
 * An LttvCancelledFunc and its data; { NULL, NULL }: never cancelled.
 */
typedef struct {
  LttvCancelledFunc cancelled;
  gpointer data;
} LttvCancel;

/**
 * LTTV_CANCEL_NONE:
 *
 * An #LttvCancel that never cancels.
 */
#define LTTV_CANCEL_NONE ((LttvCancel) { NULL, NULL })

/**
 * lttv_cancel_requested:
 * @c: an #LttvCancel
 *
 * Asks @c whether the work should stop.
 *
 * Returns: %TRUE when @c has a function and it says to stop
 */
static inline gboolean
lttv_cancel_requested (LttvCancel c)
{
  return c.cancelled != NULL && c.cancelled (c.data);
}

G_END_DECLS

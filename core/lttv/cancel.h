/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cancel.h: how a caller stops the core's long work (building the state,
 * computing statistics) from another thread. The core asks `cancelled
 * (data)` now and then and stops with LTTV_ERROR_CANCELLED when it says
 * TRUE. A function rather than a GCancellable: the core and the command
 * line then need no GIO, whose start-up costs every `lttv` run ~2.5 ms. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef gboolean (*LttvCancelledFunc) (gpointer data);

/* An LttvCancelledFunc and its data; { NULL, NULL }: never cancelled. */
typedef struct {
  LttvCancelledFunc cancelled;
  gpointer data;
} LttvCancel;

#define LTTV_CANCEL_NONE ((LttvCancel) { NULL, NULL })

static inline gboolean
lttv_cancel_requested (LttvCancel c)
{
  return c.cancelled != NULL && c.cancelled (c.data);
}

G_END_DECLS

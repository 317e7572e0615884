/* SPDX-License-Identifier: GPL-2.0-or-later */
/* traceinfo.h: the trace information viewer's rows, shared by its files. */
#pragma once

#include <lttv-module.h>

/* Adds a (name, value) row to `rows`; `value` is taken, `name` copied. */
#define TRACEINFO_ROW(rows, name, value) \
  (g_ptr_array_add ((rows), g_strdup (name)), g_ptr_array_add ((rows), (value)))

/* The tracer's losses and the state's anomalies (or that they are not
 * known until the state is built). */
void traceinfo_state_rows (LttvViewerContext *ctx, GPtrArray *rows);
/* TRUE once the tab's state has been built to its end. */
gboolean traceinfo_state_built (LttvViewerContext *ctx);

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The latency viewer's parts: the widget (latency.c) and its exports
 * without a widget (latency-export.c). */
#pragma once

#include <lttv-module.h>
#include <lttv/latency.h>

G_BEGIN_DECLS

/* The latencies of ctx's state, or NULL with `why` (newly allocated) the
 * words to show instead: still building, or not built. */
LttvLatency *latency_of (LttvViewerContext *ctx, char **why);
/* The kinds' names for people, in LttvLatencyKind order. */
const char *latency_kind_label (LttvLatencyKind kind);

gboolean latency_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height,
                         GError **error);
gboolean latency_export_text (LttvViewerContext *ctx, GString *out, GError **error);

G_END_DECLS

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-views: the latency viewer's lists as tree views. */
#pragma once

#include <gtk/gtk.h>
#include <lttv-module.h>

G_BEGIN_DECLS

/* The statistics per group over a store of latency-table.h's LAT_COL_*
 * columns, every column sortable. */
GtkWidget *latency_stats_view_new (GtkListStore *store);
/* The longest intervals over a store of LAT_TOP_* columns; times written
 * as the tab writes them (ctx). */
GtkWidget *latency_top_view_new (GtkListStore *store, LttvViewerContext *ctx);
/* child in a scrolled window that takes the room it is given. */
GtkWidget *latency_scrolled (GtkWidget *child);
/* child under a dim title whose mnemonic reaches target. */
GtkWidget *latency_titled (const char *title, GtkWidget *child, GtkWidget *target);

G_END_DECLS

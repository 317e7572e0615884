/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-timeline-rows.h (shell only): a timeline's sort and the rows the
 * user hid or folded, read for a session and given back to a new view, which puts
 * them on its listings until one is made from the finished history. */
#pragma once

#include "lttv-timeline-view.h"

G_BEGIN_DECLS

/* A row's identity across listings and processes: its kind, tag, birth
 * and name ("1:42:1457113582794565804:bash"). Newly allocated. */
char *lttv_timeline_row_key (const LttvTimelineRow *r);
/* The first timeline view in `widget` (itself or a descendant), or NULL. */
LttvTimelineView *lttv_timeline_view_find (GtkWidget *widget);
/* Its model's sort and the keys of the rows the user hid and folded
 * (char*); FALSE when it has no model yet. */
gboolean lttv_timeline_view_get_rows_state (LttvTimelineView *view, int *sort, gboolean *descending,
                                            GPtrArray *hidden, GPtrArray *folded);
/* To apply to the listings to come (`hidden`, `folded`: char* keys,
 * copied; NULL: none). */
void lttv_timeline_view_set_rows_state (LttvTimelineView *view, int sort, gboolean descending,
                                        const GPtrArray *hidden, const GPtrArray *folded);

G_END_DECLS

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-pane-split.h: the default heights of a tab's viewers.
 *
 * A tab stacks its viewers in a chain of vertical GtkPaned (each pane's
 * first child a viewer, its second the rest of the chain). GtkPaned alone
 * splits by the children's smallest heights, which leaves a timeline a few
 * rows high beside a tall histogram. This gives every viewer its smallest
 * height plus a share of the spare height, until the user drags a handle. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The share of the spare height a viewer gets by default, by viewer id:
 * timelines most, the histogram least; 1.0 for a viewer not listed. */
double lttv_pane_split_share_of (const char *viewer_id);

/* Follows `area`'s allocations and splits the chain it holds (top is the
 * outermost pane, or a lone viewer) by `shares` (one per viewer, top to
 * bottom, copied) at each new height, until the user moves a handle.
 * Replaces what an earlier call set up on `area`. */
void lttv_pane_split_follow (GtkWidget *area, GtkWidget *top,
                             const double *shares, guint n_viewers);
/* TRUE once the user moved a handle of `area`'s chain. */
gboolean lttv_pane_split_user_moved (GtkWidget *area);

/* The chain is edited in place: a viewer added, removed or moved touches
 * its pane only, never the other viewers' (rebuilding every pane for each
 * viewer added blocked the main loop while a tab opened). `area` is a
 * container holding the chain (or a lone viewer, or nothing). */
GtkWidget *lttv_pane_chain_top (GtkWidget *area);
void lttv_pane_chain_append (GtkWidget *area, GtkWidget *viewer);
void lttv_pane_chain_remove (GtkWidget *area, GtkWidget *viewer);
/* Swaps two viewers of the chain. */
void lttv_pane_chain_swap (GtkWidget *a, GtkWidget *b);
/* Hides the panes whose viewers are all hidden; FALSE when none shows. */
gboolean lttv_pane_chain_sync_visible (GtkWidget *area);

G_END_DECLS

/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include "lttv-pane-split.h"

#include <math.h>

#define SPLIT_KEY "lttv-pane-split"

typedef struct
{
  GtkWidget *area;
  GtkWidget *top;       /* owned by `area`; the split goes when it changes */
  double *shares;
  guint n_viewers;
  int last_height;      /* the area's height at the last split */
  int *last_mins;       /* the viewers' smallest heights then */
  int passes_left;      /* splits still allowed at that height */
  gboolean user_moved;  /* a handle was dragged or moved with the keyboard */
  gulong allocate_id;
  guint idle_id;        /* a split waiting for the allocation to end */
} Split;

static const struct
{
  const char *id;
  double share;
} default_shares[] = {
  { "controlflow", 4.0 },  /* one row per thread: wants the most room */
  { "resourceview", 0.6 },
  { "eventlist", 2.0 },
  { "histogram", 0.8 },    /* two plots that read well small */
};

double
lttv_pane_split_share_of (const char *viewer_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (default_shares); i++)
    if (g_strcmp0 (viewer_id, default_shares[i].id) == 0)
      return default_shares[i].share;
  return 1.0;
}

static void
split_free (gpointer data)
{
  Split *s = data;

  /* At the area's finalization its handlers are already gone. */
  if (g_signal_handler_is_connected (s->area, s->allocate_id))
    g_signal_handler_disconnect (s->area, s->allocate_id);
  g_clear_handle_id (&s->idle_id, g_source_remove);
  g_free (s->shares);
  g_free (s->last_mins);
  g_free (s);
}

static int
min_height (GtkWidget *w)
{
  int min = 0;

  gtk_widget_get_preferred_height (w, &min, NULL);
  return min;
}

/* The pixels a pane spends on its handle, from its last allocation. */
static int
handle_height (GtkPaned *paned)
{
  GtkAllocation all, one, two;

  gtk_widget_get_allocation (GTK_WIDGET (paned), &all);
  gtk_widget_get_allocation (gtk_paned_get_child1 (paned), &one);
  gtk_widget_get_allocation (gtk_paned_get_child2 (paned), &two);
  return MAX (0, all.height - one.height - two.height);
}

/* Walks the chain: each pane holds a viewer, then the rest. Fills `panes`
 * and `viewers` (n_viewers each) and returns the number of panes. */
static guint
walk_chain (Split *s, GtkWidget **panes, GtkWidget **viewers)
{
  GtkWidget *w = s->top;
  guint n = 0;

  while (GTK_IS_PANED (w) && n + 1 < s->n_viewers)
    {
      panes[n] = w;
      viewers[n++] = gtk_paned_get_child1 (GTK_PANED (w));
      w = gtk_paned_get_child2 (GTK_PANED (w));
    }
  viewers[n] = w;
  return n;
}

/* TRUE when a viewer's smallest height changed since the last call (what
 * a viewer shows can change it: the split then follows). */
static gboolean
mins_changed (Split *s)
{
  GtkWidget *panes[s->n_viewers], *viewers[s->n_viewers];
  guint n = walk_chain (s, panes, viewers);
  gboolean changed = FALSE;

  for (guint i = 0; i <= n; i++)
    {
      int min = min_height (viewers[i]);
      changed |= min != s->last_mins[i];
      s->last_mins[i] = min;
    }
  return changed;
}

/* Sets each pane's position for the area's last height; FALSE when they
 * already were there. */
static gboolean
apply (Split *s)
{
  GtkWidget *panes[s->n_viewers], *viewers[s->n_viewers];
  int mins[s->n_viewers];
  double total_share = 0, share_above = 0;
  int spare = s->last_height, given = 0;
  gboolean moved = FALSE;
  guint n = walk_chain (s, panes, viewers);

  if (n == 0)
    return FALSE;
  for (guint i = 0; i <= n; i++)
    {
      mins[i] = min_height (viewers[i]);
      spare -= mins[i];
      total_share += s->shares[i];
    }
  for (guint i = 0; i < n; i++)
    spare -= handle_height (GTK_PANED (panes[i]));
  spare = MAX (spare, 0);
  for (guint i = 0; i < n && total_share > 0; i++)
    {
      /* Rounded where each viewer ends, not each extra on its own: the
       * last viewer would otherwise collect every dropped fraction. */
      share_above += s->shares[i];
      int end = (int) lround (spare * share_above / total_share);
      int position = mins[i] + end - given;
      given = end;
      if (gtk_paned_get_position (GTK_PANED (panes[i])) != position)
        {
          gtk_paned_set_position (GTK_PANED (panes[i]), position);
          moved = TRUE;
        }
    }
  return moved;
}

/* The user sized the viewers: from now on each pane scales them together
 * as the area grows or shrinks, as GtkPaned does by default. */
static void
hand_over_to_user (Split *s)
{
  GtkWidget *panes[s->n_viewers], *viewers[s->n_viewers];

  if (s->user_moved)
    return;
  s->user_moved = TRUE;
  guint n = walk_chain (s, panes, viewers);
  for (guint i = 0; i < n; i++)
    gtk_container_child_set (GTK_CONTAINER (panes[i]), viewers[i], "resize", TRUE, NULL);
}

static gboolean
split_idle (gpointer data)
{
  Split *s = data;

  s->idle_id = 0;
  if (!s->user_moved && s->passes_left > 0 && apply (s))
    s->passes_left--;
  else
    s->passes_left = 0;
  return G_SOURCE_REMOVE;
}

/* Positions set while the area is being allocated are lost: the split
 * runs just after, and again after the allocation it causes. */
static void
area_allocated (GtkWidget *area, GdkRectangle *allocation, gpointer data)
{
  Split *s = data;

  if (s->user_moved)
    return;
  if (mins_changed (s) || allocation->height != s->last_height)
    {
      s->last_height = allocation->height;
      /* One pass sets the positions (the viewers do not resize with their
       * panes: see lttv_pane_split_follow) and one more checks them. */
      s->passes_left = 2;
    }
  if (s->passes_left > 0 && s->idle_id == 0)
    s->idle_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, split_idle, s, NULL);
}

/* The panes' handlers hold the area, not the split: a pane may outlive
 * the split it was connected for (an earlier version freed the split
 * under them). */
static gboolean
handle_pressed (GtkWidget *paned, GdkEventButton *event, gpointer area)
{
  Split *s = g_object_get_data (area, SPLIT_KEY);

  if (s != NULL && event->window == gtk_paned_get_handle_window (GTK_PANED (paned)))
    hand_over_to_user (s);
  return FALSE;
}

static gboolean
handle_moved (GtkPaned *paned, GtkScrollType scroll, gpointer area)
{
  Split *s = g_object_get_data (area, SPLIT_KEY);

  if (s != NULL)
    hand_over_to_user (s);
  return FALSE;
}

gboolean
lttv_pane_split_user_moved (GtkWidget *area)
{
  Split *s = g_object_get_data (G_OBJECT (area), SPLIT_KEY);
  return s != NULL && s->user_moved;
}

void
lttv_pane_split_follow (GtkWidget *area, GtkWidget *top, const double *shares,
                        guint n_viewers)
{
  Split *s = g_object_get_data (G_OBJECT (area), SPLIT_KEY);
  gboolean user_moved = s != NULL && s->user_moved;

  g_return_if_fail (GTK_IS_WIDGET (area));
  /* Replacing the data frees the old split and disconnects it; what the
   * user did stays done. */
  g_object_set_data (G_OBJECT (area), SPLIT_KEY, NULL);
  if (n_viewers < 2)
    return;
  s = g_new0 (Split, 1);
  s->area = area;
  s->top = top;
  s->shares = g_memdup2 (shares, n_viewers * sizeof *shares);
  s->n_viewers = n_viewers;
  s->last_height = -1;
  s->last_mins = g_new0 (int, n_viewers);
  s->user_moved = user_moved;
  for (GtkWidget *w = top; GTK_IS_PANED (w); w = gtk_paned_get_child2 (GTK_PANED (w)))
    {
      /* A pane whose first child resizes scales its position with its
       * own height, so the inner positions would drift after each outer
       * one is set: until the user moves a handle, the split alone sizes
       * the viewers. */
      gtk_container_child_set (GTK_CONTAINER (w), gtk_paned_get_child1 (GTK_PANED (w)),
                               "resize", user_moved, NULL);
      if (g_object_get_data (G_OBJECT (w), SPLIT_KEY) == NULL)
        {
          g_object_set_data (G_OBJECT (w), SPLIT_KEY, area);
          g_signal_connect (w, "button-press-event", G_CALLBACK (handle_pressed), area);
          g_signal_connect (w, "move-handle", G_CALLBACK (handle_moved), area);
        }
    }
  s->allocate_id = g_signal_connect_after (area, "size-allocate", G_CALLBACK (area_allocated), s);
  g_object_set_data_full (G_OBJECT (area), SPLIT_KEY, s, split_free);
  gtk_widget_queue_resize (area);
}

/* --- Editing the chain in place ------------------------------------------ */

/* Where `w` sits: in a pane (1 or 2) or alone in the area (0). */
static GtkWidget *
slot_of (GtkWidget *w, int *which)
{
  GtkWidget *parent = gtk_widget_get_parent (w);

  *which = 0;
  if (GTK_IS_PANED (parent))
    *which = gtk_paned_get_child1 (GTK_PANED (parent)) == w ? 1 : 2;
  return parent;
}

static void
put (GtkWidget *parent, int which, GtkWidget *w)
{
  if (which == 1)
    gtk_paned_pack1 (GTK_PANED (parent), w, TRUE, FALSE);
  else if (which == 2)
    gtk_paned_pack2 (GTK_PANED (parent), w, TRUE, FALSE);
  else
    gtk_container_add (GTK_CONTAINER (parent), w);
}

static GtkWidget *
new_pane (GtkWidget *one, GtkWidget *two)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);

  gtk_paned_set_wide_handle (GTK_PANED (paned), TRUE);
  gtk_paned_pack1 (GTK_PANED (paned), one, TRUE, FALSE);
  gtk_paned_pack2 (GTK_PANED (paned), two, TRUE, FALSE);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_widget_show (paned);
  return paned;
}

GtkWidget *
lttv_pane_chain_top (GtkWidget *area)
{
  g_autoptr (GList) children = gtk_container_get_children (GTK_CONTAINER (area));
  return children != NULL ? children->data : NULL;
}

void
lttv_pane_chain_append (GtkWidget *area, GtkWidget *viewer)
{
  GtkWidget *last = lttv_pane_chain_top (area), *parent;
  int which;

  gtk_widget_set_vexpand (viewer, TRUE);
  if (last == NULL)
    {
      gtk_container_add (GTK_CONTAINER (area), viewer);
      return;
    }
  while (GTK_IS_PANED (last))
    last = gtk_paned_get_child2 (GTK_PANED (last));
  /* The last viewer and the new one share a new pane in its place. */
  parent = slot_of (last, &which);
  g_object_ref (last);
  gtk_container_remove (GTK_CONTAINER (parent), last);
  put (parent, which, new_pane (last, viewer));
  g_object_unref (last);
}

void
lttv_pane_chain_remove (GtkWidget *area, GtkWidget *viewer)
{
  int which;
  GtkWidget *parent = slot_of (viewer, &which);

  if (parent == NULL)
    return;
  gtk_container_remove (GTK_CONTAINER (parent), viewer);
  if (which == 0)
    return;
  /* Its pane goes; the other side takes the pane's place. */
  GtkWidget *other = which == 1 ? gtk_paned_get_child2 (GTK_PANED (parent))
                                : gtk_paned_get_child1 (GTK_PANED (parent));
  int pane_which;
  GtkWidget *grand = slot_of (parent, &pane_which);
  g_object_ref (other);
  gtk_container_remove (GTK_CONTAINER (parent), other);
  gtk_container_remove (GTK_CONTAINER (grand), parent);
  put (grand, pane_which, other);
  g_object_unref (other);
}

void
lttv_pane_chain_swap (GtkWidget *a, GtkWidget *b)
{
  int wa, wb;
  GtkWidget *pa = slot_of (a, &wa), *pb = slot_of (b, &wb);

  g_object_ref (a);
  g_object_ref (b);
  gtk_container_remove (GTK_CONTAINER (pa), a);
  gtk_container_remove (GTK_CONTAINER (pb), b);
  put (pa, wa, b);
  put (pb, wb, a);
  g_object_unref (a);
  g_object_unref (b);
}

/* A pane shows when a viewer under it does (a maximised viewer hides the
 * others: their panes must go too, or they keep their share). */
static gboolean
sync_visible (GtkWidget *w)
{
  if (!GTK_IS_PANED (w))
    return gtk_widget_get_visible (w);
  gboolean one = sync_visible (gtk_paned_get_child1 (GTK_PANED (w)));
  gboolean two = sync_visible (gtk_paned_get_child2 (GTK_PANED (w)));
  gtk_widget_set_visible (w, one || two);
  return one || two;
}

gboolean
lttv_pane_chain_sync_visible (GtkWidget *area)
{
  GtkWidget *top = lttv_pane_chain_top (area);
  return top != NULL && sync_visible (top);
}

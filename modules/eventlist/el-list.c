/* SPDX-License-Identifier: GPL-2.0-or-later */
/* el-list.c: the virtual list. A GtkTreeView shows only the rows that fit;
 * its store is refilled from event positions whenever the first row
 * changes. The scrollbar beside it spans every row (event positions, or
 * the filter's matches), so any position is one seek away. */
#include "config.h"

#include <string.h>

#include "el-private.h"

#define MAX_VISIBLE 400

static void set_time_of_row (EventList *el, guint64 row);

guint64
el_list_row_rank (EventList *el, guint64 row)
{
  if (el->matches != NULL)
    return g_array_index (el->matches, ElMatch, el->match_lo + row).rank;
  return el->rank_lo + row;
}

LttvTime
el_list_row_time (EventList *el, guint64 row)
{
  if (el->matches != NULL)
    return g_array_index (el->matches, ElMatch, el->match_lo + row).time;
  ElRow r;
  guint64 rank = el_list_row_rank (el, row);
  if (el->rows == NULL || el_rows_fetch (el->rows, &rank, 1, FALSE, LTTV_TIME_NONE, &r) == 0)
    return LTTV_TIME_NONE;
  LttvTime t = r.time;
  el_row_clear (&r);
  return t;
}

guint64
el_list_row_for_time (EventList *el, LttvTime t)
{
  if (el->rows == NULL)
    return 0;
  if (el->matches != NULL)
    {
      guint i = el_match_for_time ((const ElMatch *) el->matches->data,
                                   el->matches->len, t);
      i = CLAMP (i, el->match_lo, el->match_hi);
      return i - el->match_lo;
    }
  guint64 rank = el_rows_rank_for_time (el->rows, t);
  rank = CLAMP (rank, el->rank_lo, el->rank_hi);
  return rank - el->rank_lo;
}

guint64
el_list_row_for_rank (EventList *el, guint64 rank)
{
  if (el->matches == NULL)
    return rank < el->rank_lo ? G_MAXUINT64 : rank - el->rank_lo;
  const ElMatch *m = (const ElMatch *) el->matches->data;
  guint lo = el->match_lo, hi = el->match_hi;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (m[mid].rank < rank)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < el->match_hi && m[lo].rank == rank ? lo - el->match_lo : G_MAXUINT64;
}

/* --- Limits and status --------------------------------------------------- */

void
el_list_update_limits (EventList *el)
{
  if (el->rows == NULL)
    {
      el->n_rows = 0;
      return;
    }
  guint64 n_events = lttv_state_n_events (el->state);
  gboolean window_only = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (el->window_only));
  LttvTime start = 0, end = LTTV_TIME_NONE;
  if (window_only)
    lttv_viewer_context_get_window (el->ctx, &start, &end);
  if (el->matches != NULL)
    {
      const ElMatch *m = (const ElMatch *) el->matches->data;
      guint n = el->matches->len;
      el->match_lo = window_only ? el_match_for_time (m, n, start) : 0;
      el->match_hi = window_only && end != LTTV_TIME_NONE ? el_match_for_time (m, n, end + 1) : n;
      el->match_hi = MAX (el->match_hi, el->match_lo);
      el->n_rows = el->match_hi - el->match_lo;
    }
  else
    {
      el->rank_lo = window_only ? el_rows_rank_for_time (el->rows, start) : 0;
      el->rank_hi = window_only && end != LTTV_TIME_NONE
                    ? el_rows_rank_for_time (el->rows, end + 1) : n_events;
      el->rank_hi = MAX (el->rank_hi, el->rank_lo);
      el->n_rows = el->rank_hi - el->rank_lo;
    }
  if (el->top_row + el->n_visible > el->n_rows)
    el->top_row = el->n_rows > el->n_visible ? el->n_rows - el->n_visible : 0;
  el->filling = TRUE;
  gtk_adjustment_configure (el->adj, (double) el->top_row, 0, (double) el->n_rows,
                            1, MAX (1, el->n_visible), MAX (1, el->n_visible));
  el->filling = FALSE;
  el_list_update_status (el);
}

void
el_list_update_status (EventList *el)
{
  g_autofree char *text = NULL;
  const char *open_error = lttv_viewer_context_get_open_error (el->ctx);
  if (el->state == NULL && open_error != NULL)
    text = g_strdup_printf (_("The trace could not be opened: %s"), open_error);
  else if (el->state == NULL)
    text = g_strdup (_("Waiting for the trace…"));
  else if (el->rows == NULL)
    text = g_strdup_printf (_("Indexing events… %d %%"),
                            (int) (lttv_state_progress (el->state) * 100));
  else
    {
      g_autofree char *rows = lttv_format_count (el->n_rows);
      g_autofree char *total = lttv_format_count (lttv_state_n_events (el->state));
      if (el->matches == NULL)
        text = el->n_rows == 1 ? g_strdup (_("1 event"))
                               : g_strdup_printf (_("%s events"), rows);
      else if (!el->scan_done)
        text = g_strdup_printf (_("%s matches of %s events (filtering…)"), rows, total);
      else
        text = g_strdup_printf (_("%s matches of %s events"), rows, total);
    }
  gtk_label_set_text (GTK_LABEL (el->status), text);
}

/* --- Filling ------------------------------------------------------------- */

void
el_row_texts (EventList *el, const ElRow *row, char *texts[EL_N_COLS])
{
  texts[EL_COL_TIME] = lttv_viewer_context_format_time (el->ctx, row->time);
  if (row->prev_time == LTTV_TIME_NONE || row->prev_time > row->time)
    texts[EL_COL_DELTA] = g_strdup ("");
  else
    {
      LttvTime d = row->time - row->prev_time;
      texts[EL_COL_DELTA] = g_strdup_printf ("+%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT,
                                             d / 1000000000u, d % 1000000000u);
    }
  texts[EL_COL_TRACE] = g_strdup (row->trace);
  texts[EL_COL_CPU] = row->cpu >= 0 ? g_strdup_printf ("%d", row->cpu) : g_strdup ("");
  texts[EL_COL_NAME] = g_strdup (row->name);
  if (row->tid < 0)
    texts[EL_COL_THREAD] = g_strdup ("");
  else if (row->comm != NULL)
    texts[EL_COL_THREAD] = g_strdup_printf ("%" G_GINT64_FORMAT " %s", row->tid, row->comm);
  else
    texts[EL_COL_THREAD] = g_strdup_printf ("%" G_GINT64_FORMAT, row->tid);
  texts[EL_COL_PID] = row->pid >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, row->pid) : g_strdup ("");
  texts[EL_COL_FIELDS] = g_strdup (row->fields);
}

/* Rows are rewritten in place: clearing and inserting would make the
 * tree view drop and measure every row again. */
void
el_list_refill (EventList *el)
{
  GtkTreeSelection *sel = gtk_tree_view_get_selection (GTK_TREE_VIEW (el->tree));
  GtkTreeModel *model = GTK_TREE_MODEL (el->store);
  guint got = 0;
  guint64 ranks[MAX_VISIBLE];
  ElRow rows[MAX_VISIBLE];
  el->filling = TRUE;
  if (el->rows != NULL && el->n_rows > 0 && el->top_row < el->n_rows)
    {
      guint n = (guint) MIN ((guint64) el->n_visible, el->n_rows - el->top_row);
      for (guint i = 0; i < n; i++)
        ranks[i] = el_list_row_rank (el, el->top_row + i);
      gboolean read_prev = el->matches == NULL;
      LttvTime prev = LTTV_TIME_NONE;
      if (el->matches != NULL && el->match_lo + el->top_row > 0)
        prev = g_array_index (el->matches, ElMatch, el->match_lo + el->top_row - 1).time;
      got = el_rows_fetch (el->rows, ranks, n, read_prev, prev, rows);
    }
  int have = gtk_tree_model_iter_n_children (model, NULL);
  GtkTreeIter iter;
  while (have > (int) got)
    {
      gtk_tree_model_iter_nth_child (model, &iter, NULL, --have);
      gtk_list_store_remove (el->store, &iter);
    }
  gtk_tree_selection_unselect_all (sel);
  gboolean valid = gtk_tree_model_get_iter_first (model, &iter);
  for (guint i = 0; i < got; i++)
    {
      char *texts[EL_N_COLS];
      if (!valid)
        gtk_list_store_append (el->store, &iter);
      el_row_texts (el, &rows[i], texts);
      gboolean marked = rows[i].mark || el_search_text_marks (el, texts);
      gtk_list_store_set (el->store, &iter,
                          EL_COL_TIME, texts[EL_COL_TIME],
                          EL_COL_DELTA, texts[EL_COL_DELTA],
                          EL_COL_TRACE, texts[EL_COL_TRACE],
                          EL_COL_CPU, texts[EL_COL_CPU],
                          EL_COL_NAME, texts[EL_COL_NAME],
                          EL_COL_THREAD, texts[EL_COL_THREAD],
                          EL_COL_PID, texts[EL_COL_PID],
                          EL_COL_FIELDS, texts[EL_COL_FIELDS],
                          EL_STORE_ROW, el->top_row + i,
                          EL_STORE_MARK, marked ? EL_MARK_COLOUR : NULL,
                          EL_STORE_MARK_TEXT, marked ? EL_MARK_TEXT_COLOUR : NULL,
                          -1);
      if (rows[i].rank == el->selected_rank)
        gtk_tree_selection_select_iter (sel, &iter);
      for (int c = 0; c < EL_N_COLS; c++)
        g_free (texts[c]);
      el_row_clear (&rows[i]);
      valid = valid && gtk_tree_model_iter_next (model, &iter);
    }
  el->filling = FALSE;
}

void
el_list_scroll_to (EventList *el, gint64 top)
{
  gint64 max_top = el->n_rows > el->n_visible ? (gint64) (el->n_rows - el->n_visible) : 0;
  top = CLAMP (top, 0, max_top);
  el->top_row = (guint64) top;
  el->filling = TRUE;
  gtk_adjustment_set_value (el->adj, (double) top);
  el->filling = FALSE;
  el_list_refill (el);
}

guint64
el_list_selected_row (EventList *el)
{
  GtkTreeSelection *sel = gtk_tree_view_get_selection (GTK_TREE_VIEW (el->tree));
  GtkTreeModel *model;
  GtkTreeIter iter;
  guint64 row = G_MAXUINT64;
  if (gtk_tree_selection_get_selected (sel, &model, &iter))
    gtk_tree_model_get (model, &iter, EL_STORE_ROW, &row, -1);
  else if (el->selected_rank != G_MAXUINT64)
    row = el_list_row_for_rank (el, el->selected_rank);
  return row;
}

gboolean
el_list_select_row (EventList *el, guint64 row, gboolean set_time)
{
  if (row >= el->n_rows)
    return FALSE;
  el->selected_rank = el_list_row_rank (el, row);
  if (row < el->top_row || row >= el->top_row + el->n_visible)
    {
      /* Off screen: at the top, where the rows after it are read
       * forward from the event just found, without another seek. */
      el_list_scroll_to (el, (gint64) row);
    }
  else
    el_list_refill (el);
  if (set_time)
    set_time_of_row (el, row);
  return TRUE;
}

void
el_list_reset (EventList *el)
{
  el->top_row = 0;
  el_list_update_limits (el);
  el_list_refill (el);
}

/* --- Input --------------------------------------------------------------- */

static void
set_time_of_row (EventList *el, guint64 row)
{
  LttvTime t = el_list_row_time (el, row);
  if (t == LTTV_TIME_NONE)
    return;
  el->selected_time = t;
  el->setting_time = TRUE;
  lttv_viewer_context_set_current_time (el->ctx, t);
  el->setting_time = FALSE;
}


static void
selection_changed_cb (GtkTreeSelection *sel, EventList *el)
{
  GtkTreeModel *model;
  GtkTreeIter iter;
  guint64 row;
  if (el->filling || !gtk_tree_selection_get_selected (sel, &model, &iter))
    return;
  gtk_tree_model_get (model, &iter, EL_STORE_ROW, &row, -1);
  el->selected_rank = el_list_row_rank (el, row);
  set_time_of_row (el, row);
}

static void
adj_changed_cb (GtkAdjustment *adj, EventList *el)
{
  if (el->filling)
    return;
  guint64 top = (guint64) (gtk_adjustment_get_value (adj) + 0.5);
  if (top != el->top_row)
    {
      el->top_row = top;
      el_list_refill (el);
    }
}

/* Moves the selection by `delta` rows; a page move takes the page along,
 * so that the selection keeps its place on screen. */
static void
move_selection (EventList *el, gint64 delta)
{
  if (el->n_rows == 0)
    return;
  guint64 sel = el_list_selected_row (el);
  gint64 cur = sel == G_MAXUINT64 || sel >= el->n_rows ? (gint64) el->top_row : (gint64) sel;
  gint64 row = CLAMP (cur + delta, 0, (gint64) el->n_rows - 1);
  gint64 top = (gint64) el->top_row;
  if (delta <= -2 || delta >= 2)
    top += row - cur;
  if (row < top)
    top = row;
  else if (row >= top + (gint64) el->n_visible)
    top = row - (gint64) el->n_visible + 1;
  el->selected_rank = el_list_row_rank (el, (guint64) row);
  el_list_scroll_to (el, top);
  GtkTreePath *path = gtk_tree_path_new_from_indices ((int) ((guint64) row - el->top_row), -1);
  el->filling = TRUE;
  gtk_tree_view_set_cursor (GTK_TREE_VIEW (el->tree), path, NULL, FALSE);
  el->filling = FALSE;
  gtk_tree_path_free (path);
  set_time_of_row (el, (guint64) row);
}

static gboolean
key_press_cb (GtkWidget *w, GdkEventKey *event, EventList *el)
{
  gint64 page = MAX (1, (gint64) el->n_visible - 1);
  if (event->state & (GDK_CONTROL_MASK | GDK_MOD1_MASK))
    return FALSE;
  switch (event->keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: move_selection (el, -1); return TRUE;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: move_selection (el, 1); return TRUE;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: move_selection (el, -page); return TRUE;
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: move_selection (el, page); return TRUE;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: move_selection (el, -(gint64) el->n_rows); return TRUE;
    case GDK_KEY_End: case GDK_KEY_KP_End: move_selection (el, (gint64) el->n_rows); return TRUE;
    default: return FALSE;
    }
}

static gboolean
scroll_cb (GtkWidget *w, GdkEventScroll *event, EventList *el)
{
  double dy = 0;
  if (event->direction == GDK_SCROLL_UP)
    dy = -1;
  else if (event->direction == GDK_SCROLL_DOWN)
    dy = 1;
  else if (event->direction == GDK_SCROLL_SMOOTH)
    gdk_event_get_scroll_deltas ((GdkEvent *) event, NULL, &dy);
  else
    return FALSE;
  el_list_scroll_to (el, (gint64) el->top_row + (gint64) (dy * 3));
  return TRUE;
}

static gboolean
refill_idle_cb (gpointer data)
{
  EventList *el = data;
  el->refill_idle = 0;
  el_list_update_limits (el);
  el_list_refill (el);
  return G_SOURCE_REMOVE;
}

/* Rows that fit: the tree's height less its header, by the row height. */
static void
size_allocate_cb (GtkWidget *w, GtkAllocation *alloc, EventList *el)
{
  int header_y = 0, row_h = 0;
  gtk_tree_view_convert_bin_window_to_widget_coords (GTK_TREE_VIEW (el->tree), 0, 0, NULL, &header_y);
  GdkRectangle rect;
  GtkTreePath *path = gtk_tree_path_new_first ();
  if (gtk_tree_model_iter_n_children (GTK_TREE_MODEL (el->store), NULL) > 0)
    {
      gtk_tree_view_get_background_area (GTK_TREE_VIEW (el->tree), path, NULL, &rect);
      row_h = rect.height;
    }
  gtk_tree_path_free (path);
  if (row_h <= 0)
    {
      int nat = 0;
      GtkCellRenderer *r = gtk_cell_renderer_text_new ();
      g_object_ref_sink (r);
      g_object_set (r, "ypad", 0, NULL);
      gtk_cell_renderer_get_preferred_height (r, el->tree, NULL, &nat);
      g_object_unref (r);
      row_h = MAX (nat, 16);
    }
  guint n = (guint) CLAMP ((alloc->height - header_y) / row_h, 1, MAX_VISIBLE);
  if (n != el->n_visible)
    {
      el->n_visible = n;
      if (el->refill_idle == 0)
        el->refill_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, refill_idle_cb, el, NULL);
    }
}

void
el_list_build (EventList *el, GtkWidget *box)
{
  GType types[EL_STORE_N];
  for (int i = 0; i < EL_N_COLS; i++)
    types[i] = G_TYPE_STRING;
  types[EL_STORE_ROW] = G_TYPE_UINT64;
  types[EL_STORE_MARK] = G_TYPE_STRING;
  types[EL_STORE_MARK_TEXT] = G_TYPE_STRING;
  el->store = gtk_list_store_newv (EL_STORE_N, types);
  el->tree = gtk_tree_view_new_with_model (GTK_TREE_MODEL (el->store));
  g_object_unref (el->store);
  gtk_tree_view_set_enable_search (GTK_TREE_VIEW (el->tree), FALSE);
  gtk_tree_view_set_fixed_height_mode (GTK_TREE_VIEW (el->tree), TRUE);
  el_columns_setup (el);

  GtkWidget *hbox = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *sw = gtk_scrolled_window_new (NULL, NULL);
  /* Vertical position is ours (the scrollbar beside): the tree never
   * scrolls itself vertically nor asks for the height of its rows. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (sw), GTK_POLICY_AUTOMATIC, GTK_POLICY_EXTERNAL);
  gtk_container_add (GTK_CONTAINER (sw), el->tree);
  gtk_widget_set_hexpand (sw, TRUE);
  gtk_widget_set_vexpand (sw, TRUE);
  el->adj = gtk_adjustment_new (0, 0, 0, 1, 1, 1);
  el->scrollbar = gtk_scrollbar_new (GTK_ORIENTATION_VERTICAL, el->adj);
  gtk_widget_set_tooltip_text (el->scrollbar, _("Position in the event list: drag anywhere to jump there"));
  gtk_box_pack_start (GTK_BOX (hbox), sw, TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (hbox), el->scrollbar, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), hbox, TRUE, TRUE, 0);

  gtk_widget_set_name (el->tree, "eventlist-tree");
  gtk_widget_set_name (el->scrollbar, "eventlist-scrollbar");
  g_signal_connect (el->adj, "value-changed", G_CALLBACK (adj_changed_cb), el);
  g_signal_connect (gtk_tree_view_get_selection (GTK_TREE_VIEW (el->tree)), "changed",
                    G_CALLBACK (selection_changed_cb), el);
  g_signal_connect (el->tree, "key-press-event", G_CALLBACK (key_press_cb), el);
  g_signal_connect (el->tree, "scroll-event", G_CALLBACK (scroll_cb), el);
  g_signal_connect (sw, "size-allocate", G_CALLBACK (size_allocate_cb), el);
}

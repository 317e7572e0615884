/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "lttv-timeline-losses.h"
#include "lttv-timeline-model-private.h"
#include "lttv-viewer-context-private.h"

/* Every state of state-model.md that the palette names. */
static const char *const palette_states[] = {
  "UNKNOWN", "WAIT_BLOCKED", "WAIT_FOR_CPU", "WAIT_UNKNOWN", "WAIT_FORK",
  "RUN_USERMODE", "RUN_SYSCALL", "INTERRUPTED", "IDLE", "IRQ", "SOFTIRQ",
  "RUNNING", "RAISED", "RAISED_RUNNING",
};

LttvTimelineModel *
lttv_timeline_model_new (LttvViewerContext *ctx, LttvHistory *history, guint n_columns,
                         const char *const *titles)
{
  LttvTimelineModel *m = g_new0 (LttvTimelineModel, 1);

  g_return_val_if_fail (n_columns >= 1 && n_columns <= LTTV_TIMELINE_MAX_COLUMNS, NULL);
  m->ref_count = 1;
  m->history = history;
  m->ctx = ctx != NULL ? g_object_ref (ctx) : NULL;
  m->data = ctx != NULL && lttv_viewer_context_get_held (ctx) != NULL
            ? lttv_trace_data_ref (lttv_viewer_context_get_held (ctx)) : NULL;
  m->n_columns = n_columns;
  for (guint i = 0; i < n_columns; i++)
    m->titles[i] = g_strdup (titles[i]);
  m->rows = g_array_new (FALSE, TRUE, sizeof (LttvTimelineRow));
  m->palette = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (palette_states); i++)
    {
      GdkRGBA c;
      if (ctx != NULL && lttv_viewer_context_get_state_colour (ctx, palette_states[i], &c))
        {
          double *rgb = g_new (double, 3);
          rgb[0] = c.red, rgb[1] = c.green, rgb[2] = c.blue;
          g_hash_table_insert (m->palette, (gpointer) palette_states[i], rgb);
        }
    }
  m->legend = g_array_new (FALSE, TRUE, sizeof (LegendEntry));
  m->highlight = LTTV_VALUE_NONE;
  m->tree = TRUE;
  m->sort_column = -1;
  m->visible = g_array_new (FALSE, FALSE, sizeof (guint));
  m->depth = g_array_new (FALSE, FALSE, sizeof (guint));
  m->position = g_array_new (FALSE, FALSE, sizeof (int));
  return m;
}

LttvTimelineModel *
lttv_timeline_model_ref (LttvTimelineModel *m)
{
  g_atomic_int_inc (&m->ref_count);
  return m;
}

void
lttv_timeline_model_unref (LttvTimelineModel *m)
{
  if (m == NULL || !g_atomic_int_dec_and_test (&m->ref_count))
    return;
  for (guint i = 0; i < m->n_columns; i++)
    g_free (m->titles[i]);
  for (guint i = 0; i < m->rows->len; i++)
    for (guint c = 0; c < LTTV_TIMELINE_MAX_COLUMNS; c++)
      g_free (g_array_index (m->rows, LttvTimelineRow, i).cells[c]);
  for (guint i = 0; i < m->legend->len; i++)
    {
      g_free (g_array_index (m->legend, LegendEntry, i).state);
      g_free (g_array_index (m->legend, LegendEntry, i).label);
    }
  g_array_unref (m->rows);
  g_array_unref (m->legend);
  lttv_timeline_losses_free (m->losses);
  g_clear_pointer (&m->data, lttv_trace_data_unref);
  g_clear_object (&m->ctx);
  g_hash_table_unref (m->palette);
  g_array_unref (m->visible);
  g_array_unref (m->depth);
  g_array_unref (m->position);
  g_free (m->has_children);
  g_free (m->find);
  g_free (m);
}

LttvHistory *
lttv_timeline_model_get_history (LttvTimelineModel *m)
{
  return m->history;
}

guint
lttv_timeline_model_add_row (LttvTimelineModel *m, const LttvTimelineRow *row)
{
  LttvTimelineRow copy = *row;

  /* A parent is listed before its children: walks up the tree end. */
  if (copy.parent >= (int) m->rows->len)
    copy.parent = -1;
  for (guint c = 0; c < LTTV_TIMELINE_MAX_COLUMNS; c++)
    copy.cells[c] = g_strdup (row->cells[c] != NULL ? row->cells[c] : "");
  g_array_append_val (m->rows, copy);
  m->widths_valid = FALSE;
  return m->rows->len - 1;
}

guint
lttv_timeline_model_n_rows (LttvTimelineModel *m)
{
  return m->rows->len;
}

LttvTimelineRow *
lttv_timeline_model_get_row (LttvTimelineModel *m, guint i)
{
  g_return_val_if_fail (i < m->rows->len, NULL);
  return &g_array_index (m->rows, LttvTimelineRow, i);
}

void
lttv_timeline_model_set_label_func (LttvTimelineModel *m, LttvTimelineLabelFunc func, gpointer data)
{
  m->label_func = func;
  m->label_data = data;
}

void
lttv_timeline_model_set_colour_func (LttvTimelineModel *m, LttvTimelineColourFunc func, gpointer data)
{
  m->colour_func = func;
  m->colour_data = data;
}

void
lttv_timeline_model_add_legend (LttvTimelineModel *m, const char *state, const char *label)
{
  LegendEntry e = { g_strdup (state), g_strdup (label), { 0.5, 0.5, 0.5 } };
  const double *rgb = g_hash_table_lookup (m->palette, state);

  if (rgb != NULL)
    memcpy (e.rgb, rgb, sizeof e.rgb);
  g_array_append_val (m->legend, e);
}

void
lttv_timeline_model_set_losses (LttvTimelineModel *m, LttvTimelineLosses *losses)
{
  lttv_timeline_losses_free (m->losses);
  m->losses = losses;
}

LttvTimelineLosses *
lttv_timeline_model_get_losses (LttvTimelineModel *m)
{
  return m->losses;
}

void
lttv_timeline_model_set_highlight (LttvTimelineModel *m, LttvValue v)
{
  m->highlight = v;
}

LttvValue
lttv_timeline_model_get_highlight (LttvTimelineModel *m)
{
  return m->highlight;
}

/* --- Visible rows -------------------------------------------------------- */

/* The setters below refilter only on a change: a viewer applies its
 * settings to each new listing of thousands of rows. */
void
lttv_timeline_model_set_tree (LttvTimelineModel *m, gboolean tree)
{
  if (m->tree == !!tree)
    return;
  m->tree = !!tree;
  lttv_timeline_model_refilter (m);
}

gboolean
lttv_timeline_model_get_tree (LttvTimelineModel *m)
{
  return m->tree;
}

void
lttv_timeline_model_set_sort (LttvTimelineModel *m, int column, gboolean descending)
{
  column = column < (int) m->n_columns ? column : -1;
  if (m->sort_column == column && m->descending == !!descending)
    return;
  m->sort_column = column;
  m->descending = !!descending;
  lttv_timeline_model_refilter (m);
}

int
lttv_timeline_model_get_sort (LttvTimelineModel *m, gboolean *descending)
{
  if (descending != NULL)
    *descending = m->descending;
  return m->sort_column;
}

void
lttv_timeline_model_set_find (LttvTimelineModel *m, const char *text)
{
  char *find = text != NULL && text[0] != '\0' ? g_utf8_casefold (text, -1) : NULL;

  if (g_strcmp0 (find, m->find) == 0)
    {
      g_free (find);
      return;
    }
  g_free (m->find);
  m->find = find;
  lttv_timeline_model_refilter (m);
}

static int
compare_rows (gconstpointer a, gconstpointer b, gpointer data)
{
  LttvTimelineModel *m = data;
  guint ia = *(const guint *) a, ib = *(const guint *) b;
  const LttvTimelineRow *ra = &g_array_index (m->rows, LttvTimelineRow, ia);
  const LttvTimelineRow *rb = &g_array_index (m->rows, LttvTimelineRow, ib);
  int c = m->sort_column, r;

  if (c < 0)
    return ia < ib ? -1 : ia > ib;
  if (ra->keys[c] != G_MININT64 || rb->keys[c] != G_MININT64)
    r = ra->keys[c] < rb->keys[c] ? -1 : ra->keys[c] > rb->keys[c];
  else
    r = g_ascii_strcasecmp (ra->cells[c], rb->cells[c]);
  if (r == 0)
    r = ia < ib ? -1 : ia > ib;
  return m->descending ? -r : r;
}

static gboolean
row_matches (LttvTimelineModel *m, const LttvTimelineRow *row)
{
  guint64 n;
  g_autofree char *folded = NULL;

  if (m->find == NULL)
    return TRUE;
  if (g_ascii_string_to_unsigned (m->find, 10, 0, G_MAXUINT64, &n, NULL))
    return row->tag == n;
  folded = g_utf8_casefold (row->cells[0], -1);
  return strstr (folded, m->find) != NULL;
}

static void
add_subtree (LttvTimelineModel *m, GPtrArray *children, const guint8 *shown, guint i,
             guint depth)
{
  const LttvTimelineRow *row = &g_array_index (m->rows, LttvTimelineRow, i);
  GArray *kids = children->pdata[i + 1];

  g_array_append_val (m->visible, i);
  g_array_append_val (m->depth, depth);
  if (kids == NULL || (row->collapsed && m->find == NULL))
    return;
  for (guint k = 0; k < kids->len; k++)
    {
      guint c = g_array_index (kids, guint, k);
      if (shown[c])
        add_subtree (m, children, shown, c, depth + 1);
    }
}

static void
array_unref0 (gpointer a)
{
  if (a != NULL)
    g_array_unref (a);
}

void
lttv_timeline_model_set_row_filter (LttvTimelineModel *m,
                                    gboolean (*filter) (const LttvTimelineRow *, gpointer),
                                    gpointer data)
{
  m->row_filter = filter;
  m->row_filter_data = data;
}

void
lttv_timeline_model_refilter (LttvTimelineModel *m)
{
  guint n = m->rows->len;
  g_autofree guint8 *shown = g_new0 (guint8, MAX (n, 1));
  /* children->pdata[parent + 1]: GArray of row indexes; [0] the top rows. */
  g_autoptr (GPtrArray) children = g_ptr_array_new_with_free_func (array_unref0);

  g_array_set_size (m->visible, 0);
  g_array_set_size (m->depth, 0);
  g_array_set_size (m->position, n);
  for (guint i = 0; i < n; i++)
    g_array_index (m->position, int, i) = -1;
  g_free (m->has_children);
  m->has_children = g_new0 (guint8, MAX (n, 1));
  g_ptr_array_set_size (children, n + 1);

  for (guint i = 0; i < n; i++)
    {
      const LttvTimelineRow *row = &g_array_index (m->rows, LttvTimelineRow, i);
      if (row->hidden || row->user_hidden || !row_matches (m, row)
          || (m->row_filter != NULL && !m->row_filter (row, m->row_filter_data)))
        continue;
      shown[i] = 1;
      /* In a tree, a row shows its ancestors, even those a filter hides
       * (they place it), but not those the user hid. */
      for (int p = row->parent; m->tree && p >= 0 && !shown[p];
           p = g_array_index (m->rows, LttvTimelineRow, p).parent)
        if (!g_array_index (m->rows, LttvTimelineRow, p).user_hidden)
          shown[p] = 1;
    }
  for (guint i = 0; i < n; i++)
    {
      const LttvTimelineRow *row = &g_array_index (m->rows, LttvTimelineRow, i);
      guint slot = m->tree && row->parent >= 0 && (guint) row->parent < n ? row->parent + 1 : 0;
      if (!shown[i])
        continue;
      if (m->tree && row->parent >= 0 && !shown[row->parent])
        continue;     /* under a hidden parent */
      if (children->pdata[slot] == NULL)
        children->pdata[slot] = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_val ((GArray *) children->pdata[slot], i);
      if (slot > 0)
        m->has_children[slot - 1] = 1;
    }
  for (guint s = 0; s <= n; s++)
    if (children->pdata[s] != NULL)
      g_array_sort_with_data (children->pdata[s], compare_rows, m);
  if (children->pdata[0] != NULL)
    {
      GArray *top = children->pdata[0];
      for (guint k = 0; k < top->len; k++)
        add_subtree (m, children, shown, g_array_index (top, guint, k), 0);
    }
  for (guint p = 0; p < m->visible->len; p++)
    g_array_index (m->position, int, g_array_index (m->visible, guint, p)) = p;
  m->widths_valid = FALSE;
}

guint
lttv_timeline_model_n_visible (LttvTimelineModel *m)
{
  return m->visible->len;
}

guint
lttv_timeline_model_visible_row (LttvTimelineModel *m, guint pos, guint *depth)
{
  g_return_val_if_fail (pos < m->visible->len, 0);
  if (depth != NULL)
    *depth = g_array_index (m->depth, guint, pos);
  return g_array_index (m->visible, guint, pos);
}

int
lttv_timeline_model_row_position (LttvTimelineModel *m, guint i)
{
  return i < m->position->len ? g_array_index (m->position, int, i) : -1;
}

gboolean
lttv_timeline_model_has_children (LttvTimelineModel *m, guint i)
{
  return m->has_children != NULL && i < m->position->len && m->has_children[i];
}

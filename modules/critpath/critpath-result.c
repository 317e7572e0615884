/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A computed critical path with its rows and sentences, made in a worker
 * so that drawing and the table only read. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "critpath.h"

/* "name (tid)", or "tid" when it has no name at t. */
static char *
thread_name (LttvHistory *h, gint64 tid, LttvTime t)
{
  char path[64];
  LttvInterval iv;
  LttvAttr a;

  if (tid < 0)
    return g_strdup ("?");
  if (tid == 0)
    return g_strdup (_("idle (0)"));
  g_snprintf (path, sizeof path, "Threads/%" G_GINT64_FORMAT "/Exec_name", tid);
  a = lttv_history_attr_lookup (h, path);
  if (a != LTTV_ATTR_NONE && lttv_history_query (h, a, t, &iv)
      && lttv_value_type (iv.value) == LTTV_VALUE_STRING && lttv_history_string (h, iv.value) != NULL)
    return g_strdup_printf ("%s (%" G_GINT64_FORMAT ")", lttv_history_string (h, iv.value), tid);
  return g_strdup_printf ("%" G_GINT64_FORMAT, tid);
}

static const char *
softirq_name (gint64 vec)
{
  switch (vec)
    {
    case 0: return _("a high-priority tasklet");
    case 2: return _("a network transmit");
    case 3: return _("a network receive");
    case 4: return _("a block device (disk)");
    case 5: return _("an IRQ poll");
    case 6: return _("a tasklet");
    case 7: return _("the scheduler");
    case 9: return _("RCU");
    default: return NULL;
    }
}

static char *
describe (LttvHistory *h, const LttvPathCause *c, LttvTime t)
{
  g_autofree char *who = thread_name (h, c->tid, t);
  g_autofree char *other = c->other > 0 ? thread_name (h, c->other, t) : NULL;

  switch (c->kind)
    {
    case LTTV_PATH_RUNNING:
      return g_strdup_printf (_("running %s"), who);
    case LTTV_PATH_PREEMPTED:
      return other != NULL ? g_strdup_printf (_("%s preempted by %s"), who, other)
                           : g_strdup_printf (_("%s preempted"), who);
    case LTTV_PATH_WAIT_CPU:
      return other != NULL ? g_strdup_printf (_("%s waiting for a CPU (%s on it)"), who, other)
                           : g_strdup_printf (_("%s waiting for a CPU"), who);
    case LTTV_PATH_BLOCKED_IRQ:
      return g_strdup_printf (_("%s blocked on IRQ %lld"), who, (long long) c->other);
    case LTTV_PATH_BLOCKED_SOFTIRQ:
      if (softirq_name (c->other) != NULL)
        return g_strdup_printf (_("%s blocked on %s"), who, softirq_name (c->other));
      return g_strdup_printf (_("%s blocked on soft IRQ %lld"), who, (long long) c->other);
    case LTTV_PATH_BLOCKED_TIMER:
      return g_strdup_printf (_("%s blocked on a timer"), who);
    case LTTV_PATH_BLOCKED_IDLE:
      return g_strdup_printf (_("%s blocked, woken from an idle CPU"), who);
    case LTTV_PATH_BLOCKED_UNKNOWN:
      return g_strdup_printf (_("%s blocked, cause unknown"), who);
    case LTTV_PATH_UNKNOWN:
    default:
      return g_strdup_printf (_("%s in an unknown state"), who);
    }
}

CpResult *
cp_result_compute (LttvState *s, gint64 tid, LttvTime begin, LttvTime end)
{
  CpResult *r = g_new0 (CpResult, 1);
  LttvHistory *h = lttv_state_get_history (s);
  g_autoptr (GHashTable) row_of = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  r->tid = tid;
  r->begin = begin;
  r->end = end;
  r->segments = lttv_critical_path (s, tid, begin, end);
  r->causes = lttv_critical_path_summary (r->segments);
  r->rows = g_array_new (FALSE, FALSE, sizeof (gint64));
  r->row_names = g_ptr_array_new_with_free_func (g_free);
  r->cause_texts = g_ptr_array_new_with_free_func (g_free);
  r->seg_row = g_new (guint, MAX (r->segments->len, 1));
  for (guint i = 0; i < r->segments->len; i++)
    {
      const LttvPathSegment *seg = &g_array_index (r->segments, LttvPathSegment, i);
      gpointer row;
      if (!g_hash_table_lookup_extended (row_of, &seg->tid, NULL, &row))
        {
          row = GUINT_TO_POINTER (r->rows->len);
          g_hash_table_insert (row_of, g_memdup2 (&seg->tid, sizeof seg->tid), row);
          g_array_append_val (r->rows, seg->tid);
          /* (named as at the range's end, as the control flow names its
           * row; as when met if it had no name then) */
          char *name = thread_name (h, seg->tid, end - 1);
          if (seg->tid > 0 && g_ascii_isdigit (name[0]))
            g_free (name), name = thread_name (h, seg->tid, seg->begin);
          g_ptr_array_add (r->row_names, name);
        }
      r->seg_row[i] = GPOINTER_TO_UINT (row);
    }
  /* the longest segment of each cause, in one pass */
  g_autoptr (GHashTable) cause_of = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                                           (GDestroyNotify) g_bytes_unref, NULL);
  r->cause_seg = g_new (int, MAX (r->causes->len, 1));
  for (guint i = 0; i < r->causes->len; i++)
    {
      const LttvPathCause *c = &g_array_index (r->causes, LttvPathCause, i);
      gint64 key[3] = { c->kind, c->tid, c->other };
      g_hash_table_insert (cause_of, g_bytes_new (key, sizeof key), GUINT_TO_POINTER (i));
      r->cause_seg[i] = -1;
    }
  for (guint i = 0; i < r->segments->len; i++)
    {
      const LttvPathSegment *seg = &g_array_index (r->segments, LttvPathSegment, i);
      gint64 key[3] = { seg->kind, seg->tid, seg->other };
      g_autoptr (GBytes) k = g_bytes_new_static (key, sizeof key);
      guint c = GPOINTER_TO_UINT (g_hash_table_lookup (cause_of, k));
      int *best = &r->cause_seg[c];
      if (*best < 0 || seg->end - seg->begin
                       > g_array_index (r->segments, LttvPathSegment, *best).end
                         - g_array_index (r->segments, LttvPathSegment, *best).begin)
        *best = (int) i;
    }
  for (guint i = 0; i < r->causes->len; i++)
    {
      const LttvPathCause *c = &g_array_index (r->causes, LttvPathCause, i);
      int k = r->cause_seg[i];
      LttvTime t = k >= 0 ? g_array_index (r->segments, LttvPathSegment, k).begin : begin;
      g_ptr_array_add (r->cause_texts, describe (h, c, t));
    }
  return r;
}

void
cp_result_free (CpResult *r)
{
  if (r == NULL)
    return;
  g_array_unref (r->segments);
  g_array_unref (r->causes);
  g_array_unref (r->rows);
  g_ptr_array_unref (r->row_names);
  g_ptr_array_unref (r->cause_texts);
  g_free (r->seg_row);
  g_free (r->cause_seg);
  g_free (r);
}

int
cp_result_segment_at (const CpResult *r, LttvTime t)
{
  guint lo = 0, hi = r->segments->len;

  /* (the segments are in time order and do not overlap) */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (r->segments, LttvPathSegment, mid).end <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo < r->segments->len && g_array_index (r->segments, LttvPathSegment, lo).begin <= t)
    return (int) lo;
  return -1;
}

int
cp_result_cause_segment (const CpResult *r, guint cause)
{
  return cause < r->causes->len ? r->cause_seg[cause] : -1;
}

const char *
cp_kind_label (LttvPathKind kind)
{
  switch (kind)
    {
    case LTTV_PATH_RUNNING: return _("running");
    case LTTV_PATH_PREEMPTED: return _("preempted");
    case LTTV_PATH_WAIT_CPU: return _("waiting for a CPU");
    case LTTV_PATH_BLOCKED_IRQ: return _("blocked on an IRQ");
    case LTTV_PATH_BLOCKED_SOFTIRQ: return _("blocked on a soft IRQ");
    case LTTV_PATH_BLOCKED_TIMER: return _("blocked on a timer");
    case LTTV_PATH_BLOCKED_IDLE: return _("woken from idle");
    case LTTV_PATH_BLOCKED_UNKNOWN: return _("blocked, cause unknown");
    case LTTV_PATH_UNKNOWN: default: return _("unknown");
    }
}

void
cp_kind_colour (LttvPathKind kind, double rgb[3])
{
  static const double colours[][3] = {
    [LTTV_PATH_RUNNING] = { 0.20, 0.70, 0.25 },
    [LTTV_PATH_PREEMPTED] = { 0.95, 0.75, 0.10 },
    [LTTV_PATH_WAIT_CPU] = { 0.95, 0.55, 0.15 },
    [LTTV_PATH_BLOCKED_IRQ] = { 0.85, 0.20, 0.20 },
    [LTTV_PATH_BLOCKED_SOFTIRQ] = { 0.60, 0.25, 0.75 },
    [LTTV_PATH_BLOCKED_TIMER] = { 0.15, 0.55, 0.85 },
    [LTTV_PATH_BLOCKED_IDLE] = { 0.45, 0.65, 0.80 },
    [LTTV_PATH_BLOCKED_UNKNOWN] = { 0.45, 0.30, 0.25 },
    [LTTV_PATH_UNKNOWN] = { 0.75, 0.75, 0.75 },
  };
  guint k = (guint) kind < G_N_ELEMENTS (colours) ? (guint) kind : LTTV_PATH_UNKNOWN;
  rgb[0] = colours[k][0], rgb[1] = colours[k][1], rgb[2] = colours[k][2];
}

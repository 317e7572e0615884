/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The resource view's rows: CPUs, IRQs, soft IRQs, block devices. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include <lttv-timeline-losses.h>
#include "resourceview.h"

/* Linux's soft IRQ vectors (include/linux/interrupt.h). */
static const char *const softirq_names[] = {
  "HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU",
};

/* Colours of integer values, from the shared palette (set once). */
static double irq_rgb[3] = { 1, 0.47, 0 };
static double block_rgb[3] = { 0.57, 0.25, 0.67 };

static gboolean
colour_func (const LttvTimelineRow *row, LttvValue v, double rgb[3], gpointer data)
{
  if (lttv_value_type (v) != LTTV_VALUE_INT)
    return FALSE;
  if (row->kind == RV_IRQ)
    {
      memcpy (rgb, irq_rgb, sizeof irq_rgb);
      return TRUE;
    }
  if (row->kind == RV_BLOCK)
    {
      /* Darker with more requests in flight; none: nothing drawn. */
      gint64 n = lttv_value_get_int (v);
      double k = n <= 0 ? 0 : MIN (1.0, 0.45 + 0.11 * (double) n);
      if (n <= 0)
        return FALSE;
      for (int i = 0; i < 3; i++)
        rgb[i] = 1 - (1 - block_rgb[i]) * k;
      return TRUE;
    }
  return FALSE;
}

/* The name of the thread a CPU runs: Threads/<tid>/Exec_name at t. */
static const char *
label_func (const LttvTimelineRow *row, LttvValue v, LttvTime t, char buf[64], gpointer data)
{
  LttvHistory *h = data;
  LttvInterval iv;
  LttvAttr attr;
  gint64 tid;

  if (row->kind != RV_CPU || lttv_value_type (v) != LTTV_VALUE_INT)
    return NULL;
  if ((tid = lttv_value_get_int (v)) <= 0)
    return NULL;
  g_snprintf (buf, 64, "Threads/%" G_GINT64_FORMAT "/Exec_name", tid);
  attr = lttv_history_attr_lookup (h, buf);
  if (attr != LTTV_ATTR_NONE && lttv_history_query (h, attr, t, &iv)
      && lttv_history_string (h, iv.value) != NULL)
    g_snprintf (buf, 64, "%s", lttv_history_string (h, iv.value));
  else
    g_snprintf (buf, 64, "%" G_GINT64_FORMAT, tid);
  return buf;
}

/* A loss shows on its CPU's row. */
static gboolean
loss_rows (const LttvTimelineRow *row, int cpu)
{
  return row->kind == RV_CPU && cpu >= 0 && row->tag == (guint64) cpu;
}

LttvTimelineModel *
rv_model_new (LttvViewerContext *ctx, LttvHistory *history)
{
  const char *titles[RV_N_COLUMNS] = { _("Resource"), _("Number") };
  static const struct { const char *state; const char *label; } legend[] = {
    { "RUN_USERMODE", N_("User mode") },
    { "RUN_SYSCALL", N_("System call") },
    { "IRQ", N_("IRQ") },
    { "SOFTIRQ", N_("Soft IRQ") },
    { "RAISED", N_("Soft IRQ raised") },
    { "IDLE", N_("Idle") },
    { "UNKNOWN", N_("Unknown") },
  };
  LttvTimelineModel *m = lttv_timeline_model_new (ctx, history, RV_N_COLUMNS, titles);
  GdkRGBA c;

  if (lttv_viewer_context_get_state_colour (ctx, "IRQ", &c))
    irq_rgb[0] = c.red, irq_rgb[1] = c.green, irq_rgb[2] = c.blue;
  for (guint i = 0; i < G_N_ELEMENTS (legend); i++)
    lttv_timeline_model_add_legend (m, legend[i].state, _(legend[i].label));
  lttv_timeline_model_set_colour_func (m, colour_func, NULL);
  lttv_timeline_model_set_label_func (m, label_func, history);
  lttv_timeline_model_set_losses (m, lttv_timeline_losses_new (lttv_viewer_context_get_traceset (ctx),
                                                               loss_rows));
  return m;
}

/* TRUE when `attr` holds a value somewhere in the committed history. */
static gboolean
ever_set (LttvHistory *h, LttvAttr attr, LttvTime begin, LttvTime end)
{
  LttvSample s;
  if (attr == LTTV_ATTR_NONE || end <= begin)
    return FALSE;
  lttv_history_query_row (h, attr, begin, end - begin + 1, 1, &s);
  return s.value != LTTV_VALUE_NONE || s.mixed > 0;
}

typedef struct
{
  LttvAttr attr;
  gint64 number;
} Child;

static int
compare_children (gconstpointer a, gconstpointer b)
{
  const Child *x = a, *y = b;
  return x->number < y->number ? -1 : x->number > y->number;
}

/* The children of `parent` whose names are numbers, by number. */
static GArray *
numbered_children (LttvHistory *h, LttvAttr parent)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Child));
  guint n = lttv_history_n_attrs (h);

  if (parent == LTTV_ATTR_NONE)
    return out;
  for (LttvAttr a = 0; a < n; a++)
    if (lttv_history_attr_parent (h, a) == parent)
      {
        const char *name = lttv_history_attr_name (h, a);
        char *endp;
        Child c = { a, g_ascii_strtoll (name, &endp, 10) };
        if (endp != name && *endp == '\0')
          g_array_append_val (out, c);
      }
  g_array_sort (out, compare_children);
  return out;
}

/* The name of IRQ `irq` from its first irq_handler_entry, at `t`. */
static char *
irq_name (LttvTraceset *ts, LttvIter *it, gint64 irq, LttvTime t)
{
  const LttvEvent *ev;

  if (ts == NULL || !lttv_iter_seek_time (it, t, NULL))
    return NULL;
  for (int k = 0; k < 256 && (ev = lttv_iter_next (it, NULL)) != NULL && lttv_event_time (ev) <= t; k++)
    {
      const LttvEventClass *ec = lttv_event_get_class (ev);
      int64_t n;
      size_t len;
      const char *s;

      if (!g_str_has_suffix (lttv_event_class_name (ec), "irq_handler_entry"))
        continue;
      if (lttv_event_get_int (ev, lttv_event_class_field (ec, "irq"), &n) && n == irq
          && (s = lttv_event_get_string (ev, lttv_event_class_field (ec, "name"), &len)) != NULL)
        return g_strndup (s, len);
    }
  return NULL;
}

static guint
add (LttvTimelineModel *m, int parent, guint kind, const char *name, gint64 number, LttvAttr attr,
     LttvAttr label)
{
  char num[24] = "";
  LttvTimelineRow row = { .attr = attr, .label_attr = label, .birth = LTTV_TIME_NONE,
                          .death = LTTV_TIME_NONE, .parent = parent, .kind = kind,
                          .tag = number >= 0 ? (guint64) number : 0 };
  /* (a block device: its dev_t as people write it, major:minor) */
  if (kind == RV_BLOCK)
    g_snprintf (num, sizeof num, "%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT,
                number >> 20, number & 0xfffff);
  else if (number >= 0)
    g_snprintf (num, sizeof num, "%" G_GINT64_FORMAT, number);
  row.cells[RV_COL_RESOURCE] = (char *) name;
  row.cells[RV_COL_NUMBER] = num;
  row.keys[RV_COL_RESOURCE] = G_MININT64;
  row.keys[RV_COL_NUMBER] = number;
  return lttv_timeline_model_add_row (m, &row);
}

/* The row of group `name` under the trace set's row, added with its first
 * child (so that no group is empty). */
static guint
group_row (LttvTimelineModel *m, int *top, int *group, const char *title, const char *name)
{
  if (*top < 0)
    *top = add (m, -1, RV_GROUP, title, -1, LTTV_ATTR_NONE, LTTV_ATTR_NONE);
  if (*group < 0)
    *group = add (m, *top, RV_GROUP, name, -1, LTTV_ATTR_NONE, LTTV_ATTR_NONE);
  return *group;
}

/* TRUE when `trace` has the events the state core's CPU rows come from
 * (a kernel trace: LTTng kernel domain or perf), FALSE for a userspace one. */
static gboolean
feeds_kernel_state (const LttvTrace *trace)
{
  static const char *const suffixes[] = { "sched_switch", "irq_handler_entry", "softirq_entry",
                                          "block_rq_issue" };
  for (guint i = 0; i < lttv_trace_n_event_classes (trace); i++)
    {
      const char *name = lttv_event_class_name (lttv_trace_get_event_class (trace, i));
      for (guint k = 0; k < G_N_ELEMENTS (suffixes); k++)
        if (g_str_has_suffix (name, suffixes[k]))
          return TRUE;
    }
  return FALSE;
}

/* The CPU, IRQ, soft IRQ and block device rows, under the group `title`
 * (added with the first of them). */
static void
fill_resources (LttvTimelineModel *m, LttvHistory *h, LttvTraceset *ts, LttvIter *it,
                const char *title)
{
  LttvTime begin = lttv_history_begin (h), end = lttv_history_committed_end (h);
  g_autoptr (GArray) cpus = numbered_children (h, lttv_history_attr_lookup (h, "CPUs"));
  g_autoptr (GArray) irqs = numbered_children (h, lttv_history_attr_lookup (h, "IRQs"));
  g_autoptr (GArray) softirqs = numbered_children (h, lttv_history_attr_lookup (h, "Soft_IRQs"));
  g_autoptr (GArray) devices = numbered_children (h, lttv_history_attr_lookup (h, "Block"));
  int top = -1, group;

  /* Groups are added with their first row: none stays empty. */
  group = -1;
  for (guint i = 0; i < cpus->len; i++)
    {
      const Child *c = &g_array_index (cpus, Child, i);
      g_autofree char *name = g_strdup_printf (_("CPU %d"), (int) c->number);
      g_autofree char *path = lttv_history_attr_path (h, c->attr);
      g_autofree char *current = g_strdup_printf ("%s/Current_thread", path);
      if (ever_set (h, c->attr, begin, end))
        add (m, group_row (m, &top, &group, title, _("CPUs")), RV_CPU, name, c->number, c->attr,
             lttv_history_attr_lookup (h, current));
    }

  group = -1;
  for (guint i = 0; i < irqs->len; i++)
    {
      const Child *c = &g_array_index (irqs, Child, i);
      LttvInterval iv;
      g_autofree char *found = NULL, *name = NULL;

      if (!ever_set (h, c->attr, begin, end))
        continue;
      /* Its first run: where it holds a CPU first. */
      if (lttv_history_query (h, c->attr, begin, &iv))
        found = irq_name (ts, it, c->number, iv.value != LTTV_VALUE_NONE ? iv.start : iv.end + 1);
      name = found != NULL ? g_strdup_printf ("%s", found)
                           : g_strdup_printf (_("IRQ %d"), (int) c->number);
      add (m, group_row (m, &top, &group, title, _("IRQs")), RV_IRQ, name, c->number, c->attr, LTTV_ATTR_NONE);
    }

  group = -1;
  for (guint i = 0; i < softirqs->len; i++)
    {
      const Child *c = &g_array_index (softirqs, Child, i);
      g_autofree char *name = c->number >= 0 && c->number < (gint64) G_N_ELEMENTS (softirq_names)
                              ? g_strdup (softirq_names[c->number])
                              : g_strdup_printf (_("Vector %d"), (int) c->number);
      if (ever_set (h, c->attr, begin, end))
        add (m, group_row (m, &top, &group, title, _("Soft IRQs")), RV_SOFTIRQ, name, c->number, c->attr, LTTV_ATTR_NONE);
    }

  group = -1;
  for (guint i = 0; i < devices->len; i++)
    {
      const Child *c = &g_array_index (devices, Child, i);
      g_autofree char *path = lttv_history_attr_path (h, c->attr);
      g_autofree char *req = g_strdup_printf ("%s/Requests", path);
      LttvAttr attr = lttv_history_attr_lookup (h, req);
      /* dev_t as the kernel encodes it: major << 20 | minor. */
      g_autofree char *name = g_strdup_printf ("%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT,
                                               c->number >> 20, c->number & 0xfffff);
      if (ever_set (h, attr, begin, end))
        add (m, group_row (m, &top, &group, title, _("Block devices")), RV_BLOCK, name, c->number, attr, LTTV_ATTR_NONE);
    }
}

void
rv_model_fill (LttvTimelineModel *m, LttvHistory *h, LttvTraceset *ts, const char *title)
{
  g_autoptr (LttvIter) it = ts != NULL ? lttv_iter_new (ts) : NULL;
  guint n = ts != NULL ? lttv_traceset_n_traces (ts) : 0;
  g_autoptr (GString) owner = g_string_new (NULL);
  gboolean done = FALSE;

  if (lttv_history_committed_end (h) == LTTV_TIME_NONE)
    return;
  if (n == 0)
    {
      fill_resources (m, h, ts, it, title);
      return;
    }
  /* One group per trace. The state core keeps one CPU set for the whole
   * traceset: the rows go under the kernel trace, or under one group
   * naming every kernel trace when there are several (their CPUs merged). */
  for (guint i = 0; i < n; i++)
    {
      const LttvTrace *trace = lttv_traceset_get_trace (ts, i);
      g_autofree char *base = g_path_get_basename (lttv_trace_path (trace));
      if (feeds_kernel_state (trace))
        g_string_append_printf (owner, "%s%s", owner->len > 0 ? " + " : "", base);
    }
  for (guint i = 0; i < n; i++)
    {
      const LttvTrace *trace = lttv_traceset_get_trace (ts, i);
      g_autofree char *base = g_path_get_basename (lttv_trace_path (trace));

      if (!feeds_kernel_state (trace))
        {
          g_autofree char *name = g_strdup_printf (_("%s (no CPU, IRQ or block device events)"), base);
          add (m, -1, RV_GROUP, name, -1, LTTV_ATTR_NONE, LTTV_ATTR_NONE);
        }
      else if (!done)
        {
          fill_resources (m, h, ts, it, owner->str);
          done = TRUE;
        }
    }
}

/* Rows holding nothing over [t0, t1]: empty[i] set (groups always). */
void
rv_rows_empty (LttvTimelineModel *m, LttvTime t0, LttvTime t1, guint8 *empty)
{
  LttvHistory *h = lttv_timeline_model_get_history (m);

  for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
    {
      const LttvTimelineRow *row = lttv_timeline_model_get_row (m, i);
      LttvSample s;

      empty[i] = 1;
      if (row->attr == LTTV_ATTR_NONE || t1 < t0
          || lttv_history_query_row (h, row->attr, t0, t1 - t0 + 1, 1, &s) == 0)
        continue;
      /* A block device with no request in flight holds 0: empty too. */
      empty[i] = s.mixed == 0 && (s.value == LTTV_VALUE_NONE
                                  || (row->kind == RV_BLOCK && lttv_value_type (s.value) == LTTV_VALUE_INT
                                      && lttv_value_get_int (s.value) <= 0));
    }
}

gint64
rv_thread_at (LttvTimelineModel *m, const LttvTimelineRow *row, LttvTime t)
{
  LttvHistory *h = lttv_timeline_model_get_history (m);
  LttvInterval iv;

  if (row->kind != RV_CPU || row->label_attr == LTTV_ATTR_NONE
      || !lttv_history_query (h, row->label_attr, t, &iv) || lttv_value_type (iv.value) != LTTV_VALUE_INT)
    return -1;
  return lttv_value_get_int (iv.value);
}

/* Names of the children of `path` that hold a value at t. */
static void
append_active (GString *s, LttvHistory *h, const char *path, LttvTime t, const char *title,
               gboolean softirq)
{
  g_autoptr (GArray) kids = numbered_children (h, lttv_history_attr_lookup (h, path));
  gboolean first = TRUE;

  for (guint i = 0; i < kids->len; i++)
    {
      const Child *c = &g_array_index (kids, Child, i);
      LttvInterval iv;
      const char *state;

      if (!lttv_history_query (h, c->attr, t, &iv) || iv.value == LTTV_VALUE_NONE)
        continue;
      state = lttv_history_string (h, iv.value);
      g_string_append_printf (s, "%s%s", first ? (s->len > 0 ? "\n" : "") : ", ", first ? title : "");
      if (first)
        g_string_append (s, ": ");
      first = FALSE;
      if (softirq && c->number >= 0 && c->number < (gint64) G_N_ELEMENTS (softirq_names))
        g_string_append (s, softirq_names[c->number]);
      else
        g_string_append_printf (s, "%" G_GINT64_FORMAT, c->number);
      if (state != NULL)
        g_string_append_printf (s, " (%s)", state);
    }
}

char *
rv_tooltip (LttvTimelineModel *m, const LttvTimelineRow *row, LttvTime t, gpointer data)
{
  LttvHistory *h = lttv_timeline_model_get_history (m);
  GString *s = g_string_new (NULL);
  g_autofree char *path = row->attr != LTTV_ATTR_NONE ? lttv_history_attr_path (h, row->attr) : NULL;
  LttvInterval iv;

  if (row->kind == RV_CPU)
    {
      gint64 tid = rv_thread_at (m, row, t);
      char buf[64];
      g_autofree char *irqs = g_strdup_printf ("%s/IRQs", path);
      g_autofree char *softirqs = g_strdup_printf ("%s/Soft_IRQs", path);

      if (tid >= 0)
        g_string_append_printf (s, "%s: %s (%" G_GINT64_FORMAT ")", _("Thread"),
                                tid == 0 ? "swapper" : label_func (row, lttv_value_int (tid), t, buf, h),
                                tid);
      append_active (s, h, irqs, t, _("IRQ"), FALSE);
      append_active (s, h, softirqs, t, _("Soft IRQ"), TRUE);
    }
  g_autofree char *lost = lttv_timeline_losses_describe (lttv_timeline_model_get_losses (m), row, t, 0);
  if (lost != NULL)
    g_string_append_printf (s, "%s%s", s->len > 0 ? "\n" : "", lost);
  else if (row->kind == RV_IRQ && lttv_history_query (h, row->attr, t, &iv)
           && lttv_value_type (iv.value) == LTTV_VALUE_INT)
    g_string_append_printf (s, "%s: %" G_GINT64_FORMAT, _("CPU"), lttv_value_get_int (iv.value));
  else if (row->kind == RV_BLOCK && lttv_history_query (h, row->attr, t, &iv)
           && lttv_value_type (iv.value) == LTTV_VALUE_INT)
    g_string_append_printf (s, "%s: %" G_GINT64_FORMAT, _("Requests in flight"), lttv_value_get_int (iv.value));
  return g_string_free (s, FALSE);
}

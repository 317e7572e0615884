/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The statistics tree: a tree per trace (kernel traces together), each
 * with events per type and traps, CPUs with their states, IRQs, soft IRQs
 * and traps, threads with their states, system calls and traps, and
 * processes with their threads; then discarded events and anomalies. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "statistics-model.h"

#define NONE G_MAXUINT64

static const char *cpu_state_labels[LTTV_STATS_N_CPU_STATES] = {
  N_("Idle"), N_("User mode"), N_("System calls"), N_("IRQs"), N_("Soft IRQs"),
};
static const char *thread_state_labels[LTTV_STATS_N_THREAD_STATES] = {
  N_("Unknown"), N_("Blocked"), N_("User mode"), N_("System call"),
  N_("Interrupted"), N_("Waiting for a CPU"), N_("Waiting (unknown)"),
  N_("Waiting after fork"),
};

GtkTreeStore *
statistics_model_new (void)
{
  return gtk_tree_store_new (STATS_N_COLS, G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_STRING,
                             G_TYPE_UINT64, G_TYPE_STRING, G_TYPE_INT, G_TYPE_STRING,
                             G_TYPE_STRING);
}

/* A sort key where "9" comes before "10": numbers padded to 20 digits. */
static char *
sort_key (const char *name)
{
  GString *key = g_string_new (NULL);
  for (const char *p = name; *p != '\0';)
    if (g_ascii_isdigit (*p))
      {
        const char *q = p;
        while (g_ascii_isdigit (*q))
          q++;
        for (gsize pad = (gsize) (q - p); pad < 20; pad++)
          g_string_append_c (key, '0');
        g_string_append_len (key, p, q - p);
        p = q;
      }
    else
      g_string_append_c (key, g_ascii_tolower (*p++));
  return g_string_free (key, FALSE);
}

/* Rows are gathered in a tree of their own, then written into the store
 * last row first, each prepended: appending to a GtkTreeStore walks the
 * siblings, which is quadratic for thousands of threads. */
typedef struct _Row Row;
struct _Row {
  char *name;
  guint64 count, time;
  double fraction;
  GPtrArray *children;      /* Row *, or NULL */
};

static void
row_free (gpointer data)
{
  Row *r = data;
  g_free (r->name);
  if (r->children != NULL)
    g_ptr_array_unref (r->children);
  g_free (r);
}

static Row *
add_row (Row *parent, const char *name, guint64 count, guint64 time, double fraction)
{
  Row *r = g_new0 (Row, 1);
  r->name = g_strdup (name);
  r->count = count;
  r->time = time;
  r->fraction = fraction;
  if (parent != NULL)
    {
      if (parent->children == NULL)
        parent->children = g_ptr_array_new_with_free_func (row_free);
      g_ptr_array_add (parent->children, r);
    }
  return r;
}

static void
store_row (GtkTreeStore *store, GtkTreeIter *parent, const Row *r)
{
  char count_text[32] = "", time_text[32] = "", pct_text[16] = "";
  if (r->count != NONE)
    g_snprintf (count_text, sizeof count_text, "%" G_GUINT64_FORMAT, r->count);
  if (r->time != NONE)
    g_snprintf (time_text, sizeof time_text, "%.6f", r->time / 1e9);
  int pct = -1;
  if (r->fraction >= 0)
    {
      double fraction = MIN (r->fraction, 1.0);
      pct = (int) (fraction * 100 + 0.5);
      g_snprintf (pct_text, sizeof pct_text, "%.1f %%", fraction * 100);
    }
  g_autofree char *key = sort_key (r->name);
  GtkTreeIter iter;
  gtk_tree_store_insert_with_values (store, &iter, parent, 0,
                                     STATS_COL_NAME, r->name,
                                     STATS_COL_COUNT, r->count,
                                     STATS_COL_COUNT_TEXT, count_text,
                                     STATS_COL_TIME, r->time,
                                     STATS_COL_TIME_TEXT, time_text,
                                     STATS_COL_PERCENT, MAX (pct, 0),
                                     STATS_COL_PERCENT_TEXT, pct_text,
                                     STATS_COL_SORT_KEY, key, -1);
  for (guint i = r->children != NULL ? r->children->len : 0; i-- > 0;)
    store_row (store, &iter, g_ptr_array_index (r->children, i));
}

static double
part (guint64 a, guint64 b)
{
  return b > 0 ? (double) a / (double) b : -1;
}

/* Where each owner's items begin: items come sorted by owner, so those
 * of one owner follow each other (one pass, not one per owner). */
static GHashTable *
index_owners (const GArray *items)
{
  GHashTable *first = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = items->len; i-- > 0;)
    g_hash_table_insert (first, g_array_index (items, LttvStatsItem, i).owner,
                         GUINT_TO_POINTER (i + 1));
  return first;
}

/* Items (system calls, IRQs, traps) of `owner`, under `parent`; traps
 * have no time (`timed` FALSE). */
static void
add_items (Row *parent, const GArray *items, GHashTable *index, const char *owner,
           const char *group, guint64 range, gboolean timed)
{
  guint start = GPOINTER_TO_UINT (g_hash_table_lookup (index, owner));
  if (start == 0)
    return;
  Row *g = add_row (parent, group, 0, timed ? 0 : NONE, -1);
  for (guint i = start - 1; i < items->len; i++)
    {
      const LttvStatsItem *it = &g_array_index (items, LttvStatsItem, i);
      if (strcmp (it->owner, owner) != 0)
        break;
      add_row (g, it->name, it->count, timed ? it->time : NONE, timed ? part (it->time, range) : -1);
      g->count += it->count;
      if (timed)
        g->time += it->time;
    }
}

static void
group_free (gpointer data)
{
  StatsGroup *g = data;
  g_free (g->title);
  if (g->types != NULL)
    g_hash_table_unref (g->types);
  g_free (g);
}

static gboolean
feeds_kernel_state (const LttvTrace *trace)
{
  static const char *const suffixes[] = { "sched_switch", "irq_handler_entry", "softirq_entry",
                                          "block_rq_issue" };
  for (guint i = 0; i < lttv_trace_n_event_classes (trace); i++)
    for (guint k = 0; k < G_N_ELEMENTS (suffixes); k++)
      if (g_str_has_suffix (lttv_event_class_name (lttv_trace_get_event_class (trace, i)), suffixes[k]))
        return TRUE;
  return FALSE;
}

GPtrArray *
statistics_groups_new (const LttvTraceset *ts)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func (group_free);
  guint n = ts != NULL ? lttv_traceset_n_traces (ts) : 0;
  StatsGroup *kernel = NULL;

  if (n <= 1)
    {
      StatsGroup *g = g_new0 (StatsGroup, 1);
      g->title = n == 1 ? g_path_get_basename (lttv_trace_path (lttv_traceset_get_trace (ts, 0)))
                        : g_strdup (_("Traceset"));
      g->kernel = TRUE;
      g_ptr_array_add (groups, g);
      return groups;
    }
  for (guint i = 0; i < n; i++)
    {
      const LttvTrace *trace = lttv_traceset_get_trace (ts, i);
      g_autofree char *base = g_path_get_basename (lttv_trace_path (trace));
      StatsGroup *g = feeds_kernel_state (trace) ? kernel : NULL;

      if (g == NULL)
        {
          g = g_new0 (StatsGroup, 1);
          g->types = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          g->kernel = feeds_kernel_state (trace);
          g->title = g_strdup (base);
          g_ptr_array_add (groups, g);
          if (g->kernel)
            kernel = g;
        }
      else
        {
          char *title = g_strdup_printf ("%s + %s", g->title, base);
          g_free (g->title);
          g->title = title;
        }
      for (guint k = 0; k < lttv_trace_n_event_classes (trace); k++)
        g_hash_table_add (g->types, g_strdup (lttv_event_class_name (lttv_trace_get_event_class (trace, k))));
    }
  return groups;
}

typedef struct {
  const LttvStats *st;
  const StatsTraps *traps;
  LttvHistory *history;
  guint64 range;
  GHashTable *irqs, *softirqs, *syscalls, *cpu_traps, *thread_traps;
  GHashTable *taken;     /* type names already under a group */
} Fill;

/* Whether type `name` belongs to `g` (the first group that has it). */
static gboolean
group_has (Fill *f, const StatsGroup *g, const char *name)
{
  if (g->types != NULL && !g_hash_table_contains (g->types, name))
    return FALSE;
  return !g_hash_table_contains (f->taken, name);
}

/* The process of thread `tid` ("42", "0_1": swappers are process 0): its
 * PID attribute at the end of the range, else at its start, else itself
 * (the history keeps a PID only when it differs from the tid). */
static gint64
process_of (LttvHistory *h, const char *tid, LttvTime t0, LttvTime t1)
{
  char path[64];
  LttvInterval iv;
  LttvAttr attr;
  gint64 self;

  if (g_str_has_prefix (tid, "0_"))
    return 0;
  self = g_ascii_strtoll (tid, NULL, 10);
  g_snprintf (path, sizeof path, "Threads/%s/PID", tid);
  if ((attr = lttv_history_attr_lookup (h, path)) == LTTV_ATTR_NONE)
    return self;
  t1 = MIN (t1, lttv_history_committed_end (h));
  if ((lttv_history_query (h, attr, t1, &iv) && lttv_value_type (iv.value) == LTTV_VALUE_INT)
      || (lttv_history_query (h, attr, t0, &iv) && lttv_value_type (iv.value) == LTTV_VALUE_INT))
    return lttv_value_get_int (iv.value);
  return self;
}

typedef struct {
  gint64 pid;
  const char *name;         /* of its main thread, else of its first */
  guint64 time;             /* its threads' time on a CPU */
  GArray *threads;          /* guint: index in st->threads */
} Process;

static void
process_free (gpointer data)
{
  Process *p = data;
  g_array_unref (p->threads);
  g_free (p);
}

static int
compare_processes (gconstpointer a, gconstpointer b)
{
  const Process *x = *(Process *const *) a, *y = *(Process *const *) b;
  return x->pid < y->pid ? -1 : x->pid > y->pid;
}

static guint64
on_cpu (const LttvStatsThread *t)
{
  return t->time[2] + t->time[3] + t->time[4];   /* user, system call, interrupted */
}

/* Processes: each with its threads' time on a CPU, its share of all the
 * threads' time, and its threads. */
static void
add_processes (Fill *f, Row *top)
{
  const LttvStats *st = f->st;
  g_autoptr (GHashTable) by_pid = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GPtrArray) list = g_ptr_array_new_with_free_func (process_free);
  guint64 total = 0;
  Row *group = add_row (top, _("Processes"), NONE, NONE, -1);

  for (guint i = 0; i < st->threads->len; i++)
    {
      const LttvStatsThread *t = &g_array_index (st->threads, LttvStatsThread, i);
      gint64 pid = process_of (f->history, t->tid, st->t0, st->t1);
      Process *p = g_hash_table_lookup (by_pid, &pid);

      if (p == NULL)
        {
          p = g_new0 (Process, 1);
          p->pid = pid;
          p->threads = g_array_new (FALSE, FALSE, sizeof (guint));
          g_ptr_array_add (list, p);
          g_hash_table_insert (by_pid, &p->pid, p);
        }
      g_array_append_val (p->threads, i);
      if (p->name == NULL || (strchr (t->tid, '_') == NULL && g_ascii_strtoll (t->tid, NULL, 10) == pid))
        p->name = t->exec_name;
      p->time += on_cpu (t);
      total += on_cpu (t);
    }
  g_ptr_array_sort (list, compare_processes);
  group->time = total;
  for (guint k = 0; k < list->len; k++)
    {
      const Process *p = list->pdata[k];
      g_autofree char *name = g_strdup_printf ("%" G_GINT64_FORMAT " %s", p->pid,
                                               p->name != NULL ? p->name : "");
      Row *row = add_row (group, name, NONE, p->time, part (p->time, total));
      for (guint j = 0; j < p->threads->len; j++)
        {
          const LttvStatsThread *t = &g_array_index (st->threads, LttvStatsThread,
                                                     g_array_index (p->threads, guint, j));
          g_autofree char *tname = g_strdup_printf ("%s %s", t->tid,
                                                    t->exec_name != NULL ? t->exec_name : "");
          add_row (row, tname, NONE, on_cpu (t), part (on_cpu (t), p->time));
        }
    }
}

/* The tree of one group under `top`; returns its events. */
static guint64
fill_group (Fill *f, Row *top, const StatsGroup *g)
{
  const LttvStats *st = f->st;
  Row *group, *row;
  guint64 events = 0;

  group = add_row (top, _("Events per type"), 0, NONE, -1);
  for (guint i = 0; i < st->types->len; i++)
    {
      const LttvStatsCount *c = &g_array_index (st->types, LttvStatsCount, i);
      if (group_has (f, g, c->name))
        {
          add_row (group, c->name, c->count, NONE, part (c->count, st->n_events));
          events += c->count;
        }
    }
  group->count = events;
  /* Traps: the state core does not follow them, their events say enough */
  group = NULL;
  for (guint i = 0; i < st->types->len; i++)
    {
      const LttvStatsCount *c = &g_array_index (st->types, LttvStatsCount, i);
      if (!stats_is_trap (c->name) || !group_has (f, g, c->name))
        continue;
      if (group == NULL)
        group = add_row (top, _("Traps"), 0, NONE, -1);
      group->count += c->count;
      add_row (group, c->name, c->count, NONE, part (c->count, st->n_events));
    }
  for (guint i = 0; i < st->types->len; i++)
    if (group_has (f, g, g_array_index (st->types, LttvStatsCount, i).name))
      g_hash_table_add (f->taken, g_array_index (st->types, LttvStatsCount, i).name);
  if (!g->kernel)
    return events;

  group = add_row (top, _("CPUs"), NONE, NONE, -1);
  for (guint i = 0; i < st->cpus->len; i++)
    {
      const LttvStatsCpu *c = &g_array_index (st->cpus, LttvStatsCpu, i);
      guint64 known = 0;
      for (guint k = 0; k < LTTV_STATS_N_CPU_STATES; k++)
        known += c->time[k];
      g_autofree char *name = c->cpu < 0 ? g_strdup (_("No CPU"))
                                         : g_strdup_printf (_("CPU %d"), c->cpu);
      /* the bar of a CPU is its load: the time it was not idle */
      row = add_row (group, name, c->events, known - c->time[0],
               known > 0 ? 1.0 - (double) c->time[0] / known : -1);
      for (guint k = 0; k < LTTV_STATS_N_CPU_STATES; k++)
        add_row (row, _(cpu_state_labels[k]), NONE, c->time[k],
                 part (c->time[k], known));
      char owner[16];
      g_snprintf (owner, sizeof owner, "%d", c->cpu);
      add_items (row, st->irqs, f->irqs, owner, _("IRQ handlers"), known, TRUE);
      add_items (row, st->softirqs, f->softirqs, owner, _("Soft IRQ vectors"), known, TRUE);
      if (f->traps != NULL)
        add_items (row, f->traps->cpus, f->cpu_traps, owner, _("Traps"), known, FALSE);
    }

  group = add_row (top, _("Threads"), NONE, NONE, -1);
  for (guint i = 0; i < st->threads->len; i++)
    {
      const LttvStatsThread *t = &g_array_index (st->threads, LttvStatsThread, i);
      /* a thread's time is its time on a CPU */
      g_autofree char *name = g_strdup_printf ("%s %s", t->tid,
                                               t->exec_name != NULL ? t->exec_name : "");
      row = add_row (group, name, NONE, on_cpu (t), part (on_cpu (t), f->range));
      for (guint k = 0; k < LTTV_STATS_N_THREAD_STATES; k++)
        if (t->time[k] > 0)
          add_row (row, _(thread_state_labels[k]), NONE, t->time[k],
                   part (t->time[k], f->range));
      add_items (row, st->syscalls, f->syscalls, t->tid, _("System calls"), f->range, TRUE);
      if (f->traps != NULL)
        add_items (row, f->traps->threads, f->thread_traps, t->tid, _("Traps"), f->range, FALSE);
    }
  if (f->history != NULL)
    add_processes (f, top);
  return events;
}

void
statistics_model_fill_groups (GtkTreeStore *store, const char *title, const GPtrArray *groups,
                              const LttvStats *st, guint64 discarded, const StatsTraps *traps,
                              LttvHistory *history)
{
  Fill f = { st, traps, history, st->t1 >= st->t0 ? st->t1 - st->t0 + 1 : 0 };
  Row *root, *group;

  f.irqs = index_owners (st->irqs);
  f.softirqs = index_owners (st->softirqs);
  f.syscalls = index_owners (st->syscalls);
  f.cpu_traps = traps != NULL ? index_owners (traps->cpus) : NULL;
  f.thread_traps = traps != NULL ? index_owners (traps->threads) : NULL;
  f.taken = g_hash_table_new (g_str_hash, g_str_equal);

  if (groups->len == 1)
    {
      root = add_row (NULL, ((const StatsGroup *) groups->pdata[0])->title, st->n_events, f.range, -1);
      fill_group (&f, root, groups->pdata[0]);
    }
  else
    {
      root = add_row (NULL, title, st->n_events, f.range, -1);
      for (guint i = 0; i < groups->len; i++)
        {
          const StatsGroup *g = groups->pdata[i];
          Row *top = add_row (root, g->title, 0, NONE, -1);
          top->count = fill_group (&f, top, g);
          top->fraction = part (top->count, st->n_events);
        }
    }
  add_row (root, _("Discarded events"), discarded, NONE,
           part (discarded, st->n_events + discarded));

  guint64 n_anomalies = 0;
  for (guint k = 0; k < LTTV_N_ANOMALIES; k++)
    n_anomalies += st->anomalies[k];
  if (n_anomalies > 0)
    {
      group = add_row (root, _("Anomalies (whole traceset)"), n_anomalies, NONE, -1);
      for (guint k = 0; k < LTTV_N_ANOMALIES; k++)
        if (st->anomalies[k] > 0)
          add_row (group, lttv_anomaly_describe (k), st->anomalies[k], NONE, -1);
    }

  gtk_tree_store_clear (store);
  store_row (store, NULL, root);
  row_free (root);
  g_hash_table_unref (f.irqs);
  g_hash_table_unref (f.softirqs);
  g_hash_table_unref (f.syscalls);
  if (f.cpu_traps != NULL)
    g_hash_table_unref (f.cpu_traps);
  if (f.thread_traps != NULL)
    g_hash_table_unref (f.thread_traps);
  g_hash_table_unref (f.taken);
}

void
statistics_model_fill (GtkTreeStore *store, const char *title, const LttvStats *st,
                       guint64 discarded)
{
  g_autoptr (GPtrArray) groups = g_ptr_array_new_with_free_func (group_free);
  StatsGroup *g = g_new0 (StatsGroup, 1);

  g->title = g_strdup (title);
  g->kernel = TRUE;
  g_ptr_array_add (groups, g);
  statistics_model_fill_groups (store, title, groups, st, discarded, NULL, NULL);
}

static void
append_rows (GtkTreeModel *model, GtkTreeIter *first, int depth, GString *out)
{
  GtkTreeIter iter = *first;
  do
    {
      g_autofree char *name = NULL, *count = NULL, *time = NULL, *pct = NULL;
      gtk_tree_model_get (model, &iter, STATS_COL_NAME, &name, STATS_COL_COUNT_TEXT, &count,
                          STATS_COL_TIME_TEXT, &time, STATS_COL_PERCENT_TEXT, &pct, -1);
      int pad = MAX (48 - 2 * depth, 8);
      g_string_append_printf (out, "%*s%-*s %12s %16s %9s\n", 2 * depth, "", pad, name,
                              count, time, pct);
      GtkTreeIter child;
      if (gtk_tree_model_iter_children (model, &child, &iter))
        append_rows (model, &child, depth + 1, out);
    }
  while (gtk_tree_model_iter_next (model, &iter));
}

char *
statistics_model_to_text (GtkTreeModel *model, GtkTreeIter *iter)
{
  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "%-48s %12s %16s %9s\n", _("Name"), _("Count"), _("Seconds"), "%");
  GtkTreeIter first;
  if (iter != NULL)
    {
      /* the row itself, then what is under it */
      g_autofree char *name = NULL, *count = NULL, *time = NULL, *pct = NULL;
      gtk_tree_model_get (model, iter, STATS_COL_NAME, &name, STATS_COL_COUNT_TEXT, &count,
                          STATS_COL_TIME_TEXT, &time, STATS_COL_PERCENT_TEXT, &pct, -1);
      g_string_append_printf (out, "%-48s %12s %16s %9s\n", name, count, time, pct);
      if (gtk_tree_model_iter_children (model, &first, iter))
        append_rows (model, &first, 1, out);
    }
  else if (gtk_tree_model_get_iter_first (model, &first))
    append_rows (model, &first, 0, out);
  return g_string_free (out, FALSE);
}

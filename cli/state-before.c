/* SPDX-License-Identifier: GPL-2.0-or-later */
/* state-before.c: what `lttv state` says of a time before the traceset's
 * first event (docs/cli.md). No event has happened yet, but an LTTng
 * statedump lists the threads that were there as the session started:
 * their Exec_name, PPID and PID, taken as the state model takes them (a
 * tid's first entry; PID only when it is not the tid; tid 0 left out). */
#include "config.h"

#include <string.h>

#include "state-before.h"

/* A statedump comes at the session's start: without one begun within a
 * second of the first event, there is none to wait for. */
#define NS_PER_S 1000000000u

typedef struct {
  LttvFieldRef tid, pid, ppid, name;
} DumpFields;

static int
compare_lines (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
state_before_statedump (LttvTraceset *ts)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) dumps = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr (GHashTable) starts = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) ends = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal,
                                                       g_free, NULL);
  g_autoptr (LttvIter) it = lttv_iter_new (ts);

  lttv_iter_set_all_fields_wanted (it, FALSE);
  for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
    {
      const LttvTrace *t = lttv_traceset_get_trace (ts, i);
      for (guint k = 0; k < lttv_trace_n_event_classes (t); k++)
        {
          const LttvEventClass *ec = lttv_trace_get_event_class (t, k);
          const char *name = lttv_event_class_name (ec);
          if (strcmp (name, "lttng_statedump_start") == 0)
            g_hash_table_add (starts, (gpointer) ec);
          else if (strcmp (name, "lttng_statedump_end") == 0)
            g_hash_table_add (ends, (gpointer) ec);
          else if (strcmp (name, "lttng_statedump_process_state") == 0)
            {
              DumpFields *f = g_new (DumpFields, 1);
              f->tid = lttv_event_class_field (ec, "tid");
              f->pid = lttv_event_class_field (ec, "pid");
              f->ppid = lttv_event_class_field (ec, "ppid");
              f->name = lttv_event_class_field (ec, "name");
              g_hash_table_insert (dumps, (gpointer) ec, f);
              lttv_iter_set_fields_wanted (it, ec, TRUE);
            }
        }
    }
  if (g_hash_table_size (dumps) == 0)
    return lines;

  LttvTime begin = lttv_traceset_begin (ts);
  gboolean started = FALSE;
  const LttvEvent *ev;
  while ((ev = lttv_iter_next (it, NULL)) != NULL)
    {
      const LttvEventClass *ec = lttv_event_get_class (ev);
      const DumpFields *f;
      if (g_hash_table_contains (ends, ec))
        break;
      if (g_hash_table_contains (starts, ec))
        started = TRUE;
      else if (!started && lttv_event_time (ev) > begin + NS_PER_S)
        break;
      if ((f = g_hash_table_lookup (dumps, ec)) == NULL)
        continue;
      int64_t tid, pid, ppid;
      size_t len;
      const char *comm = lttv_event_get_string (ev, f->name, &len);
      if (!lttv_event_get_int (ev, f->tid, &tid) || tid == 0)
        continue;
      gint64 *key = g_new (gint64, 1);
      *key = tid;
      if (g_hash_table_contains (seen, key))
        {
          g_free (key);
          continue;
        }
      g_hash_table_add (seen, key);
      if (comm != NULL)
        g_ptr_array_add (lines, g_strdup_printf ("Threads/%" G_GINT64_FORMAT
                                                 "/Exec_name\t%.*s", tid,
                                                 (int) len, comm));
      if (lttv_event_get_int (ev, f->ppid, &ppid))
        g_ptr_array_add (lines, g_strdup_printf ("Threads/%" G_GINT64_FORMAT
                                                 "/PPID\t%" G_GINT64_FORMAT,
                                                 tid, ppid));
      if (lttv_event_get_int (ev, f->pid, &pid) && pid != tid)
        g_ptr_array_add (lines, g_strdup_printf ("Threads/%" G_GINT64_FORMAT
                                                 "/PID\t%" G_GINT64_FORMAT,
                                                 tid, pid));
    }
  g_ptr_array_sort (lines, compare_lines);
  return lines;
}

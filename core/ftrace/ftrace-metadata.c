/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ftrace-metadata.c: the side files of a .dat file's CTF copy: its TSDL
 * metadata (the packet and event headers, the clock the file was recorded
 * with, every event class written) and the names of its threads, from
 * the file's saved_cmdlines. */
#include "config.h"

#include "ftrace.h"
#include "ftrace-convert-private.h"

#include <string.h>

#include <lttv/error.h>

static void
tsdl_string (GString *m, const char *s)
{
  g_string_append_c (m, '"');
  for (; s != NULL && *s; s++)
    {
      if (*s == '"' || *s == '\\')
        g_string_append_c (m, '\\');
      if ((guchar) *s >= 0x20)
        g_string_append_c (m, *s);
    }
  g_string_append_c (m, '"');
}

/* The clock's name as a TSDL identifier ("x86-tsc": x86_tsc). */
static char *
clock_name (const char *trace_clock)
{
  g_autofree char *name = NULL;
  const char *b = trace_clock ? strchr (trace_clock, '[') : NULL;
  const char *e = b ? strchr (b, ']') : NULL;
  if (b != NULL && e != NULL)
    name = g_strndup (b + 1, (gsize) (e - b - 1));
  else if (trace_clock != NULL && *trace_clock)
    name = g_strstrip (g_strdup (trace_clock));
  else
    name = g_strdup ("local");
  for (char *p = name; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      *p = '_';
  if (!g_ascii_isalpha (name[0]) && name[0] != '_')
    return g_strconcat ("_", name, NULL);
  return g_steal_pointer (&name);
}

gboolean
ftrace_write_metadata (Conv *c, struct tracecmd_input *h, GError **error)
{
  GString *m = g_string_new ("/* CTF 1.8 */\n");
  g_string_append (m,
    "typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
    "typealias integer { size = 16; align = 8; signed = false; } := uint16_t;\n"
    "typealias integer { size = 32; align = 8; signed = false; } := uint32_t;\n"
    "typealias integer { size = 64; align = 8; signed = false; } := uint64_t;\n"
    "trace {\n\tmajor = 1;\n\tminor = 8;\n\tbyte_order = le;\n"
    "\tpacket.header := struct { uint32_t magic; uint32_t stream_id; };\n};\n");
  /* uname: "sysname nodename release version... machine" */
  const char *uname = tracecmd_get_uname (h);
  g_auto (GStrv) u = g_strsplit (uname ? uname : "", " ", -1);
  guint nu = g_strv_length (u);
  g_string_append (m, "env {\n\tdomain = \"kernel\";\n\ttracer_name = \"ftrace\";\n");
  if (nu >= 3)
    {
      g_string_append (m, "\tsysname = ");
      tsdl_string (m, u[0]);
      g_string_append (m, ";\n\thostname = ");
      tsdl_string (m, u[1]);
      g_string_append (m, ";\n\tkernel_release = ");
      tsdl_string (m, u[2]);
      g_string_append (m, ";\n\tarchitecture = ");
      tsdl_string (m, u[nu - 1]);
      g_string_append (m, ";\n");
    }
  g_string_append_printf (m, "\ttrace_cmd_file_version = %lu;\n",
                          tracecmd_get_in_file_version (h));
  g_string_append (m, "};\n");
  g_autofree char *clock = clock_name (tracecmd_get_trace_clock (h));
  g_string_append_printf (m,
    "clock {\n\tname = %s;\n\tfreq = 1000000000;\n\toffset = 0;\n};\n"
    "typealias integer { size = 64; align = 8; signed = false; map = clock.%s.value; } := uint64_clock_t;\n"
    "typealias integer { size = 32; align = 8; signed = false; map = clock.%s.value; } := uint32_clock_t;\n"
    "stream {\n\tid = 0;\n"
    "\tpacket.context := struct {\n\t\tuint64_clock_t timestamp_begin;\n"
    "\t\tuint64_clock_t timestamp_end;\n\t\tuint64_t content_size;\n"
    "\t\tuint64_t packet_size;\n\t\tuint64_t packet_seq_num;\n"
    "\t\tuint64_t events_discarded;\n\t\tuint32_t cpu_id;\n\t};\n"
    "\tevent.header := struct { uint16_t id; uint32_clock_t timestamp; };\n",
    clock, clock, clock);
  if (c->n_common > 0)
    {
      g_string_append (m, "\tevent.context := struct {\n");
      for (guint i = 0; i < c->n_common; i++)
        ftrace_tsdl_field (m, &c->common[i]);
      g_string_append (m, "\t};\n");
    }
  g_string_append (m, "};\n");
  for (guint i = 0; i < c->classes->len; i++)
    {
      const Class *k = c->classes->pdata[i];
      g_string_append (m, "event {\n\tname = ");
      tsdl_string (m, k->ev->name);
      g_string_append_printf (m, ";\n\tid = %u;\n\tstream_id = 0;\n", k->id);
      if (k->n > 0)
        {
          g_string_append (m, "\tfields := struct {\n");
          for (guint f = 0; f < k->n; f++)
            ftrace_tsdl_field (m, &k->fields[f]);
          g_string_append (m, "\t};\n");
        }
      g_string_append (m, "};\n");
    }
  g_autofree char *file = g_build_filename (c->dir, "metadata", NULL);
  gboolean ok = g_file_set_contents (file, m->str, (gssize) m->len, error);
  g_string_free (m, TRUE);
  return ok;
}

/* --- Thread names ------------------------------------------------------------ */

static gint
compare_ints (gconstpointer a, gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

/* `.threads`: "TID NAME" lines (NAME escaped as g_strescape does), the
 * names the file's saved_cmdlines give the threads its events were
 * emitted by (common_pid): the state model names with them the threads
 * no scheduler switch names. (trace-cmd keeps no saved_tgids.) */
gboolean
ftrace_write_threads (Conv *c, GError **error)
{
  g_autoptr (GArray) tids = g_array_new (FALSE, FALSE, sizeof (int));
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, c->pids);
  while (g_hash_table_iter_next (&it, &key, NULL))
    {
      int tid = GPOINTER_TO_INT (key);
      if (tid > 0 && tep_is_pid_registered (c->tep, tid))
        g_array_append_val (tids, tid);
    }
  g_array_sort (tids, compare_ints);
  GString *text = g_string_new (NULL);
  for (guint i = 0; i < tids->len; i++)
    {
      int tid = g_array_index (tids, int, i);
      const char *name = tep_data_comm_from_pid (c->tep, tid);
      if (name == NULL || !*name || strcmp (name, "<...>") == 0)
        continue;
      g_autofree char *esc = g_strescape (name, NULL);
      g_string_append_printf (text, "%d %s\n", tid, esc);
    }
  g_autofree char *file = g_build_filename (c->dir, ".threads", NULL);
  gboolean ok = g_file_set_contents (file, text->str, (gssize) text->len, error);
  g_string_free (text, TRUE);
  return ok;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv: the command-line front end (dump, state, stats, info). */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <lttv/lttv.h>
#include <lttv-internal/huge-heap.h>

#include "commands.h"

const LttvCommand lttv_commands[] = {
  { "dump", N_("Print every event in time order (babeltrace2 text)"),
    lttv_cmd_dump },
  { "info", N_("Describe each trace: tracer, streams, time range"),
    lttv_cmd_info },
  { "state", N_("Print the state of the system at given times"), lttv_cmd_state },
  { "stats", N_("Print statistics of the traceset"), lttv_cmd_stats },
  { "latency", N_("Print the latencies of system calls, scheduling, interrupts, block I/O"),
    lttv_cmd_latency },
  { "critical-path", N_("Print why a thread waited: its critical path"),
    lttv_cmd_critpath },
  { NULL, NULL, NULL },
};

static void
print_usage (FILE *out)
{
  fprintf (out, _("Usage: lttv COMMAND [OPTION...] TRACE...\n\nCommands:\n"));
  for (const LttvCommand *c = lttv_commands; c->name != NULL; c++)
    fprintf (out, "  %-8s %s\n", c->name, _(c->summary));
  fprintf (out, _("\nRun 'lttv COMMAND --help' for the options of a command.\n"));
}

int
main (int argc, char **argv)
{
  lttv_huge_heap_init ();
  /* Messages in the user's language, numbers always as in C: scripts read
   * them (`lttv stats`'s seconds). The other categories would each load a
   * file of the locale at every start. */
  setlocale (LC_CTYPE, "");
  setlocale (LC_MESSAGES, "");
  bindtextdomain (GETTEXT_PACKAGE, lttv_paths_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return 2;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      print_usage (stdout);
      return 0;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("lttv %s\n", lttv_version ());
      return 0;
    }
  for (const LttvCommand *c = lttv_commands; c->name != NULL; c++)
    if (strcmp (argv[1], c->name) == 0)
      return c->run (argc - 1, argv + 1);

  fprintf (stderr, _("lttv: unknown command '%s'\n"), argv[1]);
  print_usage (stderr);
  return 2;
}

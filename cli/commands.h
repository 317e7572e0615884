/* SPDX-License-Identifier: GPL-2.0-or-later */
/* commands.h: the subcommands of `lttv` (docs/cli.md). Each returns the
 * process exit status: 0 success, 1 a trace could not be read, 2 usage. */
#pragma once

typedef struct {
  const char *name;
  const char *summary;
  int (*run) (int argc, char **argv);
} LttvCommand;

/* NULL-terminated table of the subcommands, in the order of `lttv --help`. */
extern const LttvCommand lttv_commands[];

/* The subcommands' entry points (cli/cmd-<name>.c). */
int lttv_cmd_dump (int argc, char **argv);
int lttv_cmd_info (int argc, char **argv);
int lttv_cmd_latency (int argc, char **argv);
int lttv_cmd_state (int argc, char **argv);
int lttv_cmd_stats (int argc, char **argv);
int lttv_cmd_critpath (int argc, char **argv);

/* cmd-live.c: relay daemon URLs (net://...) given to info and dump. */
#include <glib.h>
gboolean lttv_cli_is_live_url (const char *arg);
int lttv_cli_live_info (const char *url);
int lttv_cli_live_dump (const char *url);

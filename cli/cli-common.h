/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cli-common.h: what every `lttv` command does the same way: read its
 * options and open its traces, with docs/cli.md's messages and exit codes. */
#pragma once

#include <glib.h>

#include <lttv/lttv.h>
#include <lttv/state.h>

/* Parses the options of `lttv COMMAND` with `ctx`, then checks that
 * `*traces` (its G_OPTION_REMAINING array) names at least one trace.
 * Returns 0, or 2 after saying what was wrong. */
int lttv_cli_parse (GOptionContext *ctx, const char *command, int *argc,
                    char ***argv, char **const *traces);

/* Opens the traceset at `paths`; NULL (exit status 1) after printing the
 * reason as "lttv: PATH: WHERE: WHAT". Problems of single traces are left
 * to the caller, who prints them where its output allows. */
LttvTraceset *lttv_cli_open_traceset (char **paths);

/* Reads --format=`format` (NULL: text) into *tsv. Returns 0, or 2 after
 * saying that `format` is neither text nor tsv. */
int lttv_cli_parse_format (const char *command, const char *format, gboolean *tsv);

/* Opens the traceset at `paths` and builds its state; prints every problem
 * as "lttv: PATH: WHERE: WHAT" and sets *status to 1 for it. NULL when
 * nothing could be opened. */
LttvState *lttv_cli_open_state (char **paths, gboolean use_cache,
                                LttvTraceset **ts_out, int *status);
/* Done with `state` (or NULL) and `ts` just before the process exits:
 * they are left to the exit, which gives their memory back at once, where
 * freeing them block by block (tens of thousands of attributes and chunks,
 * the streams' mappings) costs milliseconds. Under AddressSanitizer they
 * are freed, so that a leak shows. */
void lttv_cli_close (LttvState *state, LttvTraceset *ts);
/* A traceset used until the command returns: g_autoptr (LttvCliTraceset)
 * hands it to lttv_cli_close, after the iterators declared below it. */
typedef LttvTraceset LttvCliTraceset;
void lttv_cli_close_traceset (LttvCliTraceset *ts);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvCliTraceset, lttv_cli_close_traceset)

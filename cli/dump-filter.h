/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dump-filter.h: `lttv dump --filter=EXPR`: the filter, and the thread
 * state it needs (the state history, built or loaded from the cache). */
#pragma once

#include <lttv/lttv.h>

typedef struct _DumpFilter DumpFilter;

/* Compiles `expression` for `ts`; builds the state when the expression
 * uses thread values. NULL with `error` set on a syntax error (exit
 * status 2) or when the state cannot be built (status 1): *status tells. */
DumpFilter *dump_filter_new (const char *expression, LttvTraceset *ts,
                             int *status, GError **error);
gboolean dump_filter_match (DumpFilter *df, const LttvEvent *ev);
void dump_filter_free (DumpFilter *df);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DumpFilter, dump_filter_free)

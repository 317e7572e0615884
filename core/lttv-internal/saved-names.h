/* SPDX-License-Identifier: GPL-2.0-or-later */
/* saved-names.h: the thread names a trace's recorder kept apart from its
 * events (a trace-cmd .dat's saved_cmdlines), for the state model's
 * threads no event names. Inside the tree only, like iter-records.h. */
#pragma once

#include <lttv/traceset.h>

G_BEGIN_DECLS

/* Whether `trace` has any. */
G_GNUC_INTERNAL
gboolean lttv_trace_has_saved_thread_names (const LttvTrace *trace);
/* Thread `tid`'s (owned by the trace), or NULL. */
G_GNUC_INTERNAL
const char *lttv_trace_saved_thread_name (const LttvTrace *trace, int64_t tid);

G_END_DECLS

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTraceData: a tab's traceset with its state, shared by reference.
 * The state build runs in a job that holds a reference, so a traceset
 * replaced (traces added) or a tab closed while its state builds is freed
 * only when the build has stopped. */
#pragma once

#include <lttv/lttv.h>
#include <lttv/state.h>

#include "lttv-job.h"

G_BEGIN_DECLS

typedef struct _LttvTraceData LttvTraceData;

/* Takes `ts` (may be NULL: nothing could be opened). */
LttvTraceData *lttv_trace_data_new (LttvTraceset *ts);
LttvTraceData *lttv_trace_data_ref (LttvTraceData *d);
void lttv_trace_data_unref (LttvTraceData *d);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvTraceData, lttv_trace_data_unref)

LttvTraceset *lttv_trace_data_get_traceset (LttvTraceData *d);
/* NULL until lttv_trace_data_build_job, or without a traceset. */
LttvState *lttv_trace_data_get_state (LttvTraceData *d);

/* The build reads the trace, not the cache (found damaged), and saves
 * the cache again. Before lttv_trace_data_build_job. */
void lttv_trace_data_set_rebuild (LttvTraceData *d);
/* The build neither reads nor writes the cache (a live session's folder,
 * opened again as it grows). Before lttv_trace_data_build_job. */
void lttv_trace_data_set_uncached (LttvTraceData *d);
/* A job (not started) that builds the state, using the cache; NULL without
 * a traceset. Its progress is polled with lttv_trace_data_report. */
LttvJob *lttv_trace_data_build_job (LttvTraceData *d);
/* The state, made if need be, not built: a live tab builds it on
 * (lttv_state_build_more) as the traceset grows. NULL without a traceset. */
LttvState *lttv_trace_data_live_state (LttvTraceData *d);
/* Copies the build's progress into `job` (main thread, on a timer). */
void lttv_trace_data_report (LttvTraceData *d, LttvJob *job);

G_END_DECLS

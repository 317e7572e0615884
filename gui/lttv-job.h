/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvJob: one piece of background work (opening a traceset, building the
 * state history, a viewer's long query) run in a GTask worker, with
 * progress the main thread can poll and a GCancellable to stop it. The
 * functions of lttv-module.h (lttv_job_report, _finish, _cancel) are the
 * part viewers see. */
#pragma once

#include "lttv-module.h"

G_BEGIN_DECLS

#define LTTV_TYPE_JOB (lttv_job_get_type ())
G_DECLARE_FINAL_TYPE (LttvJob, lttv_job, LTTV, JOB, GObject)

/* `data` is passed to `func` in the worker and freed with `destroy` once
 * the job is finished. */
LttvJob *lttv_job_new (const char *title, LttvJobFunc func, gpointer data,
                       GDestroyNotify destroy);
/* Starts the worker; `done` runs on the main thread (source: the job),
 * then the job emits "finished". */
void lttv_job_start (LttvJob *self, GAsyncReadyCallback done, gpointer user_data);

const char *lttv_job_get_title (LttvJob *self);
gboolean lttv_job_is_running (LttvJob *self);
GCancellable *lttv_job_get_cancellable (LttvJob *self);
/* The last values reported by the worker; FALSE when it reported none yet
 * (show a pulse). */
gboolean lttv_job_get_progress (LttvJob *self, double *fraction, guint64 *events);
/* Cancels every running job (on quit). */
void lttv_job_cancel_all (void);
/* Runs the main loop until every started job has finished (they should
 * have been cancelled), at most `timeout_ms`: the process must not exit
 * under a running worker. FALSE when some are still running. */
gboolean lttv_job_wait_all (guint timeout_ms);
/* Seconds since the job started. */
double lttv_job_get_elapsed (LttvJob *self);

G_END_DECLS

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvJobBar: the strip of a tab that shows its background jobs: title,
 * progress (percent, events per second, time left) and Cancel. */
#pragma once

#include <gtk/gtk.h>

#include "lttv-job.h"

G_BEGIN_DECLS

#define LTTV_TYPE_JOB_BAR (lttv_job_bar_get_type ())
G_DECLARE_FINAL_TYPE (LttvJobBar, lttv_job_bar, LTTV, JOB_BAR, GtkRevealer)

GtkWidget *lttv_job_bar_new (void);
/* Shows `job` until it finishes (the bar keeps a reference). */
void lttv_job_bar_add (LttvJobBar *self, LttvJob *job);
/* What the Cancel button does: cancels the job shown. */
void lttv_job_bar_cancel (LttvJobBar *self);
/* The text under the progress bar, e.g. for tests. */
const char *lttv_job_bar_get_status (LttvJobBar *self);

G_END_DECLS

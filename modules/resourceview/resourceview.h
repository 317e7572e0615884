/* SPDX-License-Identifier: GPL-2.0-or-later */
/* resourceview: what each CPU, IRQ, soft IRQ and block device was doing
 * over time (docs/state-model.md), on the shared timeline widget. */
#pragma once

#include <lttv/state.h>
#include <lttv-module.h>
#include <lttv-timeline-model.h>

G_BEGIN_DECLS

/* Row kinds (LttvTimelineRow.kind). */
enum {
  RV_GROUP,
  RV_CPU,
  RV_IRQ,
  RV_SOFTIRQ,
  RV_BLOCK,
};

enum {
  RV_COL_RESOURCE,
  RV_COL_NUMBER,
  RV_N_COLUMNS
};

/* A new, empty model for `history` (main thread). */
LttvTimelineModel *rv_model_new (LttvViewerContext *ctx, LttvHistory *history);
/* Adds the rows: a group per trace of `ts` (userspace traces: an empty
 * one), then CPUs, IRQs (named from their first irq_handler_entry, read
 * with an iterator of its own), soft IRQs and block devices; rows that
 * never hold a value are left out. Reads only: may run in a worker. */
void rv_model_fill (LttvTimelineModel *model, LttvHistory *history,
                    LttvTraceset *ts, const char *title);
/* empty[i] = 1 for each row (of the n rows) that holds nothing over
 * [t0, t1], and for group rows. Reads only: may run in a worker. */
void rv_rows_empty (LttvTimelineModel *model, LttvTime t0, LttvTime t1,
                    guint8 *empty);
/* Tooltip lines: the CPU's thread, IRQs and soft IRQs at t. */
char *rv_tooltip (LttvTimelineModel *m, const LttvTimelineRow *row, LttvTime t,
                  gpointer data);
/* The thread running on CPU row `row` at `t`, -1 for none. */
gint64 rv_thread_at (LttvTimelineModel *m, const LttvTimelineRow *row,
                     LttvTime t);

G_END_DECLS

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* statistics-traps.h: trap events (page faults, exceptions) of a range
 * counted per CPU and per thread. The state core follows no trap (they
 * change no state), so the events of the range are read: in a job, with
 * progress and cancel, from a traceset of our own. */
#pragma once

#include <gio/gio.h>

#include <lttv/stats.h>

typedef struct {
  /* LttvStatsItem (time 0), sorted by owner then name: owner a CPU number
   * or a thread as LttvStatsThread.tid ("42", "0_1"), name the event type. */
  GArray *cpus;
  GArray *threads;
  guint64 total;
  guint64 events_read;
} StatsTraps;

/* TRUE for an event type that is a trap: LTTng x86_exceptions_*, perf
 * exceptions:*, any *trap* or *page_fault* event. */
gboolean stats_is_trap (const char *event_type);
/* TRUE when a trace of `ts` has a trap event type. */
gboolean stats_traceset_has_traps (const LttvTraceset *ts);

typedef void (*StatsTrapsProgress) (double fraction, guint64 events, gpointer data);

/* Counts the trap events of [t0, t1] of the traces at `paths` (the
 * traceset of `s`, opened anew: the tab's iterators are not to be
 * shared), their threads from the history of `s`. NULL with `error` set
 * on a read error or when cancelled. */
StatsTraps *stats_traps_count (LttvState *s, const char *const *paths,
                               LttvTime t0, LttvTime t1,
                               StatsTrapsProgress progress, gpointer data,
                               GCancellable *cancellable, GError **error);
void stats_traps_free (StatsTraps *traps);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (StatsTraps, stats_traps_free)

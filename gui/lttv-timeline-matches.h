/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The tab's filter on the timelines: which pixels of which thread and CPU
 * hold an event that matches, over a window, found in a worker (with
 * cancel) by reading the window's events once. */
#pragma once

#include <gio/gio.h>

#include <lttv/state.h>

G_BEGIN_DECLS

typedef struct
{
  LttvTime t0, t1;        /* [t0, t1] over `width` pixels */
  int width;
  char *filter;
  guint generation;       /* of the history when it was asked */
  GHashTable *by_tid;     /* gint64* tid -> guint8[width] (1: a match there) */
  GHashTable *by_cpu;     /* gint64* cpu -> guint8[width] */
  guint64 n_matches;
} LttvTimelineMatches;

LttvTimelineMatches *lttv_timeline_matches_new (LttvTime t0, LttvTime t1, int width,
                                                const char *filter, guint generation);
void lttv_timeline_matches_free (gpointer m);
/* Reads the events of the window from `s`'s traceset (any thread; the
 * history gives each event's thread). FALSE when cancelled, or with
 * `error` when the filter does not compile. */
gboolean lttv_timeline_matches_run (LttvTimelineMatches *m, LttvState *s,
                                    GCancellable *cancellable, GError **error);
/* The pixels of a thread or a CPU, NULL when nothing matched there. */
const guint8 *lttv_timeline_matches_of_tid (const LttvTimelineMatches *m, gint64 tid);
const guint8 *lttv_timeline_matches_of_cpu (const LttvTimelineMatches *m, gint64 cpu);

G_END_DECLS

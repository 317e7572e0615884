/* SPDX-License-Identifier: GPL-2.0-or-later */
/* traceinfo-state.c: the rows that say how true the tab's state is: each
 * loss the tracer reported (as `lttv info` lists them) and the state
 * model's anomalies once the build has ended (docs/state-model.md). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <lttv-module.h>

#include "traceinfo.h"

/* A window shows that many loss lines; `lttv info` lists them all. */
#define MAX_LOSS_ROWS 200

/* The core's descriptions (lttv_anomaly_describe), to translate. */
static const char *
anomaly_label (LttvAnomaly kind)
{
  switch (kind)
    {
    case LTTV_ANOMALY_UNMATCHED_IRQ_EXIT: return _("unmatched IRQ exits");
    case LTTV_ANOMALY_UNMATCHED_SOFTIRQ_EXIT: return _("unmatched soft IRQ exits");
    case LTTV_ANOMALY_MISSING_FIELD: return _("events missing a field");
    case LTTV_ANOMALY_UNKNOWN_CPU: return _("events on an unknown CPU");
    case LTTV_ANOMALY_BAD_VALUE: return _("events with an unexpected value");
    case LTTV_ANOMALY_WRONG_THREAD: return _("events of a thread not on the CPU");
    case LTTV_ANOMALY_SWITCH_FROM_OTHER: return _("switches from a thread not current");
    case LTTV_ANOMALY_THREAD_ON_TWO_CPUS: return _("threads seen on two CPUs at once");
    case LTTV_ANOMALY_BLOCK_NOT_ISSUED: return _("block completions without issue");
    default: return lttv_anomaly_describe (kind);
    }
}

static char *
loss_text (LttvViewerContext *ctx, LttvTraceset *ts, const LttvDiscarded *r)
{
  LttvTrace *t = lttv_traceset_get_trace (ts, r->trace);
  g_autofree char *name = lttv_trace_stream_name (t, r->stream);
  g_autofree char *b = lttv_viewer_context_format_time (ctx, r->begin);
  g_autofree char *e = lttv_viewer_context_format_time (ctx, r->end);
  g_autofree char *where = r->cpu >= 0
    ? g_strdup_printf (_("%s (CPU %d)"), name, r->cpu)
    /* (its events are applied to no CPU: docs/state-model.md, Losses) */
    : g_strdup_printf (_("%s (no CPU: no state depends on it)"), name);
  g_autofree char *what = r->packets > 0
    ? g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%llu packet", "%llu packets", r->packets > 1 ? 2 : 1),
                       (unsigned long long) r->packets)
    : g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%llu event", "%llu events", r->count > 1 ? 2 : 1),
                       (unsigned long long) r->count);
  /* TRANSLATORS: a loss: "channel0_0 (CPU 0) from T0 to T1: 5 events" */
  return g_strdup_printf (_("%s from %s to %s: %s"), where, b, e, what);
}

void
traceinfo_state_rows (LttvViewerContext *ctx, GPtrArray *rows)
{
  LttvTraceset *ts = lttv_viewer_context_get_traceset (ctx);
  LttvState *state = lttv_viewer_context_get_state (ctx);

  if (ts == NULL)
    return;
  g_autoptr (GArray) runs = lttv_traceset_loss_runs (ts);
  if (runs->len == 0)
    TRACEINFO_ROW (rows, _("Lost events"), g_strdup (_("none reported by the tracer")));
  for (guint i = 0; i < runs->len && i < MAX_LOSS_ROWS; i++)
    TRACEINFO_ROW (rows, i == 0 ? _("Lost events") : "",
                   loss_text (ctx, ts, &g_array_index (runs, LttvDiscarded, i)));
  if (runs->len > MAX_LOSS_ROWS)
    TRACEINFO_ROW (rows, "", g_strdup_printf (_("and %u more (lttv info lists them all)"),
                                              runs->len - MAX_LOSS_ROWS));

  if (state == NULL || !lttv_history_is_finished (lttv_state_get_history (state)))
    {
      TRACEINFO_ROW (rows, _("State anomalies"), g_strdup (_("not known until the state is built")));
      return;
    }
  const guint64 *an = lttv_state_anomalies (state);
  gboolean any = FALSE;
  for (guint k = 0; k < LTTV_N_ANOMALIES; k++)
    if (an[k] > 0)
      {
        TRACEINFO_ROW (rows, any ? "" : _("State anomalies"),
                       g_strdup_printf ("%s: %llu", anomaly_label (k), (unsigned long long) an[k]));
        any = TRUE;
      }
  if (!any)
    TRACEINFO_ROW (rows, _("State anomalies"), g_strdup (_("none")));
}

gboolean
traceinfo_state_built (LttvViewerContext *ctx)
{
  LttvState *state = lttv_viewer_context_get_state (ctx);
  return state != NULL && lttv_history_is_finished (lttv_state_get_history (state));
}

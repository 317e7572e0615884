/* The tab's state: the host's when it has one; for a headless export run
 * before the host built one, a state of our own, kept on the context. */
#include "config.h"

#include "histogram-state.h"

/* Until the host provides it (the shell's state wiring), weak: NULL then. */
LttvState *lttv_viewer_context_get_state (LttvViewerContext *ctx) __attribute__ ((weak));

LttvState *
histogram_get_state (LttvViewerContext *ctx, gboolean build)
{
  LttvState *s = lttv_viewer_context_get_state != NULL
                 ? lttv_viewer_context_get_state (ctx) : NULL;
  if (s != NULL || !build)
    return s;
  s = g_object_get_data (G_OBJECT (ctx), "histogram-own-state");
  if (s != NULL)
    return s;
  LttvTraceset *ts = lttv_viewer_context_get_traceset (ctx);
  if (ts == NULL)
    return NULL;
  s = lttv_state_new (ts);
  /* whatever could be read is shown even when the end of the trace fails */
  lttv_state_build (s, TRUE, NULL, NULL);
  g_object_set_data_full (G_OBJECT (ctx), "histogram-own-state", s,
                          (GDestroyNotify) lttv_state_free);
  return s;
}

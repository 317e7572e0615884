/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rv-rows: the resource view's rows (modules/resourceview/resourceview-rows.c,
 * built here) for the traces given, one line per row, indented two
 * spaces per level of the tree: "NAME<TAB>NUMBER".
 *
 *   rv-rows TRACE... */
#include "config.h"

#include <stdio.h>

#include <lttv/lttv.h>

#include "gui/lttv-time-context.h"
#include "gui/lttv-viewer-context-private.h"
#include "resourceview.h"

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;

  if (argc < 2)
    {
      fprintf (stderr, "usage: rv-rows TRACE...\n");
      return 2;
    }
  g_autoptr (LttvTraceset) ts = lttv_traceset_open ((const char *const *) argv + 1, &error);
  if (ts == NULL)
    {
      fprintf (stderr, "rv-rows: %s\n", error->message);
      return 1;
    }
  g_autoptr (LttvState) state = lttv_state_new (ts);
  if (!lttv_state_build (state, FALSE, LTTV_CANCEL_NONE, &error))
    {
      fprintf (stderr, "rv-rows: %s\n", error->message);
      return 1;
    }
  LttvTimeContext *tc = lttv_time_context_new ();
  LttvViewerContext *ctx = lttv_viewer_context_new (tc, NULL);
  lttv_viewer_context_set_traceset (ctx, ts);
  lttv_viewer_context_set_state (ctx, state);
  LttvHistory *h = lttv_state_get_history (state);
  LttvTimelineModel *m = rv_model_new (ctx, h);
  rv_model_fill (m, h, ts, "traceset");
  lttv_timeline_model_refilter (m);
  for (guint p = 0; p < lttv_timeline_model_n_visible (m); p++)
    {
      guint depth;
      const LttvTimelineRow *row = lttv_timeline_model_get_row (m, lttv_timeline_model_visible_row (m, p, &depth));
      printf ("%*s%s\t%s\n", 2 * (int) depth, "", row->cells[RV_COL_RESOURCE], row->cells[RV_COL_NUMBER]);
    }
  lttv_timeline_model_unref (m);
  lttv_viewer_context_detach (ctx);
  g_object_unref (ctx);
  g_object_unref (tc);
  return 0;
}

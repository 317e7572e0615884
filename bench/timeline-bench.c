/* timeline-bench VIEW TRACE [RUNS]: times full renders of viewer VIEW
 * (its render function, what headless export and the widget's export
 * call: rows listed, then drawn per pixel from the history) at 1920x1080,
 * on the whole trace, on a 1 ms and on a 10 us window centred in it.
 * Prints "WINDOW median MS worst MS" per window. The state comes from the
 * cache ($XDG_CACHE_HOME/lttv), built first when absent (not timed). */
#include "config.h"

#include <stdlib.h>

#include <lttv/lttv.h>

#include "gui/lttv-module-host.h"
#include "gui/lttv-time-context.h"
#include "gui/lttv-timeline-model.h"
#include "gui/lttv-viewer-context-private.h"

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
  const char *paths[2] = { argc > 2 ? argv[2] : NULL, NULL };
  int runs = argc > 3 ? atoi (argv[3]) : 9;
  g_autoptr (GError) error = NULL;
  const LttvViewerInfo *info;
  LttvTraceset *ts;
  LttvState *state;
  LttvTimeContext *tc;
  LttvViewerContext *ctx;
  LttvTime begin, end, mid;
  struct { const char *name; LttvTime span; } windows[] = {
    { "full", 0 }, { "1ms", 1000000 }, { "10us", 10000 },
  };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);

  if (argc < 3 || runs < 1)
    {
      g_printerr ("usage: timeline-bench VIEW TRACE [RUNS]\n");
      return 2;
    }
  lttv_module_host_load ();
  if ((info = lttv_module_host_find_viewer (argv[1])) == NULL || info->render == NULL)
    {
      g_printerr ("timeline-bench: no viewer %s with a render function\n", argv[1]);
      return 2;
    }
  if ((ts = lttv_traceset_open (paths, &error)) == NULL)
    {
      g_printerr ("timeline-bench: %s\n", error->message);
      return 1;
    }
  state = lttv_state_new (ts);
  if (!lttv_state_build (state, TRUE, NULL, &error))
    g_printerr ("timeline-bench: %s\n", error->message);
  begin = lttv_traceset_begin (ts);
  end = lttv_traceset_end (ts);
  mid = begin + (end - begin) / 2;
  tc = lttv_time_context_new ();
  lttv_time_context_set_bounds (tc, begin, end);
  ctx = lttv_viewer_context_new (tc, NULL);
  lttv_viewer_context_set_traceset (ctx, ts);
  lttv_viewer_context_set_state (ctx, state);
  g_print ("events %" G_GUINT64_FORMAT ", intervals %" G_GUINT64_FORMAT "\n",
           lttv_state_n_events (state), lttv_history_n_intervals (lttv_state_get_history (state)));

  /* The first render lists the rows (kept for the next ones): timed
   * apart, the redraws below are what zooming and panning cost. */
  {
    cairo_t *cr = cairo_create (surface);
    gint64 t = g_get_monotonic_time ();
    lttv_time_context_set_window (tc, begin, end);
    if (!info->render (ctx, cr, 1920, 1080, &error))
      {
        g_printerr ("timeline-bench: %s\n", error->message);
        return 1;
      }
    g_print ("first %.2f (rows listed)\n", (g_get_monotonic_time () - t) / 1000.0);
    cairo_destroy (cr);
  }
  /* The rows a render draws: the modules keep their model on the context
   * as "VIEW-model" (what fits in 1080 px at most). */
  {
    g_autofree char *key = g_strdup_printf ("%s-model", argv[1]);
    LttvTimelineModel *m = g_object_get_data (G_OBJECT (ctx), key);
    guint fit = (1080 - LTTV_TIMELINE_HEADER_HEIGHT - LTTV_TIMELINE_LEGEND_HEIGHT) / LTTV_TIMELINE_ROW_HEIGHT + 1;
    g_print ("rows %u\n", m != NULL ? MIN (lttv_timeline_model_n_visible (m), fit) : 0);
  }
  for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
    {
      g_autofree double *ms = g_new (double, runs);
      if (windows[w].span == 0)
        lttv_time_context_set_window (tc, begin, end);
      else
        lttv_time_context_set_window (tc, mid - windows[w].span / 2, mid + windows[w].span / 2);
      for (int r = 0; r < runs; r++)
        {
          cairo_t *cr = cairo_create (surface);
          gint64 t = g_get_monotonic_time ();
          if (!info->render (ctx, cr, 1920, 1080, &error))
            {
              g_printerr ("timeline-bench: %s\n", error->message);
              return 1;
            }
          cairo_surface_flush (surface);
          ms[r] = (g_get_monotonic_time () - t) / 1000.0;
          cairo_destroy (cr);
        }
      qsort (ms, runs, sizeof *ms, compare_double);
      g_print ("%s median %.2f worst %.2f\n", windows[w].name, ms[runs / 2], ms[runs - 1]);
    }
  if (argc > 4)
    cairo_surface_write_to_png (surface, argv[4]);
  lttv_viewer_context_detach (ctx);
  g_object_unref (ctx);
  g_object_unref (tc);
  lttv_state_free (state);
  lttv_traceset_free (ts);
  cairo_surface_destroy (surface);
  return 0;
}

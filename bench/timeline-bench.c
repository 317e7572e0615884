/* SPDX-License-Identifier: GPL-2.0-or-later */
/* timeline-bench VIEW RUNS TRACE...: times full renders of viewer VIEW
 * (its render function, what headless export and the widget's export
 * call: rows listed, then drawn per pixel from the history) at 1920x1080,
 * on the whole trace, on a 1 ms and on a 10 us window centred in it.
 * The traces take turns, render after render, so that a busy neighbour
 * on the machine slows them alike and their ratio stays meaningful.
 * Prints "I WINDOW median MS worst MS" per trace I (from 0) and window.
 * The state comes from the cache ($XDG_CACHE_HOME/lttv), built first when
 * absent (not timed). */
#include "config.h"

#include <stdlib.h>

#include <lttv/lttv.h>

#include "gui/lttv-module-host.h"
#include "gui/lttv-time-context.h"
#include <lttv-timeline-model.h>
#include "gui/lttv-viewer-context-private.h"

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* One trace, opened as its own traceset with its own viewer context. */
typedef struct {
  LttvTraceset *ts;
  LttvState *state;
  LttvTimeContext *tc;
  LttvViewerContext *ctx;
  LttvTime begin, end;
  double *ms;
} Subject;

static const struct { const char *name; LttvTime span; } windows[] = {
  { "full", 0 }, { "1ms", 1000000 }, { "10us", 10000 },
};

static gboolean
subject_open (Subject *s, const char *path, GError **error)
{
  const char *paths[2] = { path, NULL };
  if ((s->ts = lttv_traceset_open (paths, error)) == NULL)
    return FALSE;
  s->state = lttv_state_new (s->ts);
  if (!lttv_state_build (s->state, TRUE, LTTV_CANCEL_NONE, error))
    return FALSE;
  s->begin = lttv_traceset_begin (s->ts);
  s->end = lttv_traceset_end (s->ts);
  s->tc = lttv_time_context_new ();
  lttv_time_context_set_bounds (s->tc, s->begin, s->end);
  s->ctx = lttv_viewer_context_new (s->tc, NULL);
  lttv_viewer_context_set_traceset (s->ctx, s->ts);
  lttv_viewer_context_set_state (s->ctx, s->state);
  return TRUE;
}

static void
subject_close (Subject *s)
{
  lttv_viewer_context_detach (s->ctx);
  g_object_unref (s->ctx);
  g_object_unref (s->tc);
  lttv_state_free (s->state);
  lttv_traceset_free (s->ts);
  g_free (s->ms);
}

static void
subject_set_window (Subject *s, LttvTime span)
{
  LttvTime mid = s->begin + (s->end - s->begin) / 2;
  if (span == 0)
    lttv_time_context_set_window (s->tc, s->begin, s->end);
  else
    lttv_time_context_set_window (s->tc, mid - span / 2, mid + span / 2);
}

/* One render into `surface`, in ms; < 0 on error. */
static double
render (const LttvViewerInfo *info, Subject *s, cairo_surface_t *surface)
{
  g_autoptr (GError) error = NULL;
  cairo_t *cr = cairo_create (surface);
  gint64 t = g_get_monotonic_time ();
  gboolean ok = info->render (s->ctx, cr, 1920, 1080, &error);
  cairo_surface_flush (surface);
  double ms = (g_get_monotonic_time () - t) / 1000.0;
  cairo_destroy (cr);
  if (!ok)
    g_printerr ("timeline-bench: %s\n", error->message);
  return ok ? ms : -1;
}

int
main (int argc, char **argv)
{
  int runs = argc > 2 ? atoi (argv[2]) : 0;
  int n = argc - 3;
  const LttvViewerInfo *info;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);

  if (n < 1 || runs < 1)
    {
      g_printerr ("usage: timeline-bench VIEW RUNS TRACE...\n");
      return 2;
    }
  lttv_module_host_load ();
  if ((info = lttv_module_host_find_viewer (argv[1])) == NULL || info->render == NULL)
    {
      g_printerr ("timeline-bench: no viewer %s with a render function\n", argv[1]);
      return 2;
    }
  g_autofree Subject *subjects = g_new0 (Subject, n);
  for (int i = 0; i < n; i++)
    {
      Subject *s = &subjects[i];
      g_autoptr (GError) error = NULL;
      if (!subject_open (s, argv[3 + i], &error))
        {
          g_printerr ("timeline-bench: %s\n", error->message);
          return 1;
        }
      s->ms = g_new (double, runs);
      g_print ("%d events %" G_GUINT64_FORMAT ", intervals %" G_GUINT64_FORMAT "\n", i,
               lttv_state_n_events (s->state), lttv_history_n_intervals (lttv_state_get_history (s->state)));
      /* The first render lists the rows (kept for the next ones): timed
       * apart, the redraws below are what zooming and panning cost. */
      subject_set_window (s, 0);
      double first = render (info, s, surface);
      if (first < 0)
        return 1;
      g_print ("%d first %.2f (rows listed)\n", i, first);
      /* The rows a render draws: the modules keep their model on the
       * context as "VIEW-model" (what fits in 1080 px at most). */
      g_autofree char *key = g_strdup_printf ("%s-model", argv[1]);
      LttvTimelineModel *m = g_object_get_data (G_OBJECT (s->ctx), key);
      guint fit = (1080 - LTTV_TIMELINE_HEADER_HEIGHT - LTTV_TIMELINE_LEGEND_HEIGHT) / LTTV_TIMELINE_ROW_HEIGHT + 1;
      g_print ("%d rows %u\n", i, m != NULL ? MIN (lttv_timeline_model_n_visible (m), fit) : 0);
    }
  for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
    {
      for (int i = 0; i < n; i++)
        subject_set_window (&subjects[i], windows[w].span);
      for (int r = 0; r < runs; r++)
        for (int i = 0; i < n; i++)
          if ((subjects[i].ms[r] = render (info, &subjects[i], surface)) < 0)
            return 1;
      for (int i = 0; i < n; i++)
        {
          double *ms = subjects[i].ms;
          qsort (ms, runs, sizeof *ms, compare_double);
          g_print ("%d %s median %.2f worst %.2f\n", i, windows[w].name, ms[runs / 2], ms[runs - 1]);
        }
    }
  for (int i = 0; i < n; i++)
    subject_close (&subjects[i]);
  cairo_surface_destroy (surface);
  return 0;
}

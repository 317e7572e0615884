/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A timeline's first draw after its history finished runs in a worker
 * (run by test-draw-after-build.sh under Xvfb). The draws while the
 * history built, in workers, were quick; the first query of a busy row
 * after the end makes its rank index, which reads every change of the
 * row: on a 59 M-event recording, the main thread drew 2.6 s in one go
 * when that draw was made at once. */
#include "config.h"

#include <lttv/lttv.h>

#include "gui/lttv-time-context.h"
#include <lttv-timeline-model.h>
#include <lttv-timeline-view.h>
#include "gui/lttv-viewer-context-private.h"

#define N_CHANGES 200000   /* (a rank index from 4096) */
#define STEP 1000

static void
iterate_until_drawn (LttvTimelineView *view)
{
  gint64 until = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (!lttv_timeline_view_is_drawn (view) && g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  g_assert_true (lttv_timeline_view_is_drawn (view));
}

/* After the canvas's draw: whether it left the rows' image up to date,
 * that is, drew them at once. */
static gboolean
canvas_drawn (GtkWidget *canvas, cairo_t *cr, int *drawn_at_once)
{
  if (*drawn_at_once < 0)
    *drawn_at_once = lttv_timeline_view_is_drawn (g_object_get_data (G_OBJECT (canvas), "view"));
  return FALSE;
}

static void
test_first_draw_after_the_end_is_in_a_worker (void)
{
  LttvHistory *h = lttv_history_new ();
  LttvAttr busy = lttv_history_attr (h, "/busy");
  LttvTime end = (LttvTime) N_CHANGES * STEP;

  for (guint i = 0; i < N_CHANGES; i++)
    lttv_history_set (h, busy, (LttvTime) i * STEP, (LttvValue) (i % 3));
  lttv_history_commit (h, end);

  LttvTimeContext *tc = lttv_time_context_new ();
  lttv_time_context_set_bounds (tc, 0, end);
  lttv_time_context_set_window (tc, 0, end);
  LttvViewerContext *ctx = lttv_viewer_context_new (tc, NULL);
  LttvTimelineView *view = LTTV_TIMELINE_VIEW (lttv_timeline_view_new (ctx));
  const char *titles[] = { "Row" };
  LttvTimelineModel *model = lttv_timeline_model_new (ctx, h, 1, titles);
  LttvTimelineRow row = { .cells = { "busy" }, .keys = { G_MININT64 }, .attr = busy,
                          .label_attr = LTTV_ATTR_NONE, .birth = 0, .death = LTTV_TIME_NONE,
                          .parent = -1 };
  lttv_timeline_model_add_row (model, &row);
  lttv_timeline_view_set_model (view, model);
  GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 200);
  gtk_container_add (GTK_CONTAINER (window), GTK_WIDGET (view));
  gtk_widget_show_all (window);

  /* While it builds: drawn, in a worker, and quickly. */
  iterate_until_drawn (view);
  g_assert_cmpfloat (lttv_timeline_view_last_draw_ms (view), >=, 0);
  g_assert_cmpfloat (lttv_timeline_view_last_draw_ms (view), <, 12);

  /* Finished: the next draw, of another window, is not made at once. */
  GtkWidget *canvas = lttv_timeline_view_get_canvas (view);
  int drawn_at_once = -1;
  g_object_set_data (G_OBJECT (canvas), "view", view);
  g_signal_connect_after (canvas, "draw", G_CALLBACK (canvas_drawn), &drawn_at_once);
  lttv_history_finish (h, end);
  lttv_time_context_set_window (tc, end / 4, end / 2);
  iterate_until_drawn (view);
  g_assert_cmpint (drawn_at_once, ==, FALSE);

  /* Measured on the finished history, quick: the next one is. */
  drawn_at_once = -1;
  lttv_time_context_set_window (tc, end / 3, end / 2);
  iterate_until_drawn (view);
  g_assert_cmpint (drawn_at_once, ==, TRUE);

  gtk_widget_destroy (window);
  lttv_timeline_model_unref (model);
  g_object_unref (ctx);
  g_object_unref (tc);
  lttv_history_free (h);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/timeline/first-draw-after-the-end-is-in-a-worker",
                   test_first_draw_after_the_end_is_in_a_worker);
  return g_test_run ();
}

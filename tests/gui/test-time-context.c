/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTimeContext: the one time state every viewer of a tab shares.
 * Values are worked out by hand for bounds [1000, 2000] ns. */
#include "config.h"

#include "gui/lttv-time-context.h"

typedef struct
{
  LttvTimeContext *tc;
  int window_changes, current_changes, selection_changes;
} Fixture;

static void on_window (LttvTimeContext *tc, Fixture *f) { f->window_changes++; }
static void on_current (LttvTimeContext *tc, Fixture *f) { f->current_changes++; }
static void on_selection (LttvTimeContext *tc, Fixture *f) { f->selection_changes++; }

static void
setup (Fixture *f, gconstpointer data)
{
  f->tc = lttv_time_context_new ();
  lttv_time_context_set_bounds (f->tc, 1000, 2000);
  g_signal_connect (f->tc, "window-changed", G_CALLBACK (on_window), f);
  g_signal_connect (f->tc, "current-time-changed", G_CALLBACK (on_current), f);
  g_signal_connect (f->tc, "selection-changed", G_CALLBACK (on_selection), f);
}

static void
teardown (Fixture *f, gconstpointer data)
{
  g_object_unref (f->tc);
}

static void
assert_window (LttvTimeContext *tc, LttvTime start, LttvTime end)
{
  LttvTime s, e;
  lttv_time_context_get_window (tc, &s, &e);
  g_assert_cmpuint (s, ==, start);
  g_assert_cmpuint (e, ==, end);
}

static void
test_bounds_set_the_whole_window (Fixture *f, gconstpointer data)
{
  assert_window (f->tc, 1000, 2000);
  g_assert_cmpuint (lttv_time_context_get_current_time (f->tc), ==, 1000);
  g_assert_false (lttv_time_context_get_selection (f->tc, NULL, NULL));
  g_assert_false (lttv_time_context_can_go_back (f->tc));
}

static void
test_same_window_emits_nothing (Fixture *f, gconstpointer data)
{
  lttv_time_context_set_window (f->tc, 1200, 1300);
  g_assert_cmpint (f->window_changes, ==, 1);
  lttv_time_context_set_window (f->tc, 1200, 1300);
  lttv_time_context_set_window (f->tc, 1300, 1200);   /* swapped: the same */
  g_assert_cmpint (f->window_changes, ==, 1);
  lttv_time_context_set_current_time (f->tc, 1500);
  lttv_time_context_set_current_time (f->tc, 1500);
  g_assert_cmpint (f->current_changes, ==, 1);
}

static void
test_window_is_clamped_keeping_its_span (Fixture *f, gconstpointer data)
{
  lttv_time_context_set_window (f->tc, 900, 1050);    /* span 150, starts early */
  assert_window (f->tc, 1000, 1150);
  lttv_time_context_set_window (f->tc, 1950, 2100);
  assert_window (f->tc, 1850, 2000);
  lttv_time_context_set_window (f->tc, 0, 5000);      /* wider than the bounds */
  assert_window (f->tc, 1000, 2000);
  lttv_time_context_set_current_time (f->tc, 99);
  g_assert_cmpuint (lttv_time_context_get_current_time (f->tc), ==, 1000);
  lttv_time_context_set_current_time (f->tc, 3000);
  g_assert_cmpuint (lttv_time_context_get_current_time (f->tc), ==, 2000);
}

static void
test_back_and_forward (Fixture *f, gconstpointer data)
{
  lttv_time_context_set_window (f->tc, 1100, 1200);
  lttv_time_context_set_window (f->tc, 1300, 1400);
  lttv_time_context_go_back (f->tc);
  assert_window (f->tc, 1100, 1200);
  lttv_time_context_go_back (f->tc);
  assert_window (f->tc, 1000, 2000);
  g_assert_false (lttv_time_context_can_go_back (f->tc));
  lttv_time_context_go_forward (f->tc);
  assert_window (f->tc, 1100, 1200);
  g_assert_true (lttv_time_context_can_go_forward (f->tc));
  /* A new window drops the forward steps. */
  lttv_time_context_set_window (f->tc, 1500, 1600);
  g_assert_false (lttv_time_context_can_go_forward (f->tc));
  lttv_time_context_go_back (f->tc);
  assert_window (f->tc, 1100, 1200);
}

static void
test_zoom (Fixture *f, gconstpointer data)
{
  lttv_time_context_zoom (f->tc, 2, 1500);   /* half the span around 1500 */
  assert_window (f->tc, 1250, 1750);
  lttv_time_context_zoom (f->tc, 2, 1250);   /* the centre stays where it is */
  assert_window (f->tc, 1250, 1500);
  lttv_time_context_zoom (f->tc, 0.5, 1500);
  assert_window (f->tc, 1000, 1500);
  lttv_time_context_zoom_fit (f->tc);
  assert_window (f->tc, 1000, 2000);
  g_assert_false (lttv_time_context_zoom_selection (f->tc));
  lttv_time_context_set_selection (f->tc, 1700, 1600);
  g_assert_true (lttv_time_context_zoom_selection (f->tc));
  assert_window (f->tc, 1600, 1700);
}

static gboolean
quit_cb (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

/* While dragging, listeners hear of the window at most once per frame, the
 * last position always arrives, and one drag is one step back. */
static void
test_drag_is_throttled (Fixture *f, gconstpointer data)
{
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);

  lttv_time_context_set_window (f->tc, 1000, 1100);
  f->window_changes = 0;
  for (LttvTime s = 1001; s <= 1200; s++)
    lttv_time_context_drag_window (f->tc, s, s + 100);
  /* 200 moves in far less than a frame: at most the first got through. */
  g_assert_cmpint (f->window_changes, <=, 1);
  assert_window (f->tc, 1200, 1300);
  g_timeout_add (3 * LTTV_TIME_CONTEXT_DRAG_INTERVAL_US / 1000, quit_cb, loop);
  g_main_loop_run (loop);
  g_assert_cmpint (f->window_changes, >=, 1);
  g_assert_cmpint (f->window_changes, <=, 2);
  lttv_time_context_end_drag (f->tc);
  lttv_time_context_go_back (f->tc);
  assert_window (f->tc, 1000, 1100);
}

/* A viewer that answers a window change by setting the window it reads
 * (and the current time) does not start a loop. */
static int echo_calls;
static void
echo_cb (LttvTimeContext *tc, gpointer data)
{
  LttvTime s, e;
  echo_calls++;
  g_assert_cmpint (echo_calls, <, 10);
  lttv_time_context_get_window (tc, &s, &e);
  lttv_time_context_set_window (tc, s, e);
  lttv_time_context_set_current_time (tc, s);
}

static void
test_no_feedback_loop (Fixture *f, gconstpointer data)
{
  echo_calls = 0;
  g_signal_connect (f->tc, "window-changed", G_CALLBACK (echo_cb), NULL);
  g_signal_connect (f->tc, "window-changed", G_CALLBACK (echo_cb), NULL);
  lttv_time_context_set_window (f->tc, 1400, 1450);
  g_assert_cmpint (echo_calls, ==, 2);
  g_assert_cmpint (f->current_changes, ==, 1);
  g_assert_cmpuint (lttv_time_context_get_current_time (f->tc), ==, 1400);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name) g_test_add ("/time-context/" #name, Fixture, NULL, setup, test_##name, teardown)
  ADD (bounds_set_the_whole_window);
  ADD (same_window_emits_nothing);
  ADD (window_is_clamped_keeping_its_span);
  ADD (back_and_forward);
  ADD (zoom);
  ADD (drag_is_throttled);
  ADD (no_feedback_loop);
  return g_test_run ();
}

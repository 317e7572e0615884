/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The timeline viewers' interaction on a real X server (run by
 * test-interaction.sh under Xvfb), on the hand-worked scenario
 * two-threads.scn (README.md): synthesized mouse and key events reach
 * the loaded module's widget, and the tab's time context must move as
 * worked out by hand. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <lttv/lttv.h>

#include "gui/lttv-module-host.h"
#include <lttv-thread-selection.h>
#include "gui/lttv-time-context.h"
#include <lttv-timeline-view.h>
#include "gui/lttv-viewer-context-private.h"

static LttvTraceset *ts;
static LttvState *state;
static LttvTimeContext *tc;
static LttvTime begin, end;

typedef struct
{
  LttvViewerContext *ctx;
  GtkWidget *window;
  LttvTimelineView *view;
  GtkWidget *canvas;
} Fixture;

static LttvTimelineView *
find_view (GtkWidget *w)
{
  if (LTTV_IS_TIMELINE_VIEW (w))
    return LTTV_TIMELINE_VIEW (w);
  if (GTK_IS_CONTAINER (w))
    {
      g_autoptr (GList) kids = gtk_container_get_children (GTK_CONTAINER (w));
      for (GList *l = kids; l != NULL; l = l->next)
        {
          LttvTimelineView *v = find_view (l->data);
          if (v != NULL)
            return v;
        }
    }
  return NULL;
}

static void
iterate (int ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;
  while (g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

static gboolean
ready (Fixture *f)
{
  return f->view != NULL && lttv_timeline_view_get_model (f->view) != NULL
         && gtk_widget_get_mapped (f->canvas) && lttv_timeline_view_is_drawn (f->view);
}

static void
fixture_up (Fixture *f, gconstpointer viewer)
{
  const LttvViewerInfo *info = lttv_module_host_find_viewer (viewer);
  gint64 until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  g_assert_nonnull (info);
  lttv_time_context_set_bounds (tc, begin, end);
  lttv_time_context_set_window (tc, 1000, 12000);
  f->ctx = lttv_viewer_context_new (tc, NULL);
  lttv_viewer_context_set_traceset (f->ctx, ts);
  lttv_viewer_context_set_state (f->ctx, state);
  f->window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 400);
  gtk_container_add (GTK_CONTAINER (f->window), info->create (f->ctx));
  gtk_widget_show_all (f->window);
  f->view = find_view (f->window);
  g_assert_nonnull (f->view);
  f->canvas = lttv_timeline_view_get_canvas (f->view);
  while (!ready (f) && g_get_monotonic_time () < until)
    {
      gtk_widget_queue_draw (f->canvas);
      iterate (20);
    }
  g_assert_true (ready (f));
}

static void
fixture_down (Fixture *f, gconstpointer viewer)
{
  gtk_widget_destroy (f->window);
  lttv_viewer_context_detach (f->ctx);
  g_object_unref (f->ctx);
  iterate (20);
}

/* The row whose tag (tid, CPU) is `tag`. */
static int
row_of (Fixture *f, guint64 tag)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (f->view);
  for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
    if (lttv_timeline_model_get_row (m, i)->tag == tag
        && lttv_timeline_model_get_row (m, i)->attr != LTTV_ATTR_NONE)
      return i;
  return -1;
}

static double
y_of (Fixture *f, int row)
{
  int pos = lttv_timeline_model_row_position (lttv_timeline_view_get_model (f->view), row);
  g_assert_cmpint (pos, >=, 0);
  return pos * LTTV_TIMELINE_ROW_HEIGHT + LTTV_TIMELINE_ROW_HEIGHT / 2.0;
}

static double
x_of (Fixture *f, LttvTime t)
{
  LttvTime t0, t1;
  lttv_time_context_get_window (tc, &t0, &t1);
  return ((double) t - (double) t0) * gtk_widget_get_allocated_width (f->canvas) / (double) (t1 - t0);
}

static double
ns_per_px (Fixture *f)
{
  LttvTime t0, t1;
  lttv_time_context_get_window (tc, &t0, &t1);
  return (double) (t1 - t0) / gtk_widget_get_allocated_width (f->canvas);
}

static GdkEvent *
event_new (Fixture *f, GdkEventType type)
{
  GdkEvent *e = gdk_event_new (type);
  e->any.window = g_object_ref (gtk_widget_get_window (f->canvas));
  e->any.send_event = TRUE;
  if (type == GDK_KEY_PRESS)
    gdk_event_set_device (e, gdk_seat_get_keyboard (gdk_display_get_default_seat (gdk_display_get_default ())));
  else
    gdk_event_set_device (e, gdk_seat_get_pointer (gdk_display_get_default_seat (gdk_display_get_default ())));
  return e;
}

static void
send (Fixture *f, GdkEvent *e)
{
  gtk_widget_event (f->canvas, e);
  gdk_event_free (e);
  iterate (5);
}

static void
scroll (Fixture *f, double x, double y, GdkScrollDirection dir, GdkModifierType state)
{
  GdkEvent *e = event_new (f, GDK_SCROLL);
  e->scroll.x = x, e->scroll.y = y, e->scroll.direction = dir, e->scroll.state = state;
  send (f, e);
}

static void
button (Fixture *f, GdkEventType type, double x, double y)
{
  GdkEvent *e = event_new (f, type);
  e->button.x = x, e->button.y = y, e->button.button = 1;
  send (f, e);
}

static void
motion (Fixture *f, double x, double y, GdkModifierType state)
{
  GdkEvent *e = event_new (f, GDK_MOTION_NOTIFY);
  e->motion.x = x, e->motion.y = y, e->motion.state = state;
  send (f, e);
}

static void
key (Fixture *f, guint keyval)
{
  GdkEvent *e = event_new (f, GDK_KEY_PRESS);
  e->key.keyval = keyval;
  send (f, e);
}

/* --- Tests --------------------------------------------------------------- */

static void
test_ctrl_wheel_zooms_keeping_the_time_under_the_pointer (Fixture *f, gconstpointer v)
{
  double x = 300;
  LttvTime before = lttv_timeline_view_time_at (f->view, x), t0, t1;

  scroll (f, x, 50, GDK_SCROLL_UP, GDK_CONTROL_MASK);
  lttv_time_context_get_window (tc, &t0, &t1);
  g_assert_cmpuint (t1 - t0, <, 11000);
  g_assert_cmpfloat (fabs ((double) lttv_timeline_view_time_at (f->view, x) - (double) before), <=,
                     ns_per_px (f) + 1);
  scroll (f, x, 50, GDK_SCROLL_DOWN, GDK_CONTROL_MASK);
  g_assert_cmpfloat (fabs ((double) lttv_timeline_view_time_at (f->view, x) - (double) before), <=,
                     ns_per_px (f) + 1);
}

static void
test_w_and_s_zoom_at_the_pointer (Fixture *f, gconstpointer v)
{
  double x = 200;
  LttvTime before, t0, t1;

  motion (f, x, 50, 0);
  before = lttv_timeline_view_time_at (f->view, x);
  key (f, GDK_KEY_w);
  lttv_time_context_get_window (tc, &t0, &t1);
  g_assert_cmpfloat (fabs ((double) (t1 - t0) - 11000 / 1.5), <=, 2);
  g_assert_cmpfloat (fabs ((double) lttv_timeline_view_time_at (f->view, x) - (double) before), <=,
                     ns_per_px (f) + 1);
  key (f, GDK_KEY_s);
  lttv_time_context_get_window (tc, &t0, &t1);
  g_assert_cmpfloat (fabs ((double) (t1 - t0) - 11000), <=, 2);
}

static void
test_shift_wheel_and_a_d_pan (Fixture *f, gconstpointer v)
{
  LttvTime t0, t1;

  lttv_time_context_set_window (tc, 4000, 6000);
  scroll (f, 100, 50, GDK_SCROLL_DOWN, GDK_SHIFT_MASK);
  lttv_time_context_get_window (tc, &t0, &t1);
  g_assert_cmpuint (t0, ==, 4200);
  g_assert_cmpuint (t1, ==, 6200);
  key (f, GDK_KEY_a);
  lttv_time_context_get_window (tc, &t0, &t1);
  g_assert_cmpuint (t0, ==, 3800);
  g_assert_cmpuint (t1, ==, 5800);
  key (f, GDK_KEY_d);
  lttv_time_context_get_window (tc, &t0, &t1);
  g_assert_cmpuint (t0, ==, 4200);
}

static void
test_plus_and_minus_zoom_around_the_current_time (Fixture *f, gconstpointer v)
{
  LttvTime t0, t1;

  lttv_time_context_set_current_time (tc, 5000);
  key (f, GDK_KEY_plus);
  lttv_time_context_get_window (tc, &t0, &t1);
  /* Twice as close, 5000 where it was: 4/11 of the way. */
  g_assert_cmpuint (t1 - t0, ==, 5500);
  g_assert_cmpfloat (fabs ((double) (5000 - t0) - 4000.0 / 2), <=, 1);
  key (f, GDK_KEY_minus);
  lttv_time_context_get_window (tc, &t0, &t1);
  g_assert_cmpuint (t0, ==, 1000);
  g_assert_cmpuint (t1, ==, 12000);
}

static void
test_click_sets_the_current_time_and_selects_the_row (Fixture *f, gconstpointer v)
{
  int alpha = row_of (f, 100);
  double x = x_of (f, 2500);
  gint64 tid;

  g_assert_cmpint (alpha, >=, 0);
  button (f, GDK_BUTTON_PRESS, x, y_of (f, alpha));
  button (f, GDK_BUTTON_RELEASE, x, y_of (f, alpha));
  g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, lttv_timeline_view_time_at (f->view, x));
  g_assert_cmpfloat (fabs ((double) lttv_time_context_get_current_time (tc) - 2500), <=, ns_per_px (f) + 1);
  g_assert_cmpint (lttv_timeline_view_get_selected_row (f->view), ==, alpha);
  /* The whole tab hears of it. */
  g_assert_true (lttv_viewer_context_get_selected_thread (f->ctx, &tid, NULL));
  g_assert_cmpint (tid, ==, 100);
}

static void
test_drag_selects_a_range_and_z_zooms_to_it (Fixture *f, gconstpointer v)
{
  LttvTime s0, s1, t0, t1, a = lttv_timeline_view_time_at (f->view, 100),
           b = lttv_timeline_view_time_at (f->view, 300);

  button (f, GDK_BUTTON_PRESS, 100, 10);
  motion (f, 200, 10, GDK_BUTTON1_MASK);
  motion (f, 300, 10, GDK_BUTTON1_MASK);
  button (f, GDK_BUTTON_RELEASE, 300, 10);
  g_assert_true (lttv_time_context_get_selection (tc, &s0, &s1));
  g_assert_cmpuint (s0, ==, a);
  g_assert_cmpuint (s1, ==, b);
  key (f, GDK_KEY_z);
  lttv_time_context_get_window (tc, &t0, &t1);
  g_assert_cmpuint (t0, ==, a);
  g_assert_cmpuint (t1, ==, b);
}

/* alpha's state changes (README.md): 1000 run, 2000 read(), 3000 run,
 * 4000 blocked, 7000 woken, 8000 run, 10000 preempted. */
static void
test_left_and_right_visit_the_state_changes_of_the_selected_thread (Fixture *f, gconstpointer v)
{
  static const LttvTime changes[] = { 1000, 2000, 3000, 4000, 7000, 8000, 10000 };
  int alpha = row_of (f, 100);

  lttv_timeline_view_select_row (f->view, alpha);
  lttv_time_context_set_current_time (tc, 1500);
  for (guint i = 1; i < G_N_ELEMENTS (changes); i++)
    {
      key (f, GDK_KEY_Right);
      g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, changes[i]);
    }
  /* The last state lasts to the end of the trace: nothing further. */
  key (f, GDK_KEY_Right);
  g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, 10000);
  for (guint i = G_N_ELEMENTS (changes) - 1; i-- > 0;)
    {
      key (f, GDK_KEY_Left);
      g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, changes[i]);
    }
}

static void
test_actions_do_what_the_keys_do (Fixture *f, gconstpointer v)
{
  GActionGroup *group = gtk_widget_get_action_group (GTK_WIDGET (f->view), "timeline");
  LttvTime t0, t1;

  g_assert_nonnull (group);
  lttv_timeline_view_select_row (f->view, row_of (f, 100));
  lttv_time_context_set_current_time (tc, 2500);
  g_action_group_activate_action (group, "next-change", NULL);
  g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, 3000);
  g_action_group_activate_action (group, "previous-change", NULL);
  g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, 2000);
  g_action_group_activate_action (group, "zoom-in", NULL);
  lttv_time_context_get_window (tc, &t0, &t1);
  g_assert_cmpuint (t1 - t0, ==, 5500);
  g_action_group_activate_action (group, "zoom-out", NULL);
  lttv_time_context_get_window (tc, &t0, &t1);
  g_assert_cmpuint (t1 - t0, ==, 11000);
}

static void
test_tooltip_names_thread_state_and_system_call (Fixture *f, gconstpointer v)
{
  int alpha = row_of (f, 100);
  g_autofree char *tip = lttv_timeline_view_tooltip_at (f->view, x_of (f, 2500), y_of (f, alpha));

  g_assert_nonnull (tip);
  g_test_message ("tooltip: %s", tip);
  g_assert_nonnull (strstr (tip, "alpha"));
  g_assert_nonnull (strstr (tip, "RUN_SYSCALL"));
  g_assert_nonnull (strstr (tip, "read"));
  g_assert_nonnull (strstr (tip, "0.000001000 s"));    /* [2000, 2999]: 1 us */
  g_assert_nonnull (strstr (tip, "CPU: 0"));
}

static GtkWidget *
find_toggle (GtkWidget *w, const char *tooltip_start)
{
  g_autofree char *tip = gtk_widget_get_tooltip_text (w);
  if (GTK_IS_TOGGLE_BUTTON (w) && tip != NULL && g_str_has_prefix (tip, tooltip_start))
    return w;
  if (GTK_IS_CONTAINER (w))
    {
      g_autoptr (GList) kids = gtk_container_get_children (GTK_CONTAINER (w));
      for (GList *l = kids; l != NULL; l = l->next)
        {
          GtkWidget *found = find_toggle (l->data, tooltip_start);
          if (found != NULL)
            return found;
        }
    }
  return NULL;
}

/* The "active only" filter decides the rows a few ms a main-loop turn:
 * waits until thread `tid`'s row is shown (or hidden), at most 10 s. */
static void
wait_row_shown (Fixture *f, LttvTimelineModel *m, guint64 tid, gboolean shown)
{
  gint64 until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while ((lttv_timeline_model_row_position (m, row_of (f, tid)) >= 0) != shown
         && g_get_monotonic_time () < until)
    iterate (10);
}

/* Over [4500, 6500] alpha is blocked all along and swapper/1 waits, while
 * beta is interrupted and swapper/0 runs. */
static void
test_active_threads_only_hides_idle_threads (Fixture *f, gconstpointer v)
{
  GtkWidget *active = find_toggle (f->window, "Active threads only");
  LttvTimelineModel *m;

  g_assert_nonnull (active);
  lttv_time_context_set_window (tc, 4500, 6500);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (active), TRUE);
  iterate (20);
  m = lttv_timeline_view_get_model (f->view);
  wait_row_shown (f, m, 100, FALSE);
  g_assert_cmpint (lttv_timeline_model_row_position (m, row_of (f, 100)), ==, -1);
  g_assert_cmpint (lttv_timeline_model_row_position (m, row_of (f, 200)), >=, 0);
  /* The window moves on to [8500, 9500]: alpha runs again. */
  lttv_time_context_set_window (tc, 8500, 9500);
  iterate (20);
  wait_row_shown (f, m, 100, TRUE);
  g_assert_cmpint (lttv_timeline_model_row_position (m, row_of (f, 100)), >=, 0);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (active), FALSE);
}

static int
row_of_kind (Fixture *f, guint kind, guint64 tag)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (f->view);
  for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
    if (lttv_timeline_model_get_row (m, i)->kind == kind && lttv_timeline_model_get_row (m, i)->tag == tag)
      return i;
  return -1;
}

/* Resource view row kinds (modules/resourceview/resourceview.h). */
enum { RV_CPU = 1, RV_IRQ = 2 };

static void
test_click_on_a_cpu_selects_the_thread_it_ran (Fixture *f, gconstpointer v)
{
  int cpu1 = row_of_kind (f, RV_CPU, 1);
  double x = x_of (f, 3000);
  gint64 tid;

  g_assert_cmpint (cpu1, >=, 0);
  button (f, GDK_BUTTON_PRESS, x, y_of (f, cpu1));
  button (f, GDK_BUTTON_RELEASE, x, y_of (f, cpu1));
  g_assert_true (lttv_viewer_context_get_selected_thread (f->ctx, &tid, NULL));
  g_assert_cmpint (tid, ==, 200);      /* beta runs on CPU 1 at 3000 */
  g_assert_cmpfloat (fabs ((double) lttv_time_context_get_current_time (tc) - 3000), <=, ns_per_px (f) + 1);
}

static void
test_a_thread_selected_elsewhere_is_outlined (Fixture *f, gconstpointer v)
{
  LttvViewerContext *other = lttv_viewer_context_new (tc, NULL);

  lttv_viewer_context_select_thread (other, 100, LTTV_TIME_NONE);
  g_assert_true (lttv_timeline_model_get_highlight (lttv_timeline_view_get_model (f->view))
                 == lttv_value_int (100));
  lttv_viewer_context_select_thread (other, -1, LTTV_TIME_NONE);
  g_assert_true (lttv_timeline_model_get_highlight (lttv_timeline_view_get_model (f->view))
                 == LTTV_VALUE_NONE);
  lttv_viewer_context_detach (other);
  g_object_unref (other);
}

static void
test_irq_rows_are_named_from_the_trace (Fixture *f, gconstpointer v)
{
  int irq = row_of_kind (f, RV_IRQ, 19);
  g_assert_cmpint (irq, >=, 0);
  g_assert_cmpstr (lttv_timeline_model_get_row (lttv_timeline_view_get_model (f->view), irq)->cells[0],
                   ==, "eth0");
}

static void
test_cpu_tooltip_names_thread_and_irq (Fixture *f, gconstpointer v)
{
  int cpu1 = row_of_kind (f, RV_CPU, 1);
  g_autofree char *tip = lttv_timeline_view_tooltip_at (f->view, x_of (f, 5500), y_of (f, cpu1));

  g_assert_nonnull (tip);
  g_test_message ("tooltip: %s", tip);
  g_assert_nonnull (strstr (tip, "IRQ"));
  g_assert_nonnull (strstr (tip, "beta (200)"));
  g_assert_nonnull (strstr (tip, "19 (RUNNING)"));
  g_assert_nonnull (strstr (tip, "0.000001000 s"));    /* [5000, 5999] */
}

static void
test_window_changes_reach_the_view_and_back (Fixture *f, gconstpointer v)
{
  LttvViewerContext *other = lttv_viewer_context_new (tc, NULL);
  LttvTime t0, t1;

  lttv_viewer_context_set_window (other, 3000, 5000);
  iterate (20);
  g_assert_cmpfloat (fabs ((double) lttv_timeline_view_time_at (f->view, 0) - 3000), <, 1);
  key (f, GDK_KEY_d);
  lttv_viewer_context_get_window (other, &t0, &t1);
  g_assert_cmpuint (t0, ==, 3400);
  g_assert_cmpuint (t1, ==, 5400);
  lttv_viewer_context_detach (other);
  g_object_unref (other);
}

static void
activate (Fixture *f, const char *group, const char *action)
{
  GActionGroup *g = gtk_widget_get_action_group (gtk_widget_get_ancestor (GTK_WIDGET (f->view), GTK_TYPE_BOX), group);
  g_assert_nonnull (g);
  g_action_group_activate_action (g, action, NULL);
}

static void
wait_rows (Fixture *f, guint n_visible)
{
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (lttv_timeline_model_n_visible (lttv_timeline_view_get_model (f->view)) != n_visible
         && g_get_monotonic_time () < until)
    iterate (20);
}

/* README.md: IRQ 19 runs over [5000, 5999] only; the CPUs always hold a
 * status. Rows: trace, CPUs, CPU 0, CPU 1, IRQs, IRQ 19. */
static void
test_hide_empty_hides_the_rows_empty_in_the_window (Fixture *f, gconstpointer v)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (f->view);
  int irq = row_of_kind (f, RV_IRQ, 19);

  g_assert_cmpuint (lttv_timeline_model_n_visible (m), ==, 6);
  lttv_time_context_set_window (tc, 7000, 12000);
  activate (f, "resourceview", "hide-empty");
  wait_rows (f, 4);
  g_assert_cmpuint (lttv_timeline_model_n_visible (m), ==, 4);
  g_assert_cmpint (lttv_timeline_model_row_position (m, irq), ==, -1);
  lttv_time_context_set_window (tc, 4500, 7000);
  wait_rows (f, 6);
  g_assert_cmpint (lttv_timeline_model_row_position (m, irq), >=, 0);
  lttv_time_context_set_window (tc, 7000, 12000);
  wait_rows (f, 4);
  activate (f, "resourceview", "hide-empty");     /* off: every row again */
  g_assert_cmpuint (lttv_timeline_model_n_visible (m), ==, 6);
}

/* The legend drawn alone, as bytes. */
static GBytes *
legend_pixels (LttvTimelineModel *m)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1400, LTTV_TIMELINE_LEGEND_HEIGHT);
  cairo_t *cr = cairo_create (s);
  lttv_timeline_model_draw_legend (m, cr, 1400);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  GBytes *b = g_bytes_new (cairo_image_surface_get_data (s),
                           cairo_image_surface_get_stride (s) * LTTV_TIMELINE_LEGEND_HEIGHT);
  cairo_surface_destroy (s);
  return b;
}

static void
test_tint_action_tints_the_cpu_rows (Fixture *f, gconstpointer v)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (f->view);
  int cpu0 = row_of_kind (f, RV_CPU, 0), irq = row_of_kind (f, RV_IRQ, 19);
  g_autoptr (GBytes) plain = legend_pixels (m);

  g_assert_false (lttv_timeline_model_get_row (m, cpu0)->tint);
  activate (f, "resourceview", "tint");
  g_assert_true (lttv_timeline_model_get_row (m, cpu0)->tint);
  g_assert_false (lttv_timeline_model_get_row (m, irq)->tint);
  /* The legend has an entry for the tints while they show. */
  g_autoptr (GBytes) tinted = legend_pixels (m);
  g_assert_false (g_bytes_equal (plain, tinted));
  activate (f, "resourceview", "tint");
  g_assert_false (lttv_timeline_model_get_row (m, cpu0)->tint);
  g_autoptr (GBytes) again = legend_pixels (m);
  g_assert_true (g_bytes_equal (plain, again));
}

/* The user's sort and hidden rows survive a new listing of the rows (a
 * trace added to the tab lists them anew). */
static void
test_hidden_rows_and_sort_survive_a_new_listing (Fixture *f, gconstpointer v)
{
  LttvTimelineModel *old = lttv_timeline_view_get_model (f->view), *m;
  int irq = row_of_kind (f, RV_IRQ, 19);
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  gboolean descending = FALSE;

  lttv_timeline_model_get_row (old, irq)->user_hidden = TRUE;
  lttv_timeline_model_set_sort (old, 1, TRUE);
  lttv_timeline_view_refilter (f->view);
  g_assert_cmpint (lttv_timeline_model_row_position (old, irq), ==, -1);
  g_signal_emit_by_name (f->ctx, "traceset-changed");
  while (((m = lttv_timeline_view_get_model (f->view)) == NULL || m == old)
         && g_get_monotonic_time () < until)
    iterate (20);
  g_assert_true (m != NULL && m != old);
  irq = row_of_kind (f, RV_IRQ, 19);
  g_assert_cmpint (irq, >=, 0);
  g_assert_true (lttv_timeline_model_get_row (m, irq)->user_hidden);
  g_assert_cmpint (lttv_timeline_model_row_position (m, irq), ==, -1);
  g_assert_cmpint (lttv_timeline_model_get_sort (m, &descending), ==, 1);
  g_assert_true (descending);
  /* CPU 1 above CPU 0: by number, descending */
  g_assert_cmpint (lttv_timeline_model_row_position (m, row_of_kind (f, RV_CPU, 1)), <,
                   lttv_timeline_model_row_position (m, row_of_kind (f, RV_CPU, 0)));
}

/* --- Both viewers in one tab: the thread selection links them ----------- */

typedef struct
{
  Fixture cf, rv;
  GtkWidget *window;
} Pair;

static Fixture
pair_half (GtkWidget *box, const char *viewer)
{
  Fixture f = { 0 };
  const LttvViewerInfo *info = lttv_module_host_find_viewer (viewer);
  GtkWidget *w;

  g_assert_nonnull (info);
  f.ctx = lttv_viewer_context_new (tc, NULL);
  lttv_viewer_context_set_traceset (f.ctx, ts);
  lttv_viewer_context_set_state (f.ctx, state);
  w = info->create (f.ctx);
  gtk_widget_set_vexpand (w, TRUE);
  gtk_container_add (GTK_CONTAINER (box), w);
  f.view = find_view (w);
  g_assert_nonnull (f.view);
  f.canvas = lttv_timeline_view_get_canvas (f.view);
  return f;
}

static void
pair_up (Pair *p, gconstpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gint64 until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  lttv_time_context_set_bounds (tc, begin, end);
  lttv_time_context_set_window (tc, 1000, 12000);
  p->window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  gtk_window_set_default_size (GTK_WINDOW (p->window), 900, 700);
  gtk_container_add (GTK_CONTAINER (p->window), box);
  p->cf = pair_half (box, "controlflow");
  p->rv = pair_half (box, "resourceview");
  p->cf.window = p->rv.window = p->window;
  gtk_widget_show_all (p->window);
  while ((!ready (&p->cf) || !ready (&p->rv)) && g_get_monotonic_time () < until)
    {
      gtk_widget_queue_draw (p->cf.canvas);
      gtk_widget_queue_draw (p->rv.canvas);
      iterate (20);
    }
  g_assert_true (ready (&p->cf) && ready (&p->rv));
}

static void
pair_down (Pair *p, gconstpointer data)
{
  gtk_widget_destroy (p->window);
  lttv_viewer_context_select_thread (p->cf.ctx, -1, LTTV_TIME_NONE);
  lttv_viewer_context_detach (p->cf.ctx);
  lttv_viewer_context_detach (p->rv.ctx);
  g_object_unref (p->cf.ctx);
  g_object_unref (p->rv.ctx);
  iterate (20);
}

/* The canvas as drawn on screen (cached image and overlays), and the
 * darkness of a pixel of it: 0 white, 1 black. */
static double
darkness_at (Fixture *f, double x, double y)
{
  int w = gtk_widget_get_allocated_width (f->canvas), h = gtk_widget_get_allocated_height (f->canvas);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (s);
  const guint8 *px;
  double dark;

  gtk_widget_draw (f->canvas, cr);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  px = cairo_image_surface_get_data (s) + (int) y * cairo_image_surface_get_stride (s) + 4 * (int) x;
  dark = 1 - (px[0] + px[1] + px[2]) / (3 * 255.0);
  cairo_surface_destroy (s);
  return dark;
}

static void
wait_drawn (Fixture *f)
{
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  do
    {
      gtk_widget_queue_draw (f->canvas);
      iterate (20);
    }
  while (!lttv_timeline_view_is_drawn (f->view) && g_get_monotonic_time () < until);
}

/* Clicking alpha in the control flow view outlines where alpha ran on the
 * CPU rows of the resource view: CPU 0 over [1000, 3999] and [8000,
 * 9999] (README.md), not CPU 1 (beta). */
static void
test_thread_clicked_in_controlflow_is_outlined_on_the_cpus (Pair *p, gconstpointer data)
{
  int alpha = row_of (&p->cf, 100);
  int cpu0 = row_of_kind (&p->rv, RV_CPU, 0), cpu1 = row_of_kind (&p->rv, RV_CPU, 1);
  /* away from 2500, where the click puts the current time's red line */
  double x = x_of (&p->rv, 3500), x_idle = x_of (&p->rv, 6000);
  double top0 = y_of (&p->rv, cpu0) - LTTV_TIMELINE_ROW_HEIGHT / 2.0 + 2;
  double top1 = y_of (&p->rv, cpu1) - LTTV_TIMELINE_ROW_HEIGHT / 2.0 + 2;

  g_assert_cmpint (alpha, >=, 0);
  g_assert_cmpint (cpu0, >=, 0);
  g_assert_cmpfloat (darkness_at (&p->rv, x, top0), <, 0.3);   /* no outline yet */
  button (&p->cf, GDK_BUTTON_PRESS, x_of (&p->cf, 2500), y_of (&p->cf, alpha));
  button (&p->cf, GDK_BUTTON_RELEASE, x_of (&p->cf, 2500), y_of (&p->cf, alpha));
  g_assert_true (lttv_timeline_model_get_highlight (lttv_timeline_view_get_model (p->rv.view))
                 == lttv_value_int (100));
  wait_drawn (&p->rv);
  g_assert_cmpfloat (darkness_at (&p->rv, x, top0), >, 0.7);
  g_assert_cmpfloat (darkness_at (&p->rv, x_of (&p->rv, 9000), top0), >, 0.7);
  g_assert_cmpfloat (darkness_at (&p->rv, x_idle, top0), <, 0.3);  /* CPU 0 idle there */
  g_assert_cmpfloat (darkness_at (&p->rv, x, top1), <, 0.3);       /* beta's CPU */
}

/* Clicking CPU 1 at 3000 in the resource view selects beta (200), which
 * ran there, in the control flow view. */
static void
test_cpu_clicked_in_resourceview_selects_the_thread_in_controlflow (Pair *p, gconstpointer data)
{
  int cpu1 = row_of_kind (&p->rv, RV_CPU, 1), beta = row_of (&p->cf, 200);

  g_assert_cmpint (cpu1, >=, 0);
  g_assert_cmpint (beta, >=, 0);
  g_assert_cmpint (lttv_timeline_view_get_selected_row (p->cf.view), !=, beta);
  button (&p->rv, GDK_BUTTON_PRESS, x_of (&p->rv, 3000), y_of (&p->rv, cpu1));
  button (&p->rv, GDK_BUTTON_RELEASE, x_of (&p->rv, 3000), y_of (&p->rv, cpu1));
  iterate (20);
  g_assert_cmpint (lttv_timeline_view_get_selected_row (p->cf.view), ==, beta);
}

int
main (int argc, char **argv)
{
  const char *trace = g_getenv ("TIMELINE_TRACE");
  const char *paths[2] = { trace, NULL };
  g_autoptr (GError) error = NULL;
  const char *viewers[] = { "controlflow", "resourceview", NULL };
  int status;

  g_setenv ("LANGUAGE", "C", TRUE);    /* widgets are found by tooltip */
  gtk_test_init (&argc, &argv, NULL);
  g_assert_nonnull (trace);
  ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  begin = lttv_traceset_begin (ts);
  end = lttv_traceset_end (ts);
  state = lttv_state_new (ts);
  g_assert_true (lttv_state_build (state, FALSE, LTTV_CANCEL_NONE, &error));
  tc = lttv_time_context_new ();
  lttv_module_host_load ();

  for (int i = 0; viewers[i] != NULL; i++)
    {
      const char *v = viewers[i];
      gboolean threads = strcmp (v, "controlflow") == 0;
#define ADD(name, func) do { \
        g_autofree char *path = g_strdup_printf ("/%s/%s", v, name); \
        g_test_add (path, Fixture, v, fixture_up, func, fixture_down); } while (0)
      if (lttv_module_host_find_viewer (v) == NULL)
        continue;
      ADD ("ctrl-wheel-zooms-keeping-the-time-under-the-pointer",
           test_ctrl_wheel_zooms_keeping_the_time_under_the_pointer);
      ADD ("w-and-s-zoom-at-the-pointer", test_w_and_s_zoom_at_the_pointer);
      ADD ("shift-wheel-and-a-d-pan", test_shift_wheel_and_a_d_pan);
      ADD ("plus-and-minus-zoom-around-the-current-time",
           test_plus_and_minus_zoom_around_the_current_time);
      ADD ("drag-selects-a-range-and-z-zooms-to-it", test_drag_selects_a_range_and_z_zooms_to_it);
      ADD ("window-changes-reach-the-view-and-back", test_window_changes_reach_the_view_and_back);
      if (threads)
        {
          ADD ("click-sets-the-current-time-and-selects-the-row",
               test_click_sets_the_current_time_and_selects_the_row);
          ADD ("left-and-right-visit-the-state-changes-of-the-selected-thread",
               test_left_and_right_visit_the_state_changes_of_the_selected_thread);
          ADD ("tooltip-names-thread-state-and-system-call",
               test_tooltip_names_thread_state_and_system_call);
          ADD ("active-threads-only-hides-idle-threads", test_active_threads_only_hides_idle_threads);
          ADD ("actions-do-what-the-keys-do", test_actions_do_what_the_keys_do);
        }
      else
        {
          ADD ("click-on-a-cpu-selects-the-thread-it-ran", test_click_on_a_cpu_selects_the_thread_it_ran);
          ADD ("a-thread-selected-elsewhere-is-outlined", test_a_thread_selected_elsewhere_is_outlined);
          ADD ("irq-rows-are-named-from-the-trace", test_irq_rows_are_named_from_the_trace);
          ADD ("cpu-tooltip-names-thread-and-irq", test_cpu_tooltip_names_thread_and_irq);
          ADD ("hide-empty-hides-the-rows-empty-in-the-window",
               test_hide_empty_hides_the_rows_empty_in_the_window);
          ADD ("tint-action-tints-the-cpu-rows", test_tint_action_tints_the_cpu_rows);
          ADD ("hidden-rows-and-sort-survive-a-new-listing",
               test_hidden_rows_and_sort_survive_a_new_listing);
        }
#undef ADD
    }
  if (lttv_module_host_find_viewer ("controlflow") != NULL
      && lttv_module_host_find_viewer ("resourceview") != NULL)
    {
      g_test_add ("/cross-view/thread-clicked-in-controlflow-is-outlined-on-the-cpus", Pair, NULL,
                  pair_up, test_thread_clicked_in_controlflow_is_outlined_on_the_cpus, pair_down);
      g_test_add ("/cross-view/cpu-clicked-in-resourceview-selects-the-thread-in-controlflow", Pair,
                  NULL, pair_up, test_cpu_clicked_in_resourceview_selects_the_thread_in_controlflow,
                  pair_down);
    }
  status = g_test_run ();
  lttv_state_free (state);
  lttv_traceset_free (ts);
  g_object_unref (tc);
  return status;
}

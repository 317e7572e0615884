/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "lttv-stall-trace.h"

/* A turn of this much main-thread CPU or more is reported: 20 ms, or
 * the milliseconds $LTTV_STALL_TRACE gives (1 or less: the default). */
static gint64 long_turn_us = 20000;

static GPollFunc real_poll;
static gint64 turn_cpu_us, turn_wall_us;
/* This turn's frame phases (us of CPU): update, layout, paint; and when
 * the current phase started. */
static gint64 phase_us[3], phase_start_us;
/* Of the layout: the window's size allocation (the rest is mostly the
 * validation of the widgets' styles), and when it started. */
static gint64 allocate_us, allocate_start_us;
/* This turn's painted area in pixels: the boxes around the window's
 * draws, whose size GDK gives the frame's double buffer (a pixmap the X
 * server clears, fills and copies, in software under Xvfb). */
static gint64 painted_px;
static GtkWidget *watched_window;

static gint64
cpu_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static double
window_px (void)
{
  return watched_window != NULL
         ? MAX (1.0, (double) gtk_widget_get_allocated_width (watched_window)
                     * gtk_widget_get_allocated_height (watched_window))
         : 1.0;
}

/* Between two polls is one turn: its prepare, check and dispatch. */
static gint
traced_poll (GPollFD *fds, guint n_fds, gint timeout)
{
  gint64 cpu = cpu_us (), wall = g_get_monotonic_time ();

  if (turn_wall_us != 0 && cpu - turn_cpu_us >= long_turn_us)
    {
      gint64 frame = phase_us[0] + phase_us[1] + phase_us[2];
      g_printerr ("lttv-gui: long turn %.1f ms of CPU (%.1f ms) ending at %.6f s: "
                  "frame update %.1f, layout %.1f (allocation %.1f), paint %.1f; "
                  "other handlers %.1f ms; painted a box of %.0f%% of the window\n",
                  (cpu - turn_cpu_us) / 1000.0, (wall - turn_wall_us) / 1000.0, wall / 1e6,
                  phase_us[0] / 1000.0, phase_us[1] / 1000.0, allocate_us / 1000.0,
                  phase_us[2] / 1000.0,
                  (cpu - turn_cpu_us - frame) / 1000.0, 100.0 * painted_px / window_px ());
    }
  gint ret = real_poll (fds, n_fds, timeout);
  turn_cpu_us = cpu_us ();
  turn_wall_us = g_get_monotonic_time ();
  /* (a frame whose phases span turns counts in each from its start) */
  phase_start_us = turn_cpu_us;
  phase_us[0] = phase_us[1] = phase_us[2] = allocate_us = painted_px = 0;
  return ret;
}

void
lttv_stall_trace_start (void)
{
  const char *ms = g_getenv ("LTTV_STALL_TRACE");

  if (ms == NULL || real_poll != NULL)
    return;
  if (atoi (ms) > 1)
    long_turn_us = (gint64) atoi (ms) * 1000;
  real_poll = g_main_context_get_poll_func (NULL);
  g_main_context_set_poll_func (NULL, traced_poll);
}

/* Each phase runs from the end of the one before (the frame starts at
 * before-paint); ours are the last handlers of each signal. */
static void
before_paint (GdkFrameClock *clock, gpointer data)
{
  phase_start_us = cpu_us ();
}

static void
phase_ended (GdkFrameClock *clock, gpointer data)
{
  gint64 now = cpu_us ();
  phase_us[GPOINTER_TO_INT (data)] += now - phase_start_us;
  phase_start_us = now;
}

static void
check_resize_started (GtkContainer *window, gpointer data)
{
  allocate_start_us = cpu_us ();
}

static void
check_resize_ended (GtkContainer *window, gpointer data)
{
  allocate_us += cpu_us () - allocate_start_us;
}

static gboolean
window_draw (GtkWidget *window, cairo_t *cr, gpointer data)
{
  GdkRectangle clip;

  if (gdk_cairo_get_clip_rectangle (cr, &clip))
    painted_px += (gint64) clip.width * clip.height;
  return FALSE;
}

/* Focus moves restyle widgets in the next frame's layout: they are
 * printed to explain a long one. */
static void
active_changed (GObject *window, GParamSpec *pspec, gpointer data)
{
  g_printerr ("lttv-gui: window %s at %.6f s\n",
              gtk_window_is_active (GTK_WINDOW (window)) ? "active" : "inactive",
              g_get_monotonic_time () / 1e6);
}

static void
focus_set (GtkWindow *window, GtkWidget *widget, gpointer data)
{
  g_printerr ("lttv-gui: focus to %s at %.6f s\n",
              widget != NULL ? G_OBJECT_TYPE_NAME (widget) : "none", g_get_monotonic_time () / 1e6);
}

static void
realized (GtkWidget *window, gpointer data)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  if (clock == NULL || g_object_get_data (G_OBJECT (clock), "lttv-stall-trace") != NULL)
    return;
  g_object_set_data (G_OBJECT (clock), "lttv-stall-trace", window);
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint), NULL);
  g_signal_connect_after (clock, "update", G_CALLBACK (phase_ended), GINT_TO_POINTER (0));
  g_signal_connect_after (clock, "layout", G_CALLBACK (phase_ended), GINT_TO_POINTER (1));
  g_signal_connect_after (clock, "paint", G_CALLBACK (phase_ended), GINT_TO_POINTER (2));
}

void
lttv_stall_trace_watch_window (GtkWidget *window)
{
  if (real_poll == NULL)
    return;
  /* (the first window: the one the share of the window is of) */
  if (watched_window == NULL)
    {
      watched_window = window;
      g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &watched_window);
    }
  g_signal_connect (window, "check-resize", G_CALLBACK (check_resize_started), NULL);
  g_signal_connect_after (window, "check-resize", G_CALLBACK (check_resize_ended), NULL);
  g_signal_connect (window, "draw", G_CALLBACK (window_draw), NULL);
  g_signal_connect (window, "notify::is-active", G_CALLBACK (active_changed), NULL);
  g_signal_connect (window, "set-focus", G_CALLBACK (focus_set), NULL);
  if (gtk_widget_get_realized (window))
    realized (window, NULL);
  else
    g_signal_connect (window, "realize", G_CALLBACK (realized), NULL);
}

#include "config.h"

#include <time.h>

#include "lttv-stall-meter.h"

#define TICK_MS 5

static gint64 launch_us, last_tick_us, longest_us, first_paint_us, opened_paint_us;
static gint64 last_cpu_us, longest_busy_us;
static guint tick_id;

/* CPU time of the calling (main) thread: what callbacks really cost, even
 * when the machine is busy and the process waits for a core. */
static gint64
thread_cpu_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

void
lttv_stall_meter_mark_launch (void)
{
  launch_us = g_get_monotonic_time ();
}

/* A tick that comes late by d means the loop was busy for about d. */
static gboolean
tick_cb (gpointer data)
{
  gint64 now = g_get_monotonic_time ();
  gint64 gap = now - last_tick_us - TICK_MS * 1000;
  gint64 cpu = thread_cpu_us ();

  if (cpu - last_cpu_us > longest_busy_us)
    longest_busy_us = cpu - last_cpu_us;
  last_cpu_us = cpu;

  if (gap > longest_us)
    {
      longest_us = gap;
      /* LTTV_STALL_REPORT=verbose: each new record as it happens. */
      if (g_strcmp0 (g_getenv ("LTTV_STALL_REPORT"), "verbose") == 0)
        g_printerr ("lttv-gui: stall of %.1f ms ending %.1f ms after launch\n",
                    gap / 1000.0, (now - launch_us) / 1000.0);
    }
  last_tick_us = now;
  return G_SOURCE_CONTINUE;
}

void
lttv_stall_meter_start (void)
{
  if (tick_id != 0 || g_getenv ("LTTV_STALL_REPORT") == NULL)
    return;
  last_tick_us = g_get_monotonic_time ();
  last_cpu_us = thread_cpu_us ();
  /* Default priority: it waits behind the same callbacks a redraw does. */
  tick_id = g_timeout_add (TICK_MS, tick_cb, NULL);
}

/* Stalls count once the first frame is done: start-up is measured as the
 * time to the first paint. */
static gboolean
after_first_frame_cb (gpointer data)
{
  last_tick_us = g_get_monotonic_time ();
  last_cpu_us = thread_cpu_us ();
  longest_us = longest_busy_us = 0;
  return G_SOURCE_REMOVE;
}

static gboolean
first_draw_cb (GtkWidget *widget, cairo_t *cr, gpointer data)
{
  if (first_paint_us == 0)
    {
      first_paint_us = g_get_monotonic_time ();
      g_idle_add_full (G_PRIORITY_LOW, after_first_frame_cb, NULL, NULL);
    }
  g_signal_handlers_disconnect_by_func (widget, first_draw_cb, data);
  return FALSE;
}

void
lttv_stall_meter_watch_first_paint (GtkWidget *widget)
{
  if (first_paint_us == 0)
    g_signal_connect (widget, "draw", G_CALLBACK (first_draw_cb), NULL);
}

static gboolean
opened_draw_cb (GtkWidget *widget, cairo_t *cr, gpointer data)
{
  if (opened_paint_us == 0)
    opened_paint_us = g_get_monotonic_time ();
  g_signal_handlers_disconnect_by_func (widget, opened_draw_cb, data);
  return FALSE;
}

void
lttv_stall_meter_watch_opened_paint (GtkWidget *widget)
{
  if (opened_paint_us == 0 && tick_id != 0)
    {
      g_signal_connect (widget, "draw", G_CALLBACK (opened_draw_cb), NULL);
      gtk_widget_queue_draw (widget);
    }
}

double
lttv_stall_meter_longest_ms (void)
{
  return longest_us / 1000.0;
}

double
lttv_stall_meter_longest_busy_ms (void)
{
  return longest_busy_us / 1000.0;
}

void
lttv_stall_meter_report (void)
{
  if (tick_id == 0)
    return;
  g_printerr ("lttv-gui: longest main-loop stall: %.1f ms\n", lttv_stall_meter_longest_ms ());
  g_printerr ("lttv-gui: longest main-loop busy time: %.1f ms of main-thread CPU between ticks\n",
              lttv_stall_meter_longest_busy_ms ());
  if (first_paint_us != 0)
    g_printerr ("lttv-gui: first paint of a tab: %.1f ms after launch\n",
                (first_paint_us - launch_us) / 1000.0);
  if (opened_paint_us != 0)
    g_printerr ("lttv-gui: first paint of an opened traceset: %.1f ms after launch\n",
                (opened_paint_us - launch_us) / 1000.0);
  g_clear_handle_id (&tick_id, g_source_remove);
}

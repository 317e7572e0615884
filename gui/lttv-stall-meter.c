#include "config.h"

#include "lttv-stall-meter.h"

#define TICK_MS 5

static gint64 launch_us, last_tick_us, longest_us, first_paint_us;
static guint tick_id;

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

  if (gap > longest_us)
    longest_us = gap;
  last_tick_us = now;
  return G_SOURCE_CONTINUE;
}

void
lttv_stall_meter_start (void)
{
  if (tick_id != 0 || g_getenv ("LTTV_STALL_REPORT") == NULL)
    return;
  last_tick_us = g_get_monotonic_time ();
  /* Default priority: it waits behind the same callbacks a redraw does. */
  tick_id = g_timeout_add (TICK_MS, tick_cb, NULL);
}

static gboolean
first_draw_cb (GtkWidget *widget, cairo_t *cr, gpointer data)
{
  if (first_paint_us == 0)
    {
      first_paint_us = g_get_monotonic_time ();
      /* Stalls count from here: start-up is measured as time to paint. */
      last_tick_us = first_paint_us;
      longest_us = 0;
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

double
lttv_stall_meter_longest_ms (void)
{
  return longest_us / 1000.0;
}

void
lttv_stall_meter_report (void)
{
  if (tick_id == 0)
    return;
  g_printerr ("lttv-gui: longest main-loop stall: %.1f ms\n", lttv_stall_meter_longest_ms ());
  if (first_paint_us != 0)
    g_printerr ("lttv-gui: first paint of a tab: %.1f ms after launch\n",
                (first_paint_us - launch_us) / 1000.0);
  g_clear_handle_id (&tick_id, g_source_remove);
}

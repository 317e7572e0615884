/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "lttv-stall-meter.h"

#define TICK_MS 5

static gint64 launch_us, last_tick_us, longest_us, first_paint_us, opened_paint_us;
static gint64 last_cpu_us, longest_busy_us;
static gint64 last_wait_us, longest_own_us;
/* The same figures over the state build only. */
static gint64 build_start_us, build_longest_us, build_busy_us, build_own_us;
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

/* The second field of a schedstat file: time spent runnable but waiting
 * for a core, in ns (as us); -1 where the kernel does not say. The file
 * stays open (*fd, -2 before the first call): a tick every 5 ms reads it. */
static gint64
schedstat_wait_us (int *fd, const char *path)
{
  char buf[128];
  unsigned long long run_ns, wait_ns;
  ssize_t n;

  if (*fd == -2)
    *fd = open (path, O_RDONLY | O_CLOEXEC);
  if (*fd < 0 || (n = pread (*fd, buf, sizeof buf - 1, 0)) <= 0)
    return -1;
  buf[n] = '\0';
  return sscanf (buf, "%llu %llu", &run_ns, &wait_ns) == 2 ? (gint64) (wait_ns / 1000) : -1;
}

/* Time the main thread, and the X server when LTTV_STALL_XSERVER_PID
 * names it (the tests' Xvfb), spent waiting for a core. A stall minus this
 * wait is what the program itself caused (its callbacks, or blocking on a
 * lock or the disk); the rest is other processes holding the cores of a
 * busy machine, the X server's turn to answer included. (Called on the
 * main thread only: thread-self is it.) */
static gint64
thread_runqueue_wait_us (void)
{
  static int self_fd = -2, x_fd = -2;
  gint64 us = schedstat_wait_us (&self_fd, "/proc/thread-self/schedstat");
  const char *x = g_getenv ("LTTV_STALL_XSERVER_PID");

  if (us >= 0 && x != NULL && *x != '\0')
    {
      g_autofree char *path = g_strdup_printf ("/proc/%s/schedstat", x);
      gint64 xs = schedstat_wait_us (&x_fd, path);
      if (xs >= 0)
        us += xs;
    }
  return us;
}

/* A tick that comes late by d means the loop was busy for about d. */
static gboolean
verbose (void)
{
  return g_strcmp0 (g_getenv ("LTTV_STALL_REPORT"), "verbose") == 0;
}

static gboolean
tick_cb (gpointer data)
{
  gint64 now = g_get_monotonic_time ();
  gint64 gap = now - last_tick_us - TICK_MS * 1000;
  gint64 cpu = thread_cpu_us ();
  gint64 wait = thread_runqueue_wait_us ();
  /* Without schedstat, the whole gap counts as ours. */
  gint64 own = wait >= 0 && last_wait_us >= 0 ? gap - (wait - last_wait_us) : gap;
  /* (never less than the main thread's own CPU time meanwhile) */
  own = MAX (own, cpu - last_cpu_us);

  longest_busy_us = MAX (longest_busy_us, cpu - last_cpu_us);
  longest_own_us = MAX (longest_own_us, own);
  if (build_start_us != 0)
    {
      build_longest_us = MAX (build_longest_us, gap);
      build_busy_us = MAX (build_busy_us, cpu - last_cpu_us);
      build_own_us = MAX (build_own_us, own);
    }
  /* verbose: every tick that ran 10 ms of callbacks, by the monotonic
   * clock, to find them in a profile (perf record -k CLOCK_MONOTONIC) */
  if (cpu - last_cpu_us >= 10000 && verbose ())
    g_printerr ("lttv-gui: busy %.1f ms of main-thread CPU ending at %.6f s\n",
                (cpu - last_cpu_us) / 1000.0, now / 1e6);
  /* and every stall of 10 ms of its own: a phase's longest, or a wait
   * off the CPU (a lock, the disk, the X server) */
  if (own >= 10000 && verbose ())
    g_printerr ("lttv-gui: own stall %.1f ms (%.1f ms of it off the CPU) ending at %.6f s\n",
                own / 1000.0, MAX (own - (cpu - last_cpu_us), 0) / 1000.0, now / 1e6);
  last_cpu_us = cpu;
  last_wait_us = wait;

  if (gap > longest_us)
    {
      longest_us = gap;
      /* LTTV_STALL_REPORT=verbose: each new record as it happens. */
      if (verbose ())
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
  last_wait_us = thread_runqueue_wait_us ();
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
  last_wait_us = thread_runqueue_wait_us ();
  longest_us = longest_busy_us = longest_own_us = 0;
  /* A build started before the first frame (its traces opened first, as
   * on a loaded machine) counts from here too. */
  build_longest_us = build_busy_us = build_own_us = 0;
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

void
lttv_stall_meter_build_started (void)
{
  if (tick_id == 0)
    return;
  build_start_us = g_get_monotonic_time ();
  build_longest_us = build_busy_us = build_own_us = 0;
}

void
lttv_stall_meter_build_ended (gboolean cached)
{
  gint64 now = g_get_monotonic_time ();

  if (tick_id == 0)
    return;
  /* Printed at once: scripts wait for this line. */
  if (cached)
    g_printerr ("lttv-gui: state history loaded from the cache %.1f ms after launch\n",
                (now - launch_us) / 1000.0);
  else if (build_start_us != 0)
    g_printerr ("lttv-gui: state history built in %.1f ms, %.1f ms after launch; "
                "longest main-loop stall during the build: %.1f ms (main-thread CPU %.1f ms, "
                "not waiting for a core %.1f ms)\n",
                (now - build_start_us) / 1000.0, (now - launch_us) / 1000.0,
                build_longest_us / 1000.0, build_busy_us / 1000.0, build_own_us / 1000.0);
  build_start_us = 0;
}

double
lttv_stall_meter_longest_ms (void)
{
  return longest_us / 1000.0;
}

double
lttv_stall_meter_longest_own_ms (void)
{
  return longest_own_us / 1000.0;
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
  g_printerr ("lttv-gui: longest main-loop stall not spent waiting for a core: %.1f ms\n",
              lttv_stall_meter_longest_own_ms ());
  if (first_paint_us != 0)
    g_printerr ("lttv-gui: first paint of a tab: %.1f ms after launch\n",
                (first_paint_us - launch_us) / 1000.0);
  if (opened_paint_us != 0)
    g_printerr ("lttv-gui: first paint of an opened traceset: %.1f ms after launch\n",
                (opened_paint_us - launch_us) / 1000.0);
  g_clear_handle_id (&tick_id, g_source_remove);
}

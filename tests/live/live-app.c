/* SPDX-License-Identifier: GPL-2.0-or-later */
/* live-app.c: a small program instrumented with LTTng-UST, for the live
 * tests and bench/live.sh: `live-app N [RATE [THREADS]]` records N tick
 * events per thread, RATE per second per thread (0: as fast as it can),
 * between two phase events. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "live-tp.h"

static long n_events;
static double rate;

static void *
run (void *arg)
{
  char text[32];
  struct timespec start;
  clock_gettime (CLOCK_MONOTONIC, &start);
  for (long i = 0; i < n_events; i++)
    {
      snprintf (text, sizeof text, "tick %ld", i);
      lttng_ust_tracepoint (lttv_live, tick, (int) i, text,
                            (double) i / (double) (n_events ? n_events : 1));
      if (rate > 0)
        {
          /* paced against the start, so sleeping late does not drift */
          double due = (double) (i + 1) / rate;
          struct timespec now;
          clock_gettime (CLOCK_MONOTONIC, &now);
          double el = (double) (now.tv_sec - start.tv_sec)
            + (double) (now.tv_nsec - start.tv_nsec) / 1e9;
          if (due > el)
            {
              double d = due - el;
              struct timespec ts = { (time_t) d,
                                     (long) ((d - (time_t) d) * 1e9) };
              nanosleep (&ts, NULL);
            }
        }
    }
  (void) arg;
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: live-app N [RATE [THREADS]]\n");
      return 2;
    }
  n_events = atol (argv[1]);
  rate = argc > 2 ? atof (argv[2]) : 0;
  int threads = argc > 3 ? atoi (argv[3]) : 1;
  if (threads < 1 || threads > 64)
    threads = 1;
  lttng_ust_tracepoint (lttv_live, phase, 1);
  pthread_t t[64];
  for (int i = 0; i < threads; i++)
    pthread_create (&t[i], NULL, run, NULL);
  for (int i = 0; i < threads; i++)
    pthread_join (t[i], NULL);
  lttng_ust_tracepoint (lttv_live, phase, 2);
  return 0;
}

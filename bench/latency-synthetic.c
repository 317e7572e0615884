/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <math.h>

#include "latency-synthetic.h"

LttvLatency *
latency_synthetic_new (guint64 n, LttvTime span)
{
  LttvLatency *l = latency_store_new ();
  GRand *r = g_rand_new_with_seed (33);
  for (guint64 k = 0; k < n; k++)
    {
      LttvLatencyInterval x = { span * k / n,
                                (guint64) exp (g_rand_double_range (r, log (100), log (1e7))),
                                1, 0, 0, 0, 0 };
      latency_store_append (l, LTTV_LATENCY_SYSCALL, &x);
    }
  g_rand_free (r);
  latency_store_finish (l);
  return l;
}

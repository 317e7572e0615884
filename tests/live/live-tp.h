/* SPDX-License-Identifier: GPL-2.0-or-later */
/* live-tp.h: the tracepoints of live-app.c (an LTTng-UST provider). */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttv_live

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./live-tp.h"

#if !defined(LIVE_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define LIVE_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT (
  lttv_live, tick,
  LTTNG_UST_TP_ARGS (int, seq, const char *, text, double, ratio),
  LTTNG_UST_TP_FIELDS (
    lttng_ust_field_integer (int, seq, seq)
    lttng_ust_field_integer_hex (unsigned int, mask, (unsigned) seq * 2654435761u)
    lttng_ust_field_string (text, text)
    lttng_ust_field_float (double, ratio, ratio)
  )
)

LTTNG_UST_TRACEPOINT_EVENT (
  lttv_live, phase,
  LTTNG_UST_TP_ARGS (int, phase),
  LTTNG_UST_TP_FIELDS (lttng_ust_field_integer (int, phase, phase))
)

#endif

#include <lttng/tracepoint-event.h>

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* state-before.h: `lttv state` before the traceset's first event. */
#pragma once

#include <lttv/lttv.h>

/* The statedump's threads as `lttv state` lines without their time
 * ("Threads/<tid>/Exec_name\tNAME", PPID, PID), sorted by path; empty
 * without a statedump. Reads from the first event to the statedump's
 * end. */
GPtrArray *state_before_statedump (LttvTraceset *ts);

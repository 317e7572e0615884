/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-map-guard.h: a stream file cut under its mapping reads as zeros
 * past its new end instead of raising SIGBUS (ctf-map-guard.c). */
#pragma once

#include <glib.h>

typedef struct _CtfStream CtfStream;

/* How many pages of zeros the handler has put in place, in every stream
 * (atomic): 0 while no file has been cut. */
extern G_GNUC_INTERNAL unsigned ctf_map_faults;

/* Guards s->map (s->size bytes) until ctf_map_guard_remove; sets
 * s->map_cut to UINT64_MAX (no page cut). The handler is installed the
 * first time. */
void ctf_map_guard_add (CtfStream *s);
void ctf_map_guard_remove (CtfStream *s);

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf2-emit.h: a compiled CTF 1.8 trace class (core/ctf's model) written
 * as CTF 2 metadata: a JSON text sequence (RFC 7464) describing the same
 * data stream bytes. */
#pragma once

#include "ctf-types.h"

/* The CTF 2 metadata text of `tc` (compiled: byte orders, meanings and
 * paths resolved), or NULL and `error` set (what CTF 2 cannot say). */
char *ctf2_emit_metadata (CtfTraceClass *tc, gsize *len, GError **error);

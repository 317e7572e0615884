/* SPDX-License-Identifier: GPL-2.0-or-later */
/* build-memory.h: the memory a build may still take, so that it stops
 * with a clear error, keeping what it built, before an allocation fails
 * (which would end the program: GLib aborts on it). */
#pragma once

#include <glib.h>

/* A build stops when less than this is left: room for what the other
 * threads (a window's viewers) allocate meanwhile and for the build's
 * own growth until its next look (256 K events: a few MB). */
#define STATE_MEMORY_FLOOR ((guint64) 48 << 20)

/* Bytes the process may still allocate: the least of what its address
 * space and data limits (RLIMIT_AS, RLIMIT_DATA) leave, of what its
 * memory cgroup (v2 or v1) leaves, and of the system's available memory
 * and free swap. G_MAXUINT64 when nothing limits it. */
guint64 state_memory_headroom (void);

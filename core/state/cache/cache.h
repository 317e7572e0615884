/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cache.h: the state cache file (cache.c), for the build that loads and
 * saves it. */
#pragma once

#include <sys/uio.h>

#include "state-private.h"
#include "writer.h"

/* The cache (cache.c): TRUE when `s` was filled from a valid cache file.
 * The history then decodes its blocks lazily (history-lazy.c). */
#define STATE_CACHE_MAGIC "LTTV-STATE-CACHE"
#define STATE_CACHE_VERSION 16  /* 4: sections, blocks checked lazily;
                                   5: runs of empty density buckets;
                                   6: blocks in any order, OFFS with
                                   their lengths;
                                   7: chunks of 4 to 128 changes;
                                   8: a change's value left out when it
                                   is the one two changes before;
                                   9: time deltas in 4-byte words;
                                   10: more anomaly kinds, the block
                                   requests;
                                   11: the history begins at the first
                                   event, clocks not at 1 GHz convert
                                   as babeltrace2's;
                                   12: losses make CPUs unknown;
                                   13: LTTng's pid and procname
                                   contexts name re-synced threads;
                                   14: the latency analyses
                                   15: wakeup edges;
                                   16: the latencies in blocks */
gboolean state_cache_load (LttvState *s);
/* A build for the cache starts its file (a temporary one, in the cache
 * folder): the store its blocks go to as they are encoded. */
StateBlockStore *state_cache_begin (LttvState *s);
/* The build is over: the rest of the file, renamed to its name. */
void state_cache_save (LttvState *s);
/* The build stopped: the file is removed. */
void state_cache_abandon (LttvState *s);
/* Its name (cache-key.c): the key names the traceset's content. */
char *state_cache_key (LttvState *s);
char *state_cache_path (LttvState *s, const char *key);
/* Removes the other cache files of this traceset (older contents), and
 * the temporary files of its writes that were interrupted. */
/* The LATENCY section (cache-latency.c): `l` (NULL: built without the
 * analyses): its head written to `w` (the TOC's checksum covers it), then
 * `blocks` (in memory, written as they are); returns their length. Read
 * back into `*out`, `*present` FALSE when the file was built without them.
 * FALSE: not a section we wrote. */
gsize state_cache_put_latency (Writer *w, const LttvLatency *l,
                               struct iovec blocks[LTTV_LATENCY_N_KINDS]);
gboolean state_cache_get_latency (const guint8 *bytes, gsize len, guint64 sum, gboolean *present,
                                  LttvLatency **out);
void state_cache_remove_stale (LttvState *s, const char *keep);

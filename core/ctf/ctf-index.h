/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-index.h: LTTng packet index files. */
#pragma once

#include "ctf-trace.h"

/* Appends the packets listed in the index file of `stream_path` (its
 * folder's index/NAME.idx) to `packets` (CtfPacket, times in cycles, ns
 * not set). FALSE, with `packets` unchanged, when there is no usable
 * index. */
gboolean ctf_index_load (const char *stream_path, uint64_t file_size,
                         GArray *packets);

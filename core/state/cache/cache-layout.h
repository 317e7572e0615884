/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cache-layout.h: where things are in a state cache file (cache.c tells
 * what each section holds): the header's fields and the sections' order.
 * Shared with the fuzzing harness, which rewrites the sums. */
#pragma once

enum { SEC_DATA, SEC_META, SEC_ATTRS, SEC_FIRSTS, SEC_OFFS, SEC_SUMS, SEC_DENSITY, SEC_LATENCY,
       N_SECTIONS };
#define MAGIC_LEN 16
#define BYTE_ORDER_MARK 0x01020304u
/* version (u32) at 16, byte-order mark (u32) at 20, file size (u64) at
 * 24, number of sections (u64) at 32, then {offset, length, checksum}
 * (u64 each) per section, then the checksum of all that */
#define TOC_POS 40
#define HEADER_SUM_POS (TOC_POS + N_SECTIONS * 24)
#define HEADER_LEN (HEADER_SUM_POS + 8)

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* asan.h: LTTV_ASAN is defined when AddressSanitizer instruments the build
 * (GCC says so with __SANITIZE_ADDRESS__, clang with __has_feature). Our
 * own allocators (big arrays, the history's arena, packet copies) then
 * hand out plain malloc blocks, or poison what they do not hand out, so
 * that a read or write past an object is still caught. */
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define LTTV_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LTTV_ASAN 1
#endif
#endif

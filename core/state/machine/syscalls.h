/* SPDX-License-Identifier: GPL-2.0-or-later */
/* syscalls.h: system call names by number, for tracers that record ids. */
#pragma once

#include <glib.h>
#include <stdint.h>

/* The name of x86_64 system call `id`, or NULL when it has none. */
const char *state_syscall_name_x86_64 (int64_t id);

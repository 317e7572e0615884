/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tracecmd-extra.h: functions libtracecmd exports (and trace-cmd itself
 * calls) that its installed header leaves out: the file's CPUs, clock,
 * uname, CPU statistics, version and page size. Their prototypes, as in trace-cmd's
 * lib/trace-cmd/include/private/trace-cmd-private.h (libtracecmd 1.x). */
#pragma once

#include <trace-cmd/trace-cmd.h>

int tracecmd_cpus (struct tracecmd_input *handle);
const char *tracecmd_get_trace_clock (struct tracecmd_input *handle);
const char *tracecmd_get_cpustats (struct tracecmd_input *handle);
const char *tracecmd_get_uname (struct tracecmd_input *handle);
const char *tracecmd_get_version (struct tracecmd_input *handle);
unsigned long tracecmd_get_in_file_version (struct tracecmd_input *handle);
int tracecmd_page_size (struct tracecmd_input *handle);

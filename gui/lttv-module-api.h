/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The part of the module API that only modules call (timeline widget,
 * thread selection): the host links it in through this. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Makes sure the functions modules resolve against the program are
 * linked into it (a convenience library only brings what is called). */
void lttv_module_api_link (void);

G_END_DECLS

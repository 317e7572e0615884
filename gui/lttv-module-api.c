/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include "lttv-module-api.h"
#include "lttv-thread-selection.h"
#include "lttv-timeline-host.h"
#include "lttv-timeline-view.h"

void
lttv_module_api_link (void)
{
  /* One symbol of each file that nothing in the shell calls. */
  static gpointer volatile keep[] = {
    (gpointer) lttv_timeline_view_new,
    (gpointer) lttv_timeline_model_new,
    (gpointer) lttv_timeline_host_new,
    (gpointer) lttv_viewer_context_select_thread,
  };
  g_type_ensure (LTTV_TYPE_TIMELINE_VIEW);
  (void) keep;
}

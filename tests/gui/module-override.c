/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A module with the id of the installed traceinfo module: when its folder
 * comes first in LTTV_MODULE_PATH it is the one that loads. It registers
 * the viewer id "traceinfo" with a label of its own, so that a test can
 * tell which module won. */
#include "config.h"

#include <lttv-module.h>

static GtkWidget *
override_create (LttvViewerContext *ctx)
{
  return gtk_label_new ("override");
}

static const LttvViewerInfo viewer = {
  .id = "traceinfo",
  .label = "Override of traceinfo",
  .icon_name = "dialog-warning-symbolic",
  .create = override_create,
};

static gboolean
override_init (GError **error)
{
  lttv_viewer_register (&viewer);
  return TRUE;
}

static const LttvModuleInfo info = {
  .abi_version = LTTV_MODULE_ABI_VERSION,
  .struct_size = sizeof (LttvModuleInfo),
  .id = "traceinfo",
  .name = "traceinfo override (test)",
  .version = "9.9",
  .init = override_init,
};

const LttvModuleInfo *
lttv_module_entry (void)
{
  return &info;
}

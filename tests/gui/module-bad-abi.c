/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A module built for another ABI of the module interface: lttv-gui must
 * refuse it, naming this file, and load the others. Its init would crash
 * the host if it were ever called. */
#include "config.h"

#include <lttv-module.h>

static gboolean
bad_init (GError **error)
{
  g_error ("the host called init of a module with the wrong ABI");
  return FALSE;
}

static const LttvModuleInfo info = {
  .abi_version = LTTV_MODULE_ABI_VERSION + 998,
  .struct_size = sizeof (LttvModuleInfo),
  .id = "badabi",
  .name = "Wrong ABI",
  .version = "0",
  .init = bad_init,
};

const LttvModuleInfo *
lttv_module_entry (void)
{
  return &info;
}

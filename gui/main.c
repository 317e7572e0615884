/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-gui: the graphical trace viewer. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include <lttv/lttv.h>
#include <lttv-internal/huge-heap.h>

#include "lttv-application.h"
#include "lttv-stall-meter.h"

int
main (int argc, char **argv)
{
  /* malloc's heap on huge pages, for every thread: the state history is
   * built in a worker thread (lttv-internal/huge-heap.h) */
  lttv_huge_heap_init ();
  lttv_stall_meter_mark_launch ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, lttv_paths_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_autoptr (LttvApplication) app = lttv_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}

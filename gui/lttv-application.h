/* LttvApplication: the GtkApplication of lttv-gui. It opens the traces
 * named on the command line as one traceset in a window, or the bundled
 * sample trace when none is named. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LTTV_APPLICATION_ID "org.lttv.Lttv"

#define LTTV_TYPE_APPLICATION (lttv_application_get_type ())
G_DECLARE_FINAL_TYPE (LttvApplication, lttv_application, LTTV, APPLICATION, GtkApplication)

LttvApplication *lttv_application_new (void);

G_END_DECLS

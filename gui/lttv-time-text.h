/* lttv-time-text: trace times as people read them in the window. */
#pragma once

#include <glib.h>

#include <lttv/time.h>

G_BEGIN_DECLS

/* "2016-03-04 17:46:22.794565804" in the local time zone; newly allocated. */
char *lttv_time_text_clock (LttvTime t);
/* "1.250000000 s"; newly allocated. */
char *lttv_time_text_duration (LttvTime d);

G_END_DECLS

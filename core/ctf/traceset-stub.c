/* Stand-in for the traceset API until the CTF reader lands: every open
 * fails with a clear message. Removed when core/ctf/ implements it. */
#include "config.h"

#include <lttv/error.h>
#include <lttv/traceset.h>

LttvTraceset *
lttv_traceset_open (const char *const *paths, GError **error)
{
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_UNSUPPORTED,
               "%s: this build has no trace reader yet",
               paths != NULL && paths[0] != NULL ? paths[0] : "(none)");
  return NULL;
}

void lttv_traceset_free (LttvTraceset *ts) { }
guint lttv_traceset_n_traces (const LttvTraceset *ts) { return 0; }
LttvTrace *lttv_traceset_get_trace (const LttvTraceset *ts, guint i) { return NULL; }
LttvTime lttv_traceset_begin (const LttvTraceset *ts) { return 0; }
LttvTime lttv_traceset_end (const LttvTraceset *ts) { return 0; }
const GPtrArray *lttv_traceset_get_problems (const LttvTraceset *ts) { return NULL; }
const char *lttv_trace_path (const LttvTrace *trace) { return NULL; }
const char *lttv_event_class_name (const LttvEventClass *ec) { return ""; }
const LttvTrace *lttv_event_class_trace (const LttvEventClass *ec) { return NULL; }
LttvFieldRef lttv_event_class_field (const LttvEventClass *ec, const char *name) { return -1; }
LttvTime lttv_event_time (const LttvEvent *ev) { return 0; }
int lttv_event_cpu (const LttvEvent *ev) { return -1; }
const LttvEventClass *lttv_event_get_class (const LttvEvent *ev) { return NULL; }
gboolean lttv_event_get_int (const LttvEvent *ev, LttvFieldRef f, int64_t *out) { return FALSE; }
gboolean lttv_event_get_uint (const LttvEvent *ev, LttvFieldRef f, uint64_t *out) { return FALSE; }
const char *lttv_event_get_string (const LttvEvent *ev, LttvFieldRef f, size_t *len) { return NULL; }

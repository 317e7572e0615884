/* Weak stand-ins for the traceset API until the CTF reader (core/ctf/)
 * provides it: the reader's definitions replace these at link time. With
 * them alone, opening a trace fails with a clear message. */
#include "config.h"

#include <lttv/error.h>
#include <lttv/traceset.h>

#define WEAK __attribute__ ((weak))

WEAK LttvTraceset *
lttv_traceset_open (const char *const *paths, GError **error)
{
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_UNSUPPORTED,
               "%s: no trace reader in this build", paths[0] ? paths[0] : "");
  return NULL;
}
WEAK void lttv_traceset_free (LttvTraceset *ts) { (void) ts; }
WEAK guint lttv_traceset_n_traces (const LttvTraceset *ts) { (void) ts; return 0; }
WEAK LttvTrace *lttv_traceset_get_trace (const LttvTraceset *ts, guint i) { (void) ts; (void) i; return NULL; }
WEAK LttvTime lttv_traceset_begin (const LttvTraceset *ts) { (void) ts; return 0; }
WEAK LttvTime lttv_traceset_end (const LttvTraceset *ts) { (void) ts; return 0; }
WEAK const GPtrArray *lttv_traceset_get_problems (const LttvTraceset *ts) { (void) ts; return NULL; }
WEAK const char *lttv_trace_path (const LttvTrace *t) { (void) t; return NULL; }
WEAK const char *lttv_trace_env_string (const LttvTrace *t, const char *k) { (void) t; (void) k; return NULL; }
WEAK gboolean lttv_trace_env_int (const LttvTrace *t, const char *k, int64_t *o) { (void) t; (void) k; (void) o; return FALSE; }
WEAK guint lttv_trace_n_event_classes (const LttvTrace *t) { (void) t; return 0; }
WEAK const LttvEventClass *lttv_trace_get_event_class (const LttvTrace *t, guint i) { (void) t; (void) i; return NULL; }
WEAK LttvTime lttv_trace_begin (const LttvTrace *t) { (void) t; return 0; }
WEAK LttvTime lttv_trace_end (const LttvTrace *t) { (void) t; return 0; }
WEAK const char *lttv_event_class_name (const LttvEventClass *ec) { (void) ec; return ""; }
WEAK guint lttv_event_class_index (const LttvEventClass *ec) { (void) ec; return 0; }
WEAK const LttvTrace *lttv_event_class_trace (const LttvEventClass *ec) { (void) ec; return NULL; }
WEAK LttvFieldRef lttv_event_class_field (const LttvEventClass *ec, const char *n) { (void) ec; (void) n; return -1; }
WEAK LttvIter *lttv_iter_new (LttvTraceset *ts) { (void) ts; return NULL; }
WEAK void lttv_iter_free (LttvIter *it) { (void) it; }
WEAK gboolean lttv_iter_seek_time (LttvIter *it, LttvTime t, GError **e) { (void) it; (void) t; (void) e; return FALSE; }
WEAK const LttvEvent *lttv_iter_next (LttvIter *it, GError **e) { (void) it; (void) e; return NULL; }
WEAK LttvTime lttv_event_time (const LttvEvent *ev) { (void) ev; return 0; }
WEAK int lttv_event_cpu (const LttvEvent *ev) { (void) ev; return -1; }
WEAK const LttvEventClass *lttv_event_get_class (const LttvEvent *ev) { (void) ev; return NULL; }
WEAK gboolean lttv_event_get_int (const LttvEvent *ev, LttvFieldRef f, int64_t *o) { (void) ev; (void) f; (void) o; return FALSE; }
WEAK gboolean lttv_event_get_uint (const LttvEvent *ev, LttvFieldRef f, uint64_t *o) { (void) ev; (void) f; (void) o; return FALSE; }
WEAK const char *lttv_event_get_string (const LttvEvent *ev, LttvFieldRef f, size_t *l) { (void) ev; (void) f; (void) l; return NULL; }

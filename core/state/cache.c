/* The state cache: the history, checkpoints and event counts of a
 * traceset, saved in $XDG_CACHE_HOME/lttv/state-<key>.cache. The key is a
 * SHA-256 of every trace's path and identity and of its files' names,
 * sizes and modification times, so a changed trace gets a new file. The
 * file ends with a 64-bit checksum of its content (against damage, not
 * against malice: it is the user's own cache): a partial or corrupt file is
 * never trusted (the state is rebuilt and the file rewritten), and reading
 * it checks every bound. Nothing is written into the trace folder. */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include <lttv/paths.h>

#include "history-private.h"
#include "state-private.h"

#define CACHE_MAGIC "LTTV-STATE-CACHE"
#define CACHE_VERSION 3   /* 3: the event density */
#define SUM_LEN 8

/* A checksum fast enough not to cost more than reading the file: 64-bit
 * words mixed by multiplication, the tail byte by byte, the length last. */
static guint64
checksum (const guint8 *p, gsize len)
{
  guint64 h = 0x9e3779b97f4a7c15u ^ len;
  gsize i = 0;
  for (; i + 8 <= len; i += 8)
    {
      guint64 w;
      memcpy (&w, p + i, 8);
      h = (h ^ w) * 0xff51afd7ed558ccdu;
      h ^= h >> 32;
    }
  for (; i < len; i++)
    h = (h ^ p[i]) * 0xc4ceb9fe1a85ec53u;
  h ^= h >> 29;
  return h * 0x9e3779b97f4a7c15u;
}

/* --- The key --------------------------------------------------------------- */

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
key_add_files (GString *key, const char *dir, const char *rel)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, n, NULL);
      g_autofree char *sub = rel[0] ? g_strconcat (rel, "/", n, NULL) : g_strdup (n);
      struct stat st;
      if (g_stat (path, &st) != 0)
        continue;
      if (S_ISDIR (st.st_mode))
        key_add_files (key, path, sub);
      else
        g_string_append_printf (key, "%s %lld %lld.%09ld\n", sub, (long long) st.st_size,
                                (long long) st.st_mtim.tv_sec, (long) st.st_mtim.tv_nsec);
    }
  g_ptr_array_unref (names);
}

/* Every trace's absolute path, identity (env) and files. */
static char *
cache_key (LttvState *s)
{
  GString *key = g_string_new (NULL);
  g_string_append_printf (key, "%s %d\n", CACHE_MAGIC, CACHE_VERSION);
  for (guint i = 0; i < lttv_traceset_n_traces (s->ts); i++)
    {
      LttvTrace *t = lttv_traceset_get_trace (s->ts, i);
      const char *path = lttv_trace_path (t);
      g_autofree char *abs = g_canonicalize_filename (path ? path : "", NULL);
      g_string_append_printf (key, "trace %s\n", abs);
      const char *env[] = { "hostname", "host", "tracer_name", "trace_name",
                            "trace_creation_datetime", "kernel_release", "release" };
      for (guint k = 0; k < G_N_ELEMENTS (env); k++)
        {
          const char *v = lttv_trace_env_string (t, env[k]);
          if (v != NULL)
            g_string_append_printf (key, "env %s=%s\n", env[k], v);
        }
      key_add_files (key, abs, "");
    }
  return g_string_free (key, FALSE);
}

static char *
cache_path (const char *key)
{
  g_autofree char *dir = lttv_paths_cache_dir ();
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
  g_autofree char *name = g_strdup_printf ("state-%s.cache", sum);
  return g_build_filename (dir, name, NULL);
}

/* --- Writing ---------------------------------------------------------------- */

/* A growing buffer written without a function call per byte. */
typedef struct {
  guint8 *data;
  gsize len, cap;
} Writer;

static inline void
reserve (Writer *w, gsize n)
{
  if (w->len + n > w->cap)
    {
      w->cap = MAX (w->cap * 2, w->len + n + 4096);
      w->data = g_realloc (w->data, w->cap);
    }
}

static inline void
put_varint (Writer *w, guint64 v)
{
  reserve (w, 10);
  guint8 *p = w->data + w->len;
  while (v > 0x7f)
    {
      *p++ = (guint8) (v | 0x80);
      v >>= 7;
    }
  *p++ = (guint8) v;
  w->len = (gsize) (p - w->data);
}

static void
put_string (Writer *w, const char *s)
{
  size_t n = strlen (s);
  put_varint (w, n);
  reserve (w, n);
  memcpy (w->data + w->len, s, n);
  w->len += n;
}

void
state_cache_save (LttvState *s)
{
  g_autofree char *key = cache_key (s);
  g_autofree char *path = cache_path (key);
  g_autofree char *dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    return;

  LttvHistory *h = s->history;
  Writer wr = { g_malloc (1 << 20), 0, 1 << 20 }, *b = &wr;
  put_string (b, key);
  put_varint (b, s->n_events);
  for (guint i = 0; i < LTTV_N_ANOMALIES; i++)
    put_varint (b, s->anomalies[i]);
  put_varint (b, h->begin);
  put_varint (b, h->committed_limit);

  put_varint (b, s->type_names->len);
  for (guint i = 0; i < s->type_names->len; i++)
    put_string (b, g_ptr_array_index (s->type_names, i));
  put_varint (b, s->checkpoints->len);
  for (guint i = 0; i < s->checkpoints->len; i++)
    {
      LttvCheckpoint *cp = &g_array_index (s->checkpoints, LttvCheckpoint, i);
      put_varint (b, cp->time);
      put_varint (b, cp->skip);
    }
  put_varint (b, s->block_start->len);
  for (guint i = 0; i < s->block_start->len; i++)
    put_varint (b, g_array_index (s->block_start, guint64, i));
  put_varint (b, s->counts->len);
  for (guint i = 0; i < s->counts->len; i++)
    {
      StateCount *c = &g_array_index (s->counts, StateCount, i);
      put_varint (b, c->type);
      put_varint (b, c->cpu);
      put_varint (b, c->count);
    }
  LttvDensity *d = s->density;
  put_varint (b, state_density_shift (d));
  put_varint (b, state_density_n_buckets (d));
  for (guint i = 0; i < state_density_n_buckets (d); i++)
    put_varint (b, state_density_bucket (d, i));

  put_varint (b, h->strings->len);
  for (guint i = 0; i < h->strings->len; i++)
    put_string (b, g_ptr_array_index (h->strings, i));
  put_varint (b, h->n_attrs);
  for (guint i = 0; i < h->n_attrs; i++)
    {
      HistoryAttr *a = &h->attrs[i];
      put_varint (b, a->parent == LTTV_ATTR_NONE ? 0 : (guint64) a->parent + 1);
      put_string (b, a->name);
      put_varint (b, a->n);
      LttvTime prev = 0;
      for (guint k = 0; k < a->n; k++)
        {
          HistoryChange *c = history_change (a, k);
          put_varint (b, c->start - prev);
          put_varint (b, c->value);
          prev = c->start;
        }
    }

  guint64 sum = GUINT64_TO_LE (checksum (b->data, b->len));
  reserve (b, SUM_LEN);
  memcpy (b->data + b->len, &sum, SUM_LEN);
  b->len += SUM_LEN;
  /* Atomic: a reader sees the old file or the whole new one. */
  g_file_set_contents (path, (const char *) b->data, (gssize) b->len, NULL);
  g_free (b->data);
}

/* --- Reading, every bound checked ----------------------------------------- */

typedef struct {
  const guint8 *p, *end;
  gboolean bad;
} Reader;

static guint64
get_varint (Reader *r)
{
  guint64 v = 0;
  for (guint shift = 0; shift < 64; shift += 7)
    {
      if (r->p >= r->end)
        break;
      guint8 byte = *r->p++;
      v |= (guint64) (byte & 0x7f) << shift;
      if (!(byte & 0x80))
        return v;
    }
  r->bad = TRUE;
  return 0;
}

/* A count that the rest of the file could hold (at least one byte each). */
static guint64
get_count (Reader *r)
{
  guint64 n = get_varint (r);
  if (n > (guint64) (r->end - r->p))
    {
      r->bad = TRUE;
      return 0;
    }
  return n;
}

static char *
get_string (Reader *r)
{
  guint64 n = get_varint (r);
  if (r->bad || n > (guint64) (r->end - r->p))
    {
      r->bad = TRUE;
      return NULL;
    }
  char *s = g_strndup ((const char *) r->p, n);
  r->p += n;
  return s;
}

static gboolean
load_checked (LttvState *s, Reader *r, const char *key)
{
  g_autofree char *file_key = get_string (r);
  if (r->bad || strcmp (file_key, key) != 0)
    return FALSE;
  s->n_events = get_varint (r);
  for (guint i = 0; i < LTTV_N_ANOMALIES; i++)
    s->anomalies[i] = get_varint (r);
  LttvTime begin = get_varint (r);
  LttvTime limit = get_varint (r);

  /* Event types are known from the traceset: they must be the same. */
  guint64 n_types = get_count (r);
  if (r->bad || n_types != s->type_names->len)
    return FALSE;
  for (guint i = 0; i < n_types; i++)
    {
      g_autofree char *name = get_string (r);
      if (r->bad || strcmp (name, g_ptr_array_index (s->type_names, i)) != 0)
        return FALSE;
    }
  guint64 n_cp = get_count (r);
  for (guint64 i = 0; i < n_cp && !r->bad; i++)
    {
      LttvCheckpoint cp = { i * LTTV_STATE_CHECKPOINT_EVENTS, get_varint (r), 0 };
      cp.skip = (guint32) get_varint (r);
      g_array_append_val (s->checkpoints, cp);
    }
  guint64 n_blocks = get_count (r);
  for (guint64 i = 0; i < n_blocks && !r->bad; i++)
    {
      guint64 v = get_varint (r);
      g_array_append_val (s->block_start, v);
    }
  guint64 n_counts = get_count (r);
  for (guint64 i = 0; i < n_counts && !r->bad; i++)
    {
      StateCount c;
      c.type = (guint32) get_varint (r);
      c.cpu = (guint32) get_varint (r);
      c.count = (guint32) get_varint (r);
      if (c.type >= n_types || c.cpu > STATE_STATS_CPUS)
        return FALSE;
      g_array_append_val (s->counts, c);
    }
  for (guint i = 0; i < s->block_start->len; i++)
    if (g_array_index (s->block_start, guint64, i) > n_counts
        || (i > 0 && g_array_index (s->block_start, guint64, i)
                     < g_array_index (s->block_start, guint64, i - 1)))
      return FALSE;
  if (r->bad || s->block_start->len != n_cp + 1)
    return FALSE;

  /* The density's layout follows from the traceset's range: the same. */
  LttvDensity *d = s->density;
  if (get_varint (r) != state_density_shift (d) || get_varint (r) != state_density_n_buckets (d)
      || r->bad)
    return FALSE;
  guint n_buckets = state_density_n_buckets (d);
  g_autofree guint64 *buckets = g_new (guint64, n_buckets);
  guint64 in_buckets = 0;
  for (guint i = 0; i < n_buckets && !r->bad; i++)
    {
      buckets[i] = get_varint (r);
      in_buckets += buckets[i];
    }
  if (r->bad || in_buckets != s->n_events)
    return FALSE;
  state_density_load (d, buckets);

  LttvHistory *h = s->history;
  guint64 n_strings = get_count (r);
  for (guint64 i = 0; i < n_strings && !r->bad; i++)
    {
      g_autofree char *str = get_string (r);
      if (r->bad || lttv_history_intern (h, str) >> 2 != i)
        return FALSE;   /* a duplicate string: not a file we wrote */
    }
  guint64 n_attrs = get_count (r);
  HistoryChange *buf = NULL;
  guint64 buf_len = 0;
  for (guint64 i = 0; i < n_attrs && !r->bad; i++)
    {
      guint64 parent = get_varint (r);
      g_autofree char *name = get_string (r);
      if (r->bad || parent > i)
        break;
      LttvAttr a = lttv_history_attr_child (h, parent == 0 ? LTTV_ATTR_NONE
                                                           : (LttvAttr) parent - 1, name);
      if (a != i)
        {
          r->bad = TRUE;
          break;
        }
      guint64 n = get_count (r);
      if (n > G_MAXUINT)
        return FALSE;
      if (n > buf_len)
        {
          buf_len = MAX (n, 2 * buf_len);
          buf = g_renew (HistoryChange, buf, buf_len);
        }
      LttvTime t = 0;
      LttvValue prev = LTTV_VALUE_NONE;
      for (guint64 k = 0; k < n && !r->bad; k++)
        {
          guint64 delta = get_varint (r);
          LttvValue v = get_varint (r);
          /* What lttv_history_set guarantees: times going up, each change
           * a new value. */
          if ((k > 0 && delta == 0) || t + delta < t || t + delta >= limit
              || (lttv_value_type (v) == LTTV_VALUE_STRING && (v >> 2) >= n_strings)
              || lttv_value_type (v) == 3 || v == prev)
            {
              g_free (buf);
              return FALSE;
            }
          t += delta;
          buf[k] = (HistoryChange) { t, v };
          prev = v;
        }
      if (r->bad)
        break;
      history_load (h, a, buf, (guint) n);
    }
  g_free (buf);
  if (r->bad || r->p != r->end || limit == 0)
    return FALSE;
  lttv_history_set_begin (h, begin);
  lttv_history_finish (h, limit - 1);
  return TRUE;
}

/* Empties what a failed load may have filled. */
static void
reset (LttvState *s)
{
  lttv_history_free (s->history);
  s->history = lttv_history_new ();
  g_array_set_size (s->checkpoints, 0);
  g_array_set_size (s->block_start, 0);
  g_array_set_size (s->counts, 0);
  s->n_events = 0;
  memset (s->anomalies, 0, sizeof s->anomalies);
  state_density_reset (s->density);
}

gboolean
state_cache_load (LttvState *s)
{
  g_autofree char *key = cache_key (s);
  g_autofree char *path = cache_path (key);
  g_autoptr (GMappedFile) file = g_mapped_file_new (path, FALSE, NULL);
  if (file == NULL)
    return FALSE;
  const char *data = g_mapped_file_get_contents (file);
  gsize len = g_mapped_file_get_length (file);
  if (data == NULL || len < SUM_LEN)
    return FALSE;
  guint64 sum;
  memcpy (&sum, data + len - SUM_LEN, SUM_LEN);
  if (GUINT64_FROM_LE (sum) != checksum ((const guint8 *) data, len - SUM_LEN))
    return FALSE;
  Reader r = { (const guint8 *) data, (const guint8 *) data + len - SUM_LEN, FALSE };
  if (load_checked (s, &r, key))
    return TRUE;
  reset (s);
  return FALSE;
}

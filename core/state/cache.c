/* The state cache: the history, checkpoints and event counts of a
 * traceset, saved in $XDG_CACHE_HOME/lttv/state-<key>.cache. The key is a
 * SHA-256 of every trace's path and identity and of its files' names,
 * sizes and modification times, so a changed trace gets a new file. The
 * file ends with a SHA-256 of its content: a partial or corrupt file is
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
#define CACHE_VERSION 1
#define SHA_LEN 32

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

static void
put_varint (GByteArray *b, guint64 v)
{
  guint8 buf[10];
  guint n = 0;
  do
    {
      buf[n] = (v & 0x7f) | (v > 0x7f ? 0x80 : 0);
      v >>= 7;
      n++;
    }
  while (v != 0);
  g_byte_array_append (b, buf, n);
}

static void
put_string (GByteArray *b, const char *s)
{
  size_t n = strlen (s);
  put_varint (b, n);
  g_byte_array_append (b, (const guint8 *) s, (guint) n);
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
  GByteArray *b = g_byte_array_sized_new (1 << 20);
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

  guint8 sum[SHA_LEN];
  gsize len = sizeof sum;
  GChecksum *ck = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (ck, b->data, b->len);
  g_checksum_get_digest (ck, sum, &len);
  g_checksum_free (ck);
  g_byte_array_append (b, sum, SHA_LEN);
  /* Atomic: a reader sees the old file or the whole new one. */
  g_file_set_contents (path, (const char *) b->data, b->len, NULL);
  g_byte_array_unref (b);
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

  LttvHistory *h = s->history;
  guint64 n_strings = get_count (r);
  for (guint64 i = 0; i < n_strings && !r->bad; i++)
    {
      g_autofree char *str = get_string (r);
      if (r->bad || lttv_history_intern (h, str) >> 2 != i)
        return FALSE;   /* a duplicate string: not a file we wrote */
    }
  guint64 n_attrs = get_count (r);
  for (guint64 i = 0; i < n_attrs && !r->bad; i++)
    {
      guint64 parent = get_varint (r);
      g_autofree char *name = get_string (r);
      if (r->bad || parent > i)
        return FALSE;
      LttvAttr a = lttv_history_attr_child (h, parent == 0 ? LTTV_ATTR_NONE
                                                           : (LttvAttr) parent - 1, name);
      if (a != i)
        return FALSE;
      guint64 n = get_count (r);
      LttvTime t = 0;
      for (guint64 k = 0; k < n && !r->bad; k++)
        {
          guint64 delta = get_varint (r);
          LttvValue v = get_varint (r);
          if ((k > 0 && delta == 0) || t + delta < t || t + delta >= limit
              || (lttv_value_type (v) == LTTV_VALUE_STRING && (v >> 2) >= n_strings)
              || lttv_value_type (v) == 3
              || v == lttv_history_current (h, a))
            return FALSE;
          t += delta;
          lttv_history_set (h, a, t, v);
        }
    }
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
}

gboolean
state_cache_load (LttvState *s)
{
  g_autofree char *key = cache_key (s);
  g_autofree char *path = cache_path (key);
  g_autofree char *data = NULL;
  gsize len = 0;
  if (!g_file_get_contents (path, &data, &len, NULL))
    return FALSE;
  if (len < SHA_LEN)
    return FALSE;
  guint8 sum[SHA_LEN];
  gsize sum_len = sizeof sum;
  GChecksum *ck = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (ck, (const guint8 *) data, len - SHA_LEN);
  g_checksum_get_digest (ck, sum, &sum_len);
  g_checksum_free (ck);
  if (memcmp (sum, data + len - SHA_LEN, SHA_LEN) != 0)
    return FALSE;
  Reader r = { (const guint8 *) data, (const guint8 *) data + len - SHA_LEN, FALSE };
  if (load_checked (s, &r, key))
    return TRUE;
  reset (s);
  return FALSE;
}

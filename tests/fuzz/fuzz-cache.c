/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-cache.c: libFuzzer harness for the state cache's loader (cache.c,
 * history-lazy.c, the density's lazy part). Each input becomes the cache
 * file of a small real trace ($LTTV_FUZZ_TRACE, a folder) with its sums
 * made right (file size, sections, blocks, header), so that the damage
 * reaches the parsers behind them; the history is then read everywhere:
 * values at times across the trace, rows, intervals, paths, the density.
 * A load must answer or refuse, never crash, leak or hang. Seeds: the
 * cache file `lttv state` writes for that trace (make-seeds.sh). */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>
#include <lttv/lttv.h>

#include "cache/cache-layout.h"
#include "history/history-private.h"
#include "cache/cache.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
void fuzz_cache_finish (void);

static LttvTraceset *ts;
static char *cache_dir, *cache_path;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  const char *trace = g_getenv ("LTTV_FUZZ_TRACE");
  g_autoptr (GError) error = NULL;

  if (trace == NULL)
    g_error ("set LTTV_FUZZ_TRACE to a small trace folder (perf/vm-small)");
  /* Before GLib reads it: the cache goes to a folder of our own. */
  cache_dir = g_dir_make_tmp ("lttv-fuzz-cache-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_CACHE_HOME", cache_dir, TRUE);
  const char *paths[] = { trace, NULL };
  ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  LttvState *s = lttv_state_new (ts);
  g_autofree char *key = state_cache_key (s);
  cache_path = state_cache_path (s, key);
  lttv_state_free (s);
  g_autofree char *dir = g_path_get_dirname (cache_path);
  g_mkdir_with_parents (dir, 0700);
  return 0;
}

/* For a run that ends (damage-cache.c): the cache folder goes. */
void
fuzz_cache_finish (void)
{
  g_autofree char *dir = g_path_get_dirname (cache_path);
  g_remove (cache_path);
  g_rmdir (dir);
  g_rmdir (cache_dir);
  g_clear_pointer (&cache_path, g_free);
  g_clear_pointer (&cache_dir, g_free);
  g_clear_pointer (&ts, lttv_traceset_free);
}

static guint64
get64 (const guint8 *p)
{
  guint64 v;
  memcpy (&v, p, 8);
  return v;
}

static void
put64 (guint8 *p, guint64 v)
{
  memcpy (p, &v, 8);
}

/* Makes the sums of `buf` right where its table of sections allows: the
 * file size, each block's, each section's, then the header's. */
static void
fix_sums (guint8 *buf, gsize len)
{
  if (len < HEADER_LEN)
    return;
  put64 (buf + 24, len);
  guint64 toc[N_SECTIONS][3];
  memcpy (toc, buf + TOC_POS, sizeof toc);
  gboolean sound = TRUE;
  for (guint i = 0; i < N_SECTIONS; i++)
    sound &= toc[i][0] <= len && toc[i][1] <= len - toc[i][0];
  if (sound && toc[SEC_SUMS][1] % 4 == 0 && toc[SEC_SUMS][0] % 4 == 0
      && toc[SEC_OFFS][1] == toc[SEC_SUMS][1] * 2)
    {
      guint64 n = toc[SEC_SUMS][1] / 4;
      const guint8 *where = buf + toc[SEC_OFFS][0];
      for (guint64 g = 0; g < n; g++)
        {
          guint64 at = get64 (where + g * 8);
          guint64 a = history_block_pos (at), b = a + history_block_len (at);
          if (a <= toc[SEC_DATA][1] && b <= toc[SEC_DATA][1])
            {
              guint32 sum = (guint32) state_cache_checksum (buf + toc[SEC_DATA][0] + a, b - a);
              memcpy (buf + toc[SEC_SUMS][0] + g * 4, &sum, 4);
            }
        }
    }
  for (guint i = 0; sound && i < N_SECTIONS; i++)
    if (i == SEC_LATENCY && toc[i][1] >= 8)
      {
        /* (its sum covers its head, whose length its first 8 bytes say;
         * its blocks' sums are in the head, left as they are) */
        guint64 head = get64 (buf + toc[i][0]);
        toc[i][2] = state_cache_checksum (buf + toc[i][0],
                                          head <= toc[i][1] - 8 ? head + 8 : toc[i][1]);
      }
    else if (i != SEC_DATA)
      toc[i][2] = state_cache_checksum (buf + toc[i][0], toc[i][1]);
  if (sound)
    memcpy (buf + TOC_POS, toc, sizeof toc);
  put64 (buf + HEADER_SUM_POS, state_cache_checksum (buf, HEADER_SUM_POS));
}

/* Reads everything the viewers and `lttv state` read. */
static void
read_all (LttvState *s)
{
  LttvHistory *h = lttv_state_get_history (s);
  LttvTime t0 = lttv_history_begin (h), t1 = lttv_history_committed_end (h);
  guint n_attrs = lttv_history_n_attrs (h);

  if (t0 == LTTV_TIME_NONE || t1 == LTTV_TIME_NONE || t1 < t0)
    return;
  for (guint k = 0; k <= 8; k++)
    {
      guint n = 0;
      g_autofree LttvValue *v = lttv_history_query_full (h, t0 + (t1 - t0) / 8 * k, &n);
      for (guint i = 0; v != NULL && i < n; i++)
        if (v[i] != LTTV_VALUE_NONE)
          {
            char buf[32];
            g_autofree char *path = lttv_history_attr_path (h, i);
            (void) lttv_history_format_value (h, v[i], buf);
          }
    }
  /* the same times at once, as `lttv state --at=` asks them */
  LttvTime times[9];
  for (guint k = 0; k <= 8; k++)
    times[k] = t0 + (t1 - t0) / 8 * k;
  g_autoptr (LttvFullStates) states = lttv_history_query_full_sorted (h, times, 9);
  for (guint k = 0; k < lttv_full_states_n_answered (states); k++)
    {
      guint n;
      const LttvAttrValue *v = lttv_full_states_at (states, k, &n);
      for (guint i = 0; i < n; i++)
        {
          char buf[32];
          (void) lttv_history_format_value (h, v[i].value, buf);
        }
    }
  LttvSample row[64];
  for (guint a = 0; a < MIN (n_attrs, 64u); a++)
    {
      lttv_history_query_row (h, a, t0, (t1 - t0) / 64 + 1, 64, row);
      g_autoptr (GArray) iv = lttv_history_intervals (h, a, t0, t1);
    }
  LttvDensitySample d[32];
  lttv_density_query (lttv_state_get_density (s), t0, (t1 - t0) / 32 + 1, 32, d);
  g_autoptr (GError) damage = NULL;
  (void) lttv_history_check (h, &damage);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  guint8 *buf = g_memdup2 (data, size);
  fix_sums (buf, size);
  if (!g_file_set_contents (cache_path, (const char *) buf, (gssize) size, NULL))
    g_error ("cannot write %s", cache_path);
  g_free (buf);
  LttvState *s = lttv_state_new (ts);
  if (state_cache_load (s))
    read_all (s);
  lttv_state_free (s);
  return 0;
}

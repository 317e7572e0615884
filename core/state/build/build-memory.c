/* SPDX-License-Identifier: GPL-2.0-or-later */
/* build-memory.c: how much more the process may allocate (build-memory.h),
 * from the limits the kernel enforces on it. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "build-memory.h"

/* `key:` followed by a number of kB in a /proc file, in bytes. */
static gboolean
proc_kb (const char *text, const char *key, guint64 *out)
{
  const char *p = strstr (text, key);
  if (p == NULL)
    return FALSE;
  *out = g_ascii_strtoull (p + strlen (key), NULL, 10) * 1024;
  return TRUE;
}

static gboolean
file_number (const char *path, guint64 *out)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  if (g_str_has_prefix (text, "max"))
    return FALSE;   /* (cgroup v2: no limit) */
  char *end;
  *out = g_ascii_strtoull (text, &end, 10);
  return end != text;
}

static guint64
left (guint64 limit, guint64 used)
{
  return limit > used ? limit - used : 0;
}

/* The memory cgroup's limit less its usage: v2 ("0::/path"), or v1's
 * memory controller ("N:memory:/path"). */
static guint64
cgroup_headroom (void)
{
  g_autofree char *text = NULL;
  guint64 room = G_MAXUINT64;
  if (!g_file_get_contents ("/proc/self/cgroup", &text, NULL, NULL))
    return room;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], ":", 3);
      if (g_strv_length (f) != 3)
        continue;
      g_autofree char *limit_path = NULL, *usage_path = NULL;
      if (g_str_equal (f[0], "0") && f[1][0] == '\0')
        {
          limit_path = g_strconcat ("/sys/fs/cgroup", f[2], "/memory.max", NULL);
          usage_path = g_strconcat ("/sys/fs/cgroup", f[2], "/memory.current", NULL);
        }
      else if (g_str_equal (f[1], "memory"))
        {
          limit_path = g_strconcat ("/sys/fs/cgroup/memory", f[2], "/memory.limit_in_bytes", NULL);
          usage_path = g_strconcat ("/sys/fs/cgroup/memory", f[2], "/memory.usage_in_bytes", NULL);
        }
      else
        continue;
      guint64 limit, usage;
      if (file_number (limit_path, &limit) && file_number (usage_path, &usage))
        room = MIN (room, left (limit, usage));
    }
  return room;
}

guint64
state_memory_headroom (void)
{
  guint64 room = G_MAXUINT64, v, used;
  g_autofree char *status = NULL, *meminfo = NULL;
  struct rlimit rl;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    {
      if (getrlimit (RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
          && proc_kb (status, "VmSize:", &used))
        room = MIN (room, left (rl.rlim_cur, used));
      if (getrlimit (RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
          && proc_kb (status, "VmData:", &used))
        room = MIN (room, left (rl.rlim_cur, used));
    }
  /* (what the system can still give without the OOM killer: reclaimable
   * pages and free swap count) */
  if (g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL)
      && proc_kb (meminfo, "MemAvailable:", &v))
    {
      guint64 swap = 0;
      proc_kb (meminfo, "SwapFree:", &swap);
      room = MIN (room, v + swap);
    }
  return MIN (room, cgroup_headroom ());
}

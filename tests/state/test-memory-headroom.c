/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What a build may still allocate (core/state/build/build-memory.c), under
 * a real limit: with RLIMIT_DATA set 100 MB above what the process holds,
 * about 100 MB; without one, no more than the machine has. */
#include "config.h"

#include <string.h>
#include <sys/resource.h>

#include <glib.h>

#include "build/build-memory.h"

/* `key:`'s number of kB in `path`, in bytes (0 when absent). */
static guint64
proc_bytes (const char *path, const char *key)
{
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  const char *p = strstr (text, key);
  return p == NULL ? 0 : g_ascii_strtoull (p + strlen (key), NULL, 10) * 1024;
}

static void
test_without_a_limit (void)
{
  guint64 room = state_memory_headroom ();
  guint64 machine = proc_bytes ("/proc/meminfo", "MemTotal:")
                    + proc_bytes ("/proc/meminfo", "SwapTotal:");
  g_assert_cmpuint (room, >, 0);
  g_assert_cmpuint (room, <=, machine);
}

static void
test_under_a_data_limit (void)
{
  if (g_test_subprocess ())
    {
      struct rlimit rl;
      g_assert_cmpint (getrlimit (RLIMIT_DATA, &rl), ==, 0);
      guint64 data = proc_bytes ("/proc/self/status", "VmData:");
      rl.rlim_cur = data + ((guint64) 100 << 20);
      g_assert_cmpint (setrlimit (RLIMIT_DATA, &rl), ==, 0);
      guint64 room = state_memory_headroom ();
      g_printerr ("VmData %" G_GUINT64_FORMAT " MB, headroom %" G_GUINT64_FORMAT " MB\n",
                  data >> 20, room >> 20);
      g_assert_cmpuint (room, <=, (guint64) 100 << 20);
      g_assert_cmpuint (room, >=, (guint64) 90 << 20);
      return;
    }
  /* (in a child: the limit stays there) */
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/memory/headroom-without-a-limit", test_without_a_limit);
  g_test_add_func ("/memory/headroom-under-a-data-limit", test_under_a_data_limit);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <lttv/paths.h>

static const char *
env_or (const char *variable, const char *fallback)
{
  const char *value = g_getenv (variable);
  return value != NULL && *value != '\0' ? value : fallback;
}

const char *
lttv_paths_data_dir (void)
{
  return env_or ("LTTV_DATA_DIR", LTTV_PKGDATADIR);
}

const char *
lttv_paths_sample_trace (void)
{
  static char *sample;

  if (g_once_init_enter (&sample))
    {
      const char *env = g_getenv ("LTTV_SAMPLE_TRACE");
      char *path = env != NULL && *env != '\0'
                   ? g_strdup (env)
                   : g_build_filename (lttv_paths_data_dir (), "sample-trace", NULL);
      g_once_init_leave (&sample, path);
    }
  return sample;
}

const char *
lttv_paths_locale_dir (void)
{
  return env_or ("LTTV_LOCALE_DIR", LTTV_LOCALEDIR);
}

char *
lttv_paths_cache_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "lttv", NULL);
}

/* histogram-state.h: the tab's built state, as the shell gives it. */
#pragma once

#include <lttv-module.h>
#include <lttv/state.h>

/* The tab's state, or NULL while there is none. With `build` (headless
 * export, where blocking is fine) a state is built here when the host
 * has none, and kept on `ctx`. */
LttvState *histogram_get_state (LttvViewerContext *ctx, gboolean build);

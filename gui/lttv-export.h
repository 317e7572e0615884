/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-export: renders a viewer into a PNG, SVG or PDF file (chosen by the
 * file's extension) with the code that draws it on screen: the viewer's
 * render function, else its widget drawn off screen; a .tsv file gets the
 * viewer's table, when it registered a text export. */
#pragma once

#include "lttv-module.h"
#include "lttv-tab.h"

G_BEGIN_DECLS

gboolean lttv_export_render (const LttvViewerInfo *info, LttvViewerContext *ctx,
                             const char *file, int width, int height, GError **error);
/* Renders viewer `view` on `tab`'s time context. */
gboolean lttv_export_tab_view (LttvTab *tab, const char *view, const char *file,
                               int width, int height, GError **error);
/* lttv-gui --export: opens `traces` (NULL: the sample), applies `window`
 * ("T0,T1", NULL: all) and writes each "VIEW:FILE" of `exports` at `size`
 * ("WxH", NULL: 1200x800). Returns the exit status of cli.md. */
int lttv_export_run (const char *const *traces, const char *const *exports,
                     const char *window, const char *size);

G_END_DECLS

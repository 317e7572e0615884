/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-module-host: finds, checks and loads viewer modules with libltdl,
 * from the folders of $LTTV_MODULE_PATH first, then from the installed
 * module folder; a module whose id is already loaded is skipped, so the
 * path overrides what is installed. */
#pragma once

#include "lttv-module.h"

G_BEGIN_DECLS

typedef struct
{
  char *file;      /* the file it came from */
  char *id;        /* NULL when its description could not be read */
  char *name;
  char *version;
  gboolean loaded;
  char *reason;    /* why it was refused or skipped; NULL when loaded */
} LttvModuleRecord;

typedef struct
{
  const LttvViewerInfo *info;
  const char *module_id;   /* NULL for viewers built into the host */
} LttvViewerEntry;

/* Loads every module once (later calls do nothing). Refusals are printed
 * on stderr, naming the file, and kept in the records. */
void lttv_module_host_load (void);
/* LttvModuleRecord*, in load order. */
GPtrArray *lttv_module_host_get_modules (void);
/* LttvViewerEntry*, in registration order. */
GPtrArray *lttv_module_host_get_viewers (void);
const LttvViewerInfo *lttv_module_host_find_viewer (const char *id);
/* The viewer's text export (lttv_viewer_register_text_export), or NULL. */
LttvViewerTextFunc lttv_module_host_find_text_export (const char *id);
/* The viewer's menu label, translated. */
const char *lttv_viewer_info_get_label (const LttvViewerInfo *info);
/* Calls each module's shutdown. */
void lttv_module_host_shutdown (void);

G_END_DECLS

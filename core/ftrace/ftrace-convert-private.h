/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ftrace-convert-private.h: what the .dat converter's files share: the
 * event classes it writes and the state of one conversion. */
#pragma once

#include <stdio.h>

#include <glib.h>

#include "tracecmd-extra.h"
#include "writer.h"

typedef enum {
  K_INT,          /* an integer of `size` bytes */
  K_STRING,       /* a char array of `size` bytes, up to its NUL */
  K_DYN_STRING,   /* a __data_loc (or __rel_loc) char[] */
  K_ARRAY,        /* `count` integers of `elem` bytes */
  K_DYN_ARRAY,    /* a __data_loc array of integers of `elem` bytes */
} Kind;

typedef struct {
  Kind kind;
  const char *name;
  int offset, size;
  guint elem, count;
  gboolean is_signed, hex, relative;
  int src_size;                  /* K_INT: its size in the record */
  guint src_elem;                /* K_ARRAY: its elements' */
} Field;

typedef struct _Class Class;
struct _Class {
  struct tep_event *ev;
  guint id;                      /* in the CTF trace */
  Field *fields;
  guint n;
  gboolean plain;                /* integers only: copied as they are */
  guint64 full_key;              /* the widths of the format's own */
  GHashTable *profiles;          /* width key -> Class (narrower);
                                    NULL: no field to narrow */
};

typedef struct {
  FILE *f;
  char *file;
  int cpu;
  Writer body;
  guint64 ts_begin, ts_end, seq, discarded;
  guint64 missed;                /* the records' missed events */
  gboolean open;
  GArray *packets;               /* guint64 pairs: offset, discarded */
  gint64 last_pid;               /* the last event's common_pid */
} Out;

typedef struct {
  const char *path;
  const char *dir;
  struct tep_handle *tep;
  gboolean big;
  GHashTable *by_id;             /* tep id -> Class* */
  GPtrArray *classes;            /* Class*, by CTF id */
  GHashTable *unknown;           /* tep id -> events without a format */
  Field *common;
  guint n_common;
  int common_type_size;
  int pid_off, pid_size;         /* common_pid's, or size 0 */
  GHashTable *pids;              /* the common_pids seen */
  GPtrArray *problems;
  gboolean cut;         /* read from a salvaged copy: the cut said what is missing */
  guint64 short_events;
  guint64 first_short_offset;
  guint64 n_events;
} Conv;

/* ftrace-convert.c: field f as a TSDL declaration, in the width it is
 * written. */
G_GNUC_INTERNAL void ftrace_tsdl_field (GString *m, const Field *f);
/* ftrace-metadata.c: the copy's metadata file, every class in it. */
G_GNUC_INTERNAL gboolean ftrace_write_metadata (Conv *c, struct tracecmd_input *h, GError **error);
/* ftrace-metadata.c: the .threads file: the names of the threads seen. */
G_GNUC_INTERNAL gboolean ftrace_write_threads (Conv *c, GError **error);

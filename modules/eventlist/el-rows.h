/* SPDX-License-Identifier: GPL-2.0-or-later */
/* el-rows.h: the event list's rows, without widgets. A row is an event
 * position (its rank in the merged traceset); only the rows on screen are
 * decoded, by seeking to the nearest checkpoint of the state core. */
#pragma once

#include <lttv/lttv.h>

typedef enum {
  EL_COL_TIME,
  EL_COL_DELTA,
  EL_COL_TRACE,
  EL_COL_CPU,
  EL_COL_NAME,
  EL_COL_THREAD,
  EL_COL_PID,
  EL_COL_FIELDS,
  EL_N_COLS
} ElColumn;

/* One decoded row. Strings are owned by the row (el_row_clear). */
typedef struct {
  guint64 rank;
  LttvTime time;
  LttvTime prev_time;      /* LTTV_TIME_NONE for the very first row */
  int cpu;
  const char *trace;       /* the trace's folder name, owned by the traceset */
  const char *name;        /* owned by the traceset */
  int64_t tid, pid;        /* -1: unknown */
  char *comm;
  char *fields;            /* "name = value, ..." */
  gboolean mark;           /* matches the mark filter (search) */
} ElRow;

void el_row_clear (ElRow *row);

/* A match of a filter: its rank and time, so that a time finds its row by
 * binary search. */
typedef struct {
  guint64 rank;
  LttvTime time;
} ElMatch;

typedef struct _ElRows ElRows;

/* Rows of `state` (built: its checkpoints are complete). */
ElRows *el_rows_new (LttvState *state);
void el_rows_free (ElRows *r);
/* Rows matching `f` get `mark` (NULL: none); `f` stays the caller's. */
void el_rows_set_mark (ElRows *r, LttvFilter *f);

/* Decodes the events of ranks `ranks[0..n)` (increasing) into `out`;
 * prev_time of the first is the time of the event before it when
 * `read_prev`, else `first_prev` (LTTV_TIME_NONE: none). Returns how many
 * were read (fewer at the end of the traceset or on a read error). */
guint el_rows_fetch (ElRows *r, const guint64 *ranks, guint n,
                     gboolean read_prev, LttvTime first_prev, ElRow *out);

/* The rank of the first event at or after `t` (n_events when none). */
guint64 el_rows_rank_for_time (ElRows *r, LttvTime t);

/* The fields of `ev` as "name = value, ..." (babeltrace2's values without
 * the braces of the scopes); appended to `out`. */
void el_format_fields (const LttvEvent *ev, GString *out);

/* The index of the first match at or after `t` in `m[0..n)`. */
guint el_match_for_time (const ElMatch *m, guint n, LttvTime t);

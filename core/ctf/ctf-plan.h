/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-plan.h: the compiler of a trace class (ctf-plan*.c), private to
 * those files. One compiler walks a trace class once when it opens. */
#pragma once

#include "ctf-types.h"

typedef struct {
  CtfTraceClass *tc;
  const char *path;
  GError **error;
  gboolean failed;
  int next_slot;
  CtfType **slot_types;      /* growing, g_renew */
  int slot_cap;
  /* the scopes of the event being compiled, for path resolution */
  CtfType *scopes[6];        /* packet header .. event fields */
  /* the struct nesting during the walk */
  CtfType *stack[64];
  guint stack_idx[64];
  int depth;
  int cur_scope;
  int line;
  guint frag;                /* CTF 2: the fragment's index + 1, or 0 */
  gsize frag_off;
  gboolean exact;            /* CTF 2: names as written (no TSDL '_') */
} Compiler;

enum { SC_PH, SC_PC, SC_EH, SC_EC, SC_CTX, SC_FIELDS };

/* "trace.packet.header." .. "event.fields.", by SC_* */
extern const char *const ctf_plan_scope_prefix[6];

/* Fails the compilation (once), naming the metadata line or fragment. */
gboolean ctf_plan_fail (Compiler *c, const char *fmt, ...)
  G_GNUC_PRINTF (2, 3);

/* ctf-plan-types.c: byte orders, clocks, sizes, slots */
gboolean ctf_plan_prepare_type (Compiler *c, CtfType *t);
gboolean ctf_plan_auto_map (Compiler *c, CtfType *st, const char *name);
void ctf_plan_assign_slots (Compiler *c, CtfType *t);
gboolean ctf_plan_prepare_clocks (Compiler *c);

/* ctf-plan-special.c: the special fields of a stream class */
CtfType *ctf_plan_member_of (CtfType *st, const char *name, gboolean exact);
void ctf_plan_special_fields (Compiler *c, CtfStreamClass *sc);

/* ctf-plan-paths.c: sequence lengths and variant tags to slots */
gboolean ctf_plan_resolve_scope (Compiler *c, int scope);

/* ctf-plan-shown.c: what babeltrace2 shows (its "in IR" rule) */
void ctf_plan_force_out (CtfType *t);
void ctf_plan_update_in_ir (CtfType *t);

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf2.h: the CTF 2 metadata front end. It reads the JSON text sequence
 * (RFC 7464) into the same type model and trace class as the TSDL parser,
 * so that everything after (plans, decoding, printing) is shared. */
#pragma once

#include "ctf-types.h"

#include <json-glib/json-glib.h>

/* CTF 2 metadata begins with this byte (a JSON text sequence's record
 * separator); TSDL text never does. */
#define CTF2_RS 0x1e

typedef struct {
  CtfTraceClass *tc;
  const char *path;
  GError **error;
  gboolean failed;
  guint frag;                    /* the fragment being read (from 0) */
  gsize off;                     /* its byte offset in the file */
  GHashTable *aliases;           /* name -> JsonNode* (field-class-alias) */
  guint depth;                   /* nesting of field classes and aliases */
  CtfClock *clock;               /* the data stream class's default clock */
  gboolean in_alias;             /* checking an alias's declaration */
} Ctf2Reader;

gboolean ctf2_fail (Ctf2Reader *r, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

/* Members of a fragment's objects; each fails (and says why) when the
 * member has the wrong JSON type. `found` is FALSE when it is absent. */
JsonNode *ctf2_member (JsonObject *o, const char *name);
gboolean ctf2_get_uint (Ctf2Reader *r, JsonObject *o, const char *name,
                        uint64_t *out, gboolean *found);
gboolean ctf2_get_int (Ctf2Reader *r, JsonObject *o, const char *name,
                       int64_t *out, gboolean *found);
const char *ctf2_get_string (Ctf2Reader *r, JsonObject *o, const char *name);
gboolean ctf2_node_int (JsonNode *n, int64_t *out);

/* A field class (an object, or an alias's name) as a type of the model;
 * NULL when it fails. */
CtfType *ctf2_field_class (Ctf2Reader *r, JsonNode *node, const char *what);
/* A scope's field class: a structure, or NULL (absent or failed: see
 * r->failed). */
CtfType *ctf2_scope (Ctf2Reader *r, JsonObject *o, const char *name);

/* Parses CTF 2 metadata (`len` bytes of `text`) into `tc`. A last
 * fragment cut short (no closing newline, not valid JSON) is left out,
 * and `cut` (when not NULL) says so. */
gboolean ctf2_metadata_parse (CtfTraceClass *tc, const char *text, gsize len,
                              const char *path, GError **cut,
                              GError **error);

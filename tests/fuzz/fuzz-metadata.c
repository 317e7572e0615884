/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-metadata.c: libFuzzer harness for the metadata front ends (TSDL,
 * or CTF 2's JSON when the input begins with 0x1e, as ctf-metadata.c
 * chooses) and the plan compiler: any input must give a trace class or a
 * GError, never a crash, a leak or a hang. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "ctf-types.h"
#include "ctf2.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  CtfTraceClass *tc = ctf_trace_class_new ();
  GError *error = NULL;
  gboolean parsed = size > 0 && data[0] == CTF2_RS
                    ? ctf2_metadata_parse (tc, (const char *) data, size,
                                           "fuzz", NULL, &error)
                    : ctf_metadata_parse (tc, (const char *) data, size,
                                          "fuzz", &error);
  if (parsed && ctf_trace_class_compile (tc, "fuzz", &error))
    /* the event classes' plans, compiled on first decode in a reader */
    for (guint i = 0; i < tc->events->len; i++)
      ctf_event_plans_build_once (tc, tc->events->pdata[i]);
  g_clear_error (&error);
  ctf_trace_class_free (tc);
  return 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-session.c: libFuzzer harness for the session file parser
 * (gui/lttv-session-file.c): any input gives a session or a GError
 * ("fuzz: WHERE: WHAT"), never a crash, a leak or a hang; a session read
 * is written again and must read back to the same text. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lttv-session-file.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  LttvSession *s = lttv_session_parse ((const char *) data, size, "fuzz", &error);

  if (s == NULL)
    {
      /* the message names the file, then where */
      if (error == NULL || strncmp (error->message, "fuzz: ", 6) != 0)
        abort ();
      g_clear_error (&error);
      return 0;
    }
  char *text = lttv_session_to_data (s, "/nonexistent/fuzz.lttv-session");
  LttvSession *again = lttv_session_parse (text, strlen (text), "again", &error);
  if (again == NULL)
    abort ();
  char *text2 = lttv_session_to_data (again, "/nonexistent/fuzz.lttv-session");
  if (strcmp (text, text2) != 0)
    abort ();
  g_free (text);
  g_free (text2);
  lttv_session_free (again);
  lttv_session_free (s);
  return 0;
}

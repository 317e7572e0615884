/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:error
 * @title: Errors
 * @short_description: the GError domain of the core
 * @include: lttv/lttv.h
 *
 * The GError domain of the core. Messages carry the path and the
 * position (file and byte offset, or metadata line) and say what was
 * expected.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * LTTV_ERROR:
 *
 * The #GError domain of the core's errors (#LttvError).
 */
#define LTTV_ERROR (lttv_error_quark ())
/**
 * lttv_error_quark:
 *
 * The quark of %LTTV_ERROR.
 *
 * The quark of %LTTV_ERROR.
 *
 * Returns: a #GQuark
 */
GQuark lttv_error_quark (void);

/**
 * LttvError:
 * @LTTV_ERROR_NOT_FOUND: no such file, or no trace in a folder
 * @LTTV_ERROR_IO: a file could not be opened, mapped or read
 * @LTTV_ERROR_METADATA: metadata that does not parse or is invalid
 * @LTTV_ERROR_UNSUPPORTED: valid input this version does not handle
 * @LTTV_ERROR_CORRUPT: stream data that contradicts its metadata
 * @LTTV_ERROR_CANCELLED: the caller cancelled the operation
 * @LTTV_ERROR_USAGE: a bad argument (time, expression)
 * @LTTV_ERROR_NO_MEMORY: not enough memory left to go on (what was done
 *   before is kept)
 *
 * The codes of the %LTTV_ERROR domain.
 */
typedef enum {
  LTTV_ERROR_NOT_FOUND,     /* no such file, or no trace in a folder */
  LTTV_ERROR_IO,            /* a file could not be opened, mapped or read */
  LTTV_ERROR_METADATA,      /* metadata that does not parse or is invalid */
  LTTV_ERROR_UNSUPPORTED,   /* valid input this version does not handle */
  LTTV_ERROR_CORRUPT,       /* stream data that contradicts its metadata */
  LTTV_ERROR_CANCELLED,     /* the caller cancelled the operation */
  LTTV_ERROR_USAGE,         /* a bad argument (time, expression) */
  LTTV_ERROR_NO_MEMORY,     /* not enough memory left to go on */
} LttvError;

G_END_DECLS

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* event-format.h: events as text, in babeltrace2's default (`pretty`)
 * format, for `lttv dump` and the event list. */
#pragma once

#include <glib.h>

#include <lttv/traceset.h>

G_BEGIN_DECLS

/* Appends the event's fields as babeltrace2 prints them after the event
 * name: packet context, stream event context, event context and payload,
 * each a `{ name = value, ... }` block, separated by ", ". */
void lttv_event_format_fields (const LttvEvent *ev, GString *out);

/* The state of a text dump: the previous event's time, for the delta. */
typedef struct _LttvTextFormat LttvTextFormat;

LttvTextFormat *lttv_text_format_new (void);
void lttv_text_format_free (LttvTextFormat *f);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvTextFormat, lttv_text_format_free)

/* Appends one line (with its newline) exactly as `babeltrace2 TRACE`
 * prints the event: time of day in the local time zone, delta from the
 * previous event, host and domain, name, then the fields. */
void lttv_text_format_event (LttvTextFormat *f, const LttvEvent *ev,
                             GString *out);

G_END_DECLS

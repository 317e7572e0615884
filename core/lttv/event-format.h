/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:event-format
 * @title: Events as text
 * @short_description: events as babeltrace2 prints them
 * @include: lttv/lttv.h
 *
 * Events as text, in babeltrace2's default (`pretty`)
 * format, for `lttv dump` and the event list.
 */
#pragma once

#include <glib.h>

#include <lttv/traceset.h>

G_BEGIN_DECLS

/**
 * lttv_event_format_fields:
 * @ev: an event
 * @out: a #GString to append to
 *
 * Appends the event's fields as babeltrace2 prints them after the event
 * name: packet context, stream event context, event context and payload,
 * each a `{ name = value, ... }` block, separated by ", ".
 */
void lttv_event_format_fields (const LttvEvent *ev, GString *out);

/**
 * LttvTextFormat:
 *
 * The state of a text dump: the previous event's time, for the delta.
 * An opaque structure, freed with lttv_text_format_free().
 */
typedef struct _LttvTextFormat LttvTextFormat;

/**
 * lttv_text_format_new:
 *
 * The state of a text dump, before its first event.
 *
 * A dump's state, before its first event.
 *
 * Returns: (transfer full): a new #LttvTextFormat, to free with
 * lttv_text_format_free()
 */
LttvTextFormat *lttv_text_format_new (void);
/**
 * lttv_text_format_free:
 * @f: a text format
 *
 * Frees @f and what it owns.
 */
void lttv_text_format_free (LttvTextFormat *f);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvTextFormat, lttv_text_format_free)

/**
 * lttv_text_format_event:
 * @f: a text format
 * @ev: an event
 * @out: a #GString to append to
 *
 * Appends one line (with its newline) exactly as `babeltrace2 TRACE`
 * prints the event: time of day in the local time zone, delta from the
 * previous event, host and domain, name, then the fields.
 */
void lttv_text_format_event (LttvTextFormat *f, const LttvEvent *ev,
                             GString *out);

G_END_DECLS

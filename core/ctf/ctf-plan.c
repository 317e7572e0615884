/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-plan.c: compiles a parsed trace class for decoding, once, when
 * the trace opens: per stream class, its scopes' types prepared (ctf-plan-
 * types.c), slots given, special fields found (ctf-plan-special.c), paths
 * resolved (ctf-plan-paths.c), what babeltrace2 shows decided (ctf-plan-
 * shown.c), decoding plans compiled (ctf-plan-ops.c); event classes by id. */
#include "config.h"

#include "ctf-plan.h"

#include <lttv/error.h>
#include <string.h>

const char *const ctf_plan_scope_prefix[6] = {
  "trace.packet.header.", "stream.packet.context.", "stream.event.header.",
  "stream.event.context.", "event.context.", "event.fields.",
};

gboolean
ctf_plan_fail (Compiler *c, const char *fmt, ...)
               {
               if (c->failed)
               return FALSE;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  if (c->frag > 0)
    g_set_error (c->error, LTTV_ERROR, LTTV_ERROR_METADATA,
                 "%s: metadata fragment %u (byte %" G_GSIZE_FORMAT "): %s",
                 c->path, c->frag - 1, c->frag_off, msg);
  else if (c->line > 0)
    g_set_error (c->error, LTTV_ERROR, LTTV_ERROR_METADATA,
                 "%s: metadata line %d: %s", c->path, c->line, msg);
  else
    g_set_error (c->error, LTTV_ERROR, LTTV_ERROR_METADATA, "%s: %s",
                 c->path, msg);
  c->failed = TRUE;
  return FALSE;
}

/* --- Stream classes --------------------------------------------------------- */

static gboolean
compile_stream_class (Compiler *c, CtfStreamClass *sc)
{
  CtfTraceClass *tc = c->tc;
  c->frag = sc->frag;
  c->frag_off = sc->frag_off;

  if (tc->packet_header != NULL)
    sc->packet_header = ctf_type_copy (tc, tc->packet_header);
  /* each stream class gets its own copy of a scope that other classes
     may share (named types): slots are per instance */
  if (sc->packet_context != NULL && (sc->packet_context->named
                                     || tc->streams->len > 1))
    sc->packet_context = ctf_type_copy (tc, sc->packet_context);
  if (sc->event_header != NULL && (sc->event_header->named
                                   || tc->streams->len > 1))
    sc->event_header = ctf_type_copy (tc, sc->event_header);
  if (sc->event_context != NULL && (sc->event_context->named
                                    || tc->streams->len > 1))
    sc->event_context = ctf_type_copy (tc, sc->event_context);
  CtfType *scopes[4] = { sc->packet_header, sc->packet_context,
                         sc->event_header, sc->event_context };
  for (int i = 0; i < 4; i++)
    if (!ctf_plan_prepare_type (c, scopes[i]))
      return FALSE;
  if (!c->exact && (!ctf_plan_auto_map (c, sc->event_header, "timestamp")
      || !ctf_plan_auto_map (c, sc->packet_context, "timestamp_begin")
      || !ctf_plan_auto_map (c, sc->packet_context, "timestamp_end")))
    return FALSE;

  c->next_slot = 0;
  for (int i = 0; i < 4; i++)
    {
      ctf_plan_assign_slots (c, scopes[i]);
      if (i == 1)
        sc->n_packet_slots = c->next_slot;
    }
  sc->n_slots = c->next_slot;

  ctf_plan_special_fields (c, sc);

  c->scopes[SC_PH] = sc->packet_header;
  c->scopes[SC_PC] = sc->packet_context;
  c->scopes[SC_EH] = sc->event_header;
  c->scopes[SC_EC] = sc->event_context;
  c->scopes[SC_CTX] = c->scopes[SC_FIELDS] = NULL;
  for (int s = 0; s < 4; s++)
    if (!ctf_plan_resolve_scope (c, s))
      return FALSE;

  sc->max_slots = sc->n_slots;
  int stream_slots = sc->n_slots;
  for (guint e = 0; e < sc->events->len; e++)
    {
      CtfEventClass *ec = sc->events->pdata[e];
      c->line = ec->line;
      c->frag = ec->frag;
      c->frag_off = ec->frag_off;
      if (ec->context != NULL && ec->context->named)
        ec->context = ctf_type_copy (tc, ec->context);
      if (ec->fields != NULL && ec->fields->named)
        ec->fields = ctf_type_copy (tc, ec->fields);
      if (!ctf_plan_prepare_type (c, ec->context)
          || !ctf_plan_prepare_type (c, ec->fields))
        return FALSE;
      c->next_slot = stream_slots;
      ctf_plan_assign_slots (c, ec->context);
      ctf_plan_assign_slots (c, ec->fields);
      ec->n_slots = c->next_slot - stream_slots;
      ec->slot_types = ctf_alloc (tc, sizeof (CtfType *) * (ec->n_slots + 1));
      if (ec->n_slots > 0)
        memcpy (ec->slot_types, c->slot_types + stream_slots,
                sizeof (CtfType *) * ec->n_slots);
      if (c->next_slot > sc->max_slots)
        sc->max_slots = c->next_slot;
      c->scopes[SC_CTX] = ec->context;
      c->scopes[SC_FIELDS] = ec->fields;
      if (!ctf_plan_resolve_scope (c, SC_CTX)
          || !ctf_plan_resolve_scope (c, SC_FIELDS))
        return FALSE;
      ctf_plan_update_in_ir (ec->fields);
      ctf_plan_update_in_ir (ec->context);
      c->line = 0;
      c->frag = sc->frag;
      c->frag_off = sc->frag_off;
    }
  for (int i = 0; i < 4; i++)
    ctf_compile_plans (tc, scopes[i]);
  ctf_plan_update_in_ir (sc->event_context);
  ctf_plan_force_out (sc->event_header);
  ctf_plan_update_in_ir (sc->packet_context);
  ctf_plan_force_out (sc->packet_header);

  sc->slot_types = g_new (CtfType *, sc->n_slots + 1);
  if (sc->n_slots > 0)
    memcpy (sc->slot_types, c->slot_types,
            sizeof (CtfType *) * sc->n_slots);

  /* event classes by id: an array when the ids are small */
  uint64_t max_id = 0;
  for (guint e = 0; e < sc->events->len; e++)
    max_id = MAX (max_id, ((CtfEventClass *) sc->events->pdata[e])->id);
  if (max_id < 65536)
    {
      sc->n_dense = max_id + 1;
      sc->events_dense = g_new0 (CtfEventClass *, sc->n_dense);
      for (guint e = 0; e < sc->events->len; e++)
        {
          CtfEventClass *ec = sc->events->pdata[e];
          sc->events_dense[ec->id] = ec;
        }
    }
  else
    {
      sc->events_by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
      for (guint e = 0; e < sc->events->len; e++)
        {
          CtfEventClass *ec = sc->events->pdata[e];
          g_hash_table_insert (sc->events_by_id, &ec->id, ec);
        }
    }
  return TRUE;
}

gboolean
ctf_trace_class_compile (CtfTraceClass *tc, const char *path, GError **error)
{
  Compiler c = { .tc = tc, .path = path, .error = error,
                 .exact = tc->major == 2 };
  gboolean ok = FALSE;
  GHashTable *seen_ids = NULL;

  if (tc->major == 0)
    {
      c.line = tc->last_line;
      ctf_plan_fail (&c, "end of metadata without a trace block (CTF "
                     "version and byte order)");
      goto out;
    }
  if (tc->byte_order < 0)
    {
      c.line = tc->last_line;
      ctf_plan_fail (&c, "end of metadata: the trace block has no byte_order");
      goto out;
    }
  if (!ctf_plan_prepare_clocks (&c))
    goto out;
  if (tc->streams->len == 0)
    {
      CtfStreamClass *sc = ctf_alloc (tc, sizeof *sc);
      sc->events = g_ptr_array_new ();
      g_ptr_array_add (tc->streams, sc);
    }
  /* per stream class, the event ids seen (keys point at the classes' ids) */
  seen_ids = g_hash_table_new_full (g_direct_hash, NULL, NULL,
                                    (GDestroyNotify) g_hash_table_unref);
  for (guint i = 0; i < tc->pending_events->len; i++)
    {
      CtfEventClass *ec = tc->pending_events->pdata[i];
      CtfStreamClass *sc = NULL;
      ec->name_len = strlen (ec->name);
      c.line = ec->line;
      c.frag = ec->frag;
      c.frag_off = ec->frag_off;
      if (!ec->has_stream_id && tc->streams->len > 1)
        {
          ctf_plan_fail (&c, "event '%s' has no stream_id and the trace has "
                         "several stream classes", ec->name);
          goto out;
        }
      for (guint s = 0; s < tc->streams->len; s++)
        {
          CtfStreamClass *o = tc->streams->pdata[s];
          if (o->id == ec->stream_id)
            sc = o;
        }
      c.line = ec->line;
      c.frag = ec->frag;
      c.frag_off = ec->frag_off;
      if (sc == NULL)
        {
          ctf_plan_fail (&c, "event '%s' refers to unknown stream class %"
                         G_GUINT64_FORMAT, ec->name, ec->stream_id);
          goto out;
        }
      GHashTable *ids = g_hash_table_lookup (seen_ids, sc);
      if (ids == NULL)
        {
          ids = g_hash_table_new (g_int64_hash, g_int64_equal);
          g_hash_table_insert (seen_ids, sc, ids);
        }
      if (!g_hash_table_add (ids, &ec->id))
        {
          ctf_plan_fail (&c, "event id %" G_GUINT64_FORMAT " declared twice "
                         "in stream class %" G_GUINT64_FORMAT, ec->id,
                         sc->id);
          goto out;
        }
      ec->sc = sc;
      g_ptr_array_add (sc->events, ec);
      c.line = 0;
      c.frag = 0;
    }
  for (guint s = 0; s < tc->streams->len; s++)
    {
      CtfStreamClass *sc = tc->streams->pdata[s];
      if (!compile_stream_class (&c, sc))
        goto out;
      for (guint e = 0; e < sc->events->len; e++)
        {
          CtfEventClass *ec = sc->events->pdata[e];
          ec->index = tc->events->len;
          g_ptr_array_add (tc->events, ec);
        }
    }
  ok = TRUE;
out:
  if (seen_ids != NULL)
    g_hash_table_unref (seen_ids);
  g_free (c.slot_types);
  return ok;
}

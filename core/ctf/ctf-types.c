/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-types.c: memory of the type model and the trace class. */
#include "config.h"

#include "big-alloc.h"
#include "ctf-types.h"

#include <string.h>

/* The first chunk is small (most traces' models are); then chunks of a
 * huge page each: a kernel trace's model takes a few MB, which in 4 KB
 * pages cost a page fault each (big-alloc.h). */
#define FIRST_CHUNK (64 * 1024)
#ifdef LTTV_ASAN
#define CHUNK_SIZE (256 * 1024)   /* malloc's pages: as few as needed */
#else
#define CHUNK_SIZE (2 * 1024 * 1024)
#endif

G_LOCK_DEFINE (ctf_model);

/* A bump allocator: the model is freed all at once with its trace. */
gpointer
ctf_alloc (CtfTraceClass *tc, gsize size)
{
  size = (size + 15) & ~(gsize) 15;
  if (size > FIRST_CHUNK / 4)
    {
      gpointer p = g_malloc0 (size);
      g_ptr_array_add (tc->allocs, p);
      return p;
    }
  if (tc->chunk_left < size)
    {
      if (tc->chunk == NULL)
        {
          tc->chunk = g_malloc0 (FIRST_CHUNK);
          g_ptr_array_add (tc->allocs, tc->chunk);
          tc->chunk_left = FIRST_CHUNK;
          tc->chunk_end = tc->chunk + FIRST_CHUNK;
        }
      else
        {
          tc->chunk = big_array_alloc0 (CHUNK_SIZE);
          g_ptr_array_add (tc->big_chunks, tc->chunk);
          tc->chunk_left = CHUNK_SIZE;
          tc->chunk_end = tc->chunk + CHUNK_SIZE;
        }
    }
  gpointer p = tc->chunk_end - tc->chunk_left;
  tc->chunk_left -= size;
  return p;
}

char *
ctf_strdup (CtfTraceClass *tc, const char *s)
{
  if (s == NULL)
    return NULL;
  gsize n = strlen (s) + 1;
  char *p = ctf_alloc (tc, n + 8);   /* slack: read by 8-byte words */
  memcpy (p, s, n);
  return p;
}

CtfType *
ctf_type_new (CtfTraceClass *tc, CtfKind kind)
{
  CtfType *t = ctf_alloc (tc, sizeof *t);
  t->kind = kind;
  t->align = 1;
  t->base = 10;
  t->slot = -1;
  t->ref_slot = -1;
  return t;
}

CtfType *
ctf_type_copy (CtfTraceClass *tc, const CtfType *t)
{
  CtfType *c = ctf_alloc (tc, sizeof *c);
  *c = *t;
  if (t->n_fields > 0)
    {
      c->fields = ctf_alloc (tc, sizeof (CtfField) * t->n_fields);
      for (guint i = 0; i < t->n_fields; i++)
        {
          c->fields[i].name = t->fields[i].name;
          c->fields[i].name_len = t->fields[i].name_len;
          c->fields[i].label = t->fields[i].label;
          c->fields[i].type = ctf_type_copy (tc, t->fields[i].type);
        }
    }
  if (t->elem != NULL)
    c->elem = ctf_type_copy (tc, t->elem);
  return c;
}

CtfTraceClass *
ctf_trace_class_new (void)
{
  CtfTraceClass *tc = g_new0 (CtfTraceClass, 1);
  tc->allocs = g_ptr_array_new_with_free_func (g_free);
  tc->big_chunks = g_ptr_array_new ();
  tc->env = g_ptr_array_new ();
  tc->clocks = g_ptr_array_new ();
  tc->streams = g_ptr_array_new ();
  tc->events = g_ptr_array_new ();
  tc->pending_events = g_ptr_array_new ();
  tc->byte_order = -1;
  return tc;
}

void
ctf_trace_class_free (CtfTraceClass *tc)
{
  if (tc == NULL)
    return;
  for (guint i = 0; i < tc->streams->len; i++)
    {
      CtfStreamClass *sc = tc->streams->pdata[i];
      g_ptr_array_free (sc->events, TRUE);
      if (sc->events_by_id != NULL)
        g_hash_table_unref (sc->events_by_id);
      g_free (sc->events_dense);
      g_free (sc->slot_types);
    }
  g_ptr_array_free (tc->env, TRUE);
  g_ptr_array_free (tc->clocks, TRUE);
  g_ptr_array_free (tc->streams, TRUE);
  g_ptr_array_free (tc->events, TRUE);
  g_ptr_array_free (tc->pending_events, TRUE);
  g_ptr_array_free (tc->allocs, TRUE);
  for (guint i = 0; i < tc->big_chunks->len; i++)
    big_array_free (tc->big_chunks->pdata[i], CHUNK_SIZE);
  g_ptr_array_free (tc->big_chunks, TRUE);
  g_free (tc);
}

CtfClock *
ctf_trace_class_clock (CtfTraceClass *tc, const char *name)
{
  for (guint i = 0; i < tc->clocks->len; i++)
    {
      CtfClock *c = tc->clocks->pdata[i];
      if (strcmp (c->name, name) == 0)
        return c;
    }
  return NULL;
}

const CtfEnvEntry *
ctf_trace_class_env (const CtfTraceClass *tc, const char *key)
{
  for (guint i = 0; i < tc->env->len; i++)
    {
      const CtfEnvEntry *e = tc->env->pdata[i];
      if (strcmp (e->key, key) == 0)
        return e;
    }
  return NULL;
}

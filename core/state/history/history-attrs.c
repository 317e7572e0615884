/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The history's attribute tree and interned strings. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "big-alloc.h"
#include "history/history-private.h"

void
history_attrs_reserve (LttvHistory *h, guint n)
{
  if (n <= h->cap_attrs)
    return;
  h->attrs = big_array_realloc (h->attrs, h->cap_attrs * sizeof (HistoryAttr),
                                n * sizeof (HistoryAttr));
  h->cap_attrs = n;
}

LttvHistory *
lttv_history_new (void)
{
  LttvHistory *h = g_new0 (LttvHistory, 1);
  g_rw_lock_init (&h->lock);
  g_mutex_init (&h->rank_lock);
  g_mutex_init (&h->decode_lock);
  h->roots = g_hash_table_new (g_str_hash, g_str_equal);
  h->names = g_string_chunk_new (4096);
  h->string_ids = g_hash_table_new (g_str_hash, g_str_equal);
  h->strings = g_ptr_array_new ();
  return h;
}

void
lttv_history_free (LttvHistory *h)
{
  if (h == NULL)
    return;
  for (guint i = 0; i < h->n_attrs; i++)
    {
      HistoryAttr *a = &h->attrs[i];
      /* A lazy attribute's chunks belong to the cache's slab and mapping. */
      if (a->lazy == NULL)
        {
          g_free (a->chunks);   /* the chunks are the arena's */
          g_free (a->chunk_first);
        }
      history_rank_index_free (a->rank);
      if (a->children != NULL)
        g_hash_table_destroy (a->children);
    }
  big_array_free (h->attrs, h->cap_attrs * sizeof (HistoryAttr));
  history_slabs_free (&h->arena);
  history_recycle_free (h);
  big_array_free (h->summary, MAX (1, h->n_summary) * sizeof (HistorySummary));
  history_lazy_free (h->lazy);
  g_free (h->damage);
  g_hash_table_destroy (h->roots);
  g_hash_table_destroy (h->string_ids);
  g_ptr_array_free (h->strings, TRUE);
  g_string_chunk_free (h->names);
  g_rw_lock_clear (&h->lock);
  g_mutex_clear (&h->rank_lock);
  g_free (h);
}

static GHashTable *
children_of (LttvHistory *h, LttvAttr parent, gboolean create)
{
  if (parent == LTTV_ATTR_NONE)
    return h->roots;
  HistoryAttr *p = &h->attrs[parent];
  if (p->children == NULL && create)
    p->children = g_hash_table_new (g_str_hash, g_str_equal);
  return p->children;
}

/* Loaded from the cache: the tables of names, made once, when first
 * needed. */
static void
children_ready (LttvHistory *h)
{
  if (G_LIKELY (!g_atomic_int_get (&h->children_pending)))
    return;
  g_rw_lock_writer_lock (&h->lock);
  if (g_atomic_int_get (&h->children_pending))
    {
      for (LttvAttr i = 0; i < h->n_attrs; i++)
        {
          GHashTable *siblings = children_of (h, h->attrs[i].parent, TRUE);
          if (!g_hash_table_contains (siblings, h->attrs[i].name))
            g_hash_table_insert (siblings, (gpointer) h->attrs[i].name, GUINT_TO_POINTER (i + 1));
        }
      g_atomic_int_set (&h->children_pending, 0);
    }
  g_rw_lock_writer_unlock (&h->lock);
}

void
history_names_loaded (LttvHistory *h, gboolean now)
{
  g_atomic_int_set (&h->children_pending, 1);
  if (now)
    children_ready (h);
}

static LttvAttr
child_lookup_locked (LttvHistory *h, LttvAttr parent, const char *name)
{
  GHashTable *children = children_of (h, parent, FALSE);
  if (children == NULL)
    return LTTV_ATTR_NONE;
  gpointer id = g_hash_table_lookup (children, name);
  return id == NULL ? LTTV_ATTR_NONE : (LttvAttr) GPOINTER_TO_UINT (id) - 1;
}

LttvAttr
lttv_history_attr_child (LttvHistory *h, LttvAttr parent, const char *name)
{
  g_return_val_if_fail (h != NULL && name != NULL, LTTV_ATTR_NONE);

  children_ready (h);
  g_rw_lock_reader_lock (&h->lock);
  LttvAttr id = child_lookup_locked (h, parent, name);
  g_rw_lock_reader_unlock (&h->lock);
  if (id != LTTV_ATTR_NONE)
    return id;

  g_rw_lock_writer_lock (&h->lock);
  id = child_lookup_locked (h, parent, name);
  if (id == LTTV_ATTR_NONE)
    {
      if (h->n_attrs == h->cap_attrs)
        history_attrs_reserve (h, MAX (64, h->cap_attrs * 2));
      id = h->n_attrs++;
      HistoryAttr *a = &h->attrs[id];
      memset (a, 0, sizeof *a);
      a->parent = parent;
      a->name = g_string_chunk_insert_const (h->names, name);
      g_hash_table_insert (children_of (h, parent, TRUE), (gpointer) a->name,
                           GUINT_TO_POINTER (id + 1));
    }
  g_rw_lock_writer_unlock (&h->lock);
  return id;
}

LttvAttr
lttv_history_attr (LttvHistory *h, const char *path)
{
  g_return_val_if_fail (h != NULL && path != NULL, LTTV_ATTR_NONE);
  g_auto (GStrv) parts = g_strsplit (path, "/", -1);
  LttvAttr id = LTTV_ATTR_NONE;
  for (guint i = 0; parts[i] != NULL; i++)
    id = lttv_history_attr_child (h, id, parts[i]);
  return id;
}

LttvAttr
lttv_history_attr_lookup (LttvHistory *h, const char *path)
{
  g_return_val_if_fail (h != NULL && path != NULL, LTTV_ATTR_NONE);
  g_auto (GStrv) parts = g_strsplit (path, "/", -1);
  LttvAttr id = LTTV_ATTR_NONE;
  children_ready (h);
  g_rw_lock_reader_lock (&h->lock);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      id = child_lookup_locked (h, id, parts[i]);
      if (id == LTTV_ATTR_NONE)
        break;
    }
  g_rw_lock_reader_unlock (&h->lock);
  return id;
}

guint
lttv_history_n_attrs (LttvHistory *h)
{
  g_rw_lock_reader_lock (&h->lock);
  guint n = h->n_attrs;
  g_rw_lock_reader_unlock (&h->lock);
  return n;
}

char *
lttv_history_attr_path (LttvHistory *h, LttvAttr attr)
{
  const char *parts[64];
  guint n = 0;
  g_rw_lock_reader_lock (&h->lock);
  for (LttvAttr a = attr; a != LTTV_ATTR_NONE && n < G_N_ELEMENTS (parts);
       a = h->attrs[a].parent)
    parts[n++] = h->attrs[a].name;
  g_rw_lock_reader_unlock (&h->lock);
  GString *s = g_string_new (NULL);
  while (n > 0)
    {
      g_string_append (s, parts[--n]);
      if (n > 0)
        g_string_append_c (s, '/');
    }
  return g_string_free (s, FALSE);
}

LttvAttr
lttv_history_attr_parent (LttvHistory *h, LttvAttr attr)
{
  g_rw_lock_reader_lock (&h->lock);
  LttvAttr p = h->attrs[attr].parent;
  g_rw_lock_reader_unlock (&h->lock);
  return p;
}

const char *
lttv_history_attr_name (LttvHistory *h, LttvAttr attr)
{
  g_rw_lock_reader_lock (&h->lock);
  const char *name = h->attrs[attr].name;
  g_rw_lock_reader_unlock (&h->lock);
  return name;
}

/* Strings are values (index << 2) | LTTV_VALUE_STRING; string_ids holds
 * index + 1. */
static LttvValue
string_value (gpointer id)
{
  return ((LttvValue) (GPOINTER_TO_UINT (id) - 1) << 2) | LTTV_VALUE_STRING;
}

LttvValue
lttv_history_find_string (LttvHistory *h, const char *text)
{
  g_return_val_if_fail (h != NULL && text != NULL, LTTV_VALUE_NONE);
  g_rw_lock_reader_lock (&h->lock);
  gpointer id = g_hash_table_lookup (h->string_ids, text);
  g_rw_lock_reader_unlock (&h->lock);
  return id == NULL ? LTTV_VALUE_NONE : string_value (id);
}

LttvValue
lttv_history_intern (LttvHistory *h, const char *text)
{
  g_return_val_if_fail (h != NULL && text != NULL, LTTV_VALUE_NONE);

  LttvValue v = lttv_history_find_string (h, text);
  if (v != LTTV_VALUE_NONE)
    return v;
  g_rw_lock_writer_lock (&h->lock);
  gpointer id = g_hash_table_lookup (h->string_ids, text);
  if (id == NULL)
    {
      char *copy = g_string_chunk_insert_const (h->names, text);
      g_ptr_array_add (h->strings, copy);
      id = GUINT_TO_POINTER (h->strings->len);
      g_hash_table_insert (h->string_ids, copy, id);
    }
  g_rw_lock_writer_unlock (&h->lock);
  return string_value (id);
}

LttvValue
lttv_history_intern_len (LttvHistory *h, const char *text, size_t len)
{
  char buf[256];
  if (len < sizeof buf)
    {
      memcpy (buf, text, len);
      buf[len] = '\0';
      return lttv_history_intern (h, buf);
    }
  g_autofree char *copy = g_strndup (text, len);
  return lttv_history_intern (h, copy);
}

const char *
lttv_history_string (LttvHistory *h, LttvValue v)
{
  if (lttv_value_type (v) != LTTV_VALUE_STRING)
    return NULL;
  guint index = (guint) (v >> 2);
  g_rw_lock_reader_lock (&h->lock);
  const char *s = index < h->strings->len
                  ? g_ptr_array_index (h->strings, index) : NULL;
  g_rw_lock_reader_unlock (&h->lock);
  return s;
}

const char *
lttv_history_format_value (LttvHistory *h, LttvValue v, char buf[32])
{
  switch (lttv_value_type (v))
    {
    case LTTV_VALUE_INT:
      {
        /* (by hand, not snprintf: `lttv state --at=` formats every value) */
        gint64 i = lttv_value_get_int (v);
        guint64 u = i < 0 ? 0 - (guint64) i : (guint64) i;
        char *p = buf + 31;
        *p = '\0';
        do
          *--p = (char) ('0' + u % 10);
        while ((u /= 10) > 0);
        if (i < 0)
          *--p = '-';
        return p;
      }
    case LTTV_VALUE_STRING:
      return lttv_history_string (h, v);
    default:
      return NULL;
    }
}

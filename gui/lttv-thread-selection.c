/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include "lttv-thread-selection.h"
#include "lttv-viewer-context-private.h"

/* Kept on the tab's time context, which all its viewer contexts share. */
typedef struct
{
  gint64 tid;
  LttvTime birth;
  GPtrArray *contexts;   /* weak: viewer contexts told of changes */
} Selection;

#define KEY "lttv-thread-selection"

static void
context_gone (gpointer data, GObject *where)
{
  g_ptr_array_remove (((Selection *) data)->contexts, where);
}

static void
selection_free (gpointer data)
{
  Selection *s = data;
  for (guint i = 0; i < s->contexts->len; i++)
    g_object_weak_unref (s->contexts->pdata[i], context_gone, s);
  g_ptr_array_unref (s->contexts);
  g_free (s);
}

static Selection *
selection_of (LttvViewerContext *ctx)
{
  GObject *tc = G_OBJECT (lttv_viewer_context_get_time_context (ctx));
  Selection *s = g_object_get_data (tc, KEY);

  if (s == NULL)
    {
      s = g_new0 (Selection, 1);
      s->tid = -1;
      s->birth = LTTV_TIME_NONE;
      s->contexts = g_ptr_array_new ();
      g_object_set_data_full (tc, KEY, s, selection_free);
    }
  if (!g_ptr_array_find (s->contexts, ctx, NULL))
    {
      g_ptr_array_add (s->contexts, ctx);
      g_object_weak_ref (G_OBJECT (ctx), context_gone, s);
    }
  return s;
}

void
lttv_viewer_context_select_thread (LttvViewerContext *ctx, gint64 tid, LttvTime birth)
{
  Selection *s;
  g_autoptr (GPtrArray) targets = NULL;

  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (ctx));
  s = selection_of (ctx);
  if (tid < 0)
    tid = -1, birth = LTTV_TIME_NONE;
  if (s->tid == tid && s->birth == birth)
    return;
  s->tid = tid;
  s->birth = birth;
  /* A handler may add or drop contexts: emit on a copy. */
  targets = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < s->contexts->len; i++)
    g_ptr_array_add (targets, g_object_ref (s->contexts->pdata[i]));
  for (guint i = 0; i < targets->len; i++)
    lttv_viewer_context_thread_selected (targets->pdata[i]);
}

gboolean
lttv_viewer_context_get_selected_thread (LttvViewerContext *ctx, gint64 *tid, LttvTime *birth)
{
  Selection *s;

  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (ctx), FALSE);
  s = selection_of (ctx);
  if (tid != NULL)
    *tid = s->tid;
  if (birth != NULL)
    *birth = s->birth;
  return s->tid >= 0;
}

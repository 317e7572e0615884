/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A tab saved as a session and opened again (docs/session-format.md). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include <lttv/lttv.h>

#include "lttv-marks-private.h"
#include "lttv-recent.h"
#include "lttv-session.h"
#include "lttv-timeline-rows.h"

#define FILE_KEY "lttv-session-file"
#define RESTORE_KEY "lttv-session-restore"

const char *
lttv_session_get_file (LttvTab *tab)
{
  return g_object_get_data (G_OBJECT (tab), FILE_KEY);
}

static void
set_file (LttvTab *tab, const char *file)
{
  g_object_set_data_full (G_OBJECT (tab), FILE_KEY, g_canonicalize_filename (file, NULL), g_free);
}

/* --- A viewer's switches -------------------------------------------------- */

/* The toggle buttons of a viewer that it named (gtk_widget_set_name, the
 * module API's convention, lttv-module.h): `found` gets them in the
 * widget tree's order. */
static void
find_toggles (GtkWidget *w, GPtrArray *found)
{
  if (GTK_IS_TOGGLE_BUTTON (w) && strcmp (gtk_widget_get_name (w), G_OBJECT_TYPE_NAME (w)) != 0)
    g_ptr_array_add (found, w);
  if (!GTK_IS_CONTAINER (w))
    return;
  g_autoptr (GList) children = gtk_container_get_children (GTK_CONTAINER (w));
  for (GList *l = children; l != NULL; l = l->next)
    find_toggles (l->data, found);
}

static void
capture_toggles (LttvSessionViewer *v, GtkWidget *viewer)
{
  g_autoptr (GPtrArray) toggles = g_ptr_array_new ();

  find_toggles (viewer, toggles);
  for (guint i = 0; i < toggles->len; i++)
    lttv_session_viewer_add_toggle (v, gtk_widget_get_name (toggles->pdata[i]),
                                    gtk_toggle_button_get_active (toggles->pdata[i]));
}

/* As the user clicked them: the viewer's handlers (and its actions, for
 * an actionable button) follow. */
static void
restore_toggles (const LttvSessionViewer *v, GtkWidget *viewer)
{
  g_autoptr (GPtrArray) toggles = g_ptr_array_new ();

  find_toggles (viewer, toggles);
  for (guint i = 0; i < v->toggles->len; i++)
    {
      const LttvSessionToggle *t = v->toggles->pdata[i];
      for (guint k = 0; k < toggles->len; k++)
        if (strcmp (gtk_widget_get_name (toggles->pdata[k]), t->name) == 0
            && gtk_toggle_button_get_active (toggles->pdata[k]) != t->active)
          gtk_toggle_button_set_active (toggles->pdata[k], t->active);
    }
}

/* --- Saving -------------------------------------------------------------- */

static char *
colour_text (const GdkRGBA *c)
{
  return g_strdup_printf ("#%02x%02x%02x", (int) (c->red * 255 + 0.5), (int) (c->green * 255 + 0.5),
                          (int) (c->blue * 255 + 0.5));
}

LttvSession *
lttv_session_capture (LttvTab *tab)
{
  LttvSession *s = lttv_session_new ();
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  LttvBookmarks *marks = lttv_tab_get_bookmarks (tab);
  g_autoptr (GArray) heights = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < lttv_tab_get_n_traces (tab); i++)
    {
      LttvSessionTrace *t = g_new0 (LttvSessionTrace, 1);
      t->path = g_canonicalize_filename (lttv_tab_get_trace_path (tab, i), NULL);
      g_ptr_array_add (s->traces, t);
    }

  lttv_tab_get_layout (tab, heights, &s->dock_height, &s->dock_page);
  for (guint i = 0; i < lttv_tab_get_n_viewers (tab); i++)
    {
      GtkWidget *widget = lttv_tab_get_viewer_widget (tab, i);
      LttvTimelineView *view = lttv_timeline_view_find (widget);
      LttvSessionViewer *v = lttv_session_viewer_new (lttv_tab_get_viewer_id (tab, i),
                                                      lttv_tab_viewer_is_docked (tab, i),
                                                      i < heights->len ? g_array_index (heights, int, i) : 0);

      capture_toggles (v, widget);
      g_ptr_array_add (s->viewers, v);
      if (view != NULL)
        {
          LttvSessionRows *r = lttv_session_rows_new (v->id);
          if (lttv_timeline_view_get_rows_state (view, &r->sort_column, &r->descending, r->hidden, r->folded)
              && (r->sort_column >= 0 || r->hidden->len > 0 || r->folded->len > 0))
            g_ptr_array_add (s->rows, r);
          else
            lttv_session_rows_free (r);
        }
    }
  s->maximised = lttv_tab_get_maximised (tab);

  if (lttv_tab_get_traceset (tab) != NULL)
    {
      s->has_window = s->has_current = TRUE;
      lttv_time_context_get_window (tc, &s->window_start, &s->window_end);
      s->current = lttv_time_context_get_current_time (tc);
      s->has_selection = lttv_time_context_get_selection (tc, &s->selection_start, &s->selection_end);
    }
  g_free (s->filter);
  s->filter = g_strdup (lttv_time_context_get_filter (tc));

  for (guint i = 0; i < lttv_bookmarks_n (marks); i++)
    {
      const LttvBookmark *b = lttv_bookmarks_get (marks, i);
      LttvSessionBookmark *m = g_new0 (LttvSessionBookmark, 1);
      m->start = b->start;
      m->end = b->end;
      m->name = g_strdup (b->name);
      m->note = g_strdup (b->note);
      m->colour = colour_text (&b->colour);
      g_ptr_array_add (s->bookmarks, m);
    }
  return s;
}

/* `file` is inside folder `dir` (both absolute, canonical). */
static gboolean
is_inside (const char *file, const char *dir)
{
  gsize n = strlen (dir);
  return strncmp (file, dir, n) == 0 && (file[n] == G_DIR_SEPARATOR || (n > 0 && dir[n - 1] == G_DIR_SEPARATOR));
}

gboolean
lttv_session_save_tab (LttvTab *tab, const char *file, GError **error)
{
  g_autofree char *abs = g_canonicalize_filename (file, NULL);
  g_autoptr (LttvSession) s = NULL;

  for (guint i = 0; i < lttv_tab_get_n_traces (tab); i++)
    {
      g_autofree char *trace = g_canonicalize_filename (lttv_tab_get_trace_path (tab, i), NULL);
      if (g_file_test (trace, G_FILE_TEST_IS_DIR) && is_inside (abs, trace))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_PERM,
                       _("%s: not saved: sessions are never written into a trace folder (%s); choose another folder"),
                       abs, trace);
          return FALSE;
        }
    }
  s = lttv_session_capture (tab);
  if (!lttv_session_save (s, abs, error))
    return FALSE;
  set_file (tab, abs);
  lttv_recent_add_session (abs);
  return TRUE;
}


/* --- Opening ------------------------------------------------------------- */

void
lttv_session_apply_times (const LttvSession *s, LttvTimeContext *tc)
{
  if (s->has_window)
    lttv_time_context_set_window (tc, s->window_start, s->window_end);
  if (s->has_current)
    lttv_time_context_set_current_time (tc, s->current);
  if (s->has_selection)
    lttv_time_context_set_selection (tc, s->selection_start, s->selection_end);
  lttv_time_context_set_filter (tc, s->filter);
}

void
lttv_session_apply_bookmarks (const LttvSession *s, LttvBookmarks *store)
{
  for (guint i = 0; i < s->bookmarks->len; i++)
    {
      const LttvSessionBookmark *m = s->bookmarks->pdata[i];
      gboolean have = FALSE;
      GdkRGBA colour;

      for (guint k = 0; !have && k < lttv_bookmarks_n (store); k++)
        {
          const LttvBookmark *b = lttv_bookmarks_get (store, k);
          have = b->start == m->start && b->end == m->end && g_strcmp0 (b->name, m->name) == 0;
        }
      if (!have)
        lttv_bookmarks_add (store, m->start, m->end, m->name, m->note,
                            m->colour != NULL && gdk_rgba_parse (&colour, m->colour) ? &colour : NULL);
    }
}

typedef struct
{
  LttvSession *session;
  gboolean opened, laid_out;
} Restore;

static void
restore_free (gpointer p)
{
  Restore *r = p;
  lttv_session_free (r->session);
  g_free (r);
}

/* Once the viewers are all built: the maximised one, the dock's page and
 * the timelines' rows. */
static void
restore_layout (LttvTab *tab, Restore *r)
{
  const LttvSession *s = r->session;

  if (r->laid_out || !lttv_tab_viewers_ready (tab))
    return;
  r->laid_out = TRUE;
  lttv_tab_set_dock_page (tab, s->dock_page);
  for (guint i = 0; i < s->rows->len; i++)
    {
      const LttvSessionRows *rows = s->rows->pdata[i];
      for (guint k = 0; k < lttv_tab_get_n_viewers (tab); k++)
        if (strcmp (lttv_tab_get_viewer_id (tab, k), rows->viewer) == 0)
          {
            LttvTimelineView *view = lttv_timeline_view_find (lttv_tab_get_viewer_widget (tab, k));
            if (view != NULL)
              lttv_timeline_view_set_rows_state (view, rows->sort_column, rows->descending, rows->hidden,
                                                 rows->folded);
          }
    }
  /* (the n-th viewer of an id has the n-th saved one's switches) */
  for (guint i = 0; i < s->viewers->len; i++)
    {
      const LttvSessionViewer *v = s->viewers->pdata[i];
      guint nth = 0;
      for (guint j = 0; j < i; j++)
        nth += strcmp (((const LttvSessionViewer *) s->viewers->pdata[j])->id, v->id) == 0;
      for (guint k = 0; k < lttv_tab_get_n_viewers (tab) && v->toggles->len > 0; k++)
        if (strcmp (lttv_tab_get_viewer_id (tab, k), v->id) == 0 && nth-- == 0)
          {
            restore_toggles (v, lttv_tab_get_viewer_widget (tab, k));
            break;
          }
    }
  /* (the viewers built are those of the session, in its order, unless a
   * module is missing: then the maximised one is looked up by id) */
  if (s->maximised >= 0)
    {
      const LttvSessionViewer *mv = s->viewers->pdata[s->maximised];
      for (guint k = 0; k < lttv_tab_get_n_viewers (tab); k++)
        if (strcmp (lttv_tab_get_viewer_id (tab, k), mv->id) == 0)
          {
            if (lttv_tab_get_maximised (tab) != (int) k)
              lttv_tab_toggle_maximised (tab, k);
            break;
          }
    }
}

static void
restore_viewers_changed_cb (LttvTab *tab, gpointer unused)
{
  Restore *r = g_object_get_data (G_OBJECT (tab), RESTORE_KEY);
  if (r != NULL)
    restore_layout (tab, r);
}

static void
restore_opened_cb (LttvTab *tab, gpointer unused)
{
  Restore *r = g_object_get_data (G_OBJECT (tab), RESTORE_KEY);

  if (r == NULL || r->opened)
    return;
  r->opened = TRUE;
  if (lttv_tab_get_traceset (tab) != NULL)
    {
      lttv_session_apply_times (r->session, lttv_tab_get_time_context (tab));
      lttv_session_apply_bookmarks (r->session, lttv_tab_get_bookmarks (tab));
    }
  restore_layout (tab, r);
}

gboolean
lttv_session_restore (LttvTab *tab, const char *file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvSession) s = lttv_session_load (file, &error);
  g_autoptr (GPtrArray) entries = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) heights = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GString) missing = g_string_new (NULL);
  Restore *r;

  if (s == NULL)
    {
      g_printerr ("lttv-gui: %s\n", error->message);
      lttv_tab_show_problem (tab, error->message);
      lttv_tab_add_default_viewers (tab);
      return FALSE;
    }
  set_file (tab, file);
  for (guint i = 0; i < s->viewers->len; i++)
    {
      const LttvSessionViewer *v = s->viewers->pdata[i];
      g_ptr_array_add (entries, g_strconcat (v->docked ? "d:" : "u:", v->id, NULL));
      if (!v->docked)
        g_array_append_val (heights, v->height);
    }
  g_ptr_array_add (entries, NULL);
  for (guint i = 0; i < heights->len; i++)
    if (g_array_index (heights, int, i) <= 0)
      g_array_set_size (heights, 0);
  if (s->viewers->len > 0)
    lttv_tab_add_viewer_set (tab, (const char *const *) entries->pdata, (const int *) heights->data,
                             heights->len, s->dock_height > 0 ? s->dock_height : -1);
  else
    lttv_tab_add_default_viewers (tab);

  for (guint i = 0; i < s->traces->len; i++)
    {
      g_autofree char *path = lttv_session_resolve_trace (s, i, file);
      const LttvSessionTrace *t = s->traces->pdata[i];
      if (path != NULL)
        g_ptr_array_add (files, g_file_new_for_path (path));
      else
        {
          g_autofree char *line =
            g_strdup_printf (_("%s: traces[%u]: the trace %s is missing (moved or deleted); the session's other traces are open"),
                             file, i + 1, t->path);
          g_printerr ("lttv-gui: %s\n", line);
          g_string_append_printf (missing, "%s%s", missing->len > 0 ? "\n" : "", line);
        }
    }
  r = g_new0 (Restore, 1);
  r->session = g_steal_pointer (&s);
  g_object_set_data_full (G_OBJECT (tab), RESTORE_KEY, r, restore_free);
  g_signal_connect (tab, "opened", G_CALLBACK (restore_opened_cb), NULL);
  g_signal_connect (tab, "viewers-changed", G_CALLBACK (restore_viewers_changed_cb), NULL);
  lttv_tab_add_traces_noted (tab, (GFile **) files->pdata, files->len,
                             missing->len > 0 ? missing->str : NULL);
  lttv_recent_add_session (file);
  return TRUE;
}

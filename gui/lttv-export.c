/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include <lttv/lttv.h>

#include "lttv-export.h"
#include "lttv-image-file.h"
#include "lttv-marks-private.h"
#include "lttv-module-host.h"
#include "lttv-session.h"
#include "lttv-viewer-context-private.h"

#define DEFAULT_WIDTH 1200
#define DEFAULT_HEIGHT 800

/* Draws the widget the viewer builds, in an off-screen window. */
static gboolean
render_widget (const LttvViewerInfo *info, LttvViewerContext *ctx, cairo_t *cr,
               int width, int height, GError **error)
{
  GtkWidget *window = gtk_offscreen_window_new ();
  GtkWidget *widget = info->create (ctx);

  if (widget == NULL)
    {
      gtk_widget_destroy (window);
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_UNSUPPORTED,
                   _("viewer “%s” built no widget to export"), info->id);
      return FALSE;
    }
  gtk_widget_set_size_request (widget, width, height);
  gtk_container_add (GTK_CONTAINER (window), widget);
  gtk_widget_show_all (window);
  while (gtk_events_pending ())
    gtk_main_iteration ();
  gtk_widget_draw (widget, cr);
  gtk_widget_destroy (window);
  return TRUE;
}

typedef enum { KIND_IMAGE, KIND_TSV } Kind;

static gboolean
kind_of (const char *file, Kind *kind, GError **error)
{
  g_autofree char *lower = g_ascii_strdown (file, -1);

  if (g_str_has_suffix (lower, ".tsv"))
    *kind = KIND_TSV;
  else if (lttv_image_file_is_image (file))
    *kind = KIND_IMAGE;
  else
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_USAGE,
                   _("%s: unknown file type: the name must end in .png, .svg, .pdf or .tsv"), file);
      return FALSE;
    }
  return TRUE;
}

/* The viewer's table as tab-separated text, when it has one. */
static gboolean
export_text (const LttvViewerInfo *info, LttvViewerContext *ctx, const char *file,
             GError **error)
{
  LttvViewerTextFunc func = lttv_module_host_find_text_export (info->id);
  g_autoptr (GString) out = NULL;

  if (func == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_USAGE,
                   _("%s: viewer “%s” has no table to export as text"), file, info->id);
      return FALSE;
    }
  out = g_string_new (NULL);
  if (!func (ctx, out, error))
    return FALSE;
  return g_file_set_contents (file, out->str, (gssize) out->len, error);
}

typedef struct {
  const LttvViewerInfo *info;
  LttvViewerContext *ctx;
} ViewerDrawing;

static gboolean
draw_viewer (cairo_t *cr, int width, int height, gpointer data, GError **error)
{
  ViewerDrawing *v = data;

  if (v->info->render != NULL)
    return v->info->render (v->ctx, cr, width, height, error);
  return render_widget (v->info, v->ctx, cr, width, height, error);
}

gboolean
lttv_export_render (const LttvViewerInfo *info, LttvViewerContext *ctx, const char *file,
                    int width, int height, GError **error)
{
  ViewerDrawing v = { info, ctx };
  Kind kind;

  if (!kind_of (file, &kind, error))
    return FALSE;
  if (kind == KIND_TSV)
    return export_text (info, ctx, file, error);
  return lttv_image_file_write (file, width, height, draw_viewer, &v, error);
}

gboolean
lttv_export_tab_view (LttvTab *tab, const char *view, const char *file, int width,
                      int height, GError **error)
{
  const LttvViewerInfo *info = lttv_module_host_find_viewer (view);
  g_autoptr (LttvViewerContext) ctx = NULL;
  gboolean ok;

  if (info == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_USAGE,
                   _("no viewer “%s” (see lttv-gui --list-views)"), view);
      return FALSE;
    }
  ctx = lttv_viewer_context_new (lttv_tab_get_time_context (tab), NULL);
  /* (the bookmarks as the tab draws them: --export draws them too) */
  lttv_viewer_context_set_bookmarks (ctx, lttv_tab_get_bookmarks (tab));
  lttv_viewer_context_set_traceset (ctx, lttv_tab_get_traceset (tab));
  lttv_viewer_context_set_state (ctx, lttv_tab_get_state (tab));
  ok = lttv_export_render (info, ctx, file, width, height, error);
  lttv_viewer_context_detach (ctx);
  return ok;
}

static gboolean
parse_size (const char *text, int *width, int *height)
{
  guint64 w, h;
  g_auto (GStrv) parts = g_strsplit (text, "x", -1);

  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_unsigned (parts[0], 10, 1, 20000, &w, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 1, 20000, &h, NULL))
    return FALSE;
  *width = w;
  *height = h;
  return TRUE;
}

int
lttv_export_run (const char *const *traces, const char *const *exports,
                 const char *window, const char *size)
{
  const char *sample[] = { lttv_paths_sample_trace (), NULL };
  g_autoptr (LttvTimeContext) tc = lttv_time_context_new ();
  g_autoptr (LttvTraceset) ts = NULL;
  g_autoptr (LttvState) state = NULL;   /* after ts: freed before it */
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvSession) session = NULL;
  g_autoptr (LttvBookmarks) bookmarks = lttv_bookmarks_new ();
  int width = DEFAULT_WIDTH, height = DEFAULT_HEIGHT, status = 0;

  if (size != NULL && !parse_size (size, &width, &height))
    {
      g_printerr (_("lttv-gui: --size=%s: expected WIDTHxHEIGHT in pixels, e.g. 1200x800\n"), size);
      return 2;
    }
  /* Check the whole command line before the slow part. */
  for (int i = 0; exports[i] != NULL; i++)
    {
      const char *colon = strchr (exports[i], ':');
      g_autofree char *view = colon != NULL ? g_strndup (exports[i], colon - exports[i]) : NULL;
      Kind kind;

      if (colon == NULL || colon[1] == '\0')
        {
          g_printerr (_("lttv-gui: --export=%s: expected VIEW:FILE\n"), exports[i]);
          return 2;
        }
      if (lttv_module_host_find_viewer (view) == NULL)
        {
          g_printerr (_("lttv-gui: --export=%s: no viewer “%s” (see lttv-gui --list-views)\n"), exports[i], view);
          return 2;
        }
      if (kind_of (colon + 1, &kind, &error) && kind == KIND_TSV
          && lttv_module_host_find_text_export (view) == NULL)
        g_set_error (&error, LTTV_ERROR, LTTV_ERROR_USAGE,
                     _("%s: viewer “%s” has no table to export as text"), colon + 1, view);
      if (error != NULL)
        {
          g_printerr ("lttv-gui: %s\n", error->message);
          return 2;
        }
    }

  /* The same paths as the window opens: absolute, without "..". A
   * session file gives its traces and, below, its times and filter. */
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; traces != NULL && traces[i] != NULL; i++)
    {
      g_autoptr (GFile) file = g_file_new_for_commandline_arg (traces[i]);
      g_autofree char *path = g_file_get_path (file);
      if (lttv_session_is_session_file (path) && g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          if (session != NULL)
            {
              g_printerr (_("lttv-gui: %s: --export takes one session file\n"), path);
              return 2;
            }
          session = lttv_session_load (path, &error);
          if (session == NULL)
            {
              g_printerr ("lttv-gui: %s\n", error->message);
              return 1;
            }
          for (guint k = 0; k < session->traces->len; k++)
            {
              char *found = lttv_session_resolve_trace (session, k, path);
              if (found != NULL)
                g_ptr_array_add (paths, found);
              else
                {
                  g_printerr (_("lttv-gui: %s: traces[%u]: the trace %s is missing (moved or deleted); the session's other traces are open\n"),
                              path, k + 1, ((LttvSessionTrace *) session->traces->pdata[k])->path);
                  status = 1;
                }
            }
          continue;
        }
      g_ptr_array_add (paths, g_steal_pointer (&path));
    }
  g_ptr_array_add (paths, NULL);
  if (paths->len == 1 && session != NULL)
    g_set_error (&error, LTTV_ERROR, LTTV_ERROR_NOT_FOUND, _("the session names no trace that is there"));
  else
    ts = lttv_traceset_open (paths->len > 1 ? (const char *const *) paths->pdata : sample, &error);
  if (ts == NULL)
    {
      /* Still render: the viewers say that nothing could be read. */
      g_printerr ("lttv-gui: %s\n", error->message);
      g_clear_error (&error);
      status = 1;
    }
  else
    {
      const GPtrArray *problems = lttv_traceset_get_problems (ts);
      for (guint i = 0; problems != NULL && i < problems->len; i++)
        {
          g_printerr ("lttv-gui: %s\n", ((GError *) problems->pdata[i])->message);
          status = 1;
        }
      lttv_time_context_set_bounds (tc, lttv_traceset_begin (ts), lttv_traceset_end (ts));
      /* The bookmarks the window would show (read, never written). */
      g_autofree char *bookmarks_file = lttv_bookmarks_file_for (ts);
      if (bookmarks_file != NULL && g_file_test (bookmarks_file, G_FILE_TEST_EXISTS)
          && !lttv_bookmarks_load (bookmarks, bookmarks_file, &error))
        {
          g_printerr ("lttv-gui: %s\n", error->message);
          g_clear_error (&error);
        }
      if (session != NULL)
        {
          lttv_session_apply_times (session, tc);
          lttv_session_apply_bookmarks (session, bookmarks);
        }
      /* No window to keep responsive here: build the state at once (or
       * load it from the cache). A read error keeps what came before it. */
      state = lttv_state_new (ts);
      if (!lttv_state_build (state, TRUE, LTTV_CANCEL_NONE, &error))
        {
          g_printerr ("lttv-gui: %s\n", error->message);
          g_clear_error (&error);
          status = 1;
        }
    }

  if (window != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (window, ",", -1);
      LttvTime origin = 0, t0, t1;

      lttv_time_context_get_bounds (tc, &origin, NULL);
      if (g_strv_length (parts) != 2
          || !lttv_time_parse (parts[0], origin, &t0, &error)
          || !lttv_time_parse (parts[1], origin, &t1, &error))
        {
          g_printerr (_("lttv-gui: --window=%s: %s\n"), window,
                      error != NULL ? error->message : _("expected T0,T1"));
          return 2;
        }
      lttv_time_context_set_window (tc, t0, t1);
    }

  for (int i = 0; exports[i] != NULL; i++)
    {
      const char *colon = strchr (exports[i], ':');
      g_autofree char *view = g_strndup (exports[i], colon - exports[i]);
      g_autoptr (LttvViewerContext) ctx = lttv_viewer_context_new (tc, NULL);

      lttv_viewer_context_set_bookmarks (ctx, bookmarks);
      lttv_viewer_context_set_traceset (ctx, ts);
      lttv_viewer_context_set_state (ctx, state);
      if (!lttv_export_render (lttv_module_host_find_viewer (view), ctx, colon + 1, width, height, &error))
        {
          g_printerr ("lttv-gui: %s\n", error->message);
          g_clear_error (&error);
          status = 1;
        }
      lttv_viewer_context_detach (ctx);
    }
  return status;
}

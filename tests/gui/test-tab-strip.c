/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The window's tab strip, in process on a real X server (run by
 * test-tab-strip.sh under Xvfb): Ctrl+Page Down/Up, clicks on the tabs,
 * where the keyboard focus goes, and no strip for a lone tab. */
#include "config.h"

#include <lttv/lttv.h>

#include "gui/lttv-tab.h"
#include "gui/lttv-window.h"

#include "gui-test.h"

static gboolean
is_notebook (GtkWidget *w, gconstpointer data)
{
  return GTK_IS_NOTEBOOK (w);
}

static gboolean
is_entry (GtkWidget *w, gconstpointer data)
{
  return GTK_IS_ENTRY (w) && gtk_widget_get_can_focus (w);
}

static gboolean
label_drawn (gpointer label)
{
  return gtk_widget_get_mapped (label) && gtk_widget_get_allocated_width (label) > 1;
}

/* Ctrl+Page Down/Up go round the tabs; a click on a tab shows it but
 * leaves the keyboard focus where it was: a tab strip with the focus
 * restyles every widget of every tab as it gains or loses it. A new tab
 * takes the focus from its fields. */
static void
test_tabs_round_and_tab_strip_takes_no_focus (void)
{
  LttvWindow *w = gui_test_new_window ();
  LttvTab *first = lttv_window_new_tab (w), *second = lttv_window_new_tab (w);
  GtkNotebook *notebook = GTK_NOTEBOOK (gui_test_find_widget (GTK_WIDGET (w), is_notebook, NULL));
  GtkWidget *label;
  int x, y;

  gtk_window_resize (GTK_WINDOW (w), 900, 600);
  g_assert_true (lttv_window_get_current_tab (w) == second);
  gui_test_activate (w, "next-tab", NULL);
  g_assert_true (lttv_window_get_current_tab (w) == first);
  gui_test_activate (w, "next-tab", NULL);
  g_assert_true (lttv_window_get_current_tab (w) == second);
  gui_test_activate (w, "previous-tab", NULL);
  g_assert_true (lttv_window_get_current_tab (w) == first);

  /* a real click, through the X server, on the second tab's label */
  label = gtk_notebook_get_tab_label (notebook, GTK_WIDGET (second));
  g_assert_true (gui_test_iterate_until (label_drawn, label, 5000));
  g_assert_true (gtk_widget_translate_coordinates (label, gtk_widget_get_toplevel (label),
                                                   gtk_widget_get_allocated_width (label) / 2,
                                                   gtk_widget_get_allocated_height (label) / 2, &x, &y));
  gui_test_xdotool (300, "windowfocus --sync %lu", gui_test_xid (label));
  gui_test_xdotool (500, "mousemove --window %lu %d %d click 1", gui_test_xid (label), x, y);
  g_assert_true (lttv_window_get_current_tab (w) == second);
  g_assert_false (gtk_widget_has_focus (GTK_WIDGET (notebook)));

  /* A new tab leaves the keys to the window's shortcuts: none goes to
   * the first field of its time bar, where the notebook would move the
   * focus from the tab it hides. */
  gtk_widget_grab_focus (gui_test_find_widget (GTK_WIDGET (second), is_entry, NULL));
  g_assert_true (GTK_IS_ENTRY (gtk_window_get_focus (GTK_WINDOW (w))));
  LttvTab *third = lttv_window_new_tab (w);
  g_assert_true (lttv_window_get_current_tab (w) == third);
  g_assert_null (gtk_window_get_focus (GTK_WINDOW (w)));

  lttv_tab_close (third);
  lttv_tab_close (second);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (w), "next-tab"));
  gtk_widget_destroy (GTK_WIDGET (w));
}

static gboolean
has_text (GtkWidget *w, gconstpointer text)
{
  return GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (w)), text) == 0;
}

/* The height of the strip above the current page. */
static int
strip_height (GtkNotebook *notebook)
{
  GtkWidget *page = gtk_notebook_get_nth_page (notebook, gtk_notebook_get_current_page (notebook));
  int x, y;

  g_assert_true (gtk_widget_translate_coordinates (page, GTK_WIDGET (notebook), 0, 0, &x, &y));
  return y;
}

typedef struct { GtkNotebook *notebook; gboolean strip; } StripWait;

static gboolean
strip_is (gpointer data)
{
  StripWait *s = data;
  GtkWidget *page = gtk_notebook_get_nth_page (s->notebook, gtk_notebook_get_current_page (s->notebook));
  return gtk_widget_get_mapped (page) && (strip_height (s->notebook) >= 20) == s->strip;
}

/* A lone tab shows no strip (its title is the window's); two show their
 * labels. The strip is collapsed rather than hidden: hiding it moves the
 * pages among the notebook's CSS nodes, and GTK 3 then matches again the
 * style of every widget of every tab (10-15 ms in the frame after a tab
 * opened or closed, bench/README.md). */
static void
test_lone_tab_shows_no_strip (void)
{
  LttvWindow *w = gui_test_new_window ();
  LttvTab *first = lttv_window_new_tab (w);
  GtkNotebook *notebook = GTK_NOTEBOOK (gui_test_find_widget (GTK_WIDGET (w), is_notebook, NULL));
  StripWait wait = { notebook, FALSE };

  gtk_window_resize (GTK_WINDOW (w), 900, 600);
  g_assert_true (gui_test_iterate_until (strip_is, &wait, 5000));
  g_assert_cmpint (strip_height (notebook), <=, 2);   /* (the theme's line under it) */

  LttvTab *second = lttv_window_new_tab (w);
  wait.strip = TRUE;
  g_assert_true (gui_test_iterate_until (strip_is, &wait, 5000));
  for (int i = 0; i < 2; i++)
    {
      GtkWidget *label = gtk_notebook_get_tab_label (notebook, gtk_notebook_get_nth_page (notebook, i));
      g_assert_true (gui_test_iterate_until (label_drawn, label, 5000));
      const char *title = lttv_tab_get_title (i == 0 ? first : second);
      g_assert_nonnull (gui_test_find_widget (label, has_text, title));
    }
  g_assert_true (gtk_notebook_get_show_tabs (notebook));

  lttv_tab_close (second);
  wait.strip = FALSE;
  g_assert_true (gui_test_iterate_until (strip_is, &wait, 5000));
  g_assert_cmpint (strip_height (notebook), <=, 2);
  g_assert_true (gtk_notebook_get_show_tabs (notebook));
  gtk_widget_destroy (GTK_WIDGET (w));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/tab-strip/tabs-round-and-tab-strip-takes-no-focus",
                   test_tabs_round_and_tab_strip_takes_no_focus);
  g_test_add_func ("/tab-strip/lone-tab-shows-no-strip", test_lone_tab_shows_no_strip);
  return g_test_run ();
}

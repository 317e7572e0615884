/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The event list viewer on a real X server (test-eventlist.sh runs it
 * under Xvfb), on a real trace. Expected values come from babeltrace2:
 * the wrapper writes every event's time (ns) and name, and the number of
 * events an independent Python script finds for a filter. The list is
 * driven as a user would: key presses on it, its scrollbar, the tab's
 * current time and filter.
 *
 * With EL_BENCH set, measures instead the list's response (Page Down,
 * End, drag to the middle, jump to a time) and prints bench lines. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <time.h>

#include <lttv/lttv.h>

#include "gui/lttv-application.h"
#include "gui/lttv-job.h"
#include "gui/lttv-module-host.h"
#include "gui/lttv-tab.h"
#include "gui/lttv-time-context.h"
#include "gui/lttv-window.h"

#include "gui-test.h"

typedef struct {
  LttvTime ns;
  char *name;
} OracleEvent;

static GArray *oracle;        /* OracleEvent, in babeltrace2's order */
static LttvWindow *window;
static LttvTab *tab;
static guint viewer_index;
static GtkWidget *tree, *status, *scrollbar;

static gboolean
iterate_until (gboolean (*done) (gpointer), gpointer data, int timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  while (!done (data) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  return done (data);
}

static void
settle (void)
{
  for (int i = 0; i < 50 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

static void
load_oracle (const char *path)
{
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  oracle = g_array_new (FALSE, FALSE, sizeof (OracleEvent));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *sp = strchr (lines[i], ' ');
      if (sp == NULL)
        continue;
      OracleEvent e = { g_ascii_strtoull (lines[i], NULL, 10), g_strdup (sp + 1) };
      g_array_append_val (oracle, e);
    }
}

static OracleEvent *
oracle_at (guint64 i)
{
  g_assert_cmpuint (i, <, oracle->len);
  return &g_array_index (oracle, OracleEvent, i);
}

static gboolean
tab_opened (gpointer data)
{
  /* (and its default viewers built: they come one a main-loop turn) */
  return !lttv_tab_is_opening (data) && lttv_tab_viewers_ready (data);
}

static gboolean
list_ready (gpointer data)
{
  const char *text = gtk_label_get_text (GTK_LABEL (status));
  return strstr (text, "…") == NULL && strstr (text, "event") != NULL;
}

static gboolean
job_bar_closed (gpointer unused)
{
  return !gtk_revealer_get_child_revealed (GTK_REVEALER (lttv_tab_get_job_bar (tab)));
}

static LttvViewerContext *
ctx (void)
{
  return lttv_tab_get_viewer_context (tab, viewer_index);
}

static LttvTime
current_time (void)
{
  return lttv_time_context_get_current_time (lttv_tab_get_time_context (tab));
}

static void
open_list (const char *trace)
{
  window = lttv_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 700);
  gtk_widget_show (GTK_WIDGET (window));
  g_autoptr (GFile) file = g_file_new_for_path (trace);
  GFile *files[] = { file };
  tab = lttv_window_open_traces (window, files, 1);
  g_assert_true (iterate_until (tab_opened, tab, 60000));
  g_assert_nonnull (lttv_tab_get_traceset (tab));
  /* The list alone in the tab, so that its height does not depend on
   * which other viewers are installed. */
  while (lttv_tab_get_n_viewers (tab) > 0)
    lttv_tab_remove_viewer (tab, 0);
  viewer_index = 0;
  g_assert_true (lttv_tab_add_viewer (tab, "eventlist"));
  GtkWidget *w = lttv_tab_get_viewer_widget (tab, viewer_index);
  tree = gui_test_find_widget (w, gui_test_is_named, "eventlist-tree");
  status = gui_test_find_widget (w, gui_test_is_named, "eventlist-status");
  scrollbar = gui_test_find_widget (w, gui_test_is_named, "eventlist-scrollbar");
  g_assert_nonnull (tree);
  g_assert_nonnull (status);
  g_assert_nonnull (scrollbar);
  g_assert_true (iterate_until (list_ready, NULL, 600000));
  /* The job bar of the state build takes height from the list until the
   * build ends and its slide has run (a quarter of a second of frames, at
   * a loaded machine's pace): page sizes are only stable after it. CI
   * once paged by 18 rows, then by 19 as the bar closed. */
  g_assert_true (lttv_job_wait_all (600000));
  g_assert_true (iterate_until (job_bar_closed, NULL, 60000));
  settle ();
}

/* --- Reading the list ----------------------------------------------------- */

enum { COL_TIME = 0, COL_NAME = 4, COL_FIELDS = 7 };

static char *
selected_text (int column)
{
  GtkTreeSelection *sel = gtk_tree_view_get_selection (GTK_TREE_VIEW (tree));
  GtkTreeModel *model;
  GList *rows = gtk_tree_selection_get_selected_rows (sel, &model);
  char *text = NULL;
  GtkTreeIter iter;
  if (rows != NULL && gtk_tree_model_get_iter (model, &iter, rows->data))
    gtk_tree_model_get (model, &iter, column, &text, -1);
  g_list_free_full (rows, (GDestroyNotify) gtk_tree_path_free);
  return text;
}

static int
visible_rows (void)
{
  return gtk_tree_model_iter_n_children (gtk_tree_view_get_model (GTK_TREE_VIEW (tree)), NULL);
}

static void
press (guint keyval)
{
  GdkEvent *ev = gdk_event_new (GDK_KEY_PRESS);
  ev->key.window = g_object_ref (gtk_widget_get_window (tree));
  ev->key.keyval = keyval;
  ev->key.time = GDK_CURRENT_TIME;
  gdk_event_set_device (ev, gdk_seat_get_keyboard (gdk_display_get_default_seat (gdk_display_get_default ())));
  gtk_widget_event (tree, ev);
  gdk_event_free (ev);
}

/* The selected row is event `i` of babeltrace2, and the tab's current
 * time is its time. */
static void
assert_selected_is (guint64 i)
{
  OracleEvent *e = oracle_at (i);
  g_autofree char *name = selected_text (COL_NAME);
  g_autofree char *time = selected_text (COL_TIME);
  g_autofree char *want_time = lttv_viewer_context_format_time (ctx (), e->ns);
  g_test_message ("want row %" G_GUINT64_FORMAT ": %s %s; selected: %s %s", i, want_time, e->name, time, name);
  g_assert_cmpstr (name, ==, e->name);
  g_assert_cmpstr (time, ==, want_time);
}

/* --- Tests ------------------------------------------------------------------ */

static void
test_count (void)
{
  g_autofree char *want = NULL;
  GString *digits = g_string_new (NULL);
  g_autofree char *n = g_strdup_printf ("%u", oracle->len);
  for (size_t i = 0; i < strlen (n); i++)
    {
      if (i > 0 && (strlen (n) - i) % 3 == 0)
        g_string_append_c (digits, ',');
      g_string_append_c (digits, n[i]);
    }
  want = g_strdup_printf ("%s events", digits->str);
  g_string_free (digits, TRUE);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (status)), ==, want);
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (scrollbar));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), ==, (double) oracle->len);
  /* Only the rows on screen are in the store. */
  g_assert_cmpint (visible_rows (), >, 5);
  g_assert_cmpint (visible_rows (), <, 200);
}

/* Events are the first of their time: the list must land on them. */
static guint64
first_of_its_time (guint64 i)
{
  while (i > 0 && oracle_at (i - 1)->ns == oracle_at (i)->ns)
    i--;
  return i;
}

static void
test_jump_to_time (void)
{
  guint64 picks[] = { oracle->len / 2, oracle->len / 7, oracle->len - 3, 1 };
  for (guint k = 0; k < G_N_ELEMENTS (picks); k++)
    {
      guint64 i = first_of_its_time (picks[k]);
      lttv_time_context_set_current_time (lttv_tab_get_time_context (tab), oracle_at (i)->ns);
      settle ();
      assert_selected_is (i);
      /* One nanosecond after: the next event with a later time. */
      guint64 j = i;
      while (j < oracle->len && oracle_at (j)->ns <= oracle_at (i)->ns)
        j++;
      if (j < oracle->len)
        {
          lttv_time_context_set_current_time (lttv_tab_get_time_context (tab), oracle_at (i)->ns + 1);
          settle ();
          assert_selected_is (j);
        }
    }
}

static void
test_page_through (void)
{
  guint64 start = first_of_its_time (oracle->len / 3);
  lttv_time_context_set_current_time (lttv_tab_get_time_context (tab), oracle_at (start)->ns);
  settle ();
  assert_selected_is (start);
  gtk_widget_grab_focus (tree);
  int page = visible_rows () - 1;
  guint64 row = start;
  for (int k = 0; k < 6; k++)
    {
      press (GDK_KEY_Page_Down);
      settle ();
      row += page;
      assert_selected_is (row);
      /* selecting a row sets the tab's current time */
      g_assert_cmpuint (current_time (), ==, oracle_at (row)->ns);
    }
  press (GDK_KEY_Down);
  settle ();
  assert_selected_is (++row);
  press (GDK_KEY_Page_Up);
  settle ();
  assert_selected_is (row - page);
  press (GDK_KEY_End);
  settle ();
  assert_selected_is (oracle->len - 1);
  g_assert_cmpuint (current_time (), ==, oracle_at (oracle->len - 1)->ns);
  press (GDK_KEY_Home);
  settle ();
  assert_selected_is (0);
  g_assert_cmpuint (current_time (), ==, oracle_at (0)->ns);
}

static void
test_scrollbar_drag (void)
{
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (scrollbar));
  guint64 mid = oracle->len / 2;
  gtk_adjustment_set_value (adj, (double) mid);
  settle ();
  /* the first row shown is event `mid` */
  GtkTreeModel *model = gtk_tree_view_get_model (GTK_TREE_VIEW (tree));
  GtkTreeIter iter;
  g_assert_true (gtk_tree_model_get_iter_first (model, &iter));
  g_autofree char *name = NULL, *time = NULL;
  gtk_tree_model_get (model, &iter, COL_NAME, &name, COL_TIME, &time, -1);
  g_autofree char *want = lttv_viewer_context_format_time (ctx (), oracle_at (mid)->ns);
  g_assert_cmpstr (name, ==, oracle_at (mid)->name);
  g_assert_cmpstr (time, ==, want);
}

static gboolean
filter_done (gpointer data)
{
  const char *text = gtk_label_get_text (GTK_LABEL (status));
  return strstr (text, "matches") != NULL && strstr (text, "…") == NULL;
}

static void
test_filter_count (void)
{
  const char *expr = g_getenv ("EL_FILTER");
  const char *count = g_getenv ("EL_FILTER_COUNT");
  if (expr == NULL || count == NULL)
    {
      g_test_skip ("EL_FILTER / EL_FILTER_COUNT not given by the wrapper");
      return;
    }
  lttv_viewer_context_set_filter (ctx (), expr);
  g_assert_true (iterate_until (filter_done, NULL, 120000));
  g_autofree char *want = g_strdup_printf ("%s matches of ", count);
  g_test_message ("status: %s", gtk_label_get_text (GTK_LABEL (status)));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (status)), want));
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (scrollbar));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), ==, g_ascii_strtod (count, NULL));
  /* A wrong expression leaves the list as it is and marks the entry. */
  GtkWidget *entry = gui_test_find_widget (lttv_tab_get_viewer_widget (tab, viewer_index),
                                           gui_test_is_named, "eventlist-filter");
  gtk_entry_set_text (GTK_ENTRY (entry), "name == ");
  g_signal_emit_by_name (entry, "activate");
  settle ();
  g_assert_true (gtk_style_context_has_class (gtk_widget_get_style_context (entry), "error"));
  g_assert_cmpstr (lttv_viewer_context_get_filter (ctx ()), ==, expr);
  lttv_viewer_context_set_filter (ctx (), "");
  g_assert_true (iterate_until (list_ready, NULL, 10000));
}

/* "In window": only the events in the tab's time window, counted from
 * babeltrace2's times. */
static void
test_window_only (void)
{
  GtkWidget *toggle = gui_test_find_widget (lttv_tab_get_viewer_widget (tab, viewer_index),
                                            gui_test_is_named, "eventlist-window-only");
  g_assert_nonnull (toggle);
  LttvTime t0 = oracle_at (oracle->len / 4)->ns, t1 = oracle_at (oracle->len / 2)->ns;
  guint64 want = 0;
  for (guint i = 0; i < oracle->len; i++)
    want += oracle_at (i)->ns >= t0 && oracle_at (i)->ns <= t1;
  lttv_time_context_set_window (lttv_tab_get_time_context (tab), t0, t1);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  settle ();
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (scrollbar));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), ==, (double) want);
  g_test_message ("window: %s", gtk_label_get_text (GTK_LABEL (status)));
  /* Home is the window's first event */
  gtk_widget_grab_focus (tree);
  press (GDK_KEY_Home);
  settle ();
  guint64 first = 0;
  while (oracle_at (first)->ns < t0)
    first++;
  assert_selected_is (first);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  settle ();
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), ==, (double) oracle->len);
}

static const char *export_path;

/* Data rows (they start with the time in seconds) in the exported file. */
static guint
exported_rows (void)
{
  g_autofree char *text = NULL;
  guint n = 0;
  if (!g_file_get_contents (export_path, &text, NULL, NULL))
    return 0;
  for (const char *line = text; *line != '\0'; line = strchr (line, '\n') + 1)
    {
      n += g_ascii_isdigit (*line);
      if (strchr (line, '\n') == NULL)
        break;
    }
  return n;
}

static gboolean
export_complete (gpointer unused)
{
  return exported_rows () >= oracle->len;
}

/* eventlist.export-to writes every listed event as CSV, in babeltrace2's
 * order, one row each, with the time in seconds and the event's name. */
static void
test_export_csv (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lttv-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "events.csv", NULL);
  GtkWidget *w = lttv_tab_get_viewer_widget (tab, viewer_index);
  GActionGroup *group = gtk_widget_get_action_group (w, "eventlist");
  g_assert_nonnull (group);
  export_path = path;
  g_action_group_activate_action (group, "export-to", g_variant_new_string (path));
  g_assert_true (iterate_until (export_complete, NULL, 120000));
  settle ();
  g_assert_cmpuint (exported_rows (), ==, oracle->len);

  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint first = 0, last = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_ascii_isdigit (lines[i][0]))
      {
        /* the first data row (a header line may come before it) */
        if (first == 0 && !g_ascii_isdigit (lines[first][0]))
          first = i;
        last = i;
      }
  char t0[32], t1[32];
  lttv_time_format_seconds (oracle_at (0)->ns, t0);
  lttv_time_format_seconds (oracle_at (oracle->len - 1)->ns, t1);
  g_test_message ("first row: %s", lines[first]);
  g_assert_true (g_str_has_prefix (lines[first], t0));
  g_assert_nonnull (strstr (lines[first], oracle_at (0)->name));
  g_assert_true (g_str_has_prefix (lines[last], t1));
  g_assert_nonnull (strstr (lines[last], oracle_at (oracle->len - 1)->name));
  g_unlink (path);
  g_rmdir (dir);
  export_path = NULL;
}

/* Ctrl+C copies the selected row's visible columns, tab-separated. */
static void
test_copy (void)
{
  lttv_time_context_set_current_time (lttv_tab_get_time_context (tab), oracle_at (first_of_its_time (100))->ns);
  settle ();
  gtk_widget_grab_focus (tree);
  GdkEvent *ev = gdk_event_new (GDK_KEY_PRESS);
  ev->key.window = g_object_ref (gtk_widget_get_window (tree));
  ev->key.keyval = GDK_KEY_c;
  ev->key.state = GDK_CONTROL_MASK;
  gdk_event_set_device (ev, gdk_seat_get_keyboard (gdk_display_get_default_seat (gdk_display_get_default ())));
  /* the list's key handler is on its top widget, as for a real key */
  gtk_widget_event (lttv_tab_get_viewer_widget (tab, viewer_index), ev);
  gdk_event_free (ev);
  g_autofree char *text = gtk_clipboard_wait_for_text (gtk_widget_get_clipboard (tree, GDK_SELECTION_CLIPBOARD));
  g_assert_nonnull (text);
  g_autofree char *time = lttv_viewer_context_format_time (ctx (), oracle_at (first_of_its_time (100))->ns);
  g_test_message ("copied: %s", text);
  g_assert_true (g_str_has_prefix (text, time));
  g_assert_nonnull (strstr (text, oracle_at (first_of_its_time (100))->name));
  g_assert_true (g_str_has_suffix (text, "\n"));
}

static void
send_key (guint keyval, GdkModifierType state)
{
  GdkEvent *ev = gdk_event_new (GDK_KEY_PRESS);
  ev->key.window = g_object_ref (gtk_widget_get_window (tree));
  ev->key.keyval = keyval;
  ev->key.state = state;
  gdk_event_set_device (ev, gdk_seat_get_keyboard (gdk_display_get_default_seat (gdk_display_get_default ())));
  gtk_widget_event (lttv_tab_get_viewer_widget (tab, viewer_index), ev);
  gdk_event_free (ev);
}

static guint64 search_want;

static gboolean
selected_is_wanted (gpointer data)
{
  g_autofree char *time = selected_text (COL_TIME);
  g_autofree char *want = lttv_viewer_context_format_time (ctx (), oracle_at (search_want)->ns);
  return g_strcmp0 (time, want) == 0;
}

/* Ctrl+F, then F3 / Shift+F3 find the next and previous events whose
 * name matches, in babeltrace2's order. */
static void
test_search (void)
{
  const char *name = "sched:sched_process_exec";
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint64 i = 0; i < oracle->len; i++)
    if (strcmp (oracle_at (i)->name, name) == 0)
      g_array_append_val (hits, i);
  g_assert_cmpuint (hits->len, >=, 2);
  gtk_widget_grab_focus (tree);
  press (GDK_KEY_Home);
  settle ();
  send_key (GDK_KEY_f, GDK_CONTROL_MASK);
  GtkWidget *entry = gui_test_find_widget (lttv_tab_get_viewer_widget (tab, viewer_index),
                                           gui_test_is_named, "eventlist-search");
  gtk_entry_set_text (GTK_ENTRY (entry), "name == \"sched:sched_process_exec\"");
  settle ();
  send_key (GDK_KEY_F3, 0);
  search_want = g_array_index (hits, guint64, 0);
  g_assert_true (iterate_until (selected_is_wanted, NULL, 20000));
  send_key (GDK_KEY_F3, 0);
  search_want = g_array_index (hits, guint64, 1);
  g_assert_true (iterate_until (selected_is_wanted, NULL, 20000));
  send_key (GDK_KEY_F3, GDK_SHIFT_MASK);
  search_want = g_array_index (hits, guint64, 0);
  g_assert_true (iterate_until (selected_is_wanted, NULL, 20000));
  assert_selected_is (search_want);
  /* the tab's current time followed */
  g_assert_cmpuint (current_time (), ==, oracle_at (search_want)->ns);
  gtk_entry_set_text (GTK_ENTRY (entry), "");
}

/* The colour of the tree's pixel (x, y) (widget coordinates), drawn off
 * screen as the window draws it. */
static guint32
tree_pixel (int x, int y)
{
  int w = gtk_widget_get_allocated_width (tree), h = gtk_widget_get_allocated_height (tree);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (surface);
  gtk_widget_draw (tree, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  guint32 px = *(guint32 *) (cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface) + x * 4);
  cairo_surface_destroy (surface);
  return px & 0xFFFFFF;
}

static gboolean
widget_drawable (gpointer w)
{
  return gtk_widget_is_drawable (w);
}

/* Types `text` into `entry` as key presses (the entry's own handler). */
static void
type_into (GtkWidget *entry, const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    {
      GdkEvent *ev = gdk_event_new (GDK_KEY_PRESS);
      /* (the list's window: the entry may have none of its own yet) */
      ev->key.window = g_object_ref (gtk_widget_get_window (tree));
      ev->key.keyval = gdk_unicode_to_keyval ((guint32) *c);
      ev->key.string = g_strndup (c, 1);
      ev->key.length = 1;
      gdk_event_set_device (ev, gdk_seat_get_keyboard (gdk_display_get_default_seat (gdk_display_get_default ())));
      gtk_widget_event (entry, ev);
      gdk_event_free (ev);
      settle ();
    }
}

/* The rows on screen whose name or fields hold the typed search text
 * (ignoring case) are highlighted: opaque yellow behind dark text, the
 * others not, in the light and the dark theme. */
static void
test_search_highlight (void)
{
  /* the most frequent event's name, without its subsystem, in capitals:
   * the search ignores case */
  g_autoptr (GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  const char *best = NULL;
  guint best_n = 0;
  for (guint64 i = 0; i < oracle->len; i++)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, oracle_at (i)->name)) + 1;
      g_hash_table_insert (counts, oracle_at (i)->name, GUINT_TO_POINTER (n));
      if (n > best_n)
        best_n = n, best = oracle_at (i)->name;
    }
  const char *colon = strrchr (best, ':');
  g_autofree char *query = g_ascii_strup (colon != NULL ? colon + 1 : best, -1);
  g_autofree char *lower = g_ascii_strdown (query, -1);
  g_test_message ("searching for %s (%u of %u events)", query, best_n, oracle->len);

  gtk_widget_grab_focus (tree);
  press (GDK_KEY_Home);
  settle ();
  send_key (GDK_KEY_f, GDK_CONTROL_MASK);
  settle ();
  GtkWidget *entry = gui_test_find_widget (lttv_tab_get_viewer_widget (tab, viewer_index),
                                           gui_test_is_named, "eventlist-search");
  g_assert_true (gtk_widget_has_focus (entry));
  /* the bar is there to type in (it was hidden for good once) */
  g_assert_true (iterate_until (widget_drawable, entry, 5000));
  type_into (entry, query);
  g_assert_cmpstr (gtk_entry_get_text (GTK_ENTRY (entry)), ==, query);
  iterate_until (job_bar_closed, NULL, 2000);
  for (int i = 0; i < 20; i++)
    settle (), g_usleep (10000);

  for (int theme = 0; theme < 2; theme++)
    {
      g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", theme == 1, NULL);
      for (int i = 0; i < 20; i++)
        settle (), g_usleep (10000);
      GtkTreeModel *model = gtk_tree_view_get_model (GTK_TREE_VIEW (tree));
      GtkTreeIter iter;
      guint marked = 0, plain = 0, k = 0;
      guint32 plain_px = 0;
      for (gboolean ok = gtk_tree_model_get_iter_first (model, &iter); ok;
           ok = gtk_tree_model_iter_next (model, &iter), k++)
        {
          g_autofree char *name = NULL, *fields = NULL;
          gtk_tree_model_get (model, &iter, COL_NAME, &name, COL_FIELDS, &fields, -1);
          g_autofree char *lname = g_utf8_strdown (name, -1), *lfields = g_utf8_strdown (fields, -1);
          gboolean want = strstr (lname, lower) != NULL || strstr (lfields, lower) != NULL;
          g_autoptr (GtkTreePath) path = gtk_tree_path_new_from_indices ((int) k, -1);
          GdkRectangle cell, visible;
          int x, y;
          gtk_tree_view_get_visible_rect (GTK_TREE_VIEW (tree), &visible);
          gtk_tree_view_get_background_area (GTK_TREE_VIEW (tree), path,
                                             gtk_tree_view_get_column (GTK_TREE_VIEW (tree), 0), &cell);
          if (cell.height <= 0 || cell.y + cell.height > visible.height)
            continue;   /* not on screen */
          gtk_tree_view_convert_bin_window_to_widget_coords (GTK_TREE_VIEW (tree), cell.x + 1,
                                                             cell.y + cell.height / 2, &x, &y);
          guint32 px = tree_pixel (x, y);
          if (want)
            {
              marked++;
              g_assert_cmphex (px, ==, 0xf6d32d);
            }
          else
            {
              plain++;
              plain_px = px;
              g_assert_cmphex (px, !=, 0xf6d32d);
            }
        }
      g_test_message ("%s theme: %u rows highlighted, %u not (background #%06x)",
                      theme ? "dark" : "light", marked, plain, plain_px);
      g_assert_cmpuint (marked, >, 0);
      g_assert_cmpuint (plain, >, 0);
    }
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
  gtk_entry_set_text (GTK_ENTRY (entry), "");
  settle ();
}

/* --- Benchmark --------------------------------------------------------------- */

static void
draw_now (void)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gdk_window_process_all_updates ();
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Wall time, and the main thread's CPU time: on a loaded machine the wall
 * time measures the other programs too. */
static void
report (const char *what, double *ms, double *cpu, int n)
{
  qsort (ms, (size_t) n, sizeof *ms, cmp_double);
  qsort (cpu, (size_t) n, sizeof *cpu, cmp_double);
  printf ("eventlist %s: median %.2f ms, max %.2f ms; main-thread CPU median %.2f ms, max %.2f ms (%d runs)\n",
          what, ms[n / 2], ms[n - 1], cpu[n / 2], cpu[n - 1], n);
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
run_bench (const char *trace)
{
  gint64 t0 = g_get_monotonic_time ();
  open_list (trace);
  printf ("eventlist open+index: %.1f s (%s)\n", (g_get_monotonic_time () - t0) / 1e6,
          gtk_label_get_text (GTK_LABEL (status)));
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (scrollbar));
  double n_rows = gtk_adjustment_get_upper (adj);
  gtk_widget_grab_focus (tree);
  enum { N = 100 };
  double ms[N], cpu[N];
  GRand *rand = g_rand_new_with_seed (42);
  LttvTime begin, end;
  lttv_viewer_context_get_bounds (ctx (), &begin, &end);

#define TIME(label, action) \
  for (int k = 0; k < N; k++) \
    { \
      gint64 s = g_get_monotonic_time (); \
      double c = thread_cpu_ms (); \
      action; \
      draw_now (); \
      ms[k] = (g_get_monotonic_time () - s) / 1000.0; \
      cpu[k] = thread_cpu_ms () - c; \
      settle (); \
    } \
  report (label, ms, cpu, N);

  TIME ("Page Down", press (GDK_KEY_Page_Down));
  TIME ("End/Home", press (k % 2 == 0 ? GDK_KEY_End : GDK_KEY_Home));
  TIME ("drag to a random position",
        gtk_adjustment_set_value (adj, g_rand_double_range (rand, 0, n_rows)));
  TIME ("drag to the middle", gtk_adjustment_set_value (adj, k % 2 == 0 ? n_rows / 2 : n_rows / 3));
  TIME ("jump to a random time",
        lttv_time_context_set_current_time (lttv_tab_get_time_context (tab),
                                            begin + (LttvTime) g_rand_double_range (rand, 0, (double) (end - begin))));
  g_rand_free (rand);
  return 0;
}

/* EL_SHOT=FILE.png: the list of EL_TRACE with EL_FILTER applied and the
 * search bar open on EL_SEARCH, saved as an image (for looking at it). */
static int
run_shot (const char *trace, const char *file)
{
  open_list (trace);
  const char *size = g_getenv ("EL_SIZE");
  int w = 1200, h = 700;
  if (size != NULL)
    sscanf (size, "%dx%d", &w, &h);
  gtk_window_resize (GTK_WINDOW (window), w, h);
  if (g_getenv ("EL_FILTER") != NULL)
    {
      lttv_viewer_context_set_filter (ctx (), g_getenv ("EL_FILTER"));
      iterate_until (filter_done, NULL, 120000);
    }
  LttvTime begin, end;
  lttv_viewer_context_get_bounds (ctx (), &begin, &end);
  lttv_time_context_set_current_time (lttv_tab_get_time_context (tab), begin + (end - begin) / 3);
  if (g_getenv ("EL_SEARCH") != NULL)
    {
      GtkWidget *top = lttv_tab_get_viewer_widget (tab, viewer_index);
      GdkEvent *ev = gdk_event_new (GDK_KEY_PRESS);
      ev->key.window = g_object_ref (gtk_widget_get_window (tree));
      ev->key.keyval = GDK_KEY_f;
      ev->key.state = GDK_CONTROL_MASK;
      gdk_event_set_device (ev, gdk_seat_get_keyboard (gdk_display_get_default_seat (gdk_display_get_default ())));
      gtk_widget_event (top, ev);
      gdk_event_free (ev);
      GtkWidget *entry = gtk_window_get_focus (GTK_WINDOW (window));
      if (GTK_IS_ENTRY (entry))
        gtk_entry_set_text (GTK_ENTRY (entry), g_getenv ("EL_SEARCH"));
    }
  gint64 until = g_get_monotonic_time () + 1500000;
  while (g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
  GdkWindow *win = gtk_widget_get_window (GTK_WIDGET (window));
  GdkPixbuf *pb = gdk_pixbuf_get_from_window (win, 0, 0, gdk_window_get_width (win), gdk_window_get_height (win));
  gboolean ok = pb != NULL && gdk_pixbuf_save (pb, file, "png", NULL, NULL);
  g_clear_object (&pb);
  return ok ? 0 : 1;
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  const char *bench = g_getenv ("EL_BENCH");
  if (bench != NULL)
    return run_bench (bench);

  const char *trace = g_getenv ("EL_TRACE");
  if (g_getenv ("EL_SHOT") != NULL && trace != NULL)
    return run_shot (trace, g_getenv ("EL_SHOT"));
  const char *oracle_path = g_getenv ("EL_ORACLE");
  if (trace == NULL || oracle_path == NULL)
    {
      printf ("1..0 # SKIP EL_TRACE and EL_ORACLE are set by test-eventlist.sh\n");
      return 0;
    }
  load_oracle (oracle_path);
  open_list (trace);
  g_test_add_func ("/eventlist/count", test_count);
  g_test_add_func ("/eventlist/jump-to-time", test_jump_to_time);
  g_test_add_func ("/eventlist/page-through", test_page_through);
  g_test_add_func ("/eventlist/scrollbar-drag", test_scrollbar_drag);
  g_test_add_func ("/eventlist/export-csv", test_export_csv);
  g_test_add_func ("/eventlist/window-only", test_window_only);
  g_test_add_func ("/eventlist/copy", test_copy);
  g_test_add_func ("/eventlist/search", test_search);
  g_test_add_func ("/eventlist/search-highlight", test_search_highlight);
  g_test_add_func ("/eventlist/filter-count", test_filter_count);
  return g_test_run ();
}

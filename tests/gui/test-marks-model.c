/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The marks' model, without a display: the bookmark store (order, next and
 * previous, its file written and read back, corrupt files refused with a
 * message naming the file and what is wrong, never a crash, and kept
 * aside rather than overwritten), and the mark colours, far from every
 * state colour of the legends. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include <lttv/lttv.h>

#include "gui/lttv-marks-private.h"
#include "gui/lttv-viewer-context-private.h"

static char *tmpdir;

static char *
tmp_file (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static void
test_store_keeps_time_order_and_steps (void)
{
  g_autoptr (LttvBookmarks) b = lttv_bookmarks_new ();
  int changes = 0;

  g_signal_connect_swapped (b, "changed", G_CALLBACK (g_atomic_int_inc), &changes);
  lttv_bookmarks_add (b, 300, 300, "c", NULL, NULL);
  lttv_bookmarks_add (b, 100, 100, "a", "first", NULL);
  lttv_bookmarks_add (b, 250, 200, "b", NULL, NULL);   /* given backwards */
  g_assert_cmpint (changes, ==, 3);
  g_assert_cmpuint (lttv_bookmarks_n (b), ==, 3);
  g_assert_cmpstr (lttv_bookmarks_get (b, 0)->name, ==, "a");
  g_assert_cmpstr (lttv_bookmarks_get (b, 0)->note, ==, "first");
  g_assert_cmpstr (lttv_bookmarks_get (b, 1)->name, ==, "b");
  g_assert_cmpuint (lttv_bookmarks_get (b, 1)->start, ==, 200);
  g_assert_cmpuint (lttv_bookmarks_get (b, 1)->end, ==, 250);
  g_assert_cmpstr (lttv_bookmarks_get (b, 2)->name, ==, "c");

  g_assert_cmpint (lttv_bookmarks_next (b, 0, TRUE), ==, 0);
  g_assert_cmpint (lttv_bookmarks_next (b, 100, TRUE), ==, 1);   /* strictly after */
  g_assert_cmpint (lttv_bookmarks_next (b, 300, TRUE), ==, -1);
  g_assert_cmpint (lttv_bookmarks_next (b, 300, FALSE), ==, 1);
  g_assert_cmpint (lttv_bookmarks_next (b, 100, FALSE), ==, -1);

  lttv_bookmarks_update (b, 1, "renamed", "", NULL);
  g_assert_cmpstr (lttv_bookmarks_get (b, 1)->name, ==, "renamed");
  g_assert_null (lttv_bookmarks_get (b, 1)->note);
  lttv_bookmarks_remove (b, 0);
  g_assert_cmpuint (lttv_bookmarks_n (b), ==, 2);
  g_assert_cmpstr (lttv_bookmarks_get (b, 0)->name, ==, "renamed");
  g_assert_cmpint (changes, ==, 5);
}

/* The file as docs/bookmarks.md describes it, written by hand. */
static const char hand_written[] =
  "# a comment\n"
  "[Traceset]\n"
  "Version=1\n"
  "Traces=/some/trace;\n"
  "\n"
  "[Bookmark 2]\n"
  "Start=1457113582794565804\n"
  "End=1457113582800000000\n"
  "Name=slow read\n"
  "Note=the disk; see ticket 12\n"
  "Colour=#0b3d91\n"
  "\n"
  "[Bookmark 1]\n"
  "Start=1457113582000000000\n"
  "Name=start é\n";

static void
test_file_read_as_documented_and_written_back (void)
{
  g_autofree char *file = tmp_file ("hand.bookmarks");
  g_autofree char *copy = tmp_file ("sub/dir/copy.bookmarks");
  g_autoptr (LttvBookmarks) b = lttv_bookmarks_new ();
  g_autoptr (LttvBookmarks) again = lttv_bookmarks_new ();
  g_autoptr (GError) error = NULL;
  GdkRGBA navy;

  g_assert_true (g_file_set_contents (file, hand_written, -1, NULL));
  g_assert_true (lttv_bookmarks_load (b, file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lttv_bookmarks_n (b), ==, 2);
  /* In time order, whatever the groups' order. */
  g_assert_cmpstr (lttv_bookmarks_get (b, 0)->name, ==, "start é");
  g_assert_cmpuint (lttv_bookmarks_get (b, 0)->start, ==, 1457113582000000000ull);
  g_assert_cmpuint (lttv_bookmarks_get (b, 0)->end, ==, 1457113582000000000ull);
  g_assert_cmpstr (lttv_bookmarks_get (b, 1)->note, ==, "the disk; see ticket 12");
  g_assert_cmpuint (lttv_bookmarks_get (b, 1)->end, ==, 1457113582800000000ull);
  gdk_rgba_parse (&navy, "#0b3d91");
  g_assert_true (gdk_rgba_equal (&lttv_bookmarks_get (b, 1)->colour, &navy));

  /* Written (its folder made) and read back the same. */
  g_assert_true (lttv_bookmarks_save (b, copy, &error));
  g_assert_no_error (error);
  g_assert_true (lttv_bookmarks_load (again, copy, &error));
  g_assert_cmpuint (lttv_bookmarks_n (again), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const LttvBookmark *x = lttv_bookmarks_get (b, i), *y = lttv_bookmarks_get (again, i);
      g_assert_cmpuint (x->start, ==, y->start);
      g_assert_cmpuint (x->end, ==, y->end);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpstr (x->note, ==, y->note);
      g_assert_true (gdk_rgba_equal (&x->colour, &y->colour));
    }
}

static void
test_changes_are_saved_to_the_file (void)
{
  g_autofree char *file = tmp_file ("auto/saved.bookmarks");
  g_autoptr (LttvBookmarks) b = lttv_bookmarks_new ();
  g_autoptr (LttvBookmarks) later = lttv_bookmarks_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (lttv_bookmarks_set_file (b, file, &error));   /* none yet: fine */
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  lttv_bookmarks_add (b, 42, 42, "x", "n", NULL);
  g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
  g_assert_true (lttv_bookmarks_set_file (later, file, &error));
  g_assert_cmpuint (lttv_bookmarks_n (later), ==, 1);
  g_assert_cmpuint (lttv_bookmarks_get (later, 0)->start, ==, 42);
}

static void
test_corrupt_files_are_refused_clearly (void)
{
  static const struct { const char *text, *says; } cases[] = {
    { "not a key file at all\n\x01\x02", "cannot be read" },
    { "[Traceset]\nVersion=7\n", "Version" },
    { "[Traceset]\n", "Version" },
    { "[Traceset]\nVersion=1\n[Bookmark 1]\nStart=12abc\nName=x\n", "[Bookmark 1]" },
    { "[Traceset]\nVersion=1\n[Bookmark 1]\nStart=-5\nName=x\n", "Start" },
    { "[Traceset]\nVersion=1\n[Bookmark 1]\nStart=50\nEnd=10\nName=x\n", "End" },
    { "[Traceset]\nVersion=1\n[Bookmark 1]\nStart=50\n", "Name" },
    { "[Traceset]\nVersion=1\n[Bookmark 1]\nStart=50\nName=x\nColour=blurple\n", "Colour" },
    { "[Traceset]\nVersion=1\n[Other]\nStart=50\n", "[Other]" },
    { "", "Version" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("corrupt-%u.bookmarks", i);
      g_autofree char *file = tmp_file (name);
      g_autofree char *aside = g_strconcat (file, ".bad", NULL);
      g_autoptr (LttvBookmarks) b = lttv_bookmarks_new ();
      g_autoptr (GError) error = NULL;

      g_assert_true (g_file_set_contents (file, cases[i].text, -1, NULL));
      lttv_bookmarks_add (b, 1, 1, "before", NULL, NULL);
      g_assert_false (lttv_bookmarks_set_file (b, file, &error));
      g_assert_nonnull (error);
      g_test_message ("case %u: %s", i, error->message);
      /* FILE: WHERE: WHAT */
      g_assert_true (g_str_has_prefix (error->message, file));
      g_assert_nonnull (strstr (error->message, cases[i].says));
      g_assert_cmpuint (lttv_bookmarks_n (b), ==, 0);
      /* The first save keeps the unreadable file aside, untouched. */
      lttv_bookmarks_add (b, 5, 5, "new", NULL, NULL);
      g_autofree char *kept = NULL;
      g_assert_true (g_file_get_contents (aside, &kept, NULL, NULL));
      g_assert_cmpstr (kept, ==, cases[i].text);
      g_autoptr (LttvBookmarks) reread = lttv_bookmarks_new ();
      g_assert_true (lttv_bookmarks_load (reread, file, NULL));
      g_assert_cmpuint (lttv_bookmarks_n (reread), ==, 1);
    }
}

static void
test_file_is_named_for_the_traceset_in_the_data_folder (void)
{
  g_autofree char *sample = g_strdup (lttv_paths_sample_trace ());
  const char *paths[] = { sample, NULL };
  g_autoptr (LttvTraceset) ts = lttv_traceset_open (paths, NULL);
  g_autofree char *file = NULL, *again = NULL, *data = g_build_filename (g_get_user_data_dir (), "lttv", "bookmarks", NULL);
  g_autofree char *abs = g_canonicalize_filename (sample, NULL);

  g_assert_nonnull (ts);
  file = lttv_bookmarks_file_for (ts);
  again = lttv_bookmarks_file_for (ts);
  g_assert_cmpstr (file, ==, again);
  g_assert_true (g_str_has_prefix (file, data));
  g_assert_false (g_str_has_prefix (file, abs));   /* never in the trace folder */
  g_assert_true (g_str_has_suffix (file, ".bookmarks"));
  g_assert_null (lttv_bookmarks_file_for (NULL));
}

/* Euclidean distance in 0-255 RGB. */
static double
distance (const GdkRGBA *a, const GdkRGBA *b)
{
  double r = (a->red - b->red) * 255, g = (a->green - b->green) * 255, bl = (a->blue - b->blue) * 255;
  return sqrt (r * r + g * g + bl * bl);
}

static double
luminance (const GdkRGBA *c)
{
  double v[3] = { c->red, c->green, c->blue };
  for (int i = 0; i < 3; i++)
    v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : pow ((v[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

static double
contrast (const GdkRGBA *a, const GdkRGBA *b)
{
  double x = luminance (a), y = luminance (b);
  return (MAX (x, y) + 0.05) / (MIN (x, y) + 0.05);
}

/* The current time was #E11C23 on WAIT_FOR_CPU's #ED333B: no mark colour
 * may come near a state colour again. */
static void
test_mark_colours_are_far_from_every_state_colour (void)
{
  GdkRGBA marks[2 + 4], white, dark;
  const char *names[2 + 4] = { "current time", "selection", "bookmark 0", "bookmark 1", "bookmark 2", "bookmark 3" };
  const char *state, *colour;
  GdkRGBA halo = lttv_mark_colour (LTTV_MARK_HALO);
  guint n_states = 0;

  marks[0] = lttv_mark_colour (LTTV_MARK_CURRENT_TIME);
  marks[1] = lttv_mark_colour (LTTV_MARK_SELECTION);
  for (guint i = 0; i < 4; i++)
    marks[2 + i] = lttv_bookmarks_default_colour (i);
  gdk_rgba_parse (&white, "#ffffff");
  gdk_rgba_parse (&dark, "#303030");   /* Adwaita dark's background */
  for (guint s = 0; lttv_viewer_context_nth_state_colour (s, &state, &colour); s++, n_states++)
    {
      GdkRGBA sc;
      g_assert_true (gdk_rgba_parse (&sc, colour));
      for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
        {
          g_test_message ("%s vs %s (%s): %.0f", names[m], state, colour, distance (&marks[m], &sc));
          g_assert_cmpfloat (distance (&marks[m], &sc), >=, 80);
        }
      /* Each line sits on its halo, which stands out from every state
       * colour's darker neighbours and from a dark theme. */
    }
  g_assert_cmpuint (n_states, >=, 14);
  for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
    {
      /* Readable on the light charts and rulers, and its halo on the
       * dark theme's ruler. */
      g_assert_cmpfloat (contrast (&marks[m], &white), >=, 4.5);
      g_assert_cmpfloat (contrast (&marks[m], &halo), >=, 4.5);
    }
  g_assert_cmpfloat (contrast (&halo, &dark), >=, 4.5);
  /* Two marks drawn together stay apart too. */
  g_assert_cmpfloat (distance (&marks[0], &marks[1]), >=, 80);
}

static void
test_durations_read_in_their_unit (void)
{
  static const struct { LttvTime d; const char *text; } cases[] = {
    { 0, "0 ns" }, { 840, "840 ns" }, { 12500, "12.500 µs" },
    { 3250000, "3.250 ms" }, { 1500000000, "1.500000 s" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *t = lttv_marks_duration_text (cases[i].d);
      g_assert_cmpstr (t, ==, cases[i].text);
    }
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("lttv-marks-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  g_test_add_func ("/bookmarks/store-keeps-time-order-and-steps", test_store_keeps_time_order_and_steps);
  g_test_add_func ("/bookmarks/file-read-as-documented-and-written-back", test_file_read_as_documented_and_written_back);
  g_test_add_func ("/bookmarks/changes-are-saved-to-the-file", test_changes_are_saved_to_the_file);
  g_test_add_func ("/bookmarks/corrupt-files-are-refused-clearly", test_corrupt_files_are_refused_clearly);
  g_test_add_func ("/bookmarks/file-is-named-for-the-traceset-in-the-data-folder",
                   test_file_is_named_for_the_traceset_in_the_data_folder);
  g_test_add_func ("/marks/colours-are-far-from-every-state-colour", test_mark_colours_are_far_from_every_state_colour);
  g_test_add_func ("/marks/durations-read-in-their-unit", test_durations_read_in_their_unit);
  ret = g_test_run ();
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmpdir);
  if (system (cmd) != 0)
    g_printerr ("could not remove %s\n", tmpdir);
  g_free (tmpdir);
  return ret;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The timeline viewers' export button (lttv_timeline_host_export) renders
 * and writes the file in a job (#30): while a big export runs, the main
 * loop goes on; the job can be cancelled, leaving no file; and the image
 * is the one the synchronous export (lttv-gui --export) makes. The main
 * thread's CPU time between two ticks of a 5 ms timer is what its
 * callbacks cost (test-stall.sh's judge: wall-clock gaps would also count
 * the waits for a core on this shared machine). */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <time.h>

#include <lttv/lttv.h>

#include "gui/lttv-job.h"
#include "gui/lttv-time-context.h"
#include "gui/lttv-timeline-model-private.h"
#include "gui/lttv-viewer-context-private.h"

/* Big enough that drawing and writing it takes the main thread far more
 * than 50 ms (see the message the synchronous export prints). */
#define W 3000
#define H 4000

typedef struct {
  LttvTraceset *ts;
  LttvState *state;
  LttvTimeContext *tc;
  LttvViewerContext *ctx;
  LttvTimelineModel *model;
  char *dir;
} Fixture;

static gboolean
open_fixture (Fixture *f)
{
  const char *traces = g_getenv ("LTTV_TEST_TRACES");
  g_autofree char *path = g_build_filename (traces != NULL ? traces : ".", "lttng-kernel",
                                            "many-threads", NULL);
  const char *paths[2] = { path, NULL };
  g_autoptr (GError) error = NULL;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return FALSE;
  f->ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  f->state = lttv_state_new (f->ts);
  g_assert_true (lttv_state_build (f->state, TRUE, LTTV_CANCEL_NONE, &error));
  f->tc = lttv_time_context_new ();
  lttv_time_context_set_bounds (f->tc, lttv_traceset_begin (f->ts), lttv_traceset_end (f->ts));
  f->ctx = lttv_viewer_context_new (f->tc, NULL);
  lttv_viewer_context_set_traceset (f->ctx, f->ts);
  lttv_viewer_context_set_state (f->ctx, f->state);

  /* A row per thread, coloured by its status. */
  LttvHistory *h = lttv_state_get_history (f->state);
  const char *titles[] = { "Thread" };
  LttvAttr threads = lttv_history_attr_lookup (h, "Threads");
  g_assert_true (threads != LTTV_ATTR_NONE);
  f->model = lttv_timeline_model_new (f->ctx, h, 1, titles);
  for (guint a = 0; a < lttv_history_n_attrs (h); a++)
    if (lttv_history_attr_parent (h, a) == threads)
      {
        LttvTimelineRow row = { { (char *) lttv_history_attr_name (h, a) } };
        row.attr = a;
        row.label_attr = LTTV_ATTR_NONE;
        row.birth = 0;
        row.death = G_MAXUINT64;
        row.parent = -1;
        lttv_timeline_model_add_row (f->model, &row);
      }
  lttv_timeline_model_refilter (f->model);
  g_assert_cmpuint (lttv_timeline_model_n_visible (f->model), >=, H / LTTV_TIMELINE_ROW_HEIGHT / 2);
  lttv_viewer_context_set_selection (f->ctx, lttv_traceset_begin (f->ts) + 1000,
                                     lttv_traceset_begin (f->ts) + 200000000);
  f->dir = g_dir_make_tmp ("lttv-export-job-XXXXXX", NULL);
  return TRUE;
}

static void
close_fixture (Fixture *f)
{
  lttv_timeline_model_unref (f->model);
  lttv_viewer_context_detach (f->ctx);
  g_object_unref (f->ctx);
  g_object_unref (f->tc);
  lttv_state_free (f->state);
  lttv_traceset_free (f->ts);
  g_autoptr (GDir) d = g_dir_open (f->dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (f->dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct {
  gboolean done, ok;
  GError *error;
  double last_cpu, longest;   /* main-thread CPU between two ticks */
  guint ticks;
} Run;

static gboolean
tick (gpointer data)
{
  Run *r = data;
  double now = thread_cpu_ms ();
  r->longest = MAX (r->longest, now - r->last_cpu);
  r->last_cpu = now;
  r->ticks++;
  return G_SOURCE_CONTINUE;
}

static void
done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Run *r = data;
  r->ok = lttv_job_finish (LTTV_JOB (source), result, &r->error);
  r->done = TRUE;
}

/* Starts the export of `file`, cancelled at once when `cancel`, and runs
 * the main loop until it is done. */
static void
run_export (Fixture *f, const char *file, gboolean cancel, Run *r)
{
  memset (r, 0, sizeof *r);
  r->last_cpu = thread_cpu_ms ();
  guint timer = g_timeout_add (5, tick, r);
  /* (the copy and the frame, made on the main thread, count too) */
  LttvJob *job = lttv_timeline_model_export_async (f->model, f->ctx, file, W, H, done_cb, r);
  tick (r);
  if (cancel)
    lttv_job_cancel (job);
  while (!r->done)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timer);
}

static void
test_main_loop_goes_on (void)
{
  Fixture f = { 0 };
  if (!open_fixture (&f))
    {
      g_test_skip ("no lttng-kernel/many-threads in LTTV_TEST_TRACES");
      return;
    }
  g_autofree char *sync_png = g_build_filename (f.dir, "sync.png", NULL);
  g_autofree char *job_png = g_build_filename (f.dir, "job.png", NULL);
  g_autoptr (GError) error = NULL;

  /* What the export costs the main thread when it runs there (the button
   * before #30's fix, and lttv-gui --export now). */
  double t0 = thread_cpu_ms ();
  g_assert_true (lttv_timeline_model_export (f.model, f.ctx, sync_png, W, H, &error));
  g_test_message ("the same export on the main thread: %.0f ms of its CPU", thread_cpu_ms () - t0);

  Run r;
  run_export (&f, job_png, FALSE, &r);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_test_message ("in a job: %u ticks, the longest callback %.1f ms of CPU", r.ticks, r.longest);
  g_assert_cmpfloat (r.longest, <, 50);
  g_assert_cmpuint (r.ticks, >, 1);

  /* The same pixels as the synchronous export. */
  cairo_surface_t *a = cairo_image_surface_create_from_png (sync_png);
  cairo_surface_t *b = cairo_image_surface_create_from_png (job_png);
  g_assert_cmpint (cairo_surface_status (a), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_surface_status (b), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (b), ==, W);
  g_assert_cmpint (cairo_image_surface_get_height (b), ==, H);
  g_assert_cmpint (cairo_image_surface_get_stride (a), ==, cairo_image_surface_get_stride (b));
  g_assert_true (memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                         (gsize) cairo_image_surface_get_stride (a) * H) == 0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  close_fixture (&f);
}

static void
test_cancel_leaves_no_file (void)
{
  Fixture f = { 0 };
  if (!open_fixture (&f))
    {
      g_test_skip ("no lttng-kernel/many-threads in LTTV_TEST_TRACES");
      return;
    }
  g_autofree char *svg = g_build_filename (f.dir, "cancelled.svg", NULL);
  Run r;
  run_export (&f, svg, TRUE, &r);
  g_assert_false (r.ok);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&r.error);
  g_assert_false (g_file_test (svg, G_FILE_TEST_EXISTS));
  close_fixture (&f);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export-job/main-loop-goes-on", test_main_loop_goes_on);
  g_test_add_func ("/export-job/cancel-leaves-no-file", test_cancel_leaves_no_file);
  return g_test_run ();
}

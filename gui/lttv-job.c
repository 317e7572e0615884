/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lttv-job.h"

/* Nice value of job threads: when the cores are busy, the main thread (and
 * the X server) run before a job, so the window stays responsive while a
 * job uses every cycle it is left. */
#define JOB_NICE 10

struct _LttvJob
{
  GObject parent_instance;

  char *title;
  LttvJobFunc func;
  gpointer data;
  GDestroyNotify destroy;
  GCancellable *cancellable;
  gint64 start_us;
  gboolean running;

  /* Written by the worker, read by the main thread. */
  GMutex lock;
  gboolean reported;
  double fraction;
  guint64 events;

  GAsyncReadyCallback done;
  gpointer done_data;
};

/* Jobs started and not yet finished (main thread only). */
static guint n_running;
static GPtrArray *running;

enum { FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_TYPE (LttvJob, lttv_job, G_TYPE_OBJECT)

static void
job_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  LttvJob *self = source;
  GError *error = NULL;

  if (self->func (self, self->data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else if (error == NULL && g_cancellable_is_cancelled (cancellable))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", "cancelled");
  else if (error == NULL)
    g_task_return_boolean (task, FALSE);
  else
    g_task_return_error (task, error);
}

/* Each job has a thread of its own rather than one of GTask's pool: its
 * lowered priority cannot be raised again by an unprivileged process, so
 * it must not leak into the pool's threads. Jobs are few and long. */
static gpointer
job_thread_main (gpointer data)
{
  GTask *task = data;

  /* Linux gives each thread its own nice value (setpriority on a tid). */
  setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), JOB_NICE);
  job_thread (task, g_task_get_source_object (task), NULL, g_task_get_cancellable (task));
  g_object_unref (task);
  return NULL;
}

static void
job_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LttvJob *self = LTTV_JOB (source);

  self->running = FALSE;
  n_running--;
  g_ptr_array_remove (running, self);
  if (self->done != NULL)
    self->done (source, result, self->done_data);
  if (self->destroy != NULL)
    g_clear_pointer (&self->data, self->destroy);
  g_signal_emit (self, signals[FINISHED], 0);
}

void
lttv_job_start (LttvJob *self, GAsyncReadyCallback done, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (LTTV_IS_JOB (self));
  g_return_if_fail (!self->running);

  self->done = done;
  self->done_data = user_data;
  self->running = TRUE;
  n_running++;
  if (running == NULL)
    running = g_ptr_array_new ();
  g_ptr_array_add (running, self);
  self->start_us = g_get_monotonic_time ();
  task = g_task_new (self, self->cancellable, job_done, NULL);
  g_task_set_name (task, self->title);
  g_thread_unref (g_thread_new (self->title, job_thread_main, g_object_ref (task)));
}

void
lttv_job_report (LttvJob *self, double fraction, guint64 events)
{
  g_mutex_lock (&self->lock);
  self->reported = TRUE;
  self->fraction = CLAMP (fraction, 0.0, 1.0);
  self->events = events;
  g_mutex_unlock (&self->lock);
}

gboolean
lttv_job_get_progress (LttvJob *self, double *fraction, guint64 *events)
{
  gboolean reported;

  g_return_val_if_fail (LTTV_IS_JOB (self), FALSE);
  g_mutex_lock (&self->lock);
  reported = self->reported;
  *fraction = self->fraction;
  *events = self->events;
  g_mutex_unlock (&self->lock);
  return reported;
}

void
lttv_job_cancel_all (void)
{
  for (guint i = 0; running != NULL && i < running->len; i++)
    lttv_job_cancel (running->pdata[i]);
}

gboolean
lttv_job_wait_all (guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (n_running > 0 && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  return n_running == 0;
}

gboolean
lttv_job_finish (LttvJob *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
lttv_job_cancel (LttvJob *self)
{
  g_return_if_fail (LTTV_IS_JOB (self));
  g_cancellable_cancel (self->cancellable);
}

static gboolean
cancellable_is_cancelled (gpointer cancellable)
{
  return g_cancellable_is_cancelled (cancellable);
}

LttvCancel
lttv_cancel_from_cancellable (GCancellable *cancellable)
{
  return (LttvCancel) { cancellable != NULL ? cancellable_is_cancelled : NULL, cancellable };
}

const char *
lttv_job_get_title (LttvJob *self)
{
  return self->title;
}

gboolean
lttv_job_is_running (LttvJob *self)
{
  return self->running;
}

GCancellable *
lttv_job_get_cancellable (LttvJob *self)
{
  return self->cancellable;
}

double
lttv_job_get_elapsed (LttvJob *self)
{
  return self->start_us == 0 ? 0 : (g_get_monotonic_time () - self->start_us) / 1e6;
}

static void
lttv_job_finalize (GObject *object)
{
  LttvJob *self = LTTV_JOB (object);

  if (self->destroy != NULL && self->data != NULL)
    self->destroy (self->data);
  g_clear_object (&self->cancellable);
  g_mutex_clear (&self->lock);
  g_free (self->title);
  G_OBJECT_CLASS (lttv_job_parent_class)->finalize (object);
}

static void
lttv_job_class_init (LttvJobClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lttv_job_finalize;
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lttv_job_init (LttvJob *self)
{
  g_mutex_init (&self->lock);
  self->cancellable = g_cancellable_new ();
}

LttvJob *
lttv_job_new (const char *title, LttvJobFunc func, gpointer data, GDestroyNotify destroy)
{
  LttvJob *self = g_object_new (LTTV_TYPE_JOB, NULL);

  self->title = g_strdup (title);
  self->func = func;
  self->data = data;
  self->destroy = destroy;
  return self;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:critpath
 * @title: Critical path
 * @short_description: why did this thread wait?
 * @include: lttv/lttv.h
 *
 * The critical path of a thread over a range, from the state history
 * and its wakeup edges (lttv_state_wakeups()): what the thread ran,
 * what it waited for (another thread, recursively along that thread's
 * own path; an IRQ; a timer; a soft IRQ such as a network receive), and
 * the time per cause. Computed on demand from the built or cached state.
 */
#pragma once

#include <lttv/state.h>

G_BEGIN_DECLS

/**
 * LttvPathKind:
 * @LTTV_PATH_RUNNING: @tid was on a CPU (user mode, a system call, or
 *   under an IRQ or a soft IRQ there)
 * @LTTV_PATH_PREEMPTED: @tid was runnable after being switched out while
 *   running; the thread then current on its run queue's CPU in @other
 * @LTTV_PATH_WAIT_CPU: @tid was runnable after its wakeup (or fork);
 *   the thread on that CPU in @other
 * @LTTV_PATH_BLOCKED_IRQ: @tid was blocked until IRQ @other woke it
 * @LTTV_PATH_BLOCKED_SOFTIRQ: @tid was blocked until a soft IRQ woke
 *   it, its vector in @other (3: a network receive, 4: a block device)
 * @LTTV_PATH_BLOCKED_TIMER: @tid was blocked until a timer woke it (a
 *   timer's handler, or the timer soft IRQs 1 and 8)
 * @LTTV_PATH_BLOCKED_IDLE: @tid was blocked until an idle CPU woke it (an
 *   interrupt the trace does not show)
 * @LTTV_PATH_BLOCKED_UNKNOWN: @tid was blocked and nothing in the trace
 *   says what ended it (no wakeup edge: lost events, the trace's end, a
 *   cycle of wakeups)
 * @LTTV_PATH_UNKNOWN: the state of @tid itself is unknown (before its
 *   first event, after a loss)
 *
 * What a segment of a critical path is. A thread blocked and woken by
 * another thread has no segment of its own: the waker's path over that
 * time takes its place.
 */
typedef enum {
  LTTV_PATH_RUNNING,
  LTTV_PATH_PREEMPTED,
  LTTV_PATH_WAIT_CPU,
  LTTV_PATH_BLOCKED_IRQ,
  LTTV_PATH_BLOCKED_SOFTIRQ,
  LTTV_PATH_BLOCKED_TIMER,
  LTTV_PATH_BLOCKED_IDLE,
  LTTV_PATH_BLOCKED_UNKNOWN,
  LTTV_PATH_UNKNOWN,
} LttvPathKind;

/**
 * LttvPathSegment:
 * @begin: its first time
 * @end: the time after its last (segments are [begin, end))
 * @tid: the thread the path is on (the asked thread, or one it waited
 *   for, recursively)
 * @kind: an #LttvPathKind
 * @other: the preempting thread, the IRQ or the soft IRQ vector (see
 *   #LttvPathKind), else -1
 * @depth: how many wakeups away from the asked thread @tid is (0: itself)
 *
 * One piece of a critical path.
 */
typedef struct {
  LttvTime begin;
  LttvTime end;
  int64_t tid;
  LttvPathKind kind;
  int64_t other;
  guint depth;
} LttvPathSegment;

/**
 * LTTV_PATH_MAX_DEPTH:
 *
 * The longest chain of wakeups a critical path follows; beyond it (or on
 * a cycle) the blocked time is %LTTV_PATH_BLOCKED_UNKNOWN.
 */
#define LTTV_PATH_MAX_DEPTH 64

/**
 * lttv_critical_path:
 * @s: a built (or loaded) state
 * @tid: the thread (not 0)
 * @begin: the range's start
 * @end: the range's end, excluded (> @begin)
 *
 * The critical path of @tid over [@begin, @end): segments in time order
 * that cover the range exactly once, adjacent ones of the same thread,
 * kind and @other merged. Each blocked interval of @tid is attributed to
 * what ended it (its wakeup edge at the time it became runnable): another
 * thread's own path over that interval, recursively, an IRQ, a soft IRQ,
 * a timer, an idle CPU, or unknown. Times outside the history read as
 * %LTTV_PATH_UNKNOWN.
 *
 * Returns: (transfer full) (element-type LttvPathSegment): a new array
 */
GArray *lttv_critical_path (LttvState *s, int64_t tid, LttvTime begin,
                            LttvTime end);

/**
 * LttvPathCause:
 * @kind: as the segments'
 * @tid: as the segments'
 * @other: as the segments'
 * @total: the time, summed over the segments
 * @count: how many segments
 *
 * The time a path spent on one cause (one thread, kind and @other).
 */
typedef struct {
  LttvPathKind kind;
  int64_t tid;
  int64_t other;
  LttvTime total;
  guint count;
} LttvPathCause;

/**
 * lttv_critical_path_summary:
 * @segments: (element-type LttvPathSegment): a critical path
 *
 * The time per cause, the largest first (ties: by kind, thread, other).
 *
 * Returns: (transfer full) (element-type LttvPathCause): a new array
 */
GArray *lttv_critical_path_summary (const GArray *segments);

/**
 * lttv_path_kind_name:
 * @kind: an #LttvPathKind
 *
 * Its short name, as `lttv critical-path` prints it (`running`,
 * `preempted`, `blocked-irq` ...).
 *
 * Returns: (transfer none): a static string
 */
const char *lttv_path_kind_name (LttvPathKind kind);

/**
 * lttv_path_describe:
 * @s: a state
 * @kind: an #LttvPathKind
 * @tid: the segment's thread
 * @other: the segment's other
 * @t: a time the thread names are taken at
 *
 * A sentence for a cause: "running bash (1234)", "preempted by cc1
 * (77)", "blocked on IRQ 42", "blocked on network receive" ...
 *
 * Returns: (transfer full): a new string, g_free
 */
char *lttv_path_describe (LttvState *s, LttvPathKind kind, int64_t tid,
                          int64_t other, LttvTime t);

G_END_DECLS

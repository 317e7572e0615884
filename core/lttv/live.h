/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:live
 * @title: Live sessions
 * @short_description: following an LTTng session through lttng-relayd
 * @include: lttv/lttv.h
 *
 * A client of the relay daemon's live protocol (LTTng 2.4 to 2.15). A
 * relay daemon is named by a URL as babeltrace2 writes them:
 * `net://HOST[:PORT]` for the daemon (port 5344 by default),
 * `net://HOST[:PORT]/host/HOSTNAME/SESSION` for one of its sessions.
 *
 * An attached session is mirrored into a private folder under
 * `$XDG_CACHE_HOME/lttv/live/`: its metadata and the packets received so
 * far, an ordinary trace folder that grows by whole packets between calls
 * to lttv_live_poll(). A reader opens it with lttv_traceset_open() after
 * a poll; the events before lttv_live_complete_before() are all there and
 * will not change. The folder is removed by lttv_live_free().
 *
 * Every network read has a deadline (`LTTV_LIVE_TIMEOUT` seconds, 10 by
 * default); every reply is checked. Errors read `URL: WHAT`.
 */
#pragma once

#include <glib.h>

#include <lttv/time.h>
#include <lttv/traceset.h>

G_BEGIN_DECLS

/**
 * LttvLiveSession:
 * @url: the session's URL (`net://HOST[:PORT]/host/HOSTNAME/SESSION`)
 * @hostname: the traced host's name
 * @name: the session's name
 * @id: the relay daemon's id of the session
 * @live_timer: the session's live timer, µs
 * @streams: its number of streams
 * @clients: the number of viewers attached to it
 *
 * A session of a relay daemon, freed with lttv_live_session_free().
 */
typedef struct {
  char *url;
  char *hostname;
  char *name;
  guint64 id;
  guint32 live_timer;
  guint32 streams;
  guint32 clients;
} LttvLiveSession;

/**
 * lttv_live_session_free:
 * @s: (transfer full) (nullable): a session
 *
 * Frees @s.
 */
void lttv_live_session_free (LttvLiveSession *s);

/**
 * lttv_live_list_sessions:
 * @url: a relay daemon's URL (`net://HOST[:PORT]`; a path is ignored)
 * @error: return location for an error
 *
 * Lists the sessions the relay daemon serves live.
 *
 * Returns: (transfer full) (element-type LttvLiveSession) (nullable): the
 * sessions, in the daemon's order (the array frees them), or NULL with
 * @error set
 */
GPtrArray *lttv_live_list_sessions (const char *url, GError **error);

/**
 * LttvLive:
 *
 * An attached live session, freed with lttv_live_free().
 */
typedef struct _LttvLive LttvLive;

/**
 * LttvLiveStatus:
 * @LTTV_LIVE_ERROR: the poll failed (the error says why); what arrived
 *   before stays in the folder
 * @LTTV_LIVE_IDLE: nothing new since the last poll
 * @LTTV_LIVE_NEW_DATA: packets, metadata or stream times arrived
 * @LTTV_LIVE_ENDED: the session is over (destroyed) and all its data has
 *   arrived
 *
 * What lttv_live_poll() found.
 */
typedef enum {
  LTTV_LIVE_ERROR,
  LTTV_LIVE_IDLE,
  LTTV_LIVE_NEW_DATA,
  LTTV_LIVE_ENDED,
} LttvLiveStatus;

/**
 * lttv_live_attach:
 * @url: a session's URL (`net://HOST[:PORT]/host/HOSTNAME/SESSION`)
 * @error: return location for an error
 *
 * Connects to the relay daemon, attaches to the session from its beginning
 * and creates its mirror folder (empty until the first poll).
 *
 * Returns: (transfer full) (nullable): the attached session, or NULL with
 * @error set
 */
LttvLive *lttv_live_attach (const char *url, GError **error);

/**
 * lttv_live_poll:
 * @live: an attached session
 * @error: return location for an error
 *
 * Fetches what the relay daemon has now (new streams, metadata, the
 * packets ready) into the mirror folder, without waiting for more.
 *
 * Returns: what was found; %LTTV_LIVE_ERROR with @error set
 */
LttvLiveStatus lttv_live_poll (LttvLive *live, GError **error);

/**
 * lttv_live_reconnect:
 * @live: an attached session whose poll failed
 * @error: return location for an error
 *
 * Connects to the relay daemon again and attaches to the same session
 * (found by its host and name), after lttv_live_poll() failed on a lost
 * connection. Nothing already mirrored is lost or fetched twice: a daemon
 * that serves the streams again from their beginning has the packets and
 * metadata already mirrored skipped; one that goes on where it was
 * (lttng-relayd 2.13) is followed from there. A reply lost with the
 * connection after the daemon moved past it (an index) is not asked
 * again. The caller chooses when to retry (lttv_live_retry_delay()).
 *
 * Returns: %TRUE when attached again; %FALSE with @error set (the daemon
 * is still unreachable, or no longer has the session), @live unchanged
 * but for its connection, to be retried later
 */
gboolean lttv_live_reconnect (LttvLive *live, GError **error);

/**
 * lttv_live_retry_delay:
 * @attempt: how many reconnections failed in a row (0 for the first)
 *
 * A bounded backoff between reconnections: 1 s, doubled each failed
 * attempt, at most 5 s.
 *
 * Returns: the delay before the next lttv_live_reconnect(), ms
 */
guint lttv_live_retry_delay (guint attempt);

/**
 * lttv_live_folder:
 * @live: an attached session
 *
 * The folder the session is mirrored into, for lttv_traceset_open().
 *
 * Returns: (transfer none): the mirror folder
 */
const char *lttv_live_folder (const LttvLive *live);

/**
 * lttv_live_n_packets:
 * @live: an attached session
 *
 * How many data packets the polls received.
 *
 * Returns: the number of data packets received so far (0: the folder holds
 * no trace to open yet)
 */
guint64 lttv_live_n_packets (const LttvLive *live);

/**
 * lttv_live_complete_before:
 * @live: an attached session
 * @ts: the mirror folder, opened after the last poll
 *
 * The time before which every event has arrived: the earliest of the
 * times each live stream has delivered up to (its last packet's end, or
 * the inactivity beacon the relay daemon sent for it). No event earlier
 * than that can arrive later.
 *
 * Returns: that time; %LTTV_TIME_NONE when no stream is live any more
 * (all has arrived); 0 when a stream has told nothing yet
 */
LttvTime lttv_live_complete_before (const LttvLive *live,
                                    const LttvTraceset *ts);

/**
 * lttv_live_free:
 * @live: (transfer full) (nullable): an attached session
 *
 * Detaches, closes the connection and removes the mirror folder.
 */
void lttv_live_free (LttvLive *live);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvLive, lttv_live_free)

G_END_DECLS

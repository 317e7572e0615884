/* SPDX-License-Identifier: GPL-2.0-or-later */
/* live-proto.h: the client side of lttng-relayd's live viewer protocol
 * (version 2.4, which LTTng 2.4 to 2.15 relay daemons speak). Requests and
 * replies are big-endian packed records (lttng-tools'
 * lttng-viewer-abi.h); every reply is checked before use, every read has a
 * deadline. Errors read "URL: WHAT". */
#pragma once

#include <glib.h>
#include <stdint.h>

#define LIVE_DEFAULT_PORT 5344
#define LIVE_HOST_NAME_MAX 64
#define LIVE_NAME_MAX 255
#define LIVE_PATH_MAX 4096

/* A relay daemon URL: net://HOST[:PORT][/host/HOSTNAME/SESSION]. */
typedef struct {
  char *host;                    /* without IPv6 brackets */
  guint16 port;
  char *target_host;             /* NULL when the URL names no session */
  char *session;
  char *base;                    /* net://HOST[:PORT], as written */
} LiveUrl;

gboolean live_url_parse (const char *url, LiveUrl *out, GError **error);
void live_url_clear (LiveUrl *u);

typedef struct _LiveConn LiveConn;

/* Connects, checks the version and creates the viewer session. */
LiveConn *live_conn_open (const char *url, const LiveUrl *u, GError **error);
void live_conn_close (LiveConn *c);

typedef struct {
  guint64 id;
  guint32 live_timer;
  guint32 clients;
  guint32 streams;
  char hostname[LIVE_HOST_NAME_MAX + 1];
  char name[LIVE_NAME_MAX + 1];
} LiveSessionInfo;

/* The relay daemon's sessions (LiveSessionInfo). */
GArray *live_list_sessions (LiveConn *c, GError **error);

typedef struct {
  guint64 id;
  guint64 trace_id;
  gboolean metadata;
  char path[LIVE_PATH_MAX + 1];
  char channel[LIVE_NAME_MAX + 1];
} LiveStreamInfo;

/* Attaches to a session from its beginning; its streams so far appended
 * to `streams` (LiveStreamInfo). */
gboolean live_attach (LiveConn *c, guint64 session, GArray *streams,
                      GError **error);

enum { LIVE_NEW_STREAMS_OK = 1, LIVE_NEW_STREAMS_NO_NEW = 2,
       LIVE_NEW_STREAMS_HUP = 4 };
/* New streams of the attached session; returns one of the codes above,
 * 0 on error. */
int live_get_new_streams (LiveConn *c, guint64 session, GArray *streams,
                          GError **error);

enum { LIVE_METADATA_OK = 1, LIVE_METADATA_NO_NEW = 2,
       LIVE_METADATA_ERR = 3, LIVE_METADATA_HUP = 4 };
/* A chunk of a metadata stream, appended to `data`; returns a code above,
 * 0 on error. */
int live_get_metadata (LiveConn *c, guint64 stream, GByteArray *data,
                       GError **error);

enum { LIVE_FLAG_NEW_METADATA = 1, LIVE_FLAG_NEW_STREAM = 2 };
enum { LIVE_INDEX_OK = 1, LIVE_INDEX_RETRY = 2, LIVE_INDEX_HUP = 3,
       LIVE_INDEX_INACTIVE = 5, LIVE_INDEX_EOF = 6 };
typedef struct {
  guint64 offset;                /* bytes, in the relay's stream file */
  guint64 packet_size;           /* bits */
  guint64 content_size;          /* bits */
  guint64 ts_begin, ts_end;      /* clock cycles */
  guint64 discarded;
  guint32 status;
  guint32 flags;
} LiveIndex;

/* The next index of a data stream; FALSE on error (status ERR included). */
gboolean live_get_next_index (LiveConn *c, guint64 stream, LiveIndex *idx,
                              GError **error);

enum { LIVE_PACKET_OK = 1, LIVE_PACKET_RETRY = 2, LIVE_PACKET_ERR = 3,
       LIVE_PACKET_EOF = 4 };
/* `len` bytes at `offset` of a data stream, appended to `data` when the
 * status is OK; returns the status (ERR with *flags set means: fetch the
 * metadata or streams first), 0 on error. */
int live_get_packet (LiveConn *c, guint64 stream, guint64 offset, guint32 len,
                     GByteArray *data, guint32 *flags, GError **error);

/* Detaches from a session (relay daemons before 2.13 do not know the
 * command: then the connection's close detaches). */
void live_detach (LiveConn *c, guint64 session);

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* live-proto.c: lttng-relayd's live viewer protocol, client side
 * (live-proto.h). Records are encoded field by field (no packed structs):
 * the sizes below are the protocol's. */
#include "config.h"

#include "live-proto.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <lttv/error.h>

enum {
  CMD_CONNECT = 1, CMD_LIST_SESSIONS = 2, CMD_ATTACH = 3,
  CMD_GET_NEXT_INDEX = 4, CMD_GET_PACKET = 5, CMD_GET_METADATA = 6,
  CMD_GET_NEW_STREAMS = 7, CMD_CREATE_SESSION = 8, CMD_DETACH = 9,
};

#define PROTO_MAJOR 2
#define PROTO_MINOR 4
#define SESSION_REC (8 + 4 + 4 + 4 + LIVE_HOST_NAME_MAX + LIVE_NAME_MAX)
#define STREAM_REC (8 + 8 + 4 + LIVE_PATH_MAX + LIVE_NAME_MAX)
/* Bounds on what a reply may announce: more is a malformed reply, not a
 * reason to allocate. */
#define MAX_COUNT 65536u
#define MAX_METADATA_CHUNK (64u << 20)

struct _LiveConn {
  int fd;
  char *url;                     /* for messages */
  int timeout_ms;
};

static const char *
cmd_name (guint32 cmd)
{
  switch (cmd)
    {
    case CMD_CONNECT: return "connect";
    case CMD_LIST_SESSIONS: return "list sessions";
    case CMD_ATTACH: return "attach session";
    case CMD_GET_NEXT_INDEX: return "get next index";
    case CMD_GET_PACKET: return "get packet";
    case CMD_GET_METADATA: return "get metadata";
    case CMD_GET_NEW_STREAMS: return "get new streams";
    case CMD_CREATE_SESSION: return "create viewer session";
    case CMD_DETACH: return "detach session";
    default: return "?";
    }
}

static void G_GNUC_PRINTF (3, 4)
fail (const LiveConn *c, GError **error, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *what = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", c->url, what);
}

/* LTTV_LIVE_TIMEOUT seconds (default 10) for a connection or a reply. */
static int
timeout_ms (void)
{
  const char *v = g_getenv ("LTTV_LIVE_TIMEOUT");
  double s = v != NULL ? g_ascii_strtod (v, NULL) : 10.0;
  if (!(s > 0) || s > 3600)
    s = 10.0;
  return (int) (s * 1000);
}

gboolean
live_url_parse (const char *url, LiveUrl *out, GError **error)
{
  memset (out, 0, sizeof *out);
  /* (before the first goto: the cleanup runs on every way out) */
  g_auto (GStrv) parts = NULL;
  const char *p = NULL;
  static const char *const schemes[] = { "net://", "net4://", "net6://" };
  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    if (g_str_has_prefix (url, schemes[i]))
      p = url + strlen (schemes[i]);
  if (p == NULL)
    goto bad;
  const char *host_end;
  if (*p == '[')
    {
      host_end = strchr (p, ']');
      if (host_end == NULL)
        goto bad;
      out->host = g_strndup (p + 1, host_end - p - 1);
      host_end++;
    }
  else
    {
      host_end = p + strcspn (p, ":/");
      out->host = g_strndup (p, host_end - p);
    }
  if (out->host[0] == '\0')
    goto bad;
  out->port = LIVE_DEFAULT_PORT;
  const char *q = host_end;
  if (*q == ':')
    {
      char *end;
      guint64 port = g_ascii_strtoull (q + 1, &end, 10);
      if (end == q + 1 || port == 0 || port > 65535 || (*end != '/' && *end))
        goto bad;
      out->port = (guint16) port;
      q = end;
    }
  out->base = g_strndup (url, q - url);
  if (*q == '\0' || g_str_equal (q, "/"))
    return TRUE;
  parts = g_strsplit (q + 1, "/", -1);
  if (g_strv_length (parts) != 3 || !g_str_equal (parts[0], "host")
      || parts[1][0] == '\0' || parts[2][0] == '\0')
    goto bad;
  out->target_host = g_strdup (parts[1]);
  out->session = g_strdup (parts[2]);
  return TRUE;
bad:
  live_url_clear (out);
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_NOT_FOUND,
               "%s: not a relay daemon URL "
                 "(net://HOST[:PORT][/host/HOSTNAME/SESSION])", url);
  return FALSE;
}

void
live_url_clear (LiveUrl *u)
{
  g_free (u->host);
  g_free (u->target_host);
  g_free (u->session);
  g_free (u->base);
  memset (u, 0, sizeof *u);
}

/* Waits until fd is ready for `events` before `deadline` (monotonic µs). */
static gboolean
wait_fd (const LiveConn *c, short events, gint64 deadline, const char *what,
         GError **error)
{
  for (;;)
    {
      gint64 left = (deadline - g_get_monotonic_time ()) / 1000;
      if (left <= 0)
        {
          fail (c, error, "no answer to %s within %g s", what,
                c->timeout_ms / 1000.0);
          return FALSE;
        }
      struct pollfd pfd = { .fd = c->fd, .events = events };
      int r = poll (&pfd, 1, (int) MIN (left, G_MAXINT));
      if (r > 0)
        return TRUE;
      if (r < 0 && errno != EINTR)
        {
          fail (c, error, "%s: %s", what, g_strerror (errno));
          return FALSE;
        }
    }
}

static gboolean
send_all (LiveConn *c, const guint8 *buf, gsize len, guint32 cmd,
          GError **error)
{
  gint64 deadline = g_get_monotonic_time () + c->timeout_ms * (gint64) 1000;
  while (len > 0)
    {
      if (!wait_fd (c, POLLOUT, deadline, cmd_name (cmd), error))
        return FALSE;
      ssize_t n = send (c->fd, buf, len, MSG_NOSIGNAL);
      if (n < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      if (n < 0)
        {
          fail (c, error, "%s%s: %s",
                errno == ECONNRESET || errno == EPIPE
                ? "connection closed by the relay daemon: sending "
                : "sending ", cmd_name (cmd), g_strerror (errno));
          return FALSE;
        }
      buf += n;
      len -= n;
    }
  return TRUE;
}

/* Reads exactly `len` bytes of the reply to `cmd`: a connection closed
 * before (a short reply) is an error that says how much came. */
static gboolean
recv_all (LiveConn *c, guint8 *buf, gsize len, guint32 cmd, GError **error)
{
  gint64 deadline = g_get_monotonic_time () + c->timeout_ms * (gint64) 1000;
  gsize got = 0;
  while (got < len)
    {
      if (!wait_fd (c, POLLIN, deadline, cmd_name (cmd), error))
        return FALSE;
      ssize_t n = recv (c->fd, buf + got, len - got, 0);
      if (n < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      if (n < 0)
        {
          fail (c, error, "%s%s: %s", errno == ECONNRESET
                ? "connection closed by the relay daemon: reading the reply to "
                : "reading the reply to ", cmd_name (cmd), g_strerror (errno));
          return FALSE;
        }
      if (n == 0)
        {
          fail (c, error, "connection closed by the relay daemon "
                            "(reply to %s: %zu of %zu bytes)",
                cmd_name (cmd), got, len);
          return FALSE;
        }
      got += n;
    }
  return TRUE;
}

static void
put32 (guint8 *p, guint32 v)
{
  v = GUINT32_TO_BE (v);
  memcpy (p, &v, 4);
}

static void
put64 (guint8 *p, guint64 v)
{
  v = GUINT64_TO_BE (v);
  memcpy (p, &v, 8);
}

static guint32
get32 (const guint8 *p)
{
  guint32 v;
  memcpy (&v, p, 4);
  return GUINT32_FROM_BE (v);
}

static guint64
get64 (const guint8 *p)
{
  guint64 v;
  memcpy (&v, p, 8);
  return GUINT64_FROM_BE (v);
}

/* Sends the command header and its payload. */
static gboolean
command (LiveConn *c, guint32 cmd, const guint8 *payload, gsize len,
         GError **error)
{
  guint8 buf[16 + 32];
  g_assert (len <= 32);
  put64 (buf, len);
  put32 (buf + 8, cmd);
  put32 (buf + 12, 0);
  if (len > 0)
    memcpy (buf + 16, payload, len);
  return send_all (c, buf, 16 + len, cmd, error);
}

/* A fixed-size string field of a reply, cut at its first NUL (a field
 * without one is cut at its size). */
static void
get_str (char *dst, const guint8 *src, gsize size)
{
  gsize n = strnlen ((const char *) src, size);
  memcpy (dst, src, n);
  dst[n] = '\0';
}

LiveConn *
live_conn_open (const char *url, const LiveUrl *u, GError **error)
{
  LiveConn *c = g_new0 (LiveConn, 1);
  c->fd = -1;
  c->url = g_strdup (url);
  c->timeout_ms = timeout_ms ();

  struct addrinfo hints = { .ai_socktype = SOCK_STREAM };
  hints.ai_family = g_str_has_prefix (url, "net6://") ? AF_INET6
    : g_str_has_prefix (url, "net4://") ? AF_INET : AF_UNSPEC;
  struct addrinfo *ai = NULL;
  char port[8];
  g_snprintf (port, sizeof port, "%u", u->port);
  int r = getaddrinfo (u->host, port, &hints, &ai);
  if (r != 0)
    {
      fail (c, error, "cannot resolve %s: %s", u->host, gai_strerror (r));
      goto err;
    }
  int last_errno = 0;
  for (struct addrinfo *a = ai; a != NULL && c->fd < 0; a = a->ai_next)
    {
      c->fd = socket (a->ai_family, a->ai_socktype | SOCK_CLOEXEC
                      | SOCK_NONBLOCK, a->ai_protocol);
      if (c->fd < 0)
        {
          last_errno = errno;
          continue;
        }
      if (connect (c->fd, a->ai_addr, a->ai_addrlen) == 0)
        break;
      if (errno == EINPROGRESS)
        {
          struct pollfd pfd = { .fd = c->fd, .events = POLLOUT };
          int soerr = ETIMEDOUT;
          socklen_t sl = sizeof soerr;
          if (poll (&pfd, 1, c->timeout_ms) == 1)
            getsockopt (c->fd, SOL_SOCKET, SO_ERROR, &soerr, &sl);
          if (soerr == 0)
            break;
          last_errno = soerr;
        }
      else
        last_errno = errno;
      close (c->fd);
      c->fd = -1;
    }
  freeaddrinfo (ai);
  if (c->fd < 0)
    {
      fail (c, error, "cannot connect to the relay daemon: %s",
            g_strerror (last_errno));
      goto err;
    }
  int one = 1;
  setsockopt (c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);

  guint8 req[20], rep[20];
  put64 (req, 0);
  put32 (req + 8, PROTO_MAJOR);
  put32 (req + 12, PROTO_MINOR);
  put32 (req + 16, 1);           /* a command connection */
  if (!command (c, CMD_CONNECT, req, sizeof req, error)
      || !recv_all (c, rep, sizeof rep, CMD_CONNECT, error))
    goto err;
  guint32 major = get32 (rep + 8);
  if (major != PROTO_MAJOR)
    {
      fail (c, error, "the relay daemon speaks version %u.%u of the live "
                        "protocol, not %u.x", major, get32 (rep + 12),
            PROTO_MAJOR);
      goto err;
    }
  if (get32 (rep + 12) < PROTO_MINOR)
    {
      fail (c, error, "the relay daemon speaks version 2.%u of the live "
                        "protocol: 2.%u or later needed", get32 (rep + 12),
            PROTO_MINOR);
      goto err;
    }
  guint8 status[4];
  if (!command (c, CMD_CREATE_SESSION, NULL, 0, error)
      || !recv_all (c, status, 4, CMD_CREATE_SESSION, error))
    goto err;
  if (get32 (status) != 1)
    {
      fail (c, error, "the relay daemon refused a viewer session "
                        "(status %u)", get32 (status));
      goto err;
    }
  return c;
err:
  live_conn_close (c);
  return NULL;
}

void
live_conn_close (LiveConn *c)
{
  if (c == NULL)
    return;
  if (c->fd >= 0)
    close (c->fd);
  g_free (c->url);
  g_free (c);
}

GArray *
live_list_sessions (LiveConn *c, GError **error)
{
  guint8 head[4];
  if (!command (c, CMD_LIST_SESSIONS, NULL, 0, error)
      || !recv_all (c, head, 4, CMD_LIST_SESSIONS, error))
    return NULL;
  guint32 n = get32 (head);
  if (n > MAX_COUNT)
    {
      fail (c, error, "malformed reply to %s: %u sessions",
            cmd_name (CMD_LIST_SESSIONS), n);
      return NULL;
    }
  GArray *out = g_array_sized_new (FALSE, TRUE, sizeof (LiveSessionInfo), n);
  guint8 rec[SESSION_REC];
  for (guint32 i = 0; i < n; i++)
    {
      if (!recv_all (c, rec, sizeof rec, CMD_LIST_SESSIONS, error))
        {
          g_array_unref (out);
          return NULL;
        }
      LiveSessionInfo s;
      s.id = get64 (rec);
      s.live_timer = get32 (rec + 8);
      s.clients = get32 (rec + 12);
      s.streams = get32 (rec + 16);
      get_str (s.hostname, rec + 20, LIVE_HOST_NAME_MAX);
      get_str (s.name, rec + 20 + LIVE_HOST_NAME_MAX, LIVE_NAME_MAX);
      g_array_append_val (out, s);
    }
  return out;
}

/* `n` stream records of the reply to `cmd`, appended to `streams`. */
static gboolean
recv_streams (LiveConn *c, guint32 cmd, guint32 n, GArray *streams,
              GError **error)
{
  if (n > MAX_COUNT)
    {
      fail (c, error, "malformed reply to %s: %u streams", cmd_name (cmd),
            n);
      return FALSE;
    }
  g_autofree guint8 *rec = g_malloc (STREAM_REC);
  for (guint32 i = 0; i < n; i++)
    {
      if (!recv_all (c, rec, STREAM_REC, cmd, error))
        return FALSE;
      LiveStreamInfo s;
      s.id = get64 (rec);
      s.trace_id = get64 (rec + 8);
      guint32 flag = get32 (rec + 16);
      if (flag > 1)
        {
          fail (c, error, "malformed reply to %s: metadata flag %u",
                cmd_name (cmd), flag);
          return FALSE;
        }
      s.metadata = flag == 1;
      get_str (s.path, rec + 20, LIVE_PATH_MAX);
      get_str (s.channel, rec + 20 + LIVE_PATH_MAX, LIVE_NAME_MAX);
      g_array_append_val (streams, s);
    }
  return TRUE;
}

gboolean
live_attach (LiveConn *c, guint64 session, GArray *streams, GError **error)
{
  guint8 req[20], rep[8];
  put64 (req, session);
  put64 (req + 8, 0);
  put32 (req + 16, 1);           /* from the beginning */
  if (!command (c, CMD_ATTACH, req, sizeof req, error)
      || !recv_all (c, rep, sizeof rep, CMD_ATTACH, error))
    return FALSE;
  guint32 status = get32 (rep), n = get32 (rep + 4);
  static const char *const why[] = {
    NULL, NULL, "another viewer is attached to the session",
    "unknown session", "the session is not a live session",
    "seek error", "no viewer session",
  };
  if (status != 1)
    {
      if (status < G_N_ELEMENTS (why) && why[status] != NULL)
        fail (c, error, "cannot attach: %s", why[status]);
      else
        fail (c, error, "malformed reply to %s: status %u",
              cmd_name (CMD_ATTACH), status);
      return FALSE;
    }
  return recv_streams (c, CMD_ATTACH, n, streams, error);
}

int
live_get_new_streams (LiveConn *c, guint64 session, GArray *streams,
                      GError **error)
{
  guint8 req[8], rep[8];
  put64 (req, session);
  if (!command (c, CMD_GET_NEW_STREAMS, req, sizeof req, error)
      || !recv_all (c, rep, sizeof rep, CMD_GET_NEW_STREAMS, error))
    return 0;
  guint32 status = get32 (rep), n = get32 (rep + 4);
  switch (status)
    {
    case LIVE_NEW_STREAMS_OK:
      return recv_streams (c, CMD_GET_NEW_STREAMS, n, streams, error)
        ? (int) status : 0;
    case LIVE_NEW_STREAMS_NO_NEW:
    case LIVE_NEW_STREAMS_HUP:
      return (int) status;
    case 3:
      fail (c, error, "the relay daemon failed to list new streams");
      return 0;
    default:
      fail (c, error, "malformed reply to %s: status %u",
            cmd_name (CMD_GET_NEW_STREAMS), status);
      return 0;
    }
}

int
live_get_metadata (LiveConn *c, guint64 stream, GByteArray *data,
                   GError **error)
{
  guint8 req[8], rep[12];
  put64 (req, stream);
  if (!command (c, CMD_GET_METADATA, req, sizeof req, error)
      || !recv_all (c, rep, sizeof rep, CMD_GET_METADATA, error))
    return 0;
  guint64 len = get64 (rep);
  guint32 status = get32 (rep + 8);
  switch (status)
    {
    case LIVE_METADATA_OK:
      if (len == 0 || len > MAX_METADATA_CHUNK)
        {
          fail (c, error, ("malformed reply to %s: %" G_GUINT64_FORMAT
                            " bytes"), cmd_name (CMD_GET_METADATA), len);
          return 0;
        }
      guint old = data->len;
      g_byte_array_set_size (data, old + (guint) len);
      return recv_all (c, data->data + old, len, CMD_GET_METADATA, error)
        ? LIVE_METADATA_OK : 0;
    case LIVE_METADATA_NO_NEW:
    case LIVE_METADATA_HUP:
      return (int) status;
    case LIVE_METADATA_ERR:
      /* the stream is gone (its session destroyed): closed, not a fault */
      return LIVE_METADATA_ERR;
    default:
      fail (c, error, "malformed reply to %s: status %u",
            cmd_name (CMD_GET_METADATA), status);
      return 0;
    }
}

gboolean
live_get_next_index (LiveConn *c, guint64 stream, LiveIndex *idx,
                     GError **error)
{
  guint8 req[8], rep[64];
  put64 (req, stream);
  if (!command (c, CMD_GET_NEXT_INDEX, req, sizeof req, error)
      || !recv_all (c, rep, sizeof rep, CMD_GET_NEXT_INDEX, error))
    return FALSE;
  idx->offset = get64 (rep);
  idx->packet_size = get64 (rep + 8);
  idx->content_size = get64 (rep + 16);
  idx->ts_begin = get64 (rep + 24);
  idx->ts_end = get64 (rep + 32);
  idx->discarded = get64 (rep + 40);
  idx->status = get32 (rep + 56);
  idx->flags = get32 (rep + 60);
  switch (idx->status)
    {
    case LIVE_INDEX_OK:
      if (idx->packet_size == 0 || idx->packet_size % 8 != 0
          || idx->packet_size / 8 > G_MAXINT32
          || idx->content_size > idx->packet_size
          || idx->ts_end < idx->ts_begin)
        {
          fail (c, error, ("malformed reply to %s: packet of %"
                            G_GUINT64_FORMAT " bits (%" G_GUINT64_FORMAT
                            " of content), time %" G_GUINT64_FORMAT " to %"
                            G_GUINT64_FORMAT), cmd_name (CMD_GET_NEXT_INDEX),
                idx->packet_size, idx->content_size, idx->ts_begin,
                idx->ts_end);
          return FALSE;
        }
      return TRUE;
    case LIVE_INDEX_RETRY:
    case LIVE_INDEX_HUP:
    case LIVE_INDEX_INACTIVE:
    case LIVE_INDEX_EOF:
      return TRUE;
    case 4:
      fail (c, error, ("the relay daemon failed to give the next index of "
                        "stream %" G_GUINT64_FORMAT), stream);
      return FALSE;
    default:
      fail (c, error, "malformed reply to %s: status %u",
            cmd_name (CMD_GET_NEXT_INDEX), idx->status);
      return FALSE;
    }
}

int
live_get_packet (LiveConn *c, guint64 stream, guint64 offset, guint32 len,
                 GByteArray *data, guint32 *flags, GError **error)
{
  guint8 req[20], rep[12];
  put64 (req, stream);
  put64 (req + 8, offset);
  put32 (req + 16, len);
  if (!command (c, CMD_GET_PACKET, req, sizeof req, error)
      || !recv_all (c, rep, sizeof rep, CMD_GET_PACKET, error))
    return 0;
  guint32 status = get32 (rep), got = get32 (rep + 4);
  *flags = get32 (rep + 8);
  switch (status)
    {
    case LIVE_PACKET_OK:
      if (got != len)
        {
          fail (c, error, "malformed reply to %s: %u bytes, %u asked",
                cmd_name (CMD_GET_PACKET), got, len);
          return 0;
        }
      guint old = data->len;
      g_byte_array_set_size (data, old + got);
      return recv_all (c, data->data + old, got, CMD_GET_PACKET, error)
        ? LIVE_PACKET_OK : 0;
    case LIVE_PACKET_RETRY:
    case LIVE_PACKET_EOF:
      return (int) status;
    case LIVE_PACKET_ERR:
      if (*flags & (LIVE_FLAG_NEW_METADATA | LIVE_FLAG_NEW_STREAM))
        return LIVE_PACKET_ERR;
      fail (c, error, ("the relay daemon failed to send a packet of stream "
                        "%" G_GUINT64_FORMAT), stream);
      return 0;
    default:
      fail (c, error, "malformed reply to %s: status %u",
            cmd_name (CMD_GET_PACKET), status);
      return 0;
    }
}

void
live_detach (LiveConn *c, guint64 session)
{
  /* Relay daemons before 2.13 close the connection on an unknown command;
   * nothing follows a detach, so its reply is read but not needed. */
  guint8 req[8], rep[4];
  put64 (req, session);
  int saved = c->timeout_ms;
  c->timeout_ms = MIN (saved, 1000);
  if (command (c, CMD_DETACH, req, sizeof req, NULL))
    recv_all (c, rep, sizeof rep, CMD_DETACH, NULL);
  c->timeout_ms = saved;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* live-follow.c: lttv/live.h. An attached session is mirrored into a
 * folder the ordinary reader opens: packets are appended whole, so the
 * folder is a valid trace between polls, and the reader needs no live
 * mode of its own (docs/architecture.md, Live sessions). */
#include "config.h"

#define G_LOG_DOMAIN "lttv-live"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include <lttv/error.h>
#include <lttv/live.h>

#include "ctf-decode.h"
#include "ctf-trace.h"
#include "live-proto.h"

/* Packets fetched from one stream per poll, so that one busy stream does
 * not starve the others' beacons. */
#define PACKETS_PER_POLL 256

typedef struct {
  guint64 id;
  gboolean metadata;
  char *rel;                     /* DIR/FILE under the mirror folder */
  int fd;                        /* opened at the first write */
  gboolean hup;                  /* no more data will come */
  gboolean has_end;
  guint64 end;                   /* complete before this clock value */
  gboolean end_is_beacon;        /* `end` is an inactivity beacon's */
  gboolean pending;              /* an index whose packet is still due */
  LiveIndex idx;
  guint64 written;               /* bytes in the mirror's file */
  guint64 resume;                /* data: the relay's offset of the next
                                  * packet not yet mirrored */
  gboolean resuming;             /* reconnected: packets before `resume`
                                  * come again (offsets only grow within
                                  * a tracefile: not checked otherwise) */
  GBytes *sent;                  /* metadata mirrored before a
                                  * reconnection, while the relay may be
                                  * sending it again */
  gsize sent_pos;                /* how much of it came again */
} LiveStream;

struct _LttvLive {
  char *url;
  LiveConn *conn;
  guint64 session;
  guint32 live_timer;            /* µs */
  guint32 n_announced;           /* streams the session list announced */
  char *root;
  GPtrArray *streams;            /* LiveStream* */
  gboolean session_hup;
  guint64 n_packets;
  GByteArray *buf;
};

void
lttv_live_session_free (LttvLiveSession *s)
{
  if (s == NULL)
    return;
  g_free (s->url);
  g_free (s->hostname);
  g_free (s->name);
  g_free (s);
}

GPtrArray *
lttv_live_list_sessions (const char *url, GError **error)
{
  g_return_val_if_fail (url != NULL, NULL);
  LiveUrl u;
  if (!live_url_parse (url, &u, error))
    return NULL;
  LiveConn *c = live_conn_open (url, &u, error);
  GArray *list = c != NULL ? live_list_sessions (c, error) : NULL;
  live_conn_close (c);
  if (list == NULL)
    {
      live_url_clear (&u);
      return NULL;
    }
  GPtrArray *out = g_ptr_array_new_with_free_func (
    (GDestroyNotify) lttv_live_session_free);
  for (guint i = 0; i < list->len; i++)
    {
      const LiveSessionInfo *si = &g_array_index (list, LiveSessionInfo, i);
      LttvLiveSession *s = g_new0 (LttvLiveSession, 1);
      s->url = g_strdup_printf ("%s/host/%s/%s", u.base, si->hostname,
                                si->name);
      s->hostname = g_strdup (si->hostname);
      s->name = g_strdup (si->name);
      s->id = si->id;
      s->live_timer = si->live_timer;
      s->streams = si->streams;
      s->clients = si->clients;
      g_ptr_array_add (out, s);
    }
  g_array_unref (list);
  live_url_clear (&u);
  return out;
}

static void
stream_free (gpointer p)
{
  LiveStream *s = p;
  if (s->fd >= 0)
    close (s->fd);
  g_free (s->rel);
  g_clear_pointer (&s->sent, g_bytes_unref);
  g_free (s);
}

/* Where a stream's file goes in the mirror: the relay daemon's folder
 * for it (HOST/SESSION-DATE/ust/uid/0/64-bit, its empty and "." parts
 * dropped) and its channel's file (channel0_0, metadata); a path that
 * would climb out, or a file name with a slash, is replaced. */
static char *
stream_rel (const LiveStreamInfo *si)
{
  g_auto (GStrv) parts = g_strsplit (si->path, "/", -1);
  GString *rel = g_string_new (NULL);
  gboolean bad = strchr (si->channel, '/') != NULL || si->channel[0] == '\0'
    || g_str_equal (si->channel, ".") || g_str_equal (si->channel, "..");
  for (char **p = parts; *p != NULL; p++)
    {
      if ((*p)[0] == '\0' || g_str_equal (*p, "."))
        continue;
      if (g_str_equal (*p, ".."))
        bad = TRUE;
      g_string_append (rel, *p);
      g_string_append_c (rel, '/');
    }
  if (bad)
    g_string_printf (rel, "trace-%" G_GUINT64_FORMAT "/", si->trace_id);
  if (si->metadata)
    g_string_append (rel, "metadata");
  else if (bad)
    g_string_append_printf (rel, "stream-%" G_GUINT64_FORMAT, si->id);
  else
    g_string_append (rel, si->channel);
  return g_string_free (rel, FALSE);
}

static void
add_streams (LttvLive *l, GArray *infos)
{
  for (guint i = 0; i < infos->len; i++)
    {
      const LiveStreamInfo *si = &g_array_index (infos, LiveStreamInfo, i);
      gboolean known = FALSE;
      for (guint j = 0; j < l->streams->len && !known; j++)
        known = ((LiveStream *) l->streams->pdata[j])->id == si->id;
      if (known)
        continue;
      LiveStream *s = g_new0 (LiveStream, 1);
      s->id = si->id;
      s->metadata = si->metadata;
      s->rel = stream_rel (si);
      s->fd = -1;
      g_ptr_array_add (l->streams, s);
    }
  g_array_set_size (infos, 0);
}

static gboolean
write_all (LttvLive *l, LiveStream *s, const guint8 *p, gsize len,
           GError **error)
{
  g_autofree char *path = g_build_filename (l->root, s->rel, NULL);
  if (s->fd < 0)
    {
      g_autofree char *dir = g_path_get_dirname (path);
      if (g_mkdir_with_parents (dir, 0700) != 0
          || (s->fd = open (path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
                            0600)) < 0)
        goto err;
    }
  while (len > 0)
    {
      ssize_t n = write (s->fd, p, len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        goto err;
      p += n;
      len -= n;
      s->written += n;
    }
  return TRUE;
err:
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s: %s", l->url, path,
               g_strerror (errno));
  return FALSE;
}

static gboolean
fetch_new_streams (LttvLive *l, GError **error)
{
  g_autoptr (GArray) infos = g_array_new (FALSE, FALSE,
                                          sizeof (LiveStreamInfo));
  int r = live_get_new_streams (l->conn, l->session, infos, error);
  if (r == 0)
    return FALSE;
  if (r == LIVE_NEW_STREAMS_HUP)
    l->session_hup = TRUE;
  g_debug ("new streams: status %d, %u", r, infos->len);
  add_streams (l, infos);
  return TRUE;
}

/* After a reconnection a relay daemon may send a metadata stream again
 * from its beginning (a new viewer stream) or go on where it was (the
 * same one, kept by the daemon): the text is dropped only while it is
 * the same as what was mirrored, byte for byte. */
static void
drop_sent_metadata (LiveStream *s, GByteArray *buf)
{
  if (s->sent == NULL)
    return;
  gsize len;
  const guint8 *old = g_bytes_get_data (s->sent, &len);
  gsize n = MIN (len - s->sent_pos, (gsize) buf->len);
  if (memcmp (old + s->sent_pos, buf->data, n) == 0)
    {
      g_byte_array_remove_range (buf, 0, (guint) n);
      s->sent_pos += n;
      if (s->sent_pos < len)
        return;
    }
  g_clear_pointer (&s->sent, g_bytes_unref);
}

/* Every metadata stream's new text, before any packet that needs it. */
static gboolean
fetch_metadata (LttvLive *l, gboolean *changed, GError **error)
{
  for (guint i = 0; i < l->streams->len; i++)
    {
      LiveStream *s = l->streams->pdata[i];
      if (!s->metadata || s->hup)
        continue;
      for (;;)
        {
          g_byte_array_set_size (l->buf, 0);
          int r = live_get_metadata (l->conn, s->id, l->buf, error);
          if (r == 0)
            return FALSE;
          if (r == LIVE_METADATA_HUP || r == LIVE_METADATA_ERR)
            s->hup = TRUE;
          if (r != LIVE_METADATA_OK)
            break;
          drop_sent_metadata (s, l->buf);
          if (l->buf->len == 0)
            continue;
          if (!write_all (l, s, l->buf->data, l->buf->len, error))
            return FALSE;
          *changed = TRUE;
        }
    }
  return TRUE;
}

/* A flag of a reply: fetch the metadata or the streams it announces. */
static gboolean
follow_flags (LttvLive *l, guint32 flags, gboolean *changed, GError **error)
{
  if ((flags & LIVE_FLAG_NEW_STREAM) && !fetch_new_streams (l, error))
    return FALSE;
  if ((flags & LIVE_FLAG_NEW_METADATA) && !fetch_metadata (l, changed, error))
    return FALSE;
  return TRUE;
}

/* The ready packets of one data stream. */
static gboolean
poll_stream (LttvLive *l, LiveStream *s, gboolean *changed, GError **error)
{
  for (guint k = 0; k < PACKETS_PER_POLL && !s->hup; k++)
    {
      if (!s->pending)
        {
          LiveIndex idx;
          if (!live_get_next_index (l->conn, s->id, &idx, error)
              || !follow_flags (l, idx.flags, changed, error))
            return FALSE;
          switch (idx.status)
            {
            case LIVE_INDEX_OK:
              /* a packet mirrored before a reconnection */
              if (s->resuming && idx.offset < s->resume)
                continue;
              s->resuming = FALSE;
              s->idx = idx;
              s->pending = TRUE;
              break;
            case LIVE_INDEX_INACTIVE:
              g_debug ("stream %" G_GUINT64_FORMAT ": beacon %" G_GUINT64_FORMAT,
                       s->id, idx.ts_end);
              if (!s->has_end || idx.ts_end > s->end)
                {
                  s->end = idx.ts_end;
                  s->has_end = TRUE;
                  s->end_is_beacon = TRUE;
                  *changed = TRUE;
                }
              return TRUE;
            case LIVE_INDEX_HUP:
            case LIVE_INDEX_EOF:
              s->hup = TRUE;
              *changed = TRUE;
              return TRUE;
            default:             /* RETRY */
              return TRUE;
            }
        }
      guint32 flags = 0;
      g_byte_array_set_size (l->buf, 0);
      int r = live_get_packet (l->conn, s->id, s->idx.offset,
                               (guint32) (s->idx.packet_size / 8), l->buf,
                               &flags, error);
      if (r == 0 || !follow_flags (l, flags, changed, error))
        return FALSE;
      if (r == LIVE_PACKET_RETRY)
        return TRUE;
      if (r == LIVE_PACKET_EOF)
        {
          s->hup = TRUE;
          *changed = TRUE;
          return TRUE;
        }
      if (r == LIVE_PACKET_ERR)
        continue;                /* asked again, with what it needed */
      if (!write_all (l, s, l->buf->data, l->buf->len, error))
        return FALSE;
      s->pending = FALSE;
      s->resume = s->idx.offset + s->idx.packet_size / 8;
      g_debug ("stream %" G_GUINT64_FORMAT ": packet %" G_GUINT64_FORMAT
               "..%" G_GUINT64_FORMAT, s->id, s->idx.ts_begin, s->idx.ts_end);
      /* A packet vouches only for the times before its beginning: a
       * thread preempted between reading the clock and reserving its
       * event's space writes it into the next packet, earlier than this
       * one's end. Its own events are printed once the next packet (or a
       * beacon) comes: one live timer period later. */
      if (!s->has_end || s->idx.ts_begin >= s->end)
        {
          s->end = s->idx.ts_begin;
          s->end_is_beacon = FALSE;
        }
      s->has_end = TRUE;
      l->n_packets++;
      *changed = TRUE;
    }
  return TRUE;
}

/* Connects to the relay daemon and attaches to the session of the URL:
 * l->conn, l->session and the rest; its streams appended to `infos`. */
static gboolean
connect_session (LttvLive *l, const LiveUrl *u, GArray *infos, GError **error)
{
  g_autoptr (GArray) sessions = NULL;
  if ((l->conn = live_conn_open (l->url, u, error)) == NULL
      || (sessions = live_list_sessions (l->conn, error)) == NULL)
    return FALSE;
  const LiveSessionInfo *found = NULL;
  for (guint i = 0; i < sessions->len && found == NULL; i++)
    {
      const LiveSessionInfo *si = &g_array_index (sessions,
                                                  LiveSessionInfo, i);
      if (g_str_equal (si->hostname, u->target_host)
          && g_str_equal (si->name, u->session))
        found = si;
    }
  if (found == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_NOT_FOUND,
                   "%s: the relay daemon has no session %s of host %s",
                   l->url, u->session, u->target_host);
      return FALSE;
    }
  l->session = found->id;
  l->live_timer = found->live_timer;
  l->n_announced = found->streams;
  return live_attach (l->conn, l->session, infos, error);
}

LttvLive *
lttv_live_attach (const char *url, GError **error)
{
  g_return_val_if_fail (url != NULL, NULL);
  LiveUrl u;
  if (!live_url_parse (url, &u, error))
    return NULL;
  if (u.session == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_NOT_FOUND,
                   "%s: no session in the URL "
                     "(net://HOST[:PORT]/host/HOSTNAME/SESSION)", url);
      live_url_clear (&u);
      return NULL;
    }
  LttvLive *l = g_new0 (LttvLive, 1);
  l->url = g_strdup (url);
  l->streams = g_ptr_array_new_with_free_func (stream_free);
  l->buf = g_byte_array_new ();
  g_autofree char *base = NULL, *tmpl = NULL;
  g_autoptr (GArray) infos = g_array_new (FALSE, FALSE,
                                          sizeof (LiveStreamInfo));
  if (!connect_session (l, &u, infos, error))
    goto err;
  add_streams (l, infos);
  base = g_build_filename (g_get_user_cache_dir (), "lttv", "live", NULL);
  tmpl = g_build_filename (base, "session-XXXXXX", NULL);
  if (g_mkdir_with_parents (base, 0700) != 0
      || (l->root = g_mkdtemp_full (g_strdup (tmpl), 0700)) == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s: %s", url, base,
                   g_strerror (errno));
      goto err;
    }
  live_url_clear (&u);
  return l;
err:
  live_url_clear (&u);
  lttv_live_free (l);
  return NULL;
}

gboolean
lttv_live_reconnect (LttvLive *l, GError **error)
{
  g_return_val_if_fail (l != NULL, FALSE);
  LiveUrl u;
  if (!live_url_parse (l->url, &u, error))
    return FALSE;
  /* The old connection is dropped without a word: it is broken. */
  g_clear_pointer (&l->conn, live_conn_close);
  l->session_hup = FALSE;
  g_autoptr (GArray) infos = g_array_new (FALSE, FALSE,
                                          sizeof (LiveStreamInfo));
  gboolean ok = connect_session (l, &u, infos, error);
  live_url_clear (&u);
  if (!ok)
    {
      g_clear_pointer (&l->conn, live_conn_close);
      return FALSE;
    }
  /* A relay daemon that kept its viewer streams (lttng-relayd 2.13 does)
   * goes on where it was; another serves them again from their beginning,
   * maybe under new ids: a stream is known by its file, and what it sends
   * again is skipped (data packets by their offset, metadata by its
   * text). */
  for (guint i = 0; i < infos->len; i++)
    {
      LiveStreamInfo *si = &g_array_index (infos, LiveStreamInfo, i);
      g_autofree char *rel = stream_rel (si);
      for (guint j = 0; j < l->streams->len; j++)
        {
          LiveStream *s = l->streams->pdata[j];
          if (!g_str_equal (s->rel, rel))
            continue;
          /* (an index whose packet is due is asked for by its offset:
           * kept) */
          s->id = si->id;
          s->resuming = !s->metadata && s->written > 0;
          if (s->metadata && s->written > 0)
            {
              g_autofree char *path = g_build_filename (l->root, s->rel,
                                                         NULL);
              char *text = NULL;
              gsize len = 0;
              g_clear_pointer (&s->sent, g_bytes_unref);
              if (g_file_get_contents (path, &text, &len, NULL))
                s->sent = g_bytes_new_take (text, len);
              s->sent_pos = 0;
              s->hup = FALSE;
            }
          break;
        }
    }
  add_streams (l, infos);
  g_debug ("reconnected to %s: %u streams", l->url, l->streams->len);
  return TRUE;
}

LttvLiveStatus
lttv_live_poll (LttvLive *l, GError **error)
{
  g_return_val_if_fail (l != NULL, LTTV_LIVE_ERROR);
  gboolean changed = FALSE;
  if (l->conn == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO,
                   "%s: not connected to the relay daemon", l->url);
      return LTTV_LIVE_ERROR;
    }
  if (!fetch_new_streams (l, error) || !fetch_metadata (l, &changed, error))
    return LTTV_LIVE_ERROR;
  for (guint i = 0; i < l->streams->len; i++)
    {
      LiveStream *s = l->streams->pdata[i];
      if (!s->metadata && !poll_stream (l, s, &changed, error))
        return LTTV_LIVE_ERROR;
    }
  gboolean live = FALSE;
  for (guint i = 0; i < l->streams->len; i++)
    {
      const LiveStream *s = l->streams->pdata[i];
      live |= !s->metadata && !s->hup;
    }
  if (l->session_hup && !live)
    return LTTV_LIVE_ENDED;
  return changed ? LTTV_LIVE_NEW_DATA : LTTV_LIVE_IDLE;
}

guint
lttv_live_retry_delay (guint attempt)
{
  return attempt >= 3 ? 5000 : 1000u << attempt;
}

const char *
lttv_live_folder (const LttvLive *l)
{
  return l->root;
}

guint64
lttv_live_n_packets (const LttvLive *l)
{
  return l->n_packets;
}

/* The reader's stream of a mirrored file. */
static const CtfStream *
find_stream (const LttvTraceset *ts, const char *rel)
{
  g_autofree char *suffix = g_strconcat ("/", rel, NULL);
  for (guint i = 0; i < ts->traces->len; i++)
    {
      const LttvTrace *t = ts->traces->pdata[i];
      for (guint j = 0; j < t->streams->len; j++)
        {
          const CtfStream *s = t->streams->pdata[j];
          if (g_str_has_suffix (s->path, suffix))
            return s;
        }
    }
  return NULL;
}

LttvTime
lttv_live_complete_before (const LttvLive *l, const LttvTraceset *ts)
{
  g_return_val_if_fail (l != NULL && ts != NULL, 0);
  /* Streams the relay daemon announced but has not described yet could
   * hold anything: nothing is complete before they are known. */
  if (l->streams->len < l->n_announced)
    return 0;
  LttvTime bound = LTTV_TIME_NONE;
  for (guint i = 0; i < l->streams->len; i++)
    {
      const LiveStream *s = l->streams->pdata[i];
      if (s->metadata || s->hup)
        continue;
      if (!s->has_end)
        return 0;
      /* A beacon's stream may have no file yet: the trace's clock then
       * comes from another stream of the same folder. */
      const CtfStream *cs = find_stream (ts, s->rel);
      const CtfClock *k = cs != NULL && cs->sc != NULL ? cs->sc->clock : NULL;
      if (k == NULL)
        {
          g_autofree char *dir = g_path_get_dirname (s->rel);
          for (guint j = 0; j < ts->traces->len && k == NULL; j++)
            {
              const LttvTrace *t = ts->traces->pdata[j];
              if (!g_str_has_suffix (t->path, dir))
                continue;
              for (guint m = 0; m < t->streams->len && k == NULL; m++)
                {
                  const CtfStream *o = t->streams->pdata[m];
                  k = o->sc != NULL ? o->sc->clock : NULL;
                }
            }
        }
      int64_t ns;
      if (k == NULL || !ctf_clock_to_ns (k, s->end, &ns))
        return 0;
      /* The consumer daemon sends a beacon for a stream it found empty at
       * its live timer's tick; an event reserved before that tick and
       * committed after it still comes, in the next period's packet, with
       * a time before the beacon's: a beacon vouches for its time less
       * one period. */
      if (s->end_is_beacon)
        ns -= (int64_t) l->live_timer * 1000;
      if (ns < 0)
        return 0;
      bound = MIN (bound, (LttvTime) ns);
      g_debug ("stream %" G_GUINT64_FORMAT ": complete before %" G_GINT64_FORMAT,
               s->id, ns);
    }
  return bound;
}

/* Removes the mirror folder: only what lttv_live_poll() wrote there. */
static void
remove_tree (const char *path)
{
  GDir *d = g_dir_open (path, 0, NULL);
  if (d != NULL)
    {
      const char *name;
      while ((name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *sub = g_build_filename (path, name, NULL);
          if (g_file_test (sub, G_FILE_TEST_IS_DIR)
              && !g_file_test (sub, G_FILE_TEST_IS_SYMLINK))
            remove_tree (sub);
          else
            g_unlink (sub);
        }
      g_dir_close (d);
    }
  g_rmdir (path);
}

void
lttv_live_free (LttvLive *l)
{
  if (l == NULL)
    return;
  if (l->conn != NULL)
    {
      if (l->root != NULL)
        live_detach (l->conn, l->session);
      live_conn_close (l->conn);
    }
  g_ptr_array_unref (l->streams);
  if (l->root != NULL && g_getenv ("LTTV_LIVE_KEEP") == NULL)
    remove_tree (l->root);
  g_free (l->root);
  g_byte_array_unref (l->buf);
  g_free (l->url);
  g_free (l);
}

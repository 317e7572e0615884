/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-seek-points.c: places inside big packets where a seek may start,
 * noted by readers as they read and shared by every reader of the stream
 * without a lock on the way of reading (see ctf-trace.h). */
#include "config.h"

#include "ctf-trace.h"

#include <string.h>

void
ctf_seek_points_init (CtfStream *s)
{
  /* (a growing stream's packets come into its reserve: so do their slots) */
  s->seek_points = g_new0 (CtfSeekPoints *, s->map_reserved != 0 ? CTF_GROW_PACKETS
                                             : MAX (1u, s->packets->len));
  g_mutex_init (&s->retired_lock);
  s->retired = g_ptr_array_new_with_free_func (g_free);
}

void
ctf_seek_points_clear (CtfStream *s)
{
  if (s->seek_points == NULL)
    return;
  for (guint i = 0; i < s->packets->len; i++)
    g_free (s->seek_points[i]);
  g_clear_pointer (&s->seek_points, g_free);
  g_clear_pointer (&s->retired, g_ptr_array_unref);
  g_mutex_clear (&s->retired_lock);
}

void
ctf_seek_points_track (CtfReader *r, guint i)
{
  if (r->track == NULL)
    r->track = g_array_new (FALSE, FALSE, sizeof (CtfSeekPoint));
  g_array_set_size (r->track, 0);
  r->tracking = TRUE;
  r->track_packet = i;
  r->track_n = 0;
}

void
ctf_seek_points_note (CtfReader *r, uint64_t start)
{
  CtfSeekPoint p = {
    .pos = start, .clock = r->cur.clock, .last_ns = r->last_ns,
  };
  g_array_append_val (r->track, p);
  r->track_n = 0;
}

void
ctf_seek_points_publish (CtfReader *r)
{
  if (!r->tracking)
    return;
  r->tracking = FALSE;
  CtfStream *s = r->s;
  guint n = r->track->len;
  CtfSeekPoints **slot = &s->seek_points[r->track_packet];
  CtfSeekPoints *old = g_atomic_pointer_get (slot);
  if (n == 0 || (old != NULL && old->n >= n))
    return;
  CtfSeekPoints *sp = g_malloc (sizeof *sp + n * sizeof (CtfSeekPoint));
  sp->n = n;
  memcpy (sp->p, r->track->data, n * sizeof (CtfSeekPoint));
  if (!g_atomic_pointer_compare_and_exchange (slot, old, sp))
    {
      g_free (sp);   /* another reader published meanwhile */
      return;
    }
  if (old != NULL)
    {
      /* other readers may still look at it */
      g_mutex_lock (&s->retired_lock);
      g_ptr_array_add (s->retired, old);
      g_mutex_unlock (&s->retired_lock);
    }
}

void
ctf_seek_points_jump (CtfReader *r, int64_t ns)
{
  const CtfSeekPoints *sp = g_atomic_pointer_get (&r->s->seek_points[r->packet]);
  if (sp == NULL || sp->p[0].last_ns >= ns)
    return;
  /* the last point after which every event is earlier than ns */
  guint lo = 0, hi = sp->n;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;
      if (sp->p[mid].last_ns < ns)
        lo = mid;
      else
        hi = mid;
    }
  const CtfSeekPoint *p = &sp->p[lo];
  r->cur.pos = p->pos;
  r->cur.clock = p->clock;
  r->last_ns = p->last_ns;
  if (lo + 1 < sp->n)
    {
      r->tracking = FALSE;   /* the points after it are known */
      return;
    }
  /* From the last point on, the list grows as the reader goes. */
  g_array_set_size (r->track, 0);
  g_array_append_vals (r->track, sp->p, sp->n);
  r->track_n = 0;
}

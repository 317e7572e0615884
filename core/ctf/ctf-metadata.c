/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-metadata.c: reads a trace's metadata file, plain TSDL text or
 * packetized (packets of either byte order, each with a 37-byte header),
 * and hands the text to the parser; or CTF 2's JSON text sequence (its
 * first byte is the record separator 0x1e) to ctf2-metadata.c. */
#include "config.h"

#include "ctf-types.h"
#include "ctf2.h"

#include "big-alloc.h"

#include <lttv/error.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define METADATA_MAGIC 0x75D11D57u
#define METADATA_HEADER_SIZE 37

static uint32_t
read_u32 (const uint8_t *p, gboolean be)
{
  if (be)
    return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16
           | (uint32_t) p[2] << 8 | p[3];
  return (uint32_t) p[3] << 24 | (uint32_t) p[2] << 16
         | (uint32_t) p[1] << 8 | p[0];
}

/* Moves the packets' contents together at the start of `data` (each
 * goes to where the one before ended, never past its own start); returns
 * the text's length, or -1 on error. */
static gssize
depacketize (uint8_t *data, gsize len, const char *path, gboolean *is_be,
             gsize *cut_at, GError **error)
{
  gsize text_len = 0;
  gsize off = 0;
  gboolean first_be = FALSE;
  while (off < len)
    {
      if (len - off < METADATA_HEADER_SIZE)
        goto truncated;
      const uint8_t *p = data + off;
      gboolean be = read_u32 (p, TRUE) == METADATA_MAGIC;
      if (off == 0)
        first_be = be;
      else if (be != first_be)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_METADATA,
                       "%s: byte %" G_GSIZE_FORMAT ": metadata packet byte "
                       "order differs from the first packet's", path, off);
          goto fail;
        }
      if (!be && read_u32 (p, FALSE) != METADATA_MAGIC)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_METADATA,
                       "%s: byte %" G_GSIZE_FORMAT ": bad metadata packet "
                       "magic number", path, off);
          goto fail;
        }
      uint32_t content = read_u32 (p + 24, be);
      uint32_t size = read_u32 (p + 28, be);
      uint8_t compression = p[32], encryption = p[33], checksum = p[34];
      if (compression || encryption || checksum)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_UNSUPPORTED,
                       "%s: byte %" G_GSIZE_FORMAT ": compressed, encrypted "
                       "or checksummed metadata packets are not supported",
                       path, off);
          goto fail;
        }
      if (content % 8 != 0 || size % 8 != 0 || content > size
          || content < METADATA_HEADER_SIZE * 8)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_METADATA,
                       "%s: byte %" G_GSIZE_FORMAT ": invalid metadata "
                       "packet sizes (content %u bits, packet %u bits)",
                       path, off, content, size);
          goto fail;
        }
      if (size / 8 > len - off)
        goto truncated;
      gsize n = content / 8 - METADATA_HEADER_SIZE;
      memmove (data + text_len, p + METADATA_HEADER_SIZE, n);
      text_len += n;
      off += size / 8;
    }
  *is_be = first_be;
  return (gssize) text_len;
truncated:
  if (off > 0)
    {
      /* (a session still recording: its whole packets are read) */
      *is_be = first_be;
      *cut_at = off;
      return (gssize) text_len;
    }
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_METADATA,
               "%s: byte %" G_GSIZE_FORMAT ": metadata packet goes past the "
               "end of the file", path, off);
fail:
  return -1;
}

/* The whole file, NUL-terminated, in a buffer of big-alloc.h's (a kernel
 * trace's metadata is a few hundred KB: in 4 KB pages, a fault each). */
static uint8_t *
read_whole (const char *path, gsize *len, gsize *cap, GError **error)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", path,
                   g_strerror (errno));
      if (fd >= 0)
        close (fd);
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: not a regular "
                   "file", path);
      close (fd);
      return NULL;
    }
  *cap = (gsize) st.st_size + 1;
  uint8_t *data = big_array_try_alloc0 (*cap);
  if (data == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: byte 0: the file "
                   "is too large to read (%" G_GUINT64_FORMAT " bytes): out "
                   "of memory", path, (guint64) st.st_size);
      close (fd);
      return NULL;
    }
  gsize done = 0;
  while (done < (gsize) st.st_size)
    {
      ssize_t got = read (fd, data + done, (gsize) st.st_size - done);
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", path,
                       g_strerror (errno));
          close (fd);
          big_array_free (data, *cap);
          return NULL;
        }
      if (got == 0)
        break;      /* it shrank meanwhile: what was read */
      done += (gsize) got;
    }
  close (fd);
  data[done] = 0;
  *len = done;
  return data;
}

/* The length of `text` up to the end of its last whole top-level
 * statement (a ';' outside braces, strings and comments). */
static gsize
whole_statements (const char *text, gsize len)
{
  gsize end = 0;
  int depth = 0;
  for (gsize i = 0; i < len; i++)
    {
      char ch = text[i];
      if (ch == '"' || ch == '\'')
        {
          for (i++; i < len && text[i] != ch; i++)
            if (text[i] == '\\')
              i++;
        }
      else if (ch == '/' && i + 1 < len && text[i + 1] == '*')
        {
          const char *e = g_strstr_len (text + i + 2, (gssize) (len - i - 2), "*/");
          i = e != NULL ? (gsize) (e - text) + 1 : len;
        }
      else if (ch == '/' && i + 1 < len && text[i + 1] == '/')
        {
          const char *e = memchr (text + i, '\n', len - i);
          i = e != NULL ? (gsize) (e - text) : len;
        }
      else if (ch == '{')
        depth++;
      else if (ch == '}')
        depth--;
      else if (ch == ';' && depth == 0)
        end = i + 1;
    }
  return end;
}

gboolean
ctf_metadata_load (CtfTraceClass *tc, const char *path, GError **cut,
                   GError **error)
{
  gsize len = 0, cap = 0;
  uint8_t *data = read_whole (path, &len, &cap, error);
  if (data == NULL)
    return FALSE;
  gboolean ok;
  if (len > 0 && data[0] == CTF2_RS)
    ok = ctf2_metadata_parse (tc, (const char *) data, len, path, cut,
                              error);
  else if (len >= 4 && (read_u32 (data, TRUE) == METADATA_MAGIC
                   || read_u32 (data, FALSE) == METADATA_MAGIC))
    {
      gboolean be = FALSE;
      gsize cut_at = 0;
      gssize text_len = depacketize (data, len, path, &be, &cut_at, error);
      ok = text_len >= 0;
      if (ok && cut_at > 0)
        {
          text_len = (gssize) whole_statements ((const char *) data, (gsize) text_len);
          g_set_error (cut, LTTV_ERROR, LTTV_ERROR_METADATA, "%s: byte %"
                       G_GSIZE_FORMAT ": the file ends inside a metadata packet "
                       "(a trace still being written?): read up to its last "
                       "whole declaration", path, cut_at);
        }
      if (ok)
        {
          data[text_len] = 0;
          ok = ctf_metadata_parse (tc, (const char *) data, (gsize) text_len,
                                   path, error);
        }
      if (ok && tc->byte_order >= 0 && (tc->byte_order == CTF_BE) != be)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_METADATA,
                       "%s: byte 0: metadata packets are %s-endian but the "
                       "trace's byte_order is %s", path, be ? "big" : "little",
                       be ? "le" : "be");
          ok = FALSE;
        }
    }
  else
    ok = ctf_metadata_parse (tc, (const char *) data, len, path, error);
  big_array_free (data, cap);
  return ok;
}

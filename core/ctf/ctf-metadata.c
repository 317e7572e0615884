/* ctf-metadata.c: reads a trace's metadata file, plain TSDL text or
 * packetized (packets of either byte order, each with a 37-byte header),
 * and hands the text to the parser. */
#include "config.h"

#include "ctf-types.h"

#include <lttv/error.h>
#include <string.h>

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

/* Concatenates the packets' contents. */
static GString *
depacketize (const uint8_t *data, gsize len, const char *path,
             gboolean *is_be, GError **error)
{
  GString *text = g_string_sized_new (len);
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
      g_string_append_len (text, (const char *) p + METADATA_HEADER_SIZE,
                           content / 8 - METADATA_HEADER_SIZE);
      off += size / 8;
    }
  *is_be = first_be;
  return text;
truncated:
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_METADATA,
               "%s: byte %" G_GSIZE_FORMAT ": metadata packet goes past the "
               "end of the file", path, off);
fail:
  g_string_free (text, TRUE);
  return NULL;
}

gboolean
ctf_metadata_load (CtfTraceClass *tc, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  GError *err = NULL;

  if (!g_file_get_contents (path, &data, &len, &err))
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", path,
                   err->message);
      g_error_free (err);
      return FALSE;
    }
  if (len >= 4 && (read_u32 ((uint8_t *) data, TRUE) == METADATA_MAGIC
                   || read_u32 ((uint8_t *) data, FALSE) == METADATA_MAGIC))
    {
      gboolean be = FALSE;
      GString *text = depacketize ((uint8_t *) data, len, path, &be, error);
      if (text == NULL)
        return FALSE;
      gboolean ok = ctf_metadata_parse (tc, text->str, text->len, path,
                                        error);
      if (ok && tc->byte_order >= 0 && (tc->byte_order == CTF_BE) != be)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_METADATA,
                       "%s: byte 0: metadata packets are %s-endian but the "
                       "trace's byte_order is %s", path, be ? "big" : "little",
                       be ? "le" : "be");
          ok = FALSE;
        }
      g_string_free (text, TRUE);
      return ok;
    }
  return ctf_metadata_parse (tc, data, len, path, error);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-index.c: LTTng's packet index files (index/STREAM.idx, versions 1.0
 * and 1.1): the packet list of a stream without reading its packets. An
 * index that contradicts the stream file is ignored (the caller scans the
 * packet headers instead). */
#include "config.h"

#include "ctf-index.h"

#include <string.h>

#define INDEX_MAGIC 0xC1F1DCC1u
#define INDEX_HEADER_SIZE 16
#define ENTRY_V1_0_SIZE 56      /* 7 big-endian 64-bit fields */

static uint64_t
be64 (const uint8_t *p)
{
  uint64_t v = 0;
  for (int i = 0; i < 8; i++)
    v = (v << 8) | p[i];
  return v;
}

static uint32_t
be32 (const uint8_t *p)
{
  return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16
         | (uint32_t) p[2] << 8 | p[3];
}

gboolean
ctf_index_load (const char *stream_path, uint64_t file_size, GArray *packets)
{
  g_autofree char *dir = g_path_get_dirname (stream_path);
  g_autofree char *base = g_path_get_basename (stream_path);
  g_autofree char *name = g_strconcat (base, ".idx", NULL);
  g_autofree char *path = g_build_filename (dir, "index", name, NULL);
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &data, &len, NULL)
      || len < INDEX_HEADER_SIZE)
    return FALSE;
  const uint8_t *p = (const uint8_t *) data;
  if (be32 (p) != INDEX_MAGIC || be32 (p + 4) != 1)
    return FALSE;
  uint32_t entry = be32 (p + 12);
  if (entry < ENTRY_V1_0_SIZE || entry > 4096)
    return FALSE;
  gsize n = (len - INDEX_HEADER_SIZE) / entry;
  if (n == 0)
    return FALSE;
  guint first = packets->len;
  uint64_t expect = 0;
  for (gsize i = 0; i < n; i++)
    {
      const uint8_t *e = p + INDEX_HEADER_SIZE + i * entry;
      CtfPacket pk = { 0 };
      pk.offset = be64 (e);
      pk.packet_bits = be64 (e + 8);
      pk.content_bits = be64 (e + 16);
      pk.ts_begin = be64 (e + 24);
      pk.ts_end = be64 (e + 32);
      pk.discarded = be64 (e + 40);
      if (entry >= ENTRY_V1_0_SIZE + 16)
        {
          /* v1.1: stream_instance_id, then packet_seq_num */
          pk.seq_num = be64 (e + 64);
          pk.has_seq_num = TRUE;
        }
      /* packets follow one another and fit in the file */
      if (pk.offset != expect || pk.packet_bits % 8 != 0
          || pk.packet_bits == 0 || pk.content_bits > pk.packet_bits
          || pk.packet_bits / 8 > file_size - pk.offset)
        {
          g_array_set_size (packets, first);
          return FALSE;
        }
      expect = pk.offset + pk.packet_bits / 8;
      g_array_append_val (packets, pk);
    }
  if (expect != file_size)
    {
      g_array_set_size (packets, first);
      return FALSE;
    }
  return TRUE;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* metadata.c: the TSDL text of a scenario's trace, worded as each tracer
 * words it (lttng-modules' typealiases and `_`-prefixed fields; perf's
 * fully spelled integers), and LTTng's packetized form of it. */
#include "ctf-writer.h"

#include <string.h>

#define METADATA_MAGIC 0x75D11D57u
#define METADATA_PACKET 4096
#define METADATA_HEADER 37

static char *
uuid_string (const char *u)
{
  const guint8 *b = (const guint8 *) u;

  return g_strdup_printf ("%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
                          "%02x%02x%02x%02x%02x%02x",
                          b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8],
                          b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}

/* Writes a TSDL string literal; escapes what TSDL requires. */
static void
append_literal (GString *s, const char *text)
{
  g_string_append_c (s, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

/* ---- LTTng ---- */

static void
lttng_field (GString *s, const CwConfig *c, const CwFieldDesc *f)
{
  guint size = cw_field_int_size (c, f);

  switch (f->kind)
    {
    case CW_FT_INT:
    case CW_FT_LONG:
      g_string_append_printf (s, "\t\tinteger { size = %u; align = %u; signed = %d; "
                              "encoding = none; base = %u; } _%s;\n",
                              size, cw_int_align (c, size), f->is_signed, f->base,
                              f->name);
      break;
    case CW_FT_TEXT16:
      g_string_append_printf (s, "\t\tinteger { size = 8; align = 8; signed = 0; "
                              "encoding = UTF8; base = 10; } _%s[16];\n", f->name);
      break;
    case CW_FT_STRING:
      g_string_append_printf (s, "\t\tstring _%s;\n", f->name);
      break;
    case CW_FT_VTIDS:
      g_string_append_printf (s, "\t\tinteger { size = 8; align = 8; signed = 0; "
                              "encoding = none; base = 10; } __%s_length;\n", f->name);
      g_string_append_printf (s, "\t\tinteger { size = 32; align = %u; signed = 1; "
                              "encoding = none; base = 10; } _%s[ __%s_length ];\n",
                              cw_int_align (c, 32), f->name, f->name);
      break;
    case CW_FT_CMD:
      g_string_append_printf (s, "\t\tinteger { size = 32; align = %u; signed = 0; "
                              "encoding = none; base = 10; } __%s_length;\n",
                              cw_int_align (c, 32), f->name);
      g_string_append_printf (s, "\t\tinteger { size = 8; align = 8; signed = 0; "
                              "encoding = none; base = 16; } _%s[ __%s_length ];\n",
                              f->name, f->name);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
lttng_metadata (GString *s, const CwScenario *sc)
{
  const CwConfig *c = &sc->config;
  gboolean v28 = cw_version_at_least (c, 2, 8);
  guint lsize = c->arm32 ? 32 : 64;
  g_autofree char *uuid = uuid_string (c->uuid);
  char clock_raw[16];
  g_autofree char *clock_uuid = NULL;

  memcpy (clock_raw, c->uuid, 16);
  clock_raw[15] ^= 0x5a;
  clock_uuid = uuid_string (clock_raw);
  /* (as `lttng add-context -k -t tid -t pid -t procname` writes it) */
  g_autoptr (GString) fields = g_string_new (NULL);
  if (c->context_tid)
    g_string_append_printf (fields, "\t\tinteger { size = 32; align = %u; signed = 1; "
                            "encoding = none; base = 10; } _tid;\n", cw_int_align (c, 32));
  if (c->context_pid)
    g_string_append_printf (fields, "\t\tinteger { size = 32; align = %u; signed = 1; "
                            "encoding = none; base = 10; } _pid;\n", cw_int_align (c, 32));
  if (c->context_procname)
    g_string_append (fields, "\t\tinteger { size = 8; align = 8; signed = 0; "
                             "encoding = UTF8; base = 10; } _procname[16];\n");
  g_autofree char *ctx = fields->len > 0
    ? g_strdup_printf ("\tevent.context := struct {\n%s\t};\n", fields->str)
    : g_strdup ("");

  g_string_append_printf (s,
    "typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
    "typealias integer { size = 16; align = %u; signed = false; } := uint16_t;\n"
    "typealias integer { size = 32; align = %u; signed = false; } := uint32_t;\n"
    "typealias integer { size = 64; align = %u; signed = false; } := uint64_t;\n"
    "typealias integer { size = %u; align = %u; signed = false; } := unsigned long;\n"
    "typealias integer { size = 5; align = 1; signed = false; } := uint5_t;\n"
    "typealias integer { size = 27; align = 1; signed = false; } := uint27_t;\n"
    "\n"
    "trace {\n"
    "\tmajor = 1;\n"
    "\tminor = 8;\n"
    "\tuuid = \"%s\";\n"
    "\tbyte_order = %s;\n"
    "\tpacket.header := struct {\n"
    "\t\tuint32_t magic;\n"
    "\t\tuint8_t  uuid[16];\n"
    "\t\tuint32_t stream_id;\n"
    "%s"
    "\t};\n"
    "};\n"
    "\n",
    cw_int_align (c, 16), cw_int_align (c, 32), cw_int_align (c, 64),
    lsize, cw_int_align (c, lsize), uuid, c->big_endian ? "be" : "le",
    v28 ? "\t\tuint64_t stream_instance_id;\n" : "");

  g_string_append (s, "env {\n\thostname = ");
  append_literal (s, c->hostname);
  g_string_append (s, ";\n\tdomain = \"kernel\";\n\tsysname = \"Linux\";\n"
                   "\tkernel_release = ");
  append_literal (s, c->kernel_release);
  g_string_append_printf (s, ";\n"
    "\tkernel_version = \"#1 SMP PREEMPT lttv-ctf-writer\";\n"
    "\ttracer_name = \"lttng-modules\";\n"
    "\ttracer_major = %u;\n"
    "\ttracer_minor = %u;\n"
    "\ttracer_patchlevel = 0;\n", c->major, c->minor);
  /* lttng-modules 2.11 added the session's buffering scheme, name and
   * creation time. */
  if (cw_version_at_least (c, 2, 11))
    g_string_append (s, "\ttrace_buffering_scheme = \"global\";\n"
                     "\ttrace_name = \"lttv-ctf-writer\";\n"
                     "\ttrace_creation_datetime = \"19700101T000000+0000\";\n");
  g_string_append (s, "};\n\n");

  g_string_append_printf (s,
    "clock {\n"
    "\tname = %s;\n"
    "\tuuid = \"%s\";\n"
    "\tdescription = \"Monotonic Clock\";\n"
    "\tfreq = %" G_GUINT64_FORMAT "; /* Frequency, in Hz */\n"
    "\t/* clock value offset from Epoch is: offset * (1/freq) */\n",
    v28 ? "\"monotonic\"" : "monotonic", clock_uuid, c->clock_freq);
  if (c->raw_offset)
    g_string_append_printf (s, "\toffset_s = %" G_GINT64_FORMAT ";\n"
                            "\toffset = %" G_GINT64_FORMAT ";\n",
                            c->offset_s, c->offset_cycles);
  else
    g_string_append_printf (s, "\toffset = %" G_GUINT64_FORMAT ";\n",
                            c->clock_offset);
  g_string_append (s, "};\n\n");

  g_string_append_printf (s,
    "typealias integer {\n"
    "\tsize = 27; align = 1; signed = false;\n"
    "\tmap = clock.monotonic.value;\n"
    "} := uint27_clock_monotonic_t;\n"
    "\n"
    "typealias integer {\n"
    "\tsize = 32; align = %u; signed = false;\n"
    "\tmap = clock.monotonic.value;\n"
    "} := uint32_clock_monotonic_t;\n"
    "\n"
    "typealias integer {\n"
    "\tsize = 64; align = %u; signed = false;\n"
    "\tmap = clock.monotonic.value;\n"
    "} := uint64_clock_monotonic_t;\n"
    "\n"
    "struct packet_context {\n"
    "\tuint64_clock_monotonic_t timestamp_begin;\n"
    "\tuint64_clock_monotonic_t timestamp_end;\n"
    "\tuint64_t content_size;\n"
    "\tuint64_t packet_size;\n"
    "%s"
    "\tunsigned long events_discarded;\n"
    "\tuint32_t cpu_id;\n"
    "};\n"
    "\n"
    "struct event_header_compact {\n"
    "\tenum : uint5_t { compact = 0 ... 30, extended = 31 } id;\n"
    "\tvariant <id> {\n"
    "\t\tstruct {\n"
    "\t\t\tuint27_clock_monotonic_t timestamp;\n"
    "\t\t} compact;\n"
    "\t\tstruct {\n"
    "\t\t\tuint32_t id;\n"
    "\t\t\tuint64_clock_monotonic_t timestamp;\n"
    "\t\t} extended;\n"
    "\t} v;\n"
    "} align(%u);\n"
    "\n"
    "struct event_header_large {\n"
    "\tenum : uint16_t { compact = 0 ... 65534, extended = 65535 } id;\n"
    "\tvariant <id> {\n"
    "\t\tstruct {\n"
    "\t\t\tuint32_clock_monotonic_t timestamp;\n"
    "\t\t} compact;\n"
    "\t\tstruct {\n"
    "\t\t\tuint32_t id;\n"
    "\t\t\tuint64_clock_monotonic_t timestamp;\n"
    "\t\t} extended;\n"
    "\t} v;\n"
    "} align(%u);\n"
    "\n"
    "stream {\n"
    "\tid = 0;\n"
    "\tevent.header := struct event_header_%s;\n"
    "\tpacket.context := struct packet_context;\n"
    "%s"
    "};\n"
    "\n",
    cw_int_align (c, 32), cw_int_align (c, 64),
    v28 ? "\tuint64_t packet_seq_num;\n" : "",
    cw_int_align (c, 32), cw_int_align (c, 16),
    c->large_header ? "large" : "compact",
    ctx);

  for (guint i = 0; i < sc->classes->len; i++)
    {
      const CwClass *klass = sc->classes->pdata[i];

      g_string_append_printf (s, "event {\n\tname = \"%s\";\n\tid = %u;\n"
                              "\tstream_id = 0;\n\tfields := struct {\n",
                              klass->name, klass->id);
      for (guint k = 0; k < klass->n_fields; k++)
        if (!(klass->omitted & (1u << k)))
          lttng_field (s, c, klass->fields[k]);
      g_string_append (s, "\t};\n};\n\n");
    }
}

/* ---- perf ---- */

static void
perf_int (GString *s, const char *indent, guint size, guint align,
          gboolean is_signed, guint base, const char *extra, const char *name)
{
  g_string_append_printf (s, "%sinteger { size = %u; align = %u; signed = %s; "
                          "encoding = none; base = %s; byte_order = le;%s } %s;\n",
                          indent, size, align, is_signed ? "true" : "false",
                          base == 16 ? "hexadecimal" : "decimal", extra, name);
}

static void
perf_metadata (GString *s, const CwScenario *sc)
{
  const CwConfig *c = &sc->config;
  g_autofree char *uuid = uuid_string (c->uuid);
  char clock_raw[16];
  g_autofree char *clock_uuid = NULL;

  memcpy (clock_raw, c->uuid, 16);
  clock_raw[15] ^= 0x5a;
  clock_uuid = uuid_string (clock_raw);

  g_string_append_printf (s, "/* CTF 1.8 */\n\ntrace {\n\tmajor = 1;\n\tminor = 8;\n"
                          "\tuuid = \"%s\";\n\tbyte_order = le;\n"
                          "\tpacket.header := struct {\n", uuid);
  perf_int (s, "\t\t", 32, 8, FALSE, 10, "", "magic");
  perf_int (s, "\t\t", 8, 8, FALSE, 10, "", "uuid[16]");
  perf_int (s, "\t\t", 32, 8, FALSE, 10, "", "stream_id");
  g_string_append (s, "\t} align(8);\n};\n\nenv {\n\thost = ");
  append_literal (s, c->hostname);
  g_string_append (s, ";\n\tsysname = \"Linux\";\n\trelease = ");
  append_literal (s, c->kernel_release);
  g_string_append_printf (s, ";\n\tversion = \"6.1\";\n\tmachine = \"x86_64\";\n"
                          "\tdomain = \"kernel\";\n\ttracer_name = \"perf\";\n};\n\n"
                          "clock {\n\tname = perf_clock;\n\tuuid = \"%s\";\n"
                          "\tdescription = \"perf clock\";\n\tfreq = %" G_GUINT64_FORMAT ";\n"
                          "\tprecision = 10;\n\toffset_s = %" G_GINT64_FORMAT ";\n"
                          "\toffset = %" G_GINT64_FORMAT ";\n\tabsolute = FALSE;\n"
                          "};\n\nstream {\n\tid = 0;\n\tevent.header := struct {\n",
                          clock_uuid, c->clock_freq,
                          c->raw_offset ? c->offset_s : (gint64) (c->clock_offset / 1000000000),
                          c->raw_offset ? c->offset_cycles
                          : (gint64) (c->clock_offset % 1000000000));
  perf_int (s, "\t\t", 32, 8, FALSE, 10, "", "id");
  perf_int (s, "\t\t", 64, 8, FALSE, 10, " map = clock.perf_clock.value;", "timestamp");
  g_string_append (s, "\t} align(8);\n\n\tpacket.context := struct {\n");
  perf_int (s, "\t\t", 64, 8, FALSE, 10, "", "timestamp_begin");
  perf_int (s, "\t\t", 64, 8, FALSE, 10, "", "timestamp_end");
  perf_int (s, "\t\t", 64, 8, FALSE, 10, "", "content_size");
  perf_int (s, "\t\t", 64, 8, FALSE, 10, "", "packet_size");
  perf_int (s, "\t\t", 64, 8, FALSE, 10, "", "events_discarded");
  perf_int (s, "\t\t", 32, 1, FALSE, 10, "", "cpu_id");
  g_string_append (s, "\t} align(8);\n};\n\n");

  for (guint i = 0; i < sc->classes->len; i++)
    {
      const CwClass *klass = sc->classes->pdata[i];
      guint align = 1;

      g_string_append_printf (s, "event {\n\tid = %u;\n\tname = \"%s\";\n"
                              "\tstream_id = 0;\n\tfields := struct {\n",
                              klass->id, klass->name);
      for (guint k = 0; k < klass->n_fields; k++)
        {
          const CwFieldDesc *f = klass->fields[k];

          if (klass->omitted & (1u << k))
            continue;
          if (f->kind == CW_FT_STRING)
            {
              g_string_append_printf (s, "\t\tstring { encoding = UTF8; } %s;\n", f->name);
              align = 8;
            }
          else if (f->kind == CW_FT_ARGS6)
            {
              g_autofree char *name = g_strdup_printf ("%s[6]", f->name);
              perf_int (s, "\t\t", 64, 1, FALSE, 16, "", name);
            }
          else
            perf_int (s, "\t\t", f->size, 1, f->is_signed, f->base, "", f->name);
        }
      g_string_append_printf (s, "\t} align(%u);\n};\n\n", align);
    }
}

char *
cw_metadata_text (const CwScenario *sc)
{
  GString *s = g_string_new (NULL);

  if (sc->config.tracer == CW_TRACER_PERF)
    perf_metadata (s, sc);
  else
    lttng_metadata (s, sc);
  return g_string_free (s, FALSE);
}

/* In the trace's byte order: the magic tells readers which it is. */
static void
put_u32 (guint8 *p, guint32 v, gboolean be)
{
  for (guint i = 0; i < 4; i++)
    p[i] = (guint8) (v >> (8 * (be ? 3 - i : i)));
}

/* LTTng cuts its metadata into 4 KiB packets, each with this header. */
GBytes *
cw_metadata_packetize (const CwConfig *config, const char *text)
{
  GByteArray *out = g_byte_array_new ();
  gsize len = strlen (text), off = 0;
  const gsize room = METADATA_PACKET - METADATA_HEADER;

  while (off < len)
    {
      guint8 packet[METADATA_PACKET] = { 0 };
      gsize n = MIN (room, len - off);

      gboolean be = config->big_endian;

      put_u32 (packet, METADATA_MAGIC, be);
      memcpy (packet + 4, config->uuid, 16);
      put_u32 (packet + 20, 0, be);                                   /* checksum */
      put_u32 (packet + 24, (guint32) ((METADATA_HEADER + n) * 8), be); /* content */
      put_u32 (packet + 28, METADATA_PACKET * 8, be);                 /* packet size */
      packet[32] = 0;   /* compression_scheme */
      packet[33] = 0;   /* encryption_scheme */
      packet[34] = 0;   /* checksum_scheme */
      packet[35] = 1;   /* major */
      packet[36] = 8;   /* minor */
      memcpy (packet + METADATA_HEADER, text + off, n);
      g_byte_array_append (out, packet, sizeof packet);
      off += n;
    }
  return g_byte_array_free_to_bytes (out);
}

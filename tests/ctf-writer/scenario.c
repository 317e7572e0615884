/* SPDX-License-Identifier: GPL-2.0-or-later */
/* scenario.c: reads a scenario file (format in README.md) into header
 * settings, event classes and events, checking everything before a byte
 * of the trace is written. Errors say "FILE:LINE: what". */
#include "ctf-writer.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const char *path;
  guint line;
  CwScenario *sc;
  GHashTable *by_name;       /* name -> CwClass* (borrowed from sc->classes) */
  guint next_id;             /* LTTng syscalls and perf classes */
  gboolean have_flavour, have_kernel, have_events;
  guint64 *last_time;        /* per CPU */
  guint *last_line;
} Parser;

static void
fail (Parser *p, GError **error, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static void
fail (Parser *p, GError **error, const char *fmt, ...)
{
  va_list ap;
  g_autofree char *msg = NULL;

  va_start (ap, fmt);
  msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, CW_ERROR, 0, "%s:%u: %s", p->path, p->line, msg);
}

/* Splits a line into tokens; a token may hold a "quoted string" with
 * \" \\ \n \t \xHH escapes (the quotes are removed, the escapes decoded).
 * A '#' outside quotes starts a comment. */
static GPtrArray *
tokenize (Parser *p, const char *s, GError **error)
{
  g_autoptr (GPtrArray) tokens = g_ptr_array_new_with_free_func (g_free);

  while (*s != '\0')
    {
      g_autoptr (GString) tok = NULL;

      while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
      if (*s == '\0' || *s == '#')
        break;
      tok = g_string_new (NULL);
      while (*s != '\0' && *s != ' ' && *s != '\t' && *s != '\r')
        {
          if (*s != '"')
            {
              g_string_append_c (tok, *s++);
              continue;
            }
          for (s++; *s != '"'; s++)
            {
              if (*s == '\0')
                {
                  fail (p, error, "unterminated quoted string");
                  return NULL;
                }
              if (*s != '\\')
                {
                  g_string_append_c (tok, *s);
                  continue;
                }
              s++;
              switch (*s)
                {
                case '"': case '\\': g_string_append_c (tok, *s); break;
                case 'n': g_string_append_c (tok, '\n'); break;
                case 't': g_string_append_c (tok, '\t'); break;
                case 'x':
                  if (g_ascii_isxdigit (s[1]) && g_ascii_isxdigit (s[2])
                      && (g_ascii_xdigit_value (s[1]) | g_ascii_xdigit_value (s[2])) != 0)
                    {
                      g_string_append_c (tok, (char) (g_ascii_xdigit_value (s[1]) * 16
                                                      + g_ascii_xdigit_value (s[2])));
                      s += 2;
                      break;
                    }
                  fail (p, error, "bad escape \\x: two hex digits, not 00, expected");
                  return NULL;
                default:
                  fail (p, error, "unknown escape \\%c (known: \\\" \\\\ \\n \\t \\xHH)",
                        *s != '\0' ? *s : '0');
                  return NULL;
                }
            }
          s++;
        }
      g_ptr_array_add (tokens, g_string_free (g_steal_pointer (&tok), FALSE));
    }
  return g_steal_pointer (&tokens);
}

static gboolean
parse_u64 (const char *s, guint64 max, guint64 *out)
{
  guint base = 10;
  char *end = NULL;

  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    {
      s += 2;
      base = 16;
    }
  if (!g_ascii_isxdigit (*s))
    return FALSE;
  errno = 0;
  *out = g_ascii_strtoull (s, &end, base);
  return errno == 0 && *end == '\0' && *out <= max;
}

static gboolean
header_directive (Parser *p, GPtrArray *t, GError **error)
{
  CwConfig *c = &p->sc->config;
  const char *key = t->pdata[0];
  guint64 v;

  if (p->have_events)
    {
      fail (p, error, "\"%s\" must come before the first event", key);
      return FALSE;
    }
  if (strcmp (key, "flavour") == 0)
    {
      if (t->len == 2 && strcmp (t->pdata[1], "perf") == 0 && !c->big_endian)
        {
          c->tracer = CW_TRACER_PERF;
          p->next_id = 0;
        }
      else if (t->len == 3 && strcmp (t->pdata[1], "lttng") == 0
               && sscanf (t->pdata[2], "%u.%u", &c->major, &c->minor) == 2
               && c->major == 2)
        {
          c->tracer = CW_TRACER_LTTNG;
          p->next_id = 100;
        }
      else
        {
          fail (p, error, "expected \"flavour lttng 2.MINOR\" or \"flavour perf\"");
          return FALSE;
        }
      p->have_flavour = TRUE;
      return TRUE;
    }
  if (t->len != 2)
    {
      fail (p, error, "\"%s\" takes one value", key);
      return FALSE;
    }
  if (strcmp (key, "kernel") == 0)
    {
      g_free (c->kernel_release);
      c->kernel_release = g_strdup (t->pdata[1]);
      p->have_kernel = TRUE;
    }
  else if (strcmp (key, "hostname") == 0)
    {
      g_free (c->hostname);
      c->hostname = g_strdup (t->pdata[1]);
    }
  else if (strcmp (key, "cpus") == 0)
    {
      if (!parse_u64 (t->pdata[1], 1024, &v) || v == 0)
        {
          fail (p, error, "cpus: a number from 1 to 1024 expected");
          return FALSE;
        }
      c->n_cpus = (guint) v;
    }
  else if (strcmp (key, "packet-size") == 0)
    {
      if (!parse_u64 (t->pdata[1], G_MAXUINT32 / 8, &v) || v < 64)
        {
          fail (p, error, "packet-size: a byte count of at least 64 expected");
          return FALSE;
        }
      c->packet_size = v;
      c->packet_size_line = p->line;
    }
  else if (strcmp (key, "header") == 0)
    {
      if (strcmp (t->pdata[1], "compact") != 0 && strcmp (t->pdata[1], "large") != 0)
        {
          fail (p, error, "header: \"compact\" or \"large\" expected");
          return FALSE;
        }
      c->large_header = strcmp (t->pdata[1], "large") == 0;
    }
  else if (strcmp (key, "arch") == 0)
    {
      if (strcmp (t->pdata[1], "x86_64") != 0 && strcmp (t->pdata[1], "arm32") != 0)
        {
          fail (p, error, "arch: \"x86_64\" or \"arm32\" expected");
          return FALSE;
        }
      c->arm32 = strcmp (t->pdata[1], "arm32") == 0;
    }
  else if (strcmp (key, "byte-order") == 0)
    {
      if ((strcmp (t->pdata[1], "le") != 0 && strcmp (t->pdata[1], "be") != 0)
          || (c->tracer == CW_TRACER_PERF && strcmp (t->pdata[1], "be") == 0))
        {
          fail (p, error, "byte-order: \"le\" or \"be\" (LTTng only) expected");
          return FALSE;
        }
      c->big_endian = strcmp (t->pdata[1], "be") == 0;
    }
  else if (strcmp (key, "context") == 0)
    {
      gboolean *which = strcmp (t->pdata[1], "tid") == 0 ? &c->context_tid
                        : strcmp (t->pdata[1], "pid") == 0 ? &c->context_pid
                        : strcmp (t->pdata[1], "procname") == 0 ? &c->context_procname : NULL;
      if (which == NULL || c->tracer != CW_TRACER_LTTNG)
        {
          fail (p, error, "context: \"tid\", \"pid\" or \"procname\" (LTTng only) expected");
          return FALSE;
        }
      *which = TRUE;
    }
  else if (strcmp (key, "index") == 0)
    {
      if (strcmp (t->pdata[1], "yes") != 0 && strcmp (t->pdata[1], "no") != 0)
        {
          fail (p, error, "index: \"yes\" or \"no\" expected");
          return FALSE;
        }
      c->no_index = strcmp (t->pdata[1], "no") == 0;
    }
  else if (strcmp (key, "clock-offset") == 0)
    {
      if (!parse_u64 (t->pdata[1], G_MAXINT64, &v))
        {
          fail (p, error, "clock-offset: a number of ns expected");
          return FALSE;
        }
      c->clock_offset = v;
    }
  else if (strcmp (key, "clock-freq") == 0)
    {
      if (!parse_u64 (t->pdata[1], G_MAXINT64, &v) || v == 0)
        {
          fail (p, error, "clock-freq: a frequency in Hz expected");
          return FALSE;
        }
      c->clock_freq = v;
    }
  else if (strcmp (key, "clock-offset-s") == 0 || strcmp (key, "clock-offset-cycles") == 0)
    {
      const char *s = t->pdata[1];
      gboolean neg = s[0] == '-';
      if (!parse_u64 (neg ? s + 1 : s, (guint64) G_MAXINT64, &v))
        {
          fail (p, error, "%s: an integer expected", key);
          return FALSE;
        }
      *(strcmp (key, "clock-offset-s") == 0 ? &c->offset_s : &c->offset_cycles)
        = neg ? -(gint64) v : (gint64) v;
      c->raw_offset = TRUE;
    }
  else
    {
      fail (p, error, "unknown directive \"%s\" (known: flavour, kernel, hostname, "
            "cpus, packet-size, header, arch, byte-order, index, clock-offset, "
            "clock-freq, clock-offset-s, clock-offset-cycles; "
            "events start with a time)", key);
      return FALSE;
    }
  return TRUE;
}

static CwClass *
class_for (Parser *p, const char *name, GError **error)
{
  CwClass *klass = g_hash_table_lookup (p->by_name, name);
  g_autoptr (GError) local = NULL;

  if (klass != NULL)
    return klass;
  klass = cw_table_lookup (&p->sc->config, name, &p->next_id, &local);
  if (klass == NULL)
    {
      fail (p, error, "%s", local->message);
      return NULL;
    }
  g_ptr_array_add (p->sc->classes, klass);
  g_hash_table_insert (p->by_name, klass->name, klass);
  return klass;
}

static gint
field_index (const CwClass *klass, const char *name, gsize len)
{
  for (guint i = 0; i < klass->n_fields; i++)
    if (strlen (klass->fields[i]->name) == len
        && strncmp (klass->fields[i]->name, name, len) == 0)
      return (gint) i;
  return -1;
}

static gboolean
parse_value (Parser *p, const CwFieldDesc *f, const char *s, CwValue *v,
             GError **error)
{
  const CwConfig *c = &p->sc->config;
  guint size;

  switch (f->kind)
    {
    case CW_FT_INT:
    case CW_FT_LONG:
      size = cw_field_int_size (c, f);
      {
        guint64 mask = size == 64 ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << size) - 1;
        guint64 mag;
        gboolean neg = s[0] == '-';

        if (neg && !f->is_signed)
          {
            fail (p, error, "field %s is unsigned: \"%s\" is negative", f->name, s);
            return FALSE;
          }
        if (!parse_u64 (neg ? s + 1 : s, neg ? (mask >> 1) + 1 : mask, &mag))
          {
            fail (p, error, "field %s: \"%s\" is not a %u-bit %s integer",
                  f->name, s, size, f->is_signed ? "signed" : "unsigned");
            return FALSE;
          }
        v->u = neg ? (~mag + 1) & mask : mag;
      }
      break;
    case CW_FT_TEXT16:
      if (strlen (s) > 15)
        {
          fail (p, error, "field %s: \"%s\" is longer than 15 bytes (char[16])",
                f->name, s);
          return FALSE;
        }
      v->s = g_strdup (s);
      break;
    case CW_FT_STRING:
      v->s = g_strdup (s);
      break;
    default:
      fail (p, error, "field %s is filled in by the writer, not by the scenario", f->name);
      return FALSE;
    }
  v->set = TRUE;
  return TRUE;
}

static void
event_free (gpointer data)
{
  CwEvent *ev = data;

  if (ev->klass != NULL && ev->values != NULL)
    for (guint i = 0; i < ev->klass->n_fields; i++)
      g_free (ev->values[i].s);
  g_free (ev->values);
  g_free (ev);
}

static gboolean
event_line (Parser *p, GPtrArray *t, GError **error)
{
  CwConfig *c = &p->sc->config;
  g_autoptr (GPtrArray) holder = g_ptr_array_new_with_free_func (event_free);
  CwEvent *ev = g_new0 (CwEvent, 1);
  guint64 v;
  const char *cpu = t->len > 1 ? t->pdata[1] : "";

  g_ptr_array_add (holder, ev);
  if (!p->have_flavour || !p->have_kernel)
    {
      fail (p, error, "\"flavour\" and \"kernel\" must come before the first event");
      return FALSE;
    }
  p->have_events = TRUE;
  ev->line = p->line;
  if (!parse_u64 (t->pdata[0], G_MAXINT64, &ev->time))
    {
      fail (p, error, "bad time \"%s\": ns as a decimal number expected",
            (char *) t->pdata[0]);
      return FALSE;
    }
  if (t->len < 3 || !g_str_has_prefix (cpu, "cpu") || !parse_u64 (cpu + 3, G_MAXUINT, &v))
    {
      fail (p, error, "expected \"TIME cpuN EVENT [field=value]... [-field]...\"");
      return FALSE;
    }
  if (v >= c->n_cpus)
    {
      fail (p, error, "%s: the scenario has %u CPUs (cpus %u)", cpu, c->n_cpus, c->n_cpus);
      return FALSE;
    }
  ev->cpu = (guint) v;
  if (p->last_line[ev->cpu] != 0 && ev->time < p->last_time[ev->cpu])
    {
      fail (p, error, "events on cpu%u must be in time order: %" G_GUINT64_FORMAT
            " is before %" G_GUINT64_FORMAT " (line %u)", ev->cpu, ev->time,
            p->last_time[ev->cpu], p->last_line[ev->cpu]);
      return FALSE;
    }
  p->last_time[ev->cpu] = ev->time;
  p->last_line[ev->cpu] = ev->line;

  if (strcmp (t->pdata[2], "discarded") == 0)
    {
      if (t->len != 4 || !parse_u64 (t->pdata[3], G_MAXUINT32, &ev->discarded)
          || ev->discarded == 0)
        {
          fail (p, error, "expected \"TIME cpuN discarded COUNT\" (COUNT > 0)");
          return FALSE;
        }
      g_ptr_array_add (p->sc->events, g_ptr_array_steal_index (holder, 0));
      return TRUE;
    }

  if (strcmp (t->pdata[2], "lost-packets") == 0)
    {
      if (t->len != 4 || !parse_u64 (t->pdata[3], G_MAXUINT32, &ev->lost_packets)
          || ev->lost_packets == 0)
        {
          fail (p, error, "expected \"TIME cpuN lost-packets COUNT\" (COUNT > 0)");
          return FALSE;
        }
      if (!cw_version_at_least (&p->sc->config, 2, 8))
        {
          fail (p, error, "lost-packets needs packet_seq_num: flavour lttng 2.8 or newer");
          return FALSE;
        }
      g_ptr_array_add (p->sc->events, g_ptr_array_steal_index (holder, 0));
      return TRUE;
    }

  ev->klass = class_for (p, t->pdata[2], error);
  if (ev->klass == NULL)
    return FALSE;
  ev->values = g_new0 (CwValue, ev->klass->n_fields);
  for (guint i = 3; i < t->len; i++)
    {
      const char *tok = t->pdata[i];
      gboolean omit = tok[0] == '-';
      const char *eq = strchr (tok, '=');
      const char *name = omit ? tok + 1 : tok;
      gsize len = omit ? strlen (name) : eq != NULL ? (gsize) (eq - tok) : 0;
      gint idx;

      if ((omit && eq != NULL) || (!omit && eq == NULL) || len == 0)
        {
          fail (p, error, "\"%s\": field=value or -field expected", tok);
          return FALSE;
        }
      if (!omit && len == 7 && strncmp (name, "ctx_tid", 7) == 0)
        {
          guint64 u;
          if (!p->sc->config.context_tid || !parse_u64 (eq + 1, G_MAXINT32, &u))
            {
              fail (p, error, "ctx_tid: a tid, with \"context tid\", expected");
              return FALSE;
            }
          ev->ctx_tid = (gint32) u;
          continue;
        }
      if (!omit && len == 7 && strncmp (name, "ctx_pid", 7) == 0)
        {
          guint64 u;
          if (!p->sc->config.context_pid || !parse_u64 (eq + 1, G_MAXINT32, &u))
            {
              fail (p, error, "ctx_pid: a pid, with \"context pid\", expected");
              return FALSE;
            }
          ev->ctx_pid = (gint32) u;
          continue;
        }
      if (!omit && len == 12 && strncmp (name, "ctx_procname", 12) == 0)
        {
          if (!p->sc->config.context_procname || strlen (eq + 1) >= sizeof ev->ctx_procname)
            {
              fail (p, error, "ctx_procname: at most 15 bytes, with \"context procname\", expected");
              return FALSE;
            }
          memcpy (ev->ctx_procname, eq + 1, strlen (eq + 1));
          continue;
        }
      idx = field_index (ev->klass, name, len);
      if (idx < 0)
        {
          g_autoptr (GString) known = g_string_new (NULL);
          for (guint k = 0; k < ev->klass->n_fields; k++)
            g_string_append_printf (known, "%s%s", k ? ", " : "",
                                    ev->klass->fields[k]->name);
          fail (p, error, "event %s has no field \"%.*s\" (fields: %s)",
                ev->klass->name, (int) len, name, known->len ? known->str : "none");
          return FALSE;
        }
      if (ev->values[idx].set
          || (omit && (ev->klass->omitted & (1u << idx)) != 0
              && ev->klass->omit_line[idx] == p->line))
        {
          fail (p, error, "field %.*s appears twice", (int) len, name);
          return FALSE;
        }
      if (omit)
        {
          if (ev->klass->given_line[idx] != 0)
            {
              fail (p, error, "-%s: line %u gives %s a value, and an event class "
                    "either has a field or not", name, ev->klass->given_line[idx], name);
              return FALSE;
            }
          ev->klass->omitted |= 1u << idx;
          if (ev->klass->omit_line[idx] == 0)
            ev->klass->omit_line[idx] = p->line;
          continue;
        }
      if (ev->klass->omitted & (1u << idx))
        {
          fail (p, error, "field %s was omitted (-%s) on line %u, so %s has no such "
                "field", ev->klass->fields[idx]->name, ev->klass->fields[idx]->name,
                ev->klass->omit_line[idx], ev->klass->name);
          return FALSE;
        }
      if (!parse_value (p, ev->klass->fields[idx], eq + 1, &ev->values[idx], error))
        return FALSE;
      if (ev->klass->given_line[idx] == 0)
        ev->klass->given_line[idx] = p->line;
    }
  g_ptr_array_add (p->sc->events, g_ptr_array_steal_index (holder, 0));
  return TRUE;
}

static gboolean
parse_line (Parser *p, const char *text, GError **error)
{
  g_autoptr (GPtrArray) t = tokenize (p, text, error);

  if (t == NULL)
    return FALSE;
  if (t->len == 0)
    return TRUE;
  if (g_ascii_isdigit (((char *) t->pdata[0])[0]))
    {
      if (p->last_time == NULL)
        {
          p->last_time = g_new0 (guint64, p->sc->config.n_cpus);
          p->last_line = g_new0 (guint, p->sc->config.n_cpus);
        }
      return event_line (p, t, error);
    }
  return header_directive (p, t, error);
}

CwScenario *
cw_scenario_load (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize len = 0;
  CwScenario *sc;
  Parser p = { path, 0 };
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_MD5);
  gsize uuid_len = 16;
  gboolean ok = TRUE;

  if (!g_file_get_contents (path, &text, &len, error))
    return NULL;
  if (strlen (text) != len)
    {
      g_set_error (error, CW_ERROR, 0, "%s: byte %zu: NUL byte in a scenario",
                   path, strlen (text));
      return NULL;
    }

  sc = g_new0 (CwScenario, 1);
  sc->path = g_strdup (path);
  sc->classes = g_ptr_array_new_with_free_func ((GDestroyNotify) cw_class_free);
  sc->events = g_ptr_array_new_with_free_func (event_free);
  sc->config.n_cpus = 1;
  sc->config.clock_freq = 1000000000;
  sc->config.hostname = g_strdup ("lttv-test");
  /* The UUID depends on the scenario only: the same file, the same trace. */
  g_checksum_update (sum, (const guchar *) text, (gssize) len);
  g_checksum_get_digest (sum, (guint8 *) sc->config.uuid, &uuid_len);
  sc->config.uuid[6] = (char) ((sc->config.uuid[6] & 0x0f) | 0x40);
  sc->config.uuid[8] = (char) ((sc->config.uuid[8] & 0x3f) | 0x80);

  p.sc = sc;
  p.by_name = g_hash_table_new (g_str_hash, g_str_equal);
  /* Line by line with memchr: g_strsplit's strstr rescans the rest of the
   * text under ASan, quadratic on large scenarios. */
  for (const char *line = text, *end = text + len; line < end && ok;)
    {
      const char *nl = memchr (line, '\n', (gsize) (end - line));
      g_autofree char *copy = g_strndup (line, (gsize) ((nl ? nl : end) - line));

      p.line++;
      ok = parse_line (&p, copy, error);
      line = nl ? nl + 1 : end;
    }
  if (ok && !p.have_flavour)
    {
      g_set_error (error, CW_ERROR, 0, "%s: no \"flavour\" line", path);
      ok = FALSE;
    }
  if (ok && !p.have_kernel)
    {
      g_set_error (error, CW_ERROR, 0, "%s: no \"kernel\" line", path);
      ok = FALSE;
    }
  if (ok && sc->config.clock_offset != 0
      && (sc->config.raw_offset || sc->config.clock_freq != 1000000000))
    {
      g_set_error (error, CW_ERROR, 0, "%s: clock-offset is in ns of the default "
                   "1 GHz clock: with clock-freq use clock-offset-s and "
                   "clock-offset-cycles", path);
      ok = FALSE;
    }
  g_hash_table_unref (p.by_name);
  g_free (p.last_time);
  g_free (p.last_line);
  if (!ok)
    {
      cw_scenario_free (sc);
      return NULL;
    }
  return sc;
}

void
cw_scenario_free (CwScenario *sc)
{
  if (sc == NULL)
    return;
  g_ptr_array_unref (sc->events);
  g_ptr_array_unref (sc->classes);
  g_free (sc->config.kernel_release);
  g_free (sc->config.hostname);
  g_free (sc->path);
  g_free (sc);
}

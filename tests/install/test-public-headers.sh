#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The installed headers are the public API and nothing more: the state
# build's shortcuts (record forms, integer fields by slot) and the huge
# heap stay inside the tree; each header builds on its own from the
# installed folder alone (no header of the tree's private ones needed),
# a program sees the public API through them, and a module written with
# LTTV_DEFINE_VIEWER_MODULE builds against the installed module API.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
plan 8

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}

# Only the headers: installing them from the build tree costs no build.
make -s -C "$LTTV_BUILDDIR/core" install-lttvincludeHEADERS DESTDIR="$tmp/dest" >"$tmp/install.log" 2>&1 &&
  make -s -C "$LTTV_BUILDDIR/gui" install-lttvguiincludeHEADERS DESTDIR="$tmp/dest" >>"$tmp/install.log" 2>&1
lttv_h=$(find "$tmp/dest" -path '*/lttv/lttv.h' | head -n 1)
check "the headers install into a DESTDIR" [ -n "$lttv_h" ]
[ -n "$lttv_h" ] || { sed 's/^/# /' "$tmp/install.log"; finish; exit; }
inc=$(dirname "$(dirname "$lttv_h")")

private='lttv_iter_set_record_form|lttv_iter_each_records|LttvRecordForm|LttvRecordOut|LTTV_RECORD_|LttvIntFields|lttv_event_class_int_fields|lttv_event_get_int_fields|huge.heap|lttv-internal'
check "no installed header declares a private name" \
  sh -c "! grep -rnE '$private' '$inc'"
grep -rnE "$private" "$inc" | sed 's/^/# /'

check "no installed header is a private one" \
  sh -c "! find '$inc' -name 'huge-heap.h' -o -name 'iter-records.h' -o -name 'lttv-module-host.h' -o -name '*-private.h' | grep -q ."

# The library exports the public API and nothing more: every symbol it
# exports is declared in an installed header.
so=$(ls "$LTTV_BUILDDIR"/core/.libs/liblttv.so 2>/dev/null | head -n 1)
undeclared=
for sym in $(nm -D --defined-only "$so" 2>/dev/null | awk '$2 ~ /^[TDBR]$/ {print $3}'); do
  grep -rqw -- "$sym" "$inc" || undeclared="$undeclared $sym"
done
check "liblttv exports only what its installed headers declare" \
  sh -c "[ -n '$so' ] && [ -z '$undeclared' ]"
[ -z "$undeclared" ] || diag "exported, not declared:$undeclared"

# Each installed header on its own, with only the installed folder.
glib=$(pkg-config --cflags glib-2.0)
gtk=$(pkg-config --cflags gtk+-3.0 gmodule-2.0)
bad=
for h in $(cd "$inc" && find . -name '*.h' | sort); do
  printf '#include "%s"\n' "${h#./}" > "$tmp/one.c"
  "$cc" -std=gnu11 -fsyntax-only -Werror -I"$inc" $glib $gtk "$tmp/one.c" 2>>"$tmp/one.log" || bad="$bad ${h#./}"
done
check "each installed header builds on its own" [ -z "$bad" ]
[ -z "$bad" ] || { diag "not alone:$bad"; sed 's/^/# /' "$tmp/one.log" | head -n 20; }

# A program reading a trace through the public API builds ...
cat > "$tmp/client.c" <<'C'
#include <lttv/lttv.h>
int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvTraceset) ts = lttv_traceset_open ((const char *const *) argv + 1, &error);
  if (ts == NULL)
    return 1;
  g_autoptr (LttvIter) it = lttv_iter_new (ts);
  const LttvEvent *ev = lttv_iter_next (it, &error);
  return argc > 1 && ev != NULL && lttv_event_time (ev) != LTTV_TIME_NONE ? 0 : 1;
}
C
check "a program builds against the public API" \
  "$cc" -std=gnu11 -fsyntax-only -Werror -I"$inc" $glib "$tmp/client.c"

# ... and one that reaches for the state build's records does not.
cat > "$tmp/private.c" <<'C'
#include <lttv/lttv.h>
int
main (void)
{
  return lttv_iter_set_record_form (NULL, NULL, NULL) ? 0 : 1;
}
C
check "the record forms are not visible to a program" \
  sh -c "! '$cc' -std=gnu11 -fsyntax-only -Werror=implicit-function-declaration -I'$inc' $glib '$tmp/private.c' 2>/dev/null"

# A module written as the modules of the tree are, from the installed API.
cat > "$tmp/module.c" <<'C'
#include <lttv-module.h>
#define GETTEXT_PACKAGE "probe"
#define PACKAGE_VERSION "1"
static GtkWidget *
probe_create (LttvViewerContext *ctx)
{
  return gtk_label_new (lttv_viewer_context_get_filter (ctx));
}
static const LttvViewerInfo probe_viewer = {
  .id = "probe", .label = "_Probe", .gettext_domain = GETTEXT_PACKAGE,
  .icon_name = "x", .create = probe_create,
};
LTTV_DEFINE_VIEWER_MODULE ("probe", "Probe", probe_viewer)
C
check "a module builds against the installed module API" \
  "$cc" -std=gnu11 -fsyntax-only -Werror -Wall -I"$inc" $glib $gtk "$tmp/module.c"
finish

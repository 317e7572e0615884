#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Every translatable string of the sources has a French translation that
# is neither missing nor fuzzy, and the programs speak French when asked.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
plan 4

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$LTTV_SRCDIR" || exit 1

# Extract the strings of today's sources (not a stale .pot), then merge the
# French catalogue into them as `make update-po` would.
grep -v '^#' po/POTFILES.in | grep . > "$tmp/files"
xgettext --files-from="$tmp/files" --from-code=UTF-8 --keyword=_ --keyword=N_ \
  --keyword=C_:1c,2 --keyword=NC_:1c,2 --output="$tmp/lttv.pot" 2>"$tmp/xgettext.err"
check "xgettext extracts the strings of POTFILES.in" [ -s "$tmp/lttv.pot" ]

# Every source file with marked strings is listed, or its strings would
# never reach translators.
sort "$tmp/files" > "$tmp/files.sorted"
unlisted=$(grep -rlE '(^|[^A-Za-z0-9_])N?_\("|translatable="yes"' --include='*.c' --include='*.ui' \
             core cli gui modules 2>/dev/null | sort | comm -23 - "$tmp/files.sorted")
if [ -z "$unlisted" ]; then
  ok "every file with translatable strings is in po/POTFILES.in"
else
  fail "every file with translatable strings is in po/POTFILES.in"
  echo "$unlisted" | sed 's/^/# not listed: /'
fi
msgmerge --quiet --no-fuzzy-matching po/fr.po "$tmp/lttv.pot" -o "$tmp/fr.po"
stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$tmp/fr.po" 2>&1)
diag "fr.po: $stats"
count () { echo "$stats" | grep -o "[0-9]* $1" | cut -d" " -f1; }
untranslated=$(count untranslated); untranslated=${untranslated:-0}
fuzzy=$(count fuzzy); fuzzy=${fuzzy:-0}
if [ "$untranslated" -eq 0 ] && [ "$fuzzy" -eq 0 ]; then
  ok "the French catalogue is complete (no untranslated or fuzzy string)"
else
  fail "the French catalogue is complete ($untranslated untranslated, $fuzzy fuzzy)"
  msgattrib --untranslated --no-obsolete "$tmp/fr.po" | grep '^msgid' | sed 's/^/# missing: /'
  msgattrib --only-fuzzy --no-obsolete "$tmp/fr.po" | grep '^msgid' | sed 's/^/# fuzzy: /'
fi
mkdir -p "$tmp/locale/fr/LC_MESSAGES"
msgfmt -o "$tmp/locale/fr/LC_MESSAGES/lttv.mo" po/fr.po
out=$(LTTV_LOCALE_DIR="$tmp/locale" LANGUAGE=fr LC_ALL=C.UTF-8 "$LTTV_BUILDDIR/cli/lttv" --help 2>&1)
check "lttv --help speaks French with LANGUAGE=fr" sh -c "echo \"\$1\" | grep -q 'Commandes'" _ "$out"
finish

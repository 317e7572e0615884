# SPDX-License-Identifier: GPL-2.0-or-later
# xvfb.sh: runs GUI tests on a real X server. Source it after tap.sh; it
# re-runs the test on an X server of its own (with a D-Bus session), or
# skips the test saying why.
#
# The server picks a free display itself (-displayfd) and says which:
# xvfb-run -a guesses one from lock files, and two tests starting at once
# could pick the same, one of them then losing its display mid-test.
if [ -z "${LTTV_UNDER_XVFB:-}" ]; then
  xvfb=${XVFB:-$(command -v Xvfb)}
  [ -n "$xvfb" ] || skip_all "Xvfb is not installed (apt-get install xvfb)"
  command -v xdotool >/dev/null || skip_all "xdotool is not installed"
  command -v import >/dev/null || skip_all "ImageMagick's import is not installed"
  command -v dbus-run-session >/dev/null || skip_all "dbus-run-session is not installed (apt-get install dbus)"
  xvfb_dir=$(mktemp -d)
  "$xvfb" -displayfd 3 -nolisten tcp -screen 0 1600x1000x24 \
    3>"$xvfb_dir/display" >"$xvfb_dir/log" 2>&1 &
  xvfb_pid=$!
  for i in $(seq 100); do
    [ -s "$xvfb_dir/display" ] && break
    kill -0 $xvfb_pid 2>/dev/null || break
    sleep 0.1
  done
  display=$(tr -dc 0-9 <"$xvfb_dir/display")
  if [ -z "$display" ]; then
    kill $xvfb_pid 2>/dev/null
    echo "Bail out! Xvfb did not start in 10 s: $(tail -n 3 "$xvfb_dir/log" | tr '\n' ' ')"
    rm -rf "$xvfb_dir"
    exit 99
  fi
  DISPLAY=:$display LTTV_UNDER_XVFB=1 LTTV_STALL_XSERVER_PID=$xvfb_pid \
    dbus-run-session -- sh "$0" "$@"
  status=$?
  kill $xvfb_pid 2>/dev/null
  wait $xvfb_pid 2>/dev/null
  rm -rf "$xvfb_dir"
  exit $status
fi
export DISPLAY
# GTK keeps caches for the process's lifetime: leak reports at exit say
# nothing about our code, so GUI tests check memory errors, not leaks.
# AddressSanitizer holds freed memory in a quarantine and, once it is full,
# frees a tenth of it in whichever thread frees next: with the default 256
# MB, enough to break the GUI tests' 50 ms budget on the main thread. A
# 32 MB quarantine still catches a use after free of anything freed in the
# last 32 MB. Every 5 s by default, the allocator also gives its free pages
# back to the system in whichever thread frees next, each call waiting for
# the other CPUs; the program built without sanitizers does neither.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:quarantine_size_mb=32:allocator_release_to_os_interval_ms=-1
export GSETTINGS_BACKEND=memory
# Recent files and the like go to the build tree, not the user's home.
# One folder per test: GUI tests run in parallel, and each GtkRecentManager
# rewrites recently-used.xbel whole, dropping the others' entries.
export XDG_DATA_HOME="${LTTV_BUILDDIR:-/tmp}/tests/xdg-data/$(basename "$0" .sh)"
mkdir -p "$XDG_DATA_HOME"
export NO_AT_BRIDGE=1
# The X server of this test, for lttv-gui's stall meter: its wait for a
# core is the machine's load, not the program's doing.
export LTTV_STALL_XSERVER_PID

# wait_window NAME_REGEX [SECONDS]: prints the id of the first visible
# window whose title matches, or nothing after the timeout.
wait_window () {
  end=$(( $(date +%s) + ${2:-20} ))
  while [ "$(date +%s)" -lt "$end" ]; do
    id=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1)
    if [ -n "$id" ]; then echo "$id"; return 0; fi
    sleep 0.2
  done
  return 1
}

# image_is_drawn FILE: true when the image has more than a handful of
# colours and is not one flat tone (a blank or black window fails).
image_is_drawn () {
  colors=$(convert "$1" -format '%k' info: 2>/dev/null)
  spread=$(convert "$1" -colorspace gray -format '%[fx:int(standard_deviation*1000)]' info: 2>/dev/null)
  diag "$1: $colors colours, grey spread $spread/1000"
  [ "${colors:-0}" -gt 16 ] && [ "${spread:-0}" -gt 20 ]
}

# act ACTION [PARAMETER]: a command to the running lttv-gui over D-Bus.
act () { gapplication action org.lttv.Lttv "$@"; }
# same A B: the two images are identical, pixel for pixel; differ: not.
same () { [ "$(compare -metric AE "$1" "$2" null: 2>&1)" = "0" ]; }
differ () { ! same "$1" "$2"; }
# grab FILE: what the current tab's traceinfo viewer draws, exported to
# FILE (export-view), once it is written.
grab () {
  rm -f "$1"
  act export-view "('traceinfo', '$1', 640, 400)"
  for i in $(seq 50); do [ -s "$1" ] && return 0; sleep 0.1; done
  return 1
}

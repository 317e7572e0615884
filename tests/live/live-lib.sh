# SPDX-License-Identifier: GPL-2.0-or-later
# live-lib.sh: private lttng-sessiond and lttng-relayd for the live tests.
# Source it after tap.sh; `live_setup` skips the whole test (with the
# reason) when it cannot run here, `live_cleanup` runs on exit.
LTTV=$LTTV_BUILDDIR/cli/lttv
APP=$LTTV_BUILDDIR/tests/live/live-app
BT=${BABELTRACE2:-babeltrace2}
T=$(mktemp -d "${TMPDIR:-/tmp}/lttv-live.XXXXXX")
export LTTNG_HOME=$T/home
mkdir -p "$LTTNG_HOME"
RELAYD_PID=
SESSIOND_PID=

live_cleanup () {
  # only the daemons this test started, by their ids
  [ -n "$SESSIOND_PID" ] && kill "$SESSIOND_PID" 2>/dev/null
  [ -n "$RELAYD_PID" ] && kill "$RELAYD_PID" 2>/dev/null
  for p in $SESSIOND_PID $RELAYD_PID; do
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 "$p" 2>/dev/null || break
      sleep 0.5
    done
    kill -9 "$p" 2>/dev/null
  done
  rm -rf "$T"
}
trap live_cleanup EXIT
trap 'exit 1' INT TERM

# port_open PORT: something listens there (python3: /dev/tcp is bash's).
port_open () {
  python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1)' "$1" 2>/dev/null
}

# lttng with a deadline: a stuck daemon fails the test, never hangs it.
lt () { timeout 30 lttng "$@" >>"$T/lttng.log" 2>&1; }

start_relayd () {
  mkdir -p "$T/relay"
  lttng-relayd -C "tcp://127.0.0.1:$P1" -D "tcp://127.0.0.1:$P2" \
    -L "tcp://127.0.0.1:$P3" -o "$T/relay" >"$T/relayd.log" 2>&1 </dev/null &
  RELAYD_PID=$!
  for _ in $(seq 50); do port_open "$P3" && return 0; sleep 0.1; done
  return 1
}

# With LIVE_SOFT set, a reason to skip goes to $LIVE_SKIP and live_setup
# returns 1 (the test skips its live points only).
live_skip () {
  if [ -n "${LIVE_SOFT:-}" ]; then LIVE_SKIP=$1; return 1; fi
  skip_all "$1"
}

live_setup () {
  command -v python3 >/dev/null || { live_skip "python3 is not installed"; return 1; }
  [ "$(id -u)" = 0 ] || { live_skip "needs root (a session daemon with its own ports and folders)"; return 1; }
  command -v lttng-sessiond >/dev/null && command -v lttng-relayd >/dev/null \
    && command -v lttng >/dev/null || { live_skip "lttng-tools is not installed"; return 1; }
  command -v "$BT" >/dev/null || { live_skip "babeltrace2 is not installed"; return 1; }
  [ -x "$APP" ] || { live_skip "live-app not built (liblttng-ust-dev missing at configure)"; return 1; }
  # root's session daemon has one place (/var/run/lttng): it must be ours
  pgrep -x lttng-sessiond >/dev/null \
    && { live_skip "a session daemon already runs as root"; return 1; }
  # private ports: three free ones in a range of our own
  base=$((20000 + ($$ % 400) * 100))
  for try in 0 1 2 3 4; do
    P1=$((base + try * 3)); P2=$((P1 + 1)); P3=$((P1 + 2))
    port_open "$P1" || port_open "$P2" || port_open "$P3" || break
  done
  start_relayd || { diag "$(cat "$T/relayd.log")"; live_skip "lttng-relayd did not start"; return 1; }
  lttng-sessiond --no-kernel >"$T/sessiond.log" 2>&1 </dev/null &
  SESSIOND_PID=$!
  for _ in $(seq 100); do
    timeout 5 lttng list >/dev/null 2>&1 && break
    sleep 0.1
  done
  timeout 5 lttng list >/dev/null 2>&1 || { live_skip "lttng-sessiond did not start"; return 1; }
  HOST=$(hostname)
  URL=net://127.0.0.1:$P3
}

# live_session NAME: a live UST session recording live-app's events.
live_session () {
  lt create "$1" --live=100000 --set-url="net://127.0.0.1:$P1:$P2" \
    && lt enable-event -u -s "$1" 'lttv_live:*' && lt start "$1"
}

# wait_lines FILE N [SECONDS]: until FILE has N lines (default 20 s).
wait_lines () {
  for _ in $(seq $((${3:-20} * 10))); do
    [ "$(wc -l <"$1" 2>/dev/null || echo 0)" -ge "$2" ] && return 0
    sleep 0.1
  done
  return 1
}

# wait_exit PID [SECONDS]: until PID exits (default 20 s); its status.
wait_exit () {
  for _ in $(seq $((${2:-20} * 10))); do
    kill -0 "$1" 2>/dev/null || { wait "$1"; return $?; }
    sleep 0.1
  done
  return 124
}

# SPDX-License-Identifier: GPL-2.0-or-later
# pixels.sh: helpers of the timeline pixel tests (sourced after tap.sh and
# xvfb.sh). Exports are 250 px wide: names pane 100 px, rows 150 px; the
# header is 28 px high and each row 16 px (LTTV_TIMELINE_ROW_HEIGHT),
# filled from 3 to 13 px; the event ticks along its top and a label
# written on an interval cover parts of that: a row's colour at a time is
# looked for down the column of the fill.

# write_scenario NAME OUTDIR: writes tests/timeline/NAME.scn as a trace.
write_scenario () {
  "$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer" "$LTTV_SRCDIR/tests/timeline/$1.scn" "$2" \
    || { echo "Bail out! cannot write scenario $1"; exit 1; }
}

# export_view VIEW TRACE T0,T1 WxH FILE
export_view () {
  WIN_T0=${3%,*}; WIN_T1=${3#*,}; IMG_W=${4%x*}
  "$LTTV_BUILDDIR/gui/lttv-gui" --export="$1:$5" --window="$3" --size="$4" "$2" \
    2>"$5.log" || diag "lttv-gui failed: $(cat "$5.log")"
}

# The palette of the shell (gui/lttv-viewer-context.c), one legend for all.
state_colour () {
  case $1 in
    WAIT_BLOCKED) echo e5a50a ;; WAIT_FOR_CPU) echo ed333b ;;
    RUN_USERMODE) echo 33d17a ;; RUN_SYSCALL) echo 3584e4 ;;
    INTERRUPTED|IRQ|RUNNING) echo ff7800 ;; IDLE) echo deddda ;;
    SOFTIRQ|RAISED_RUNNING) echo f6d32d ;; RAISED) echo f9f06b ;;
    *) echo unknown ;;
  esac
}

# pixel FILE X Y: the colour there as rrggbb.
pixel () {
  convert "$1" -format '%[hex:p{'"$2,$3"'}]' info: 2>/dev/null | cut -c1-6 | tr 'A-F' 'a-f'
}

# names_width FILE: sets NAMES_W to the width of the names pane, found
# from its right border (0.75, 0.75, 0.73: bfbfba) on the image's first
# line, for exports wide enough that the pane is narrower than 2/5.
names_width () {
  NAMES_W=$(convert "$1" -crop "${IMG_W}x1+0+0" txt: 2>/dev/null \
            | awk -F'[,:]' 'tolower($0) ~ /#bfbfba/ { print $1 + 1; exit }')
}

# expect_colour FILE ROW TIME RRGGBB NAME: the pixel of ROW at TIME (ns).
expect_colour () {
  names=${NAMES_W:-$(( IMG_W * 2 / 5 ))}
  x=$(awk -v t="$3" -v a="$WIN_T0" -v b="$WIN_T1" -v w=$(( IMG_W - names )) -v n="$names" \
      'BEGIN { printf "%d", n + (t - a) * w / (b - a) }')
  y=$(( 28 + 16 * $2 + 3 ))
  got=$(convert "$1" -crop "1x10+$x+$y" txt: 2>/dev/null | awk 'NR > 1 { print tolower(substr($3, 2, 6)) }' \
        | sort | uniq -c | sort -rn | awk '{ printf "%s%s", sep, $2; sep = " " }')
  case " $got " in
    *" $4 "*) ok "$5" ;;
    *) fail "$5"; diag "pixels ($x, $y..$((y + 9))): expected $4, got $got" ;;
  esac
}

# expect_state FILE ROW TIME STATE NAME
expect_state () {
  expect_colour "$1" "$2" "$3" "$(state_colour "$4")" "$5 ($4)"
}

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# run-posix-test.sh PROGRAM [ARG...]: run one Open POSIX Test Suite style
# test (testcases/open_posix/) and report its result the way the suite's
# library tests do, so that ltp-pan classifies it right. Those programs do
# not use the test library: they exit with a PTS code, mapped here:
#
#   PTS_PASS 0        -> TPASS, exit 0
#   PTS_FAIL 1        -> TFAIL, exit 1
#   PTS_UNRESOLVED 2  -> TBROK, exit 2
#   PTS_UNSUPPORTED 4 -> TCONF, exit 32
#   PTS_UNTESTED 5    -> TCONF, exit 32
#   killed by a signal, timed out, any other exit -> TBROK, exit 2
#
# A result line "NAME:1: TYPE: WHAT: LAST LINE (exit N)" (the program's
# last line of output for anything but a pass) and a "Summary:" block
# follow the program's own output. The program gets SIGTERM after LTP_POSIX_TIMEOUT
# seconds (default 60) times LTP_TIMEOUT_MUL.

if [ $# -lt 1 ]; then
	echo "usage: ${0##*/} PROGRAM [ARG...]" >&2
	exit 2
fi
name=${1##*/}

secs=$(awk -v t="${LTP_POSIX_TIMEOUT:-60}" -v m="${LTP_TIMEOUT_MUL:-1}" \
	'BEGIN { if (m < 1) m = 1; printf "%d\n", t * m + 0.5 }')

# The watchdog: after $secs it sends SIGTERM to our process group (the
# program runs in the foreground, in our group), which our trap notes. It
# sleeps a second at a time so that, killed when the program ended, it
# leaves nothing behind for long; its output goes nowhere, so that nothing
# of it holds ltp-pan's pipe. A program that ignores SIGTERM is left to
# ltp-pan's backstop.
(
	n=0
	while [ "$n" -lt "$secs" ]; do
		sleep 1
		n=$((n + 1))
	done
	kill -TERM 0
) </dev/null >/dev/null 2>&1 &
watchdog=$!
timed=
trap 'timed=1' TERM

# The program's output is kept, so that its last KNOWN ISSUE line, else
# the last line it printed (the reason of a FAIL, UNRESOLVED or
# UNTESTED), goes into the result line, where ltp-pan takes the reason from.
out=$(mktemp "${TMPDIR:-/tmp}/posix-out.XXXXXX") || exit 2
"$@" > "$out" 2>&1
rc=$?
cat "$out"
# a known issue, also one a child reported, names itself
last=$(grep 'KNOWN ISSUE' "$out" | tail -n 1 | cut -c1-300)
[ -n "$last" ] || last=$(grep -v '^[[:space:]]*$' "$out" | tail -n 1 | cut -c1-300)
rm -f "$out"

trap - TERM
kill "$watchdog" 2>/dev/null
wait "$watchdog" 2>/dev/null

case $rc in
0) type=TPASS; what="PTS_PASS"; ret=0 ;;
1) type=TFAIL; what="PTS_FAIL"; ret=1 ;;
2) type=TBROK; what="PTS_UNRESOLVED"; ret=2 ;;
4) type=TCONF; what="PTS_UNSUPPORTED"; ret=32 ;;
5) type=TCONF; what="PTS_UNTESTED"; ret=32 ;;
126) type=TBROK; what="cannot execute $1"; ret=2 ;;
127) type=TBROK; what="$1 not found"; ret=2 ;;
*)
	type=TBROK
	ret=2
	if [ -n "$timed" ]; then
		what="timed out after $secs s"
	elif [ "$rc" -gt 128 ] && [ "$rc" -le 192 ]; then
		what="killed by signal $((rc - 128)) (SIG$(kill -l "$((rc - 128))" 2>/dev/null))"
	else
		what="unknown exit value"
	fi
	;;
esac

[ "$type" = TPASS ] || [ -z "$last" ] || what="$what: $last"
printf '%s:1: %s: %s (exit %d)\n' "$name" "$type" "$what" "$rc"
pass=0 fail=0 brok=0 conf=0
case $type in
TPASS) pass=1 ;;
TFAIL) fail=1 ;;
TBROK) brok=1 ;;
TCONF) conf=1 ;;
esac
printf '\nSummary:\npassed   %d\nfailed   %d\nbroken   %d\nskipped  %d\nwarnings 0\n' \
	"$pass" "$fail" "$brok" "$conf"
exit "$ret"

#!/bin/sh
# A stand-in for ltp-vm in ltp-flake-hunt's self-test (LTP_FLAKE_RUNNER):
# takes ltp-vm's "--out DIR --env NAME=VALUE ... -- RUNLTP_ARGS" and runs
# the host runltp of a scratch LTPROOT ($FAKE_RUNLTP) on harmless fake
# tests, its records mirrored to DIR/results/records.jsonl as ltp-vm
# brings them back from a guest. Exit as ltp-vm: 0, 1, 2 (cut short), 3.
#
# For the checks it leaves in DIR: vm-args (its options, one a line), env
# (the --env settings), hogs-alive (how many of the hunt's host hogs ran
# during the run). FAKE_RUNNER_CRASH=NAME cuts the run of that directory
# name short like a guest panic; FAKE_RUNNER_SLEEP=SECS waits first (to be
# interrupted); FAKE_RUNNER_PIDS=FILE gets its pid.
: "${FAKE_RUNLTP:?}"

out=
vm_args=
envs=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	case $1 in
	--out) out=$2; shift 2 ;;
	--env) envs="$envs$2
"; shift 2 ;;
	*) vm_args="$vm_args$1
"; shift ;;
	esac
done
[ $# -gt 0 ] && shift
if [ -z "$out" ]; then
	echo "flake_runner: no --out" >&2
	exit 3
fi
mkdir -p "$out/results" || exit 3
printf '%s' "$vm_args" >"$out/vm-args"
printf '%s' "$envs" >"$out/env"
[ -z "${FAKE_RUNNER_PIDS:-}" ] || echo $$ >>"$FAKE_RUNNER_PIDS"

# The hunt writes its host hogs' pids next to the run's directory.
alive=0
if [ -f "$out.hogs" ]; then
	while read -r pid; do
		kill -0 "$pid" 2>/dev/null && alive=$((alive + 1))
	done <"$out.hogs"
fi
echo "$alive" >"$out/hogs-alive"

if [ -n "${FAKE_RUNNER_SLEEP:-}" ]; then
	sleep "$FAKE_RUNNER_SLEEP" &
	sleeper=$!
	trap 'kill "$sleeper" 2>/dev/null; exit 143' TERM
	wait "$sleeper"
fi

LTP_RECORD_MIRROR=$out/results/records.jsonl "$FAKE_RUNLTP" -q "$@" \
	>"$out/console.log" 2>&1
rc=$?

if [ "${FAKE_RUNNER_CRASH:-}" = "${out##*/}" ]; then
	# what a panic leaves: the run record and the first two tests
	head -n 3 "$out/results/records.jsonl" >"$out/results/cut" &&
		mv "$out/results/cut" "$out/results/records.jsonl"
	echo "outcome=panic" >"$out/vm-timing.txt"
	exit 2
fi
echo "outcome=completed" >"$out/vm-timing.txt"
case $rc in
0 | 1) exit "$rc" ;;
esac
exit 3

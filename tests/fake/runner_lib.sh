# shellcheck shell=sh
# Sourced by tests/runner/*.test: a scratch LTPROOT assembled from the
# build tree (runltp, bin/ltp-pan, bin/ltp-report, fake tests in
# testcases/bin), check helpers, and cleanup of anything a fake test left
# running. Needs abs_top_srcdir and abs_top_builddir (make check sets them).
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/runner-test-XXXXXX") || exit 99
root=$scratch/root
FAKE_PIDS=$scratch/pids
export FAKE_PIDS
mkdir -p "$root/bin" "$root/testcases/bin" "$root/runtest" \
	"$root/scenario_groups" "$FAKE_PIDS" "$scratch/tmp"
# Tests make their TMPDIRs here, and nothing of ours lands in /tmp.
TMPDIR=$scratch/tmp
export TMPDIR
# Records and views must not depend on how the caller's env looks.
unset LTP_TIMEOUT_MUL LTP_RECORD_MIRROR
# The host's kernel log is not ours: a warning some other process causes
# there must not fail a fake test. A quiet fake kernel by default.
LTP_PAN_KMSG=$scratch/kmsg
LTP_PAN_TAINTED=$scratch/tainted
export LTP_PAN_KMSG LTP_PAN_TAINTED
: > "$LTP_PAN_KMSG"
echo 0 > "$LTP_PAN_TAINTED"
# ltp-pan called directly finds the fake tests through $LTPROOT/testcases/bin
LTPROOT=$root
export LTPROOT

cleanup() {
	for f in "$FAKE_PIDS"/*; do
		[ -f "$f" ] || continue
		pid=$(cat "$f")
		case $pid in
		'' | *[!0-9]*) ;;
		*) kill -9 "$pid" 2>/dev/null ;;
		esac
	done
	chmod -R u+rwx "$scratch" 2>/dev/null
	rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

for f in "$abs_top_srcdir/runltp" "$abs_top_builddir/src/pan/ltp-pan" \
	"$abs_top_builddir/src/report/ltp-report" \
	"$abs_top_builddir/src/load/ltp-genload"; do
	if [ ! -x "$f" ]; then
		echo "ERROR: $f is missing: build first"
		exit 99
	fi
done
cp "$abs_top_srcdir/runltp" "$root/runltp"
cp "$abs_top_builddir/src/pan/ltp-pan" "$abs_top_builddir/src/report/ltp-report" \
	"$abs_top_builddir/src/load/ltp-genload" "$root/bin/"
cp "$abs_top_srcdir/tests/fake/fake_test.sh" "$root/testcases/bin/fake_test"
chmod +x "$root/testcases/bin/fake_test"

# meta_fakes NAME...: fake library tests answering -M, see fake_lib_test.sh
meta_fakes() {
	for name in "$@"; do
		cp "$abs_top_srcdir/tests/fake/fake_lib_test.sh" "$root/testcases/bin/$name"
		chmod +x "$root/testcases/bin/$name"
	done
}
echo "0.0-selftest" > "$root/Version"

# shellcheck disable=SC2034 # used by the tests that source this
PAN=$root/bin/ltp-pan
# shellcheck disable=SC2034
REPORT=$root/bin/ltp-report
failures=0

# printed LABEL: the value runltp printed after "LABEL:" in ./out
printed() {
	sed -n "s/^$1: *//p" out
}

# tags_of RECORDS: the tags of its test records, in order, on one line
tags_of() {
	"$REPORT" --fields tag "$1" | tr '\n' ' '
}

# field_of TAG RECORDS FIELD: FIELD of each record of TAG, on one line
field_of() {
	"$REPORT" --tag "$1" --fields "$3" "$2" | tr '\n' ' '
}

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

ok() {
	echo "ok: $*"
}

# check "what must hold" command args...
check() {
	what=$1
	shift
	if "$@"; then
		ok "$what"
	else
		fail "$what"
	fi
}

# show FILE: a file's content indented, after a failure
show() {
	echo "    --- $1:"
	sed 's/^/    /' "$1" 2>/dev/null | head -40
}

# The record line of a tag: rec TAG RECORDS
rec() {
	grep "\"tag\":\"$1\"" "$2"
}

# A member of a record line on stdin: a string's text or a number.
# Key names are never escaped in the text, so '"key":' only matches keys.
field() {
	sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p; t; s/.*\"$1\":\([-0-9.a-z]*\).*/\1/p"
}

# field_is TAG RECORDS KEY VALUE
field_is() {
	got=$(rec "$1" "$2" | field "$3")
	[ "$got" = "$4" ] && return 0
	echo "    $1: $3 is '$got', expected '$4'"
	return 1
}

# rec_has TAG RECORDS TEXT: the tag's record contains TEXT (fixed string)
rec_has() {
	rec "$1" "$2" | grep -qF -- "$3"
}

# line_matches first|last FILE ERE
line_matches() {
	if [ "$1" = first ]; then
		head -1 "$2" | grep -Eq -- "$3"
	else
		tail -1 "$2" | grep -Eq -- "$3"
	fi
}

# Every line of a records file is one valid JSON object (checked with
# Python when present: an independent parser).
json_lines_valid() {
	command -v python3 > /dev/null 2>&1 || return 0
	python3 -c '
import json, sys
for n, line in enumerate(open(sys.argv[1], "rb"), 1):
    if not line.endswith(b"\n"):
        sys.exit("%s:%d: no newline" % (sys.argv[1], n))
    obj = json.loads(line.decode("utf-8"))
    assert isinstance(obj, dict) and "type" in obj, n
' "$1"
}

# The [start, end) of a tag's record, in epoch seconds: span TAG RECORDS
span() {
	start=$(rec "$1" "$2" | field start)
	dur=$(rec "$1" "$2" | field duration)
	awk -v s="$start" -v d="$dur" 'BEGIN { printf "%.6f %.6f\n", s, s + d }'
}

# alone TAG RECORDS: no other test's record overlaps the tag's in time
alone() {
	set -- "$(span "$1" "$2")" "$1" "$2"
	"$REPORT" --fields tag,start,duration "$3" |
		awk -F '\t' -v me="$1" -v tag="$2" 'BEGIN { split(me, m, " ") }
			$1 != tag { if ($2 < m[2] && $2 + $3 > m[1]) bad = 1 }
			END { exit bad }'
}

# overlap TAG1 TAG2 RECORDS: the two tests ran at the same time
overlap() {
	a=$(span "$1" "$3")
	b=$(span "$2" "$3")
	awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " ");
		exit !(x[1] < y[2] && y[1] < x[2]) }'
}

# The test records of a file without what differs between runs of the
# same tests (times, CPU, the output text, the workers), sorted by index.
results_of() {
	"$REPORT" --fields index,tag,cmd,end,exit,signal,class,reason,passed,failed,broken,skipped,warnings,output_bytes,output_dropped,taint_before,taint_after,taint_new,kernel_log,iteration,exclusive,backstop,metadata "$1" |
		sort -n
}

# same_results A B: two records files hold the same results
same_results() {
	results_of "$1" > "$1.results"
	results_of "$2" > "$2.results"
	cmp -s "$1.results" "$2.results" && return 0
	diff "$1.results" "$2.results" | head -10 | cut -c1-300
	return 1
}

# Wait up to 10 s for a file to exist with content.
wait_for() {
	i=0
	while [ ! -s "$1" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -s "$1" ]
}

# True when pid is gone (or a zombie nobody reaped yet: it is dead).
dead() {
	state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
	[ -z "$state" ] || [ "$state" = Z ]
}

# Wait up to 5 s for pid (from a file) to die.
dies() {
	pid=$(cat "$1" 2>/dev/null)
	[ -n "$pid" ] || return 1
	i=0
	while ! dead "$pid" && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	dead "$pid"
}

finish() {
	if [ "$failures" -ne 0 ]; then
		echo "$failures check(s) failed"
		exit 1
	fi
	echo "all checks passed"
	exit 0
}

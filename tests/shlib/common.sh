# shellcheck shell=sh
# Sourced by tests/shlib/*.test: runs the fixtures next to this file with
# the library from the source tree, each in a scratch TMPDIR, and checks
# what they print and how they exit. Exit 0 pass, 1 fail, 77 skip.
abs_top_srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
fixtures="$abs_top_srcdir/tests/shlib"
PATH="$abs_top_srcdir/testcases/lib:$PATH"
export PATH
unset LTP_TIMEOUT_MUL KCONFIG_PATH

scratch=$(mktemp -d) || exit 1
trap 'rm -rf "$scratch"' EXIT
TMPDIR="$scratch/tmp"
SHLIB_OUT="$scratch/out"
export TMPDIR SHLIB_OUT
mkdir "$TMPDIR" "$SHLIB_OUT"
failures=0

# The library must work in every POSIX shell a distribution ships as sh,
# and with the guest's userland: dash with busybox for every other tool
# (src/vm/host/mkinitramfs.sh), where setsid, env, mktemp and stat are
# busybox applets. "guest" runs sh with such a PATH.
shells="sh"
command -v bash > /dev/null 2>&1 && shells="$shells bash"
if command -v busybox > /dev/null 2>&1; then
	mkdir "$scratch/busybox"
	for applet in $(busybox --list); do
		[ "$applet" = sh ] || ln -s "$(command -v busybox)" "$scratch/busybox/$applet"
	done
	shells="$shells guest"
fi

fail()
{
	echo "FAIL: $*"
	failures=$((failures + 1))
}

show_log()
{
	sed 's/^/    | /' "$scratch/log"
}

# run_fixture SHELL FIXTURE [ARGS...]: output in $scratch/log, exit value
# in $rc; $SHLIB_OUT is emptied first.
run_fixture()
{
	rf_shell=$1
	rf_fixture=$2
	shift 2
	rm -rf "$SHLIB_OUT"
	mkdir "$SHLIB_OUT"
	if [ "$rf_shell" = guest ]; then
		PATH="$scratch/busybox:$PATH" sh "$fixtures/$rf_fixture" "$@" \
			> "$scratch/log" 2>&1
	else
		"$rf_shell" "$fixtures/$rf_fixture" "$@" > "$scratch/log" 2>&1
	fi
	rc=$?
	what="$rf_shell $rf_fixture${*:+ $*}"
}

expect_rc()
{
	if [ "$rc" -ne "$1" ]; then
		fail "$what${2:+ ($2)}: exit value $rc, expected $1"
		show_log
		return 1
	fi
	echo "ok: $what${2:+ ($2)}: exit value $1"
}

# expect_line REGEX: some line of the output matches (grep -E).
expect_line()
{
	if ! grep -Eq -- "$1" "$scratch/log"; then
		fail "$what: no output line matches '$1'"
		show_log
		return 1
	fi
}

expect_no_line()
{
	if grep -Eq -- "$1" "$scratch/log"; then
		fail "$what: unexpected output line matching '$1'"
		show_log
		return 1
	fi
}

# Count of lines equal to $1 in $SHLIB_OUT/log, where fixtures note events.
count_event()
{
	if [ -e "$SHLIB_OUT/log" ]; then
		grep -cx -- "$1" "$SHLIB_OUT/log"
	else
		echo 0
	fi
}

expect_event_count()
{
	ec_n=$(count_event "$1")
	if [ "$ec_n" -ne "$2" ]; then
		fail "$what: '$1' happened $ec_n times, expected $2"
		show_log
		return 1
	fi
}

# Nothing of the run may remain in TMPDIR: not the tmpdir, not the state.
expect_tmpdir_empty()
{
	if [ -n "$(ls -A "$TMPDIR")" ]; then
		fail "$what: left behind in TMPDIR: $(ls -A "$TMPDIR")"
		rm -rf "${TMPDIR:?}"/* "${TMPDIR:?}"/.[!.]*
		return 1
	fi
}

# Dead means gone, or a zombie waiting to be reaped by init.
pid_is_dead()
{
	pd_state=$(sed 's/.*) //' "/proc/$1/stat" 2> /dev/null | cut -c1)
	[ -z "$pd_state" ] || [ "$pd_state" = Z ]
}

finish()
{
	if [ "$failures" -ne 0 ]; then
		echo "$failures check(s) failed"
		exit 1
	fi
	exit 0
}

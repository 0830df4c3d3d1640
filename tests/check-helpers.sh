# shellcheck shell=sh
# Check helpers that count, shared by the self-test libraries
# (tests/vm/vm-test-lib.sh, tests/release/release-test-lib.sh), sourced
# after they have made $scratch: $scratch/out holds the output of the
# last expect_exit. Close a test with finish.
: "${scratch:?make the scratch directory before sourcing check-helpers.sh}"

passed=0
failed=0

pass() {
	passed=$((passed + 1))
	echo "PASS: $*"
}

fail() {
	failed=$((failed + 1))
	echo "FAIL: $*"
}

# check DESCRIPTION COMMAND...: pass when COMMAND succeeds.
check() {
	what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# expect_exit CODE PATTERN DESCRIPTION -- COMMAND...: run COMMAND; pass
# when it exits CODE and its stdout+stderr match the grep pattern PATTERN
# (empty: anything).
expect_exit() {
	want=$1
	pattern=$2
	what=$3
	shift 4
	"$@" >"$scratch/out" 2>&1
	got=$?
	if [ "$got" != "$want" ]; then
		fail "$what: exit $got, expected $want; output:"
		sed 's/^/    /' "$scratch/out"
	elif [ -n "$pattern" ] && ! grep -q -e "$pattern" "$scratch/out"; then
		fail "$what: output lacks '$pattern':"
		sed 's/^/    /' "$scratch/out"
	else
		pass "$what"
	fi
}

# expect_line PATTERN DESCRIPTION: the last expect_exit's output has a
# line matching PATTERN.
expect_line() {
	if grep -q -e "$1" "$scratch/out"; then
		pass "$2"
	else
		fail "$2: no line matches '$1'"
	fi
}

# finish: the closing count line; exit 1 on any failure.
finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit $?
}

#!/bin/sh
# shellcheck disable=SC2034 # the TST_* settings are read by tst_test.sh
# Fixture for lifecycle.test. Notes each step in $SHLIB_OUT/log; FIXTURE_BRK
# names where tst_brk (or an exit) happens: setup, test, subshell, bg,
# cleanup, exit; FIXTURE_TMPDIR=1 asks for a tmpdir.
TST_TESTFUNC=do_test
TST_SETUP=setup
TST_CLEANUP=cleanup
TST_CNT=2
TST_NEEDS_TMPDIR=${FIXTURE_TMPDIR:-0}

note()
{
	echo "$*" >> "$SHLIB_OUT/log"
}

setup()
{
	note setup
	note "cwd=$PWD"
	note "tmpdir=$TST_TMPDIR"
	[ "$FIXTURE_BRK" = setup ] && tst_brk TBROK "tst_brk in setup"
	note setup-end
}

cleanup()
{
	note cleanup
	[ "$FIXTURE_BRK" = cleanup ] && tst_brk TBROK "tst_brk in cleanup"
	note cleanup-end
}

helper()
{
	tst_brk TBROK "tst_brk in a command substitution"
	echo value
}

do_test()
{
	note "test $1"
	if [ -n "$TST_TMPDIR" ]; then
		echo data > "file$1"
		stat -c %a "$TST_TMPDIR" > "$SHLIB_OUT/tmpdir-mode"
	fi
	case $FIXTURE_BRK in
	test)
		tst_brk TBROK "tst_brk in the test function"
		;;
	subshell)
		value=$(helper)
		note "after-brk value=$value"
		;;
	bg)
		tst_brk TBROK "tst_brk in a background job" &
		wait
		;;
	exit)
		exit 3
		;;
	esac
	[ "$FIXTURE_BRK" = test ] && note after-brk
	tst_res TPASS "case $1"
}

# shellcheck source=/dev/null # found through PATH
. tst_test.sh
tst_run

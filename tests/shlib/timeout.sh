#!/bin/sh
# shellcheck disable=SC2034 # the TST_* settings are read by tst_test.sh
# Fixture for timeout.test: hangs in the test function with a background
# job, a process that ignores SIGTERM and a foreground sleep, all noted in
# $SHLIB_OUT. FIXTURE_HANG_CLEANUP=1 makes cleanup ignore SIGTERM and hang.
TST_TESTFUNC=do_test
TST_CLEANUP=cleanup
TST_NEEDS_TMPDIR=1
TST_TIMEOUT=${FIXTURE_TIMEOUT:-1}

cleanup()
{
	echo cleanup >> "$SHLIB_OUT/log"
	if [ "${FIXTURE_HANG_CLEANUP:-0}" = 1 ]; then
		trap '' TERM
		sleep 60
	fi
}

do_test()
{
	sleep 60 &
	echo $! > "$SHLIB_OUT/bg.pid"
	sh -c 'trap "" TERM; exec sleep 61' &
	echo $! > "$SHLIB_OUT/noterm.pid"
	tst_res TPASS "started"
	echo hanging >> "$SHLIB_OUT/log"
	sleep 62
	echo after-sleep >> "$SHLIB_OUT/log"
}

# shellcheck source=/dev/null # found through PATH
. tst_test.sh
tst_run

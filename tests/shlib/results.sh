#!/bin/sh
# shellcheck disable=SC2034 # the TST_* settings are read by tst_test.sh
# Fixture for results.test. Reports, in order, each word of
# FIXTURE_RESULTS: TYPE from the test function, sub:TYPE from a command
# substitution, bg:TYPE from a background job, brk:TYPE with tst_brk.
TST_TESTFUNC=do_test

do_test()
{
	for word in $FIXTURE_RESULTS; do
		case $word in
		sub:*)
			value=$(tst_res "${word#sub:}" "from a command substitution"; echo value)
			[ "$value" = value ] ||
				tst_res TFAIL "result line captured by \$(...): '$value'"
			;;
		bg:*)
			tst_res "${word#bg:}" "from a background job" &
			wait
			;;
		brk:*)
			tst_brk "${word#brk:}" "tst_brk ${word#brk:}"
			echo after-brk >> "$SHLIB_OUT/log"
			;;
		*)
			tst_res "$word" "reported $word"
			;;
		esac
	done
}

# shellcheck source=/dev/null # found through PATH
. tst_test.sh
tst_run

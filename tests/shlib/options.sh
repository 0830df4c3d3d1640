#!/bin/sh
# shellcheck disable=SC2034 # the TST_* settings are read by tst_test.sh
# Fixture for options.test: TST_CNT=3 cases that note "ITERATION CASE" in
# $SHLIB_OUT/log. FIXTURE_CNT overrides TST_CNT ("" runs the function
# once), FIXTURE_FUNC the function name, FIXTURE_FAIL=1 makes it fail.
TST_TESTFUNC=${FIXTURE_FUNC-do_test}
TST_CNT=${FIXTURE_CNT-3}
TST_TAGS="linux-git:0123456789ab CVE:2099-0001"

do_test()
{
	echo "$TST_ITERATION ${1:-none}" >> "$SHLIB_OUT/log"
	if [ "${FIXTURE_FAIL:-0}" = 1 ]; then
		tst_res TFAIL "case ${1:-none}"
	else
		tst_res TPASS "case ${1:-none}"
	fi
}

# shellcheck source=/dev/null # found through PATH
. tst_test.sh
tst_run

#!/bin/sh
# shellcheck disable=SC2034 # the TST_* settings are read by tst_test.sh
# Fixture for expect.test: runs the EXPECT_PASS, EXPECT_FAIL or ROD line
# named by FIXTURE_CASE, then notes "after" in $SHLIB_OUT/log.
TST_TESTFUNC=do_test

do_test()
{
	case $FIXTURE_CASE in
	pass_ok) EXPECT_PASS test 1 -eq 1 ;;
	pass_bad) EXPECT_PASS test 1 -eq 2 ;;
	pass_pipe) EXPECT_PASS "echo abc | grep -q b" ;;
	pass_missing) EXPECT_PASS no_such_command_ltp ;;
	fail_ok) EXPECT_FAIL "sh -c 'echo ltp-stderr >&2; exit 3'" ;;
	fail_bad) EXPECT_FAIL true ;;
	fail_signal) EXPECT_FAIL "sh -c 'kill -KILL \$\$'" ;;
	rod_ok) ROD "echo data > file_ltp_rod && rm file_ltp_rod" ;;
	rod_bad) ROD false ;;
	esac
	echo "after TST_PASS=$TST_PASS" >> "$SHLIB_OUT/log"
	[ "$FIXTURE_CASE" = rod_ok ] && tst_res TPASS "ROD returned"
}

# shellcheck source=/dev/null # found through PATH
. tst_test.sh
tst_run

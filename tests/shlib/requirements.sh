#!/bin/sh
# shellcheck disable=SC2034 # the TST_* settings are read by tst_test.sh
# Fixture for requirements.test: the requirements come from the
# environment (FIXTURE_ROOT, FIXTURE_KVER, FIXTURE_CMDS, FIXTURE_KCONFIGS);
# setup notes in $SHLIB_OUT/log that it ran.
TST_TESTFUNC=do_test
TST_SETUP=setup
TST_NEEDS_ROOT=${FIXTURE_ROOT:-}
TST_MIN_KVER=${FIXTURE_KVER:-}
TST_NEEDS_CMDS=${FIXTURE_CMDS:-}
TST_NEEDS_KCONFIGS=${FIXTURE_KCONFIGS:-}

setup()
{
	echo setup >> "$SHLIB_OUT/log"
}

do_test()
{
	tst_res TPASS "requirements met"
}

# shellcheck source=/dev/null # found through PATH
. tst_test.sh
tst_run

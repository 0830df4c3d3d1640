# shellcheck shell=sh
# Shared by tests/release/*.test (sourced, POSIX sh): the source tree, a
# scratch directory removed on exit, and the counting checks of
# tests/check-helpers.sh (pass, fail, check, expect_exit, expect_line,
# finish).
#
#   srcdir    the top of the source tree, canonical (as the scripts print it)
#   release   its release/ directory
#   fixtures  tests/release/fixtures
#   LTP_REPORT  the built ltp-report (exported)
#   scratch   a new directory, removed on exit

srcdir=$(cd "${abs_top_srcdir:-$(dirname "$0")/../..}" && pwd -P)
# shellcheck disable=SC2034 # used by the tests that source this
release=$srcdir/release
# shellcheck disable=SC2034
fixtures=$srcdir/tests/release/fixtures
# release/lib/summarize-records reads the records with the built ltp-report
LTP_REPORT=${abs_top_builddir:-$srcdir}/src/report/ltp-report
export LTP_REPORT

scratch=$(mktemp -d "${TMPDIR:-/tmp}/$(basename "$0" .test)-test.XXXXXX") || exit 99
trap 'rm -rf "$scratch"' EXIT

# shellcheck source=../check-helpers.sh source-path=SCRIPTDIR
. "$srcdir/tests/check-helpers.sh"

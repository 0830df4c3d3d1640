# shellcheck shell=sh
# Shared by tests/vm/*.test (sourced, POSIX sh): the built ltp-vm, a
# scratch directory removed on exit, and the counting checks of
# tests/check-helpers.sh.
#
# Needs abs_top_srcdir and abs_top_builddir (set by make check).

: "${abs_top_srcdir:?run through make check, or set abs_top_srcdir}"
: "${abs_top_builddir:?run through make check, or set abs_top_builddir}"

# shellcheck disable=SC2034 # used by the tests that source this
LTP_VM=$abs_top_builddir/src/vm/ltp-vm
# the data root: host/ and guest/ beneath, as installed under share/vm
LTP_VM_DATADIR=$abs_top_srcdir/src/vm
export LTP_VM_DATADIR

scratch=$(mktemp -d "${TMPDIR:-/tmp}/ltp-vm-test.XXXXXX") || exit 99
trap 'rm -rf "$scratch"' EXIT
# ltp-vm's image cache and KVM verdict: the test's own, never the user's.
# The tests that boot the real stock kernel use the user's (use_user_cache)
# so that the kernel is fetched once, not by every run.
user_cache_home=${XDG_CACHE_HOME:-${HOME:-/root}/.cache}
XDG_CACHE_HOME=$scratch/cache
export XDG_CACHE_HOME

use_user_cache() {
	XDG_CACHE_HOME=$user_cache_home
}

# shellcheck source=../check-helpers.sh source-path=SCRIPTDIR
. "$abs_top_srcdir/tests/check-helpers.sh"

# make_fake_suite DIR: an installed suite whose runltp sends a few fake
# records to $LTP_RECORD_MIRROR. Guest environment FAKE_MODE=fail makes
# it fail, FAKE_MODE=panic crashes the kernel after two records.
make_fake_suite() {
	mkdir -p "$1" || exit 99
	cat >"$1/runltp" <<'EOF'
#!/bin/sh
mirror=${LTP_RECORD_MIRROR:-/dev/null}
rc=0
echo '{"type":"run","args":"'"$*"'"}' >"$mirror"
echo '{"type":"test","tag":"fake01","class":"pass"}' >"$mirror"
case ${FAKE_MODE:-pass} in
fail)
	echo '{"type":"test","tag":"fake02","class":"fail"}' >"$mirror"
	rc=1
	;;
panic)
	echo c >/proc/sysrq-trigger
	;;
esac
echo '{"type":"end"}' >"$mirror"
exit $rc
EOF
	chmod +x "$1/runltp"
}

# make_fake_bzimage FILE RELEASE: just enough of a bzImage's setup header
# (the "HdrS" magic and the kernel_version pointer) for ltp-vm to read
# the release.
make_fake_bzimage() {
	dd if=/dev/zero of="$1" bs=1024 count=2 2>/dev/null
	printf 'HdrS' | dd of="$1" bs=1 seek=514 conv=notrunc 2>/dev/null
	# kernel_version = 0x0200: the string sits at 0x200 + 0x200.
	printf '\000\002' | dd of="$1" bs=1 seek=526 conv=notrunc 2>/dev/null
	printf '%s (fake@host) #1 SMP\000' "$2" |
		dd of="$1" bs=1 seek=1024 conv=notrunc 2>/dev/null
}

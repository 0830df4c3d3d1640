#!/bin/sh
# mkinitramfs.sh OUTPUT INIT MODULES
#
# Build the guest's boot initramfs (cpio newc, gzip) in OUTPUT: the
# static busybox, INIT as /init (the first stage, src/vm/init-boot) and
# the kernel modules it needs to reach the root disk (a directory made by
# collect-modules.sh with its 'order' file, or '' when the kernel has
# them built in) in /modules. It is small on purpose: the kernel unpacks
# it at boot, which is slow under TCG; the suite is on the root image.
#
# The output is padded with zeros to a multiple of 4 bytes, so that
# ltp-vm can append the run's own configuration as an uncompressed cpio
# (the kernel unpacks concatenated archives and skips zero padding between
# them; a cpio header must start 4-byte aligned).
set -u

# shellcheck source=src/vm/host/script-args.sh
. "$(dirname "$0")/script-args.sh"
script_args "OUTPUT INIT MODULES" 3 "$@"
output=$1
init=$2
modules=$3

busybox=$(command -v busybox) || fail "busybox not found (apt-get install busybox-static)"
ldd "$busybox" >/dev/null 2>&1 &&
	fail "$busybox is dynamically linked (apt-get install busybox-static)"

stage=$(mktemp -d "${TMPDIR:-/tmp}/ltp-vm-boot.XXXXXX") || exit 3
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/proc" "$stage/sys" "$stage/dev" \
	"$stage/newroot" || exit 3
cp -L "$busybox" "$stage/bin/busybox" || fail "cannot copy $busybox"
# The applets init-boot runs (not all of busybox's: every file here is
# unpacked at each boot, under TCG slowly).
for applet in sh cat cp cut echo insmod mount poweroff sleep switch_root; do
	ln -s busybox "$stage/bin/$applet" || exit 3
done
cp "$init" "$stage/init" || fail "cannot copy $init"
chmod 755 "$stage/init" || exit 3
if [ -n "$modules" ]; then
	cp -a "$modules" "$stage/modules" || fail "cannot copy $modules"
fi

(cd "$stage" && find . ! -name . | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --quiet) | gzip -6 >"$output.tmp" ||
	fail "cannot write $output"
size=$(wc -c <"$output.tmp")
pad=$(((4 - size % 4) % 4))
[ "$pad" -eq 0 ] || head -c "$pad" /dev/zero >>"$output.tmp" ||
	fail "cannot write $output"
mv "$output.tmp" "$output" || fail "cannot write $output"

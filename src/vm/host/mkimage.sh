#!/bin/sh
# mkimage.sh STAGE IMAGE
#
# Make the guest's root disk IMAGE, an ext4 file system holding the tree
# STAGE (mke2fs -d: no loop device, no mount, no root needed). The image
# is sparse; it has room for what the guest writes to its root (runltp's
# results and output), though QEMU opens it with snapshot=on, so those
# writes never reach the file and one image serves many runs. Every file
# is owned by root in the image, whoever runs this.
set -u

# shellcheck source=src/vm/host/script-args.sh
. "$(dirname "$0")/script-args.sh"
script_args "STAGE IMAGE" 2 "$@"
stage=$1
image=$2

mke2fs=$(PATH=$PATH:/usr/sbin:/sbin command -v mke2fs) ||
	fail "mke2fs not found (apt-get install e2fsprogs)"
used_kb=$(du -sk "$stage" | cut -f 1) || fail "cannot size $stage"
# A quarter more than the tree for the file system's own blocks, plus
# 512 MiB free for the guest's writes (sparse: it costs nothing here).
size_mb=$((used_kb * 5 / 4 / 1024 + 512))
rm -f "$image.tmp"
dd if=/dev/null of="$image.tmp" bs=1M seek="$size_mb" 2>/dev/null ||
	fail "cannot create $image.tmp"
# No journal: the image is made once and its writes are thrown away.
if ! "$mke2fs" -q -F -t ext4 -O ^has_journal -L ltp-root -E root_owner=0:0 \
	-d "$stage" "$image.tmp" >"$image.log" 2>&1; then
	cat "$image.log" >&2
	rm -f "$image.tmp"
	fail "mke2fs -d $stage failed"
fi
if [ "$(id -u)" != 0 ]; then
	# mke2fs -d copies the owners of STAGE, which are ours.
	debugfs=$(PATH=$PATH:/usr/sbin:/sbin command -v debugfs) ||
		fail "debugfs not found (apt-get install e2fsprogs)"
	(cd "$stage" && find . ! -name .) | sed 's,^\.,,' |
		awk '{ printf "sif \"%s\" uid 0\nsif \"%s\" gid 0\n", $0, $0 }' |
		"$debugfs" -w -f - "$image.tmp" >"$image.log" 2>&1 ||
		fail "debugfs could not give $image.tmp's files to root"
fi
rm -f "$image.log"
mv "$image.tmp" "$image" || fail "cannot write $image"

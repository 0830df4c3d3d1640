#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# nfs_run.sh [-n] VERSION PROGRAM [ARG]...
#
# Run an I/O test on the guest's NFS mount of VERSION (3, 4, 4.1, 4.2):
# the mount point comes from LTP_NFS<VERSION without the dot>_DIR (set by
# ltp-vm --nfs, see doc/vm.md) and becomes the test's TMPDIR (so its
# tmpdir and files are on NFS) and LTP_NFS_DIR (for the tests that take
# their directory from there). With -n only LTP_NFS_DIR is set: the test
# keeps its tmpdir (and loop device) on the local TMPDIR. The test's exit
# value is passed on.
#
# Exit 32 (TCONF) when that version is not mounted: the run was not set
# up for NFS, or the kernel or the userland could not serve or mount it.

tmpdir=1
if [ "${1:-}" = -n ]; then
	tmpdir=0
	shift
fi
if [ $# -lt 2 ]; then
	echo "usage: nfs_run.sh [-n] VERSION PROGRAM [ARG]..." >&2
	exit 2
fi
vers=$1
shift
var=LTP_NFS$(echo "$vers" | tr -d .)_DIR
dir=$(eval "echo \"\${$var:-}\"")
if [ -z "$dir" ]; then
	echo "nfs_run.sh: TCONF: \$$var is not set: no NFSv$vers mount (ltp-vm --nfs)"
	exit 32
fi
if ! awk -v d="$dir" '$2 == d && $3 ~ /^nfs4?$/ { found = 1 }
	END { exit !found }' /proc/mounts; then
	echo "nfs_run.sh: TCONF: $dir (\$$var) is not an NFS mount"
	exit 32
fi
echo "nfs_run.sh: NFSv$vers on $dir: $(awk -v d="$dir" '$2 == d { print $4 }' /proc/mounts)"
[ "$tmpdir" = 0 ] || TMPDIR=$dir
LTP_NFS_DIR=$dir
export TMPDIR LTP_NFS_DIR
# A filesystem-matrix test (.all_filesystems) runs once, in its tmpdir on
# NFS, instead of on loop devices of its own.
if [ "$tmpdir" = 1 ]; then
	LTP_SINGLE_FS_TYPE=tmpdir
	export LTP_SINGLE_FS_TYPE
fi
exec "$@"

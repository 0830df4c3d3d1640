#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2034 # the TST_* settings are read by tst_test.sh
#
# df against statfs(2), for the file system of the test's tmpdir and for
# / and /dev when they are mounts of their own (df skips the rootfs of an
# initramfs, so that is left out): the sizes that "df -P -k" prints are the statfs block counts times
# f_frsize (size, size - free, available), "df -P -i" prints f_files,
# f_files - f_ffree and f_ffree, the capacity is used / (used + available)
# and the mount point holds the path. statfs itself must be consistent:
# f_bavail <= f_bfree <= f_blocks and f_ffree <= f_files.
#
# Other processes may write to the same file system meanwhile, so df is
# run again until it agrees with the statfs snapshot (stat -f) taken just
# before or just after it. If usage changed around every one of the
# tries, only what writes cannot change is compared: the size and the
# inode count, and used + available + reserved = size. No specific
# kernel fix.
TST_TESTFUNC=do_test
TST_CNT=2
TST_NEEDS_TMPDIR=1
TST_NEEDS_CMDS="df stat"
TST_SETUP=setup

TRIES=10

# read_statfs PATH: frsize blocks bfree bavail files ffree
read_statfs()
{
	statfs=$(stat -f -c '%S %b %f %a %c %d' "$1") ||
		tst_brk TBROK "stat -f $1 failed"
	# shellcheck disable=SC2086 # split into the six numbers
	set -- $statfs
	[ $# -eq 6 ] || tst_brk TBROK "stat -f printed '$statfs'"
	frsize=$1
	blocks=$2
	bfree=$3
	bavail=$4
	files=$5
	ffree=$6
}

# read_df OPTION PATH: d_total d_used d_avail d_cap d_mnt from df -P
read_df()
{
	df_out=$(df -P "$1" "$2") || tst_brk TBROK "df -P $1 $2 failed"
	df_line=$(printf '%s\n' "$df_out" | sed -n 2p)
	# shellcheck disable=SC2086 # split into the columns
	set -- $df_line
	[ $# -eq 6 ] || tst_brk TBROK "cannot parse df -P output: $df_out"
	d_total=$2
	d_used=$3
	d_avail=$4
	d_cap=${5%\%}
	d_mnt=$6
}

# kib_is VALUE BYTES: VALUE is BYTES in KiB, rounded either way.
kib_is()
{
	[ $(($1 * 1024)) -gt $(($2 - 1024)) ] && [ $(($1 * 1024)) -lt $(($2 + 1024)) ]
}

# pct_is VALUE USED TOTAL: VALUE is USED * 100 / TOTAL rounded either
# way (GNU df rounds up, busybox to nearest); "-" or 0 when TOTAL is 0.
pct_is()
{
	if [ "$3" -eq 0 ]; then
		[ "$1" = - ] || [ "$1" = 0 ]
		return
	fi
	case $1 in
	'' | *[!0-9]*) return 1 ;;
	esac
	[ "$1" -ge $(($2 * 100 / $3)) ] && [ "$1" -le $((($2 * 100 + $3 - 1) / $3)) ]
}

check_statfs_sane()
{
	if [ "$bavail" -gt "$bfree" ] || [ "$bfree" -gt "$blocks" ]; then
		tst_res TFAIL "statfs($1): f_bavail $bavail, f_bfree $bfree, f_blocks $blocks: expected bavail <= bfree <= blocks"
		return 1
	fi
	if [ "$ffree" -gt "$files" ]; then
		tst_res TFAIL "statfs($1): f_ffree $ffree > f_files $files"
		return 1
	fi
	if [ "$frsize" -le 0 ]; then
		tst_res TFAIL "statfs($1): f_frsize $frsize"
		return 1
	fi
}

df_matches_blocks()
{
	kib_is "$d_total" $((blocks * frsize)) &&
		kib_is "$d_used" $(((blocks - bfree) * frsize)) &&
		kib_is "$d_avail" $((bavail * frsize))
}

df_matches_inodes()
{
	[ "$d_total" = "$files" ] && [ "$d_used" = $((files - ffree)) ] &&
		[ "$d_avail" = "$ffree" ]
}

# agree OPTION PATH: df -P OPTION PATH until it matches (df_matches_blocks
# or df_matches_inodes) the statfs snapshot just before or just after
# it; matched=1 then, with that snapshot in frsize .. ffree.
agree()
{
	case $1 in
	-k) matches=df_matches_blocks ;;
	-i) matches=df_matches_inodes ;;
	esac
	matched=1
	read_statfs "$2"
	try=0
	while [ "$try" -lt "$TRIES" ]; do
		read_df "$1" "$2"
		$matches && return
		read_statfs "$2"
		$matches && return
		try=$((try + 1))
	done
	matched=0
	tst_res TINFO "$2: df never agreed with a statfs snapshot next to it in $TRIES tries (usage changing?), comparing only what writes cannot change"
}

check_blocks()
{
	agree -k "$1"
	check_statfs_sane "$1" || return
	size=$((blocks * frsize))
	reserved=$(((bfree - bavail) * frsize))
	if ! kib_is "$d_total" "$size"; then
		tst_res TFAIL "df -P -k $1: size $d_total KiB, statfs f_blocks $blocks * f_frsize $frsize is $((size / 1024)) KiB"
	elif [ "$matched" = 0 ]; then
		if kib_is $((d_used + d_avail)) $((size - reserved)); then
			tst_res TPASS "df -P -k $1: the size and used + available + reserved match statfs"
		else
			tst_res TFAIL "df -P -k $1: used $d_used + available $d_avail KiB, statfs size - reserved is $(((size - reserved) / 1024)) KiB"
		fi
	elif ! pct_is "$d_cap" $((blocks - bfree)) $((blocks - bfree + bavail)); then
		tst_res TFAIL "df -P -k $1: capacity $d_cap%, but statfs used / (used + available) is $(((blocks - bfree) * 100 / (blocks - bfree + bavail)))%"
	else
		tst_res TPASS "df -P -k $1: $d_total KiB, $d_used used, $d_avail available, $d_cap% match statfs"
	fi
	case $1 in
	"$d_mnt" | "$d_mnt"/*) ;;
	*) [ "$d_mnt" = / ] || tst_res TFAIL "df -P -k $1: mount point '$d_mnt' does not hold the path" ;;
	esac
}

check_inodes()
{
	agree -i "$1"
	check_statfs_sane "$1" || return
	if [ "$d_total" != "$files" ]; then
		tst_res TFAIL "df -P -i $1: $d_total inodes, statfs f_files $files"
	elif [ "$matched" = 0 ]; then
		tst_res TPASS "df -P -i $1: the inode count matches statfs"
	elif ! pct_is "$d_cap" $((files - ffree)) "$files"; then
		tst_res TFAIL "df -P -i $1: use $d_cap%, but statfs (f_files - f_ffree) / f_files is $(((files - ffree) * 100 / files))%"
	else
		tst_res TPASS "df -P -i $1: $d_total inodes, $d_used used, $d_avail free, $d_cap% match statfs"
	fi
}

setup()
{
	paths=$(pwd -P)
	while read -r dev mnt type rest; do
		case $mnt:$type in
		*:rootfs) ;;
		/:* | /dev:*) paths="$paths $mnt" ;;
		esac
	done < /proc/self/mounts
}

do_test()
{
	for path in $paths; do
		case $1 in
		1) check_blocks "$path" ;;
		2) check_inodes "$path" ;;
		esac
	done
}

# shellcheck source=/dev/null # found through PATH
. tst_test.sh
tst_run

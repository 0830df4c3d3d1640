#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2034 # the TST_* settings are read by tst_test.sh
#
# cpio (newc, the initramfs format) round trips: a tree of binary, empty,
# large and long-named files with modes and modification times, a
# symbolic link, a hard link pair and a FIFO comes back identical from an
# archive file, through a gzip pipe and through a named pipe. This
# exercises the kernel's file creation, linking, mode, timestamp, pipe
# and FIFO paths. No specific kernel fix.
TST_TESTFUNC=do_test
TST_CNT=3
TST_NEEDS_TMPDIR=1
TST_NEEDS_CMDS="cpio gzip find sort md5sum stat mkfifo dd cmp"
TST_SETUP=setup

setup()
{
	umask 022
	archive_tree_make src
}

fresh_dir()
{
	ROD rm -rf dst
	ROD mkdir dst
}

do_test()
{
	case $1 in
	1)
		fresh_dir
		ROD "(cd src && find . | cpio -o -H newc) > archive.cpio 2> /dev/null"
		ROD "(cd dst && cpio -i -d -m) < archive.cpio 2> /dev/null"
		archive_tree_check src dst "cpio to a file and back"
		;;
	2)
		fresh_dir
		ROD "(cd src && find . | cpio -o -H newc 2> /dev/null) | gzip -c | gzip -dc | (cd dst && cpio -i -d -m 2> /dev/null)"
		archive_tree_check src dst "cpio through a gzip pipe"
		;;
	3)
		fresh_dir
		ROD mkfifo pipe
		(cd src && find . | cpio -o -H newc > ../pipe 2> /dev/null) &
		# cpio stops reading at the trailer: drain the block padding
		# so the writer gets no SIGPIPE.
		ROD "(cd dst && cpio -i -d -m && cat > /dev/null) < pipe 2> /dev/null"
		wait $! || tst_brk TBROK "cpio -o into the named pipe failed: exit status $?"
		archive_tree_check src dst "cpio through a named pipe"
		;;
	esac
}

# shellcheck source=/dev/null # found through PATH
. tst_test.sh
# shellcheck source=/dev/null # found through PATH
. archive_tree.sh
tst_run

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2034 # the TST_* settings are read by tst_test.sh
#
# tar round trips: a tree of binary, empty, large and long-named files
# with modes and modification times, a symbolic link, a hard link pair
# and a FIFO comes back identical from an archive file, through a gzip
# pipe and through a named pipe. This exercises the kernel's file
# creation, linking, mode, timestamp, pipe and FIFO paths the way every
# distribution's packaging does. No specific kernel fix.
TST_TESTFUNC=do_test
TST_CNT=3
TST_NEEDS_TMPDIR=1
TST_NEEDS_CMDS="tar gzip find sort md5sum stat mkfifo dd cmp"
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
		ROD tar cf archive.tar -C src .
		ROD tar xpf archive.tar -C dst
		archive_tree_check src dst "tar to a file and back"
		;;
	2)
		fresh_dir
		ROD "tar cf - -C src . | gzip -c | gzip -dc | tar xpf - -C dst"
		archive_tree_check src dst "tar through a gzip pipe"
		;;
	3)
		fresh_dir
		ROD mkfifo pipe
		tar cf pipe -C src . &
		# tar stops reading at the end-of-archive blocks: drain the
		# record padding so the writer gets no SIGPIPE.
		ROD "{ tar xpf - -C dst && cat > /dev/null; } < pipe"
		wait $! || tst_brk TBROK "tar cf into the named pipe failed: exit status $?"
		archive_tree_check src dst "tar through a named pipe"
		;;
	esac
}

# shellcheck source=/dev/null # found through PATH
. tst_test.sh
# shellcheck source=/dev/null # found through PATH
. archive_tree.sh
tst_run

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The old inotify_init() without flags (glibc may build it on
 * inotify_init1(), so it is made with syscall()): an
 * "anon_inode:inotify" descriptor, read-only, neither O_NONBLOCK nor
 * FD_CLOEXEC, that works: with a watch on a directory, creating a file
 * in it queues IN_CREATE with the file's name and the watch descriptor;
 * each call gives an independent instance (a watch on one reports
 * nothing on the other). EMFILE when the descriptor table is full.
 */
#include <string.h>
#include <poll.h>
#include "fd_checks.h"
#include "inotify_read.h"

static long sys_inotify_init(void)
{
	return syscall(__NR_inotify_init);
}

static void test_init(void)
{
	struct ino_event evs[INO_MAX_EVENTS];
	struct pollfd pfd;
	int fd, fd2, wd, n, fl;

	TST_EXP_FD(sys_inotify_init(), "inotify_init()");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	TST_EXP_EXPR(!strcmp(fd_link(fd), "anon_inode:inotify") &&
		     fd_accmode(fd) == O_RDONLY && fd_flags_are(fd, 0, 0),
		     "fd is '%s', read-only, without O_NONBLOCK and "
		     "FD_CLOEXEC", fd_link(fd));
	fd2 = sys_inotify_init();
	if (fd2 < 0)
		tst_brk(TBROK | TERRNO, "inotify_init()");

	SAFE_MKDIR("dir", 0755);
	wd = inotify_add_watch(fd, "dir", IN_CREATE);
	if (wd < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch()");
	n = SAFE_OPEN("dir/new", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(n);

	fl = fcntl(fd, F_GETFL);
	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	TST_EXP_EXPR(n == 1 && evs[0].wd == wd && evs[0].mask == IN_CREATE &&
		     !strcmp(evs[0].name, "new"), "one IN_CREATE for 'new' on "
		     "watch %d (%d events, first mask 0x%x name '%s')", wd, n,
		     n ? evs[0].mask : 0, n ? evs[0].name : "");
	pfd.fd = fd2;
	pfd.events = POLLIN;
	TST_EXP_VAL(poll(&pfd, 1, 0), 0, "the second instance saw nothing");
	SAFE_UNLINK("dir/new");
	SAFE_RMDIR("dir");
	SAFE_CLOSE(fd);
	SAFE_CLOSE(fd2);
}

static void test_emfile(void)
{
	FD_EXP_EMFILE(sys_inotify_init(), "inotify_init(), table full");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_init();
	else
		test_emfile();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

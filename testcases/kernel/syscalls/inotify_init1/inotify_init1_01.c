// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inotify_init1() gives a descriptor of an "anon_inode:inotify", open
 * O_RDONLY, with an empty queue: FIONREAD says 0 and read() with
 * IN_NONBLOCK fails with EAGAIN; without it, read() waits until another
 * process causes an event. IN_NONBLOCK and IN_CLOEXEC set O_NONBLOCK and
 * FD_CLOEXEC. Instances are separate: an event reaches only the one
 * watching. FIONREAD counts the bytes queued, and read() with a buffer too
 * small for the next event fails with EINVAL. Errors: EINVAL for other
 * flags, EMFILE at RLIMIT_NOFILE.
 */
#include <stdio.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include "time_event.h"
#include "task_wait.h"
#include "fd_checks.h"

static int queued(int fd)
{
	int n = -1;

	if (ioctl(fd, FIONREAD, &n))
		tst_brk(TBROK | TERRNO, "ioctl(FIONREAD)");
	return n;
}

static void test_flags(void)
{
	const char *link;
	char buf[256];
	int fd;

	TST_EXP_FD(inotify_init1(0), "inotify_init1(0)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	link = fd_link(fd);
	TST_EXP_EXPR(!strcmp(link, "anon_inode:inotify") &&
		     fd_accmode(fd) == O_RDONLY && fd_flags_are(fd, 0, 0),
		     "%s, O_RDONLY, blocking, no FD_CLOEXEC", link);
	TST_EXP_EQ_LI(queued(fd), 0);
	SAFE_CLOSE(fd);

	fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1(IN_NONBLOCK | "
			"IN_CLOEXEC)");
	TST_EXP_EXPR(fd_flags_are(fd, 1, 1),
		     "IN_NONBLOCK | IN_CLOEXEC: O_NONBLOCK and FD_CLOEXEC");
	TST_EXP_FAIL(read(fd, buf, sizeof(buf)), EAGAIN,
		     "read(empty IN_NONBLOCK instance)");
	SAFE_CLOSE(fd);
}

static void test_blocking_read(void)
{
	union {
		struct inotify_event ev;
		char buf[256];
	} u;
	int fd, wd, made;
	pid_t pid;

	fd = inotify_init1(0);
	wd = inotify_add_watch(fd, ".", IN_CREATE);
	if (fd < 0 || wd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1(), inotify_add_watch()");
	/*
	 * The child blocks and the parent watches it: under Yama's
	 * ptrace_scope 1 a task may read /proc/PID/syscall of its
	 * descendants only (so the test needs no root).
	 */
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_POSITIVE(read(fd, u.buf, sizeof(u.buf)), "read() waits "
				 "for the other process's create");
		if (TST_PASS) {
			TST_EXP_EXPR(u.ev.wd == wd && u.ev.mask == IN_CREATE &&
				     u.ev.len &&
				     !strcmp(u.ev.name, "made_by_parent"),
				     "IN_CREATE of \"made_by_parent\"");
		}
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_read);
	made = SAFE_OPEN("made_by_parent", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(made);
	reap_child(pid);
	SAFE_UNLINK("made_by_parent");
	SAFE_CLOSE(fd);
}

static void test_separate_and_fionread(void)
{
	struct inotify_event ev;
	int a, b, fd;

	a = inotify_init1(IN_NONBLOCK);
	b = inotify_init1(IN_NONBLOCK);
	if (a < 0 || b < 0 || inotify_add_watch(a, ".", IN_CREATE) < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1(), inotify_add_watch()");
	fd = SAFE_OPEN("file_with_a_name", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(fd);
	/* the name is padded; the record is larger than the bare header */
	TST_EXP_EXPR(queued(a) > (int)sizeof(ev), "FIONREAD of the watching "
		     "instance: %d bytes queued", queued(a));
	TST_EXP_EQ_LI(queued(b), 0);
	TST_EXP_FAIL(read(a, &ev, sizeof(ev)), EINVAL,
		     "read() with room for the header but not the name");
	TST_EXP_EXPR(queued(a) > (int)sizeof(ev), "the event stays queued");
	SAFE_UNLINK("file_with_a_name");
	SAFE_CLOSE(a);
	SAFE_CLOSE(b);
}

static void test_errors(void)
{
	static const int bad[] = {1, O_APPEND, O_RDWR, 1 << 30, -1};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		TST_EXP_FAIL(inotify_init1(bad[i]), EINVAL,
			     "inotify_init1(%#x)", bad[i]);
	FD_EXP_EMFILE(inotify_init1(0),
		      "inotify_init1() with no free descriptor");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_flags();
		break;
	case 1:
		test_blocking_read();
		break;
	case 2:
		test_separate_and_fionread();
		break;
	case 3:
		test_errors();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kcmp(2) errors:
 * - EBADF: KCMP_FILE with an index that is no open descriptor, on either
 *   side;
 * - EINVAL: an unknown type (KCMP_TYPES, -1);
 * - ESRCH: a pid no process has, as the first or the second pid;
 * - EPERM: an unprivileged caller comparing with a process of another
 *   user (root's), which it may not inspect; with itself it may;
 * - KCMP_EPOLL_TFD (idx2 points to a struct kcmp_epoll_slot), against a
 *   pipe end that the epoll instance watches (the same file: 0): EFAULT
 *   for a slot pointer the kernel cannot read, ENOENT for a target that
 *   is open but not in the epoll set and for the watched one at offset
 *   1 (the set holds it once), EINVAL for an efd that is no epoll
 *   instance, EBADF for an efd that is not open.
 */
#include <stdlib.h>
#include <sys/epoll.h>
#include <linux/kcmp.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "task_wait.h"
#include "as_nobody.h"

static int fd = -1, closed_fd;
static pid_t root_pid;
static void *bad_addr;

static long sys_kcmp(pid_t p1, pid_t p2, int type, unsigned long i1,
		     unsigned long i2)
{
	return tst_syscall(__NR_kcmp, p1, p2, type, i1, i2);
}

static void as_nobody(void)
{
	pid_t me = getpid();

	TST_EXP_FAIL(sys_kcmp(me, root_pid, KCMP_VM, 0, 0), EPERM,
		     "kcmp(self, root's process, KCMP_VM) as nobody");
	TST_EXP_FAIL(sys_kcmp(root_pid, me, KCMP_FILES, 0, 0), EPERM,
		     "kcmp(root's process, self, KCMP_FILES) as nobody");
	TST_EXP_VAL(sys_kcmp(me, me, KCMP_VM, 0, 0), 0,
		    "kcmp(self, self, KCMP_VM) as nobody");
}

static void check_epoll_tfd(pid_t me)
{
	struct epoll_event ev = { .events = EPOLLIN };
	struct kcmp_epoll_slot slot = { 0 };
	int epfd = epoll_create1(0), p[2], gone;

	if (epfd < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
	SAFE_PIPE(p);
	if (epoll_ctl(epfd, EPOLL_CTL_ADD, p[0], &ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(EPOLL_CTL_ADD)");
	slot.efd = epfd;
	slot.tfd = p[0];
	TST_EXP_VAL(sys_kcmp(me, me, KCMP_EPOLL_TFD, p[0],
			     (unsigned long)&slot), 0,
		    "kcmp(KCMP_EPOLL_TFD) of the watched pipe end");
	TST_EXP_FAIL(sys_kcmp(me, me, KCMP_EPOLL_TFD, p[0],
			      (unsigned long)bad_addr), EFAULT,
		     "kcmp(KCMP_EPOLL_TFD) with an unreadable slot");
	slot.tfd = p[1];
	TST_EXP_FAIL(sys_kcmp(me, me, KCMP_EPOLL_TFD, p[0],
			      (unsigned long)&slot), ENOENT,
		     "kcmp(KCMP_EPOLL_TFD), target fd open but not watched");
	slot.tfd = p[0];
	slot.toff = 1;
	TST_EXP_FAIL(sys_kcmp(me, me, KCMP_EPOLL_TFD, p[0],
			      (unsigned long)&slot), ENOENT,
		     "kcmp(KCMP_EPOLL_TFD), watched fd at offset 1");
	slot.toff = 0;
	slot.efd = p[1];
	TST_EXP_FAIL(sys_kcmp(me, me, KCMP_EPOLL_TFD, p[0],
			      (unsigned long)&slot), EINVAL,
		     "kcmp(KCMP_EPOLL_TFD), efd a pipe, no epoll instance");
	/* The lowest free number now: closed_fd may be one of ours. */
	gone = dup(p[1]);
	if (gone < 0)
		tst_brk(TBROK | TERRNO, "dup()");
	slot.efd = gone;
	SAFE_CLOSE(gone);
	TST_EXP_FAIL(sys_kcmp(me, me, KCMP_EPOLL_TFD, p[0],
			      (unsigned long)&slot), EBADF,
		     "kcmp(KCMP_EPOLL_TFD), efd not open");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
	SAFE_CLOSE(epfd);
}

static void run(void)
{
	pid_t me = getpid(), none = unused_pid();

	TST_EXP_FAIL(sys_kcmp(me, me, KCMP_FILE, closed_fd, fd), EBADF,
		     "kcmp(KCMP_FILE, closed fd, fd)");
	TST_EXP_FAIL(sys_kcmp(me, me, KCMP_FILE, fd, closed_fd), EBADF,
		     "kcmp(KCMP_FILE, fd, closed fd)");
	TST_EXP_FAIL(sys_kcmp(me, me, KCMP_TYPES, 0, 0), EINVAL,
		     "kcmp(type KCMP_TYPES)");
	TST_EXP_FAIL(sys_kcmp(me, me, -1, 0, 0), EINVAL, "kcmp(type -1)");
	TST_EXP_FAIL(sys_kcmp(none, me, KCMP_VM, 0, 0), ESRCH,
		     "kcmp(unused pid %d, self)", (int)none);
	TST_EXP_FAIL(sys_kcmp(me, none, KCMP_VM, 0, 0), ESRCH,
		     "kcmp(self, unused pid %d)", (int)none);
	check_epoll_tfd(me);
	root_pid = me;
	run_in_nobody_child(as_nobody, "the EPERM checks");
}

static void setup(void)
{
	fd = SAFE_OPEN("/dev/null", O_RDONLY);
	bad_addr = fsm_bad_addr();
	closed_fd = SAFE_OPEN("/dev/null", O_RDONLY);
	if (close(closed_fd))
		tst_brk(TBROK | TERRNO, "close()");
	sys_kcmp(getpid(), getpid(), KCMP_VM, 0, 0);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

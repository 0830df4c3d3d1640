// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * close_range(2) acts on exactly the fds in [first, last]:
 * - flags 0 closes them and leaves first - 1 and last + 1 open; fds that
 *   were not open inside the range are fine; last ~0U reaches every fd;
 * - CLOSE_RANGE_CLOEXEC leaves them open with FD_CLOEXEC set, and the
 *   fds around the range without it;
 * - CLOSE_RANGE_UNSHARE in a task sharing the fd table (clone with
 *   CLONE_FILES) first gives the task a private copy: the range goes in
 *   the copy only, the other task keeps its fds; without the flag the
 *   shared table is changed for both;
 * - CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC keeps every fd of the range
 *   in the private copy, close-on-exec (fec8a6a69103; up to ~0U without
 *   crashing, 9b5b872215fe).
 */
#include <fcntl.h>
#include <linux/close_range.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "fileio.h"

#define NFDS 6
#define STACK_SIZE (256 * 1024)

static int base;

/* The raw call: glibc older than 2.34 has no wrapper. */
static int sys_close_range(unsigned int first, unsigned int last,
			   unsigned int flags)
{
	return tst_syscall(__NR_close_range, first, last, flags);
}

/* Open fds base .. base + NFDS - 1, leaving the slot base + 2 empty. */
static void open_fds(void)
{
	int i, fd = SAFE_OPEN("/dev/null", O_RDONLY);

	for (i = 0; i < NFDS; i++) {
		if (i != 2)
			SAFE_DUP2(fd, base + i);
	}
	SAFE_CLOSE(fd);
}

static void close_fds(void)
{
	int i;

	for (i = 0; i < NFDS; i++)
		close(base + i);
}

/* exp[i] for fd base + i: 0 closed, 1 open, 2 open with FD_CLOEXEC. */
static void check_fds(const char *exp, const char *desc)
{
	char got[NFDS + 1];
	int i, fl;

	for (i = 0; i < NFDS; i++) {
		fl = fcntl(base + i, F_GETFD);
		got[i] = fl < 0 ? '0' : (fl & FD_CLOEXEC) ? '2' : '1';
	}
	got[NFDS] = 0;
	TST_EXP_EXPR(!strcmp(got, exp), "%s: fds %d.. are %s (expected %s; "
		     "0 closed, 1 open, 2 close-on-exec)", desc, base, got,
		     exp);
}

static void test_local(void)
{
	open_fds();
	TST_EXP_PASS(sys_close_range(base + 1, base + 3, 0),
		     "close_range(base + 1, base + 3, 0)");
	check_fds("100011", "flags 0");
	close_fds();

	open_fds();
	TST_EXP_PASS(sys_close_range(base + 1, base + 4, CLOSE_RANGE_CLOEXEC),
		     "close_range(base + 1, base + 4, CLOSE_RANGE_CLOEXEC)");
	check_fds("120221", "CLOSE_RANGE_CLOEXEC");
	close_fds();

	open_fds();
	TST_EXP_PASS(sys_close_range(base + 3, ~0U, 0),
		     "close_range(base + 3, ~0U, 0)");
	check_fds("110000", "last ~0U");
	TST_EXP_EXPR(fio_fd_is_open(1), "stdout is still open");
	close_fds();
}

static unsigned int child_flags;

/* Runs in a task that shares the fd table with the test. */
static int child_fn(void *arg)
{
	(void)arg;
	if (sys_close_range(base + 1, child_flags & CLOSE_RANGE_CLOEXEC ?
			~0U : (unsigned int)base + 3, child_flags)) {
		tst_res(TFAIL | TERRNO, "close_range() flags %u in the child",
			child_flags);
		return 1;
	}
	if (child_flags == CLOSE_RANGE_UNSHARE)
		check_fds("100011", "in the child after UNSHARE");
	else if (child_flags & CLOSE_RANGE_UNSHARE)
		check_fds("120222", "in the child after UNSHARE | CLOEXEC");
	return 0;
}

static void run_shared(unsigned int flags, const char *exp, const char *desc)
{
	char *stack = SAFE_MALLOC(STACK_SIZE);
	pid_t pid;

	open_fds();
	child_flags = flags;
	pid = clone(child_fn, stack + STACK_SIZE, CLONE_FILES | SIGCHLD, NULL);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(CLONE_FILES)");
	reap_child(pid);
	check_fds(exp, desc);
	close_fds();
	free(stack);
}

static void run(void)
{
	test_local();
	run_shared(CLOSE_RANGE_UNSHARE, "110111",
		   "the test's fds after the child's UNSHARE");
	run_shared(CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC, "110111",
		   "the test's fds after the child's UNSHARE | CLOEXEC");
	run_shared(0, "100011", "the test's fds after the child's flags 0");
}

static void setup(void)
{
	int fd;

	/* Above every fd open now: the test may inherit some. */
	for (fd = 0; fd < 1024; fd++) {
		if (fio_fd_is_open(fd))
			base = fd + 1;
	}
	base += 10;
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "fec8a6a69103"},
		{"linux-git", "9b5b872215fe"},
		{}
	},
};

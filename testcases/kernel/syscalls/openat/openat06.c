// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * openat(2) errors of the file table and of leases, each with its exact
 * errno, the lowest free fd unchanged and nothing created, in the order
 * of fs/open.c do_sys_openat2() of 6.1 and 6.12 (the path is read, then
 * an fd is reserved, then the file is looked up and opened):
 * - EFAULT for an unreadable path, also with the fd table full;
 * - EMFILE with RLIMIT_NOFILE at the lowest free fd: for an existing
 *   file, for O_CREAT of a new name (not created), and for O_CREAT |
 *   O_EXCL of an existing name (EMFILE, not EEXIST);
 * - EWOULDBLOCK for O_NONBLOCK opens that would break a lease held on
 *   another open file of this process (fs/locks.c __break_lease()):
 *   O_WRONLY against a read lease, O_RDONLY against a write lease; the
 *   holder gets one SIGIO, and a read-only open beside a read lease
 *   succeeds without one.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "fd_checks.h"

static void *bad;
static volatile sig_atomic_t sigio_count;
static struct rlimit saved_nofile;
static int lowered;

#define BAD_PTR ((const char *)1)

enum mode { M_FULL, M_LEASE_RD, M_LEASE_WR, M_PLAIN };

static struct tcase {
	enum mode mode;
	const char *path;
	int flags;
	int exp_errno;		/* 0: must succeed */
	const char *desc;
} tcases[] = {
	{ M_PLAIN, BAD_PTR, O_RDONLY, EFAULT, "an unreadable path" },
	{ M_FULL, BAD_PTR, O_RDONLY, EFAULT,
	  "an unreadable path, fd table full" },
	{ M_FULL, "file", O_RDONLY, EMFILE, "an existing file, fd table full" },
	{ M_FULL, "new", O_WRONLY | O_CREAT, EMFILE,
	  "O_CREAT of a new name, fd table full" },
	{ M_FULL, "file", O_WRONLY | O_CREAT | O_EXCL, EMFILE,
	  "O_CREAT | O_EXCL of an existing name, fd table full" },
	{ M_LEASE_RD, "file", O_WRONLY | O_NONBLOCK, EWOULDBLOCK,
	  "O_WRONLY | O_NONBLOCK against a read lease" },
	{ M_LEASE_WR, "file", O_RDONLY | O_NONBLOCK, EWOULDBLOCK,
	  "O_RDONLY | O_NONBLOCK against a write lease" },
	{ M_LEASE_RD, "file", O_RDONLY | O_NONBLOCK, 0,
	  "O_RDONLY | O_NONBLOCK beside a read lease" },
};

static void on_sigio(int sig)
{
	(void)sig;
	sigio_count++;
}

static void try_open(struct tcase *tc, int free_fd)
{
	const char *path = tc->path == BAD_PTR ? bad : tc->path;
	struct stat st;

	if (!tc->exp_errno) {
		TST_EXP_FD(openat(AT_FDCWD, path, tc->flags, 0600),
			   "openat(%s)", tc->desc);
		if (TST_RET >= 0)
			SAFE_CLOSE(TST_RET);
		return;
	}
	TST_EXP_FAIL(openat(AT_FDCWD, path, tc->flags, 0600), tc->exp_errno,
		     "openat(%s)", tc->desc);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	/* room again for the fd that counts the free ones */
	if (lowered && setrlimit(RLIMIT_NOFILE, &saved_nofile))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE) back");
	TST_EXP_EQ_LI(lowest_free_fd(), free_fd);
	TST_EXP_FAIL(stat("new", &st), ENOENT, "\"new\" was not created");
}

/* In a child, so that a limit left lowered stays there. */
static void full_table(struct tcase *tc)
{
	int free_fd = lowest_free_fd();
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &saved_nofile))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_NOFILE)");
	rl.rlim_cur = free_fd;
	rl.rlim_max = saved_nofile.rlim_max;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, %d)",
			free_fd);
	lowered = 1;
	try_open(tc, free_fd);
	exit(0);
}

static void with_lease(struct tcase *tc)
{
	int lease = tc->mode == M_LEASE_RD ? F_RDLCK : F_WRLCK;
	int fd = SAFE_OPEN("file", lease == F_RDLCK ? O_RDONLY : O_RDWR);
	int free_fd = lowest_free_fd();

	if (fcntl(fd, F_SETLEASE, lease))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETLEASE, %s)",
			lease == F_RDLCK ? "F_RDLCK" : "F_WRLCK");
	sigio_count = 0;
	try_open(tc, free_fd);
	/* a signal to the caller itself arrives before the call returns */
	TST_EXP_EQ_LI(sigio_count, tc->exp_errno ? 1 : 0);
	if (fcntl(fd, F_SETLEASE, F_UNLCK))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETLEASE, F_UNLCK)");
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	pid_t pid;

	switch (tc->mode) {
	case M_FULL:
		pid = SAFE_FORK();
		if (!pid)
			full_table(tc);
		reap_child(pid);
		break;
	case M_PLAIN:
		try_open(tc, lowest_free_fd());
		break;
	default:
		with_lease(tc);
	}
}

static void setup(void)
{
	struct sigaction sa = { .sa_handler = on_sigio };

	bad = fsm_bad_addr();
	fsm_create_file("file", 0644, "data");
	if (sigaction(SIGIO, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGIO)");
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

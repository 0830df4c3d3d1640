// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clone() and clone3() EAGAIN at RLIMIT_NPROC (kernel/fork.c
 * copy_process() of 6.1 and 6.12: the new task is counted under the real
 * user first, then the count is compared with the limit, so the limit is
 * exceeded when the caller's user already has as many processes). The
 * caller drops to a uid of its own that only it runs as:
 * - clone3() and clone(SIGCHLD) at RLIMIT_NPROC 0 and 1 are EAGAIN, and
 *   no child was made;
 * - clone3() with CLONE_PIDFD at 1 is EAGAIN, the pidfd slot keeps its
 *   value and no descriptor was installed;
 * - at RLIMIT_NPROC 2 (one more process fits) each call makes a child,
 *   which exits 0; CLONE_PIDFD returns a descriptor.
 * Syscalls: clone, clone3
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "clone3_raw.h"

#define PIDFD_UNSET (-7)

enum call { C_CLONE3, C_CLONE, C_PIDFD };

static const char *const call_names[] = {
	[C_CLONE3] = "clone3()", [C_CLONE] = "clone(SIGCHLD)",
	[C_PIDFD] = "clone3(CLONE_PIDFD)",
};

static struct tcase {
	enum call call;
	rlim_t nproc;
	int exp_errno;
} tcases[] = {
	{ C_CLONE3, 0, EAGAIN },
	{ C_CLONE3, 1, EAGAIN },
	{ C_CLONE, 0, EAGAIN },
	{ C_CLONE, 1, EAGAIN },
	{ C_PIDFD, 1, EAGAIN },
	{ C_CLONE3, 2, 0 },
	{ C_CLONE, 2, 0 },
	{ C_PIDFD, 2, 0 },
};

static long do_call(enum call call, int *pidfd)
{
	struct clone3_args args = { .exit_signal = SIGCHLD };

	switch (call) {
	case C_PIDFD:
		args.flags = CLONE3_PIDFD;
		args.pidfd = PTR64(pidfd);
		/* fallthrough */
	case C_CLONE3:
		return clone3(&args, sizeof(args));
	case C_CLONE:
		/* No stack: the child runs on a copy of ours, like fork(). */
#ifdef __s390__
		return syscall(__NR_clone, 0, SIGCHLD, NULL, NULL, 0);
#else
		return syscall(__NR_clone, SIGCHLD, 0, NULL, NULL, 0);
#endif
	}
	return -1;
}

/* The lowest free descriptor. */
static int lowest_free_fd(void)
{
	int fd = SAFE_OPEN("/dev/null", O_RDONLY);

	SAFE_CLOSE(fd);
	return fd;
}

static void limited(const struct tcase *tc)
{
	struct rlimit rl = { tc->nproc, tc->nproc };
	int pidfd = PIDFD_UNSET, free_fd, status, err;
	long pid;

	if (setrlimit(RLIMIT_NPROC, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NPROC, %lu)",
			(unsigned long)tc->nproc);
	drop_to_own_uid();
	free_fd = lowest_free_fd();

	if (tc->exp_errno) {
		pid = do_call(tc->call, &pidfd);
		/* A child made against the limit leaves without reporting. */
		if (!pid)
			_exit(0);
		err = errno;
		TST_EXP_FAIL((errno = err, pid), tc->exp_errno,
			     "%s at RLIMIT_NPROC %lu", call_names[tc->call],
			     (unsigned long)tc->nproc);
		if (pid > 0)
			SAFE_WAITPID(pid, NULL, 0);
		TST_EXP_FAIL(waitpid(-1, NULL, WNOHANG), ECHILD,
			     "no child was made");
		if (tc->call == C_PIDFD) {
			TST_EXP_EQ_LI(pidfd, PIDFD_UNSET);
			TST_EXP_EQ_LI(lowest_free_fd(), free_fd);
		}
		exit(0);
	}

	pid = do_call(tc->call, &pidfd);
	if (!pid)
		_exit(0);
	TST_EXP_EXPR(pid > 0, "%s at RLIMIT_NPROC %lu made a child (%ld)",
		     call_names[tc->call], (unsigned long)tc->nproc, pid);
	if (pid < 0)
		exit(0);
	TST_EXP_EQ_LI(SAFE_WAITPID(pid, &status, 0), pid);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "the child exited 0");
	if (tc->call == C_PIDFD) {
		TST_EXP_EXPR(pidfd >= free_fd, "CLONE_PIDFD gave fd %d",
			     pidfd);
		if (pidfd >= 0)
			SAFE_CLOSE(pidfd);
	}
	exit(0);
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		limited(&tcases[n]);
	reap_child(pid);
}

static void setup(void)
{
	struct clone3_args args = { .flags = CLONE_PARENT_SETTID };

	/* TCONF before any result on kernels without clone3(). */
	clone3(&args, 0);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};

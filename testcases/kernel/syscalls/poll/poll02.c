// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll() errors: EINVAL for nfds above RLIMIT_NOFILE (nfds equal to it is
 * fine); EFAULT for an unmapped array; EINTR when a signal handler runs,
 * also one with SA_RESTART (poll is never restarted after a handler).
 */
#include <poll.h>
#include <sys/resource.h>
#include "time_event.h"
#include "task_wait.h"

#define NOFILE 64

static void *bad_addr;

static void test_nfds(void)
{
	struct pollfd fds[NOFILE + 1];
	struct rlimit rl = {NOFILE, NOFILE};
	unsigned int i;
	pid_t pid;

	for (i = 0; i < ARRAY_SIZE(fds); i++)
		fds[i] = (struct pollfd){.fd = -1, .events = POLLIN};
	pid = SAFE_FORK();
	if (!pid) {
		if (setrlimit(RLIMIT_NOFILE, &rl))
			tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE)");
		TST_EXP_VAL(poll(fds, NOFILE, 0), 0, "poll(nfds = "
			    "RLIMIT_NOFILE %d)", NOFILE);
		TST_EXP_FAIL(poll(fds, NOFILE + 1, 0), EINVAL,
			     "poll(nfds = RLIMIT_NOFILE + 1)");
		exit(0);
	}
	reap_child(pid);
}

static void test_efault(void)
{
	TST_EXP_FAIL(poll(bad_addr, 1, 0), EFAULT, "poll(unmapped array)");
	TST_EXP_FAIL(syscall(SYS_poll, NULL, 1, 0), EFAULT, "poll(NULL, 1)");
}

static void handler(int sig)
{
	(void)sig;
}

static void test_eintr(int sa_flags)
{
	struct pollfd pfd;
	int p[2];
	pid_t pid;

	SAFE_PIPE(p);
	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, handler, sa_flags);
		pfd = (struct pollfd){.fd = p[0], .events = POLLIN};
		TST_EXP_FAIL(syscall(SYS_poll, &pfd, 1, -1), EINTR,
			     "poll() interrupted by a handler (%s)",
			     sa_flags ? "SA_RESTART" : "no SA_RESTART");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_poll);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_nfds();
		break;
	case 1:
		test_efault();
		break;
	case 2:
		test_eintr(0);
		break;
	case 3:
		test_eintr(SA_RESTART);
		break;
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

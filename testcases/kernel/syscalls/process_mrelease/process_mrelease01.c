// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * process_mrelease() (mm/oom_kill.c) reaps the memory of a process that
 * is being killed:
 *
 * - A child that populated 16 MiB of anonymous memory is killed with
 *   SIGKILL and process_mrelease() is called on its pidfd at once: it
 *   returns 0 and the child's anonymous RSS drops (while /proc still shows
 *   its mm). To make sure the child has not left its mm yet, it runs as
 *   SCHED_IDLE on the caller's CPU, so waking it for the SIGKILL does not
 *   preempt the caller. ESRCH instead means the child got to exit first
 *   (it had no mm left): that attempt is retried with a new child, up to
 *   20 times.
 * - EINVAL: flags other than 0; the pidfd of a live process that is not
 *   exiting.
 * - ESRCH: a zombie (exited, not yet waited for) and a reaped child.
 * - EBADF: -1, and a descriptor that is not a pidfd.
 */
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "cpu_pin.h"
#include "pidfd_raw.h"
#include "task_wait.h"
#include "lapi/sched.h"

#define VICTIM_MB 16
#define ATTEMPTS 20

static long mrelease(int pidfd, unsigned int flags)
{
	return tst_syscall(__NR_process_mrelease, pidfd, flags);
}

/* RssAnon of a process in kB, -1 when /proc shows no mm (or no process). */
static long rss_anon_kb(pid_t pid)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "RssAnon:", 8)) {
			kb = strtol(line + 8, NULL, 10);
			break;
		}
	}
	fclose(f);
	return kb;
}

static void victim(int wfd)
{
	struct sched_param sp = { .sched_priority = 0 };
	size_t len = VICTIM_MB << 20;
	char *p;

	if (sched_setscheduler(0, SCHED_IDLE, &sp))
		tst_brk(TBROK | TERRNO, "sched_setscheduler(SCHED_IDLE)");
	p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(p, 0x11, len);
	SAFE_WRITE(1, wfd, "r", 1);
	for (;;)
		pause();
}

/* One attempt: 1 when process_mrelease() reaped, 0 when it came too late. */
static int attempt(int n)
{
	int pfd[2], pidfd, status, err;
	long before, after, ret;
	pid_t pid;
	char c;

	SAFE_PIPE(pfd);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(pfd[0]);
		victim(pfd[1]);
	}
	SAFE_CLOSE(pfd[1]);
	pidfd = safe_pidfd_open(pid);
	SAFE_READ(1, pfd[0], &c, 1);
	SAFE_CLOSE(pfd[0]);
	before = rss_anon_kb(pid);

	SAFE_KILL(pid, SIGKILL);
	TEST(mrelease(pidfd, 0));
	ret = TST_RET;
	err = TST_ERR;
	after = rss_anon_kb(pid);

	SAFE_WAITPID(pid, &status, 0);
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
		tst_brk(TBROK, "victim ended with status 0x%x", status);
	TST_EXP_FAIL(mrelease(pidfd, 0), ESRCH,
		     "process_mrelease(pidfd of the reaped victim)");
	SAFE_CLOSE(pidfd);

	if (ret == -1 && err == ESRCH) {
		tst_res(TINFO, "attempt %d: the victim left its mm first", n);
		return 0;
	}
	if (ret != 0) {
		tst_res(TFAIL, "process_mrelease(SIGKILLed victim) returned %ld "
			"(%s)", ret, tst_strerrno(err));
		return 1;
	}
	tst_res(TPASS, "process_mrelease(SIGKILLed victim) returned 0 "
		"(attempt %d)", n);
	if (after < 0)
		tst_res(TINFO, "the victim's mm was gone from /proc afterwards");
	else
		TST_EXP_EXPR(after < before / 2, "the victim's RssAnon dropped "
			     "from %ld kB to %ld kB", before, after);
	return 1;
}

static void test_killed(void)
{
	int n;

	pin_to_current_cpu();
	for (n = 1; n <= ATTEMPTS; n++) {
		if (attempt(n))
			return;
	}
	tst_res(TFAIL, "process_mrelease() of a just SIGKILLed victim found "
		"no mm in %d attempts", ATTEMPTS);
}

static void test_errors(void)
{
	int pidfd, fd;
	siginfo_t si;
	pid_t pid;

	TST_EXP_FAIL(mrelease(-1, 0), EBADF, "process_mrelease(-1)");
	fd = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(mrelease(fd, 0), EBADF, "process_mrelease(/dev/null)");
	SAFE_CLOSE(fd);

	pid = SAFE_FORK();
	if (!pid) {
		for (;;)
			pause();
	}
	pidfd = safe_pidfd_open(pid);
	TST_EXP_FAIL(mrelease(pidfd, 1), EINVAL,
		     "process_mrelease(flags 1)");
	TST_EXP_FAIL(mrelease(pidfd, 0), EINVAL,
		     "process_mrelease(a live child that is not exiting)");
	SAFE_KILL(pid, SIGTERM);
	if (waitid(P_PID, pid, &si, WEXITED | WNOWAIT))
		tst_brk(TBROK | TERRNO, "waitid(WNOWAIT)");
	TST_EXP_FAIL(mrelease(pidfd, 0), ESRCH,
		     "process_mrelease(a zombie child)");
	reap_child_killed(pid, SIGTERM);
	TST_EXP_FAIL(mrelease(pidfd, 0), ESRCH,
		     "process_mrelease(a reaped child)");
	SAFE_CLOSE(pidfd);
}

static void run(void)
{
	pid_t pid;

	test_errors();
	/* in a child: the CPU affinity it sets is its own */
	pid = SAFE_FORK();
	if (!pid) {
		test_killed();
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.min_mem_avail_mb = 64,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * restart_syscall(2):
 * - called directly, when no system call was interrupted (the restart
 *   block was just reset by a completed clock_nanosleep()), it runs
 *   do_no_restart_syscall() and fails with EINTR (kernel/signal.c);
 * - a relative clock_nanosleep() of 3 s interrupted by SIGSTOP and then
 *   continued by SIGCONT is restarted transparently through
 *   restart_syscall: it returns 0, not EINTR, and only after the whole
 *   3 s (the restart sleeps for the time that was left).
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"

#define SLEEP_S 3

static volatile int *sleeping;

static char proc_state(pid_t pid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return '?';
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return '?';
	buf[n] = 0;
	p = strrchr(buf, ')');
	return p && p[1] && p[2] ? p[2] : '?';
}

static long ts_diff_ms(struct timespec *a, struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1000 +
	       (b->tv_nsec - a->tv_nsec) / 1000000;
}

static void sleeper(void)
{
	struct timespec req = {.tv_sec = SLEEP_S}, rem, t0, t1;
	long ret;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	*sleeping = 1;
	ret = syscall(__NR_clock_nanosleep, CLOCK_MONOTONIC, 0, &req, &rem);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (ret)
		tst_res(TFAIL | TERRNO, "clock_nanosleep() stopped and "
			"continued returned %ld", ret);
	else
		tst_res(TPASS, "clock_nanosleep() stopped and continued "
			"returned 0");
	TST_EXP_EXPR(ts_diff_ms(&t0, &t1) >= SLEEP_S * 1000,
		     "the restarted sleep lasted %ld ms (>= %d ms)",
		     ts_diff_ms(&t0, &t1), SLEEP_S * 1000);
	exit(0);
}

static void run(void)
{
	struct timespec zero = {0, 0};
	int status;
	pid_t pid;

	TST_EXP_PASS(syscall(__NR_clock_nanosleep, CLOCK_MONOTONIC, 0, &zero,
			     NULL), "clock_nanosleep(0 ns)");
	TST_EXP_FAIL(tst_syscall(__NR_restart_syscall), EINTR,
		     "restart_syscall() with nothing to restart");

	*sleeping = 0;
	pid = SAFE_FORK();
	if (!pid)
		sleeper();
	while (!*sleeping || proc_state(pid) != 'S')
		usleep(1000);
	SAFE_KILL(pid, SIGSTOP);
	SAFE_WAITPID(pid, &status, WUNTRACED);
	if (!WIFSTOPPED(status))
		tst_brk(TBROK, "child not stopped: status %#x", status);
	SAFE_KILL(pid, SIGCONT);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "sleeping child ended with status %#x", status);
}

static void setup(void)
{
	sleeping = SAFE_MMAP(NULL, sizeof(int), PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
};

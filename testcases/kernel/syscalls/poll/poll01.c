// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll() reports in revents what each descriptor is ready for and returns
 * how many have a non-zero revents: POLLIN for a pipe with data, POLLOUT
 * for a pipe with room, POLLHUP for a read end whose writers are gone,
 * POLLERR for a write end whose readers are gone, POLLNVAL for a
 * descriptor not open. POLLHUP, POLLERR and POLLNVAL come even when not
 * asked for; events not asked for otherwise do not; a negative fd is
 * skipped (revents 0). Timeout 0 returns at once, a positive timeout waits
 * at least that long when nothing is ready (also with nfds 0), -1 waits
 * until another process makes a descriptor ready.
 */
#include <poll.h>
#include "time_event.h"
#include "task_wait.h"

static void test_revents(void)
{
	struct pollfd fds[6];
	int data[2], empty[2], hup[2], err[2], tmp, closed;

	SAFE_PIPE(data);
	SAFE_PIPE(empty);
	SAFE_PIPE(hup);
	SAFE_PIPE(err);
	SAFE_WRITE(1, data[1], "x", 1);
	SAFE_CLOSE(hup[1]);
	SAFE_CLOSE(err[0]);
	tmp = SAFE_OPEN("/dev/null", O_RDONLY);
	closed = tmp;
	SAFE_CLOSE(tmp);

	fds[0] = (struct pollfd){.fd = data[0], .events = POLLIN | POLLOUT};
	fds[1] = (struct pollfd){.fd = empty[0], .events = POLLIN};
	fds[2] = (struct pollfd){.fd = empty[1], .events = POLLOUT};
	fds[3] = (struct pollfd){.fd = hup[0], .events = 0};
	fds[4] = (struct pollfd){.fd = err[1], .events = 0};
	fds[5] = (struct pollfd){.fd = closed, .events = POLLIN};
	TST_EXP_VAL(poll(fds, 6, 0), 5, "poll() of 6 descriptors, 5 with "
		    "something to report");
	TST_EXP_EXPR(fds[0].revents == POLLIN, "pipe with data: POLLIN only, "
		     "no POLLOUT on a read end (%#x)", fds[0].revents);
	TST_EXP_EXPR(fds[1].revents == 0, "empty pipe: nothing (%#x)",
		     fds[1].revents);
	TST_EXP_EXPR(fds[2].revents == POLLOUT, "write end with room: POLLOUT "
		     "(%#x)", fds[2].revents);
	TST_EXP_EXPR(fds[3].revents == POLLHUP, "read end without writers: "
		     "POLLHUP without asking (%#x)", fds[3].revents);
	TST_EXP_EXPR(fds[4].revents == POLLERR, "write end without readers: "
		     "POLLERR without asking (%#x)", fds[4].revents);
	TST_EXP_EXPR(fds[5].revents == POLLNVAL, "descriptor not open: "
		     "POLLNVAL (%#x)", fds[5].revents);

	fds[1].fd = -fds[1].fd - 1;
	fds[1].revents = 0x7fff;
	fds[0].fd = -1;
	fds[0].revents = 0x7fff;
	TST_EXP_VAL(poll(fds, 2, 0), 0, "poll() of negative descriptors");
	TST_EXP_EXPR(fds[0].revents == 0 && fds[1].revents == 0,
		     "their revents are cleared");

	SAFE_CLOSE(data[0]);
	SAFE_CLOSE(data[1]);
	SAFE_CLOSE(empty[0]);
	SAFE_CLOSE(empty[1]);
	SAFE_CLOSE(hup[0]);
	SAFE_CLOSE(err[1]);
}

static void test_timeouts(void)
{
	struct pollfd pfd;
	long long start, waited;
	int p[2];
	pid_t pid;

	SAFE_PIPE(p);
	pfd = (struct pollfd){.fd = p[0], .events = POLLIN};
	TST_EXP_VAL(poll(&pfd, 1, 0), 0, "poll(timeout 0), nothing ready");

	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(poll(&pfd, 1, 50), 0, "poll(timeout 50 ms), nothing "
		    "ready");
	waited = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(waited >= 50 * NSEC_PER_MSEC, "it waited %lld ns >= "
		     "50 ms", waited);

	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(poll(NULL, 0, 30), 0, "poll(NULL, 0, 30 ms)");
	waited = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(waited >= 30 * NSEC_PER_MSEC, "it waited %lld ns >= "
		     "30 ms", waited);

	pid = SAFE_FORK();
	if (!pid) {
		wait_task_in_syscall(getppid(), __NR_poll);
		SAFE_WRITE(1, p[1], "x", 1);
		exit(0);
	}
	TST_EXP_VAL(syscall(SYS_poll, &pfd, 1, -1), 1, "poll(timeout -1) "
		    "woken by another process's write");
	TST_EXP_EQ_LI(pfd.revents, POLLIN);
	reap_child(pid);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_revents();
	else
		test_timeouts();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.forks_child = 1,
};

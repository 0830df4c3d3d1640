// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pipe wake-ups reach every task that must wake, not just one (the
 * pipe's waits are exclusive since 0ddad21d3e99, which made these easy
 * to get wrong):
 *  - one write of R + P bytes with R readers blocked in read() of one
 *    byte and P tasks blocked in poll(POLLIN): every reader gets a byte,
 *    every poller sees POLLIN, and P bytes stay in the pipe;
 *  - the last writer closing: every reader blocked in read() returns 0;
 *  - the last reader closing: every writer blocked on a full pipe fails
 *    with EPIPE (SIGPIPE ignored);
 *  - a reader draining a full pipe: every blocked writer completes.
 * A task left asleep 10 s (times LTP_TIMEOUT_MUL) after the event fails
 * the test. The close cases hung before 6551d5c56eb0.
 *
 * Fixed by 6551d5c56eb0 ("pipe: make sure to wake up everybody when the
 * last reader/writer closes").
 */
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include "task_wait.h"

#define TASKS 5

static int fds[2] = { -1, -1 };
static long pipe_size;

/* Wait for every child, each within the bound; kill and fail a sleeper. */
static void reap_all(pid_t *pids, int n, const char *what)
{
	long long deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	int i, left = n, status;
	pid_t ret;

	while (left) {
		for (i = 0; i < n; i++) {
			if (!pids[i])
				continue;
			ret = waitpid(pids[i], &status, WNOHANG);
			if (ret < 0)
				tst_brk(TBROK | TERRNO, "waitpid(%d)", pids[i]);
			if (!ret)
				continue;
			if (WIFSIGNALED(status) || WEXITSTATUS(status) &
			    ~(TFAIL | TBROK | TWARN | TCONF))
				tst_res(TBROK, "child %d ended with status %#x",
					pids[i], status);
			pids[i] = 0;
			left--;
		}
		if (left && task_wait_now_ms() > deadline) {
			tst_res(TFAIL, "%s: %d of %d tasks still asleep",
				what, left, n);
			for (i = 0; i < n; i++) {
				if (pids[i]) {
					SAFE_KILL(pids[i], SIGKILL);
					SAFE_WAITPID(pids[i], &status, 0);
					pids[i] = 0;
				}
			}
			return;
		}
		usleep(1000);
	}
	tst_res(TPASS, "%s: all %d tasks woke", what, n);
}

static void reader(int exp)
{
	char c;

	SAFE_CLOSE(fds[1]);
	TEST(read(fds[0], &c, 1));
	if (TST_RET != exp)
		tst_res(TFAIL | TTERRNO, "read() returned %ld, expected %d",
			TST_RET, exp);
	exit(0);
}

static void poller(void)
{
	struct pollfd pfd = { .fd = fds[0], .events = POLLIN };

	SAFE_CLOSE(fds[1]);
	TEST(poll(&pfd, 1, -1));
	if (TST_RET != 1 || pfd.revents != POLLIN)
		tst_res(TFAIL | TTERRNO, "poll() returned %ld, revents %#x, "
			"expected 1, POLLIN", TST_RET, pfd.revents);
	exit(0);
}

static void writer(int exp_errno)
{
	char c = 'w';

	SAFE_CLOSE(fds[0]);
	TEST(write(fds[1], &c, 1));
	if (exp_errno ? TST_RET != -1 || TST_ERR != exp_errno : TST_RET != 1)
		tst_res(TFAIL | TTERRNO, "write() returned %ld, expected %s",
			TST_RET, exp_errno ? tst_strerrno(exp_errno) : "1");
	exit(0);
}

static void new_pipe(void)
{
	SAFE_PIPE(fds);
	pipe_size = fcntl(fds[1], F_GETPIPE_SZ);
	if (pipe_size <= 0)
		tst_brk(TBROK | TERRNO, "F_GETPIPE_SZ");
}

static void fill_pipe(void)
{
	char *buf = SAFE_MALLOC(pipe_size);
	int fl = fcntl(fds[1], F_GETFL);

	memset(buf, 'f', pipe_size);
	fcntl(fds[1], F_SETFL, fl | O_NONBLOCK);
	SAFE_WRITE(1, fds[1], buf, pipe_size);
	if (write(fds[1], buf, 1) != -1 || errno != EAGAIN)
		tst_brk(TBROK, "the pipe is not full after %ld bytes",
			pipe_size);
	fcntl(fds[1], F_SETFL, fl);
	free(buf);
}

static void test_write_wakes_all(void)
{
	pid_t pids[2 * TASKS];
	char buf[2 * TASKS];
	int i, left = -1;

	new_pipe();
	for (i = 0; i < 2 * TASKS; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			if (i < TASKS)
				reader(1);
			poller();
		}
		wait_task_in_syscall(pids[i], i < TASKS ? __NR_read :
				     __NR_poll);
	}
	memset(buf, 'd', sizeof(buf));
	SAFE_WRITE(1, fds[1], buf, sizeof(buf));
	reap_all(pids, 2 * TASKS, "one write, 5 readers and 5 pollers");
	ioctl(fds[0], FIONREAD, &left);
	TST_EXP_EQ_LI(left, TASKS);
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void test_close_writer(void)
{
	pid_t pids[TASKS];
	int i;

	new_pipe();
	for (i = 0; i < TASKS; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			reader(0);
		wait_task_in_syscall(pids[i], __NR_read);
	}
	SAFE_CLOSE(fds[1]);
	reap_all(pids, TASKS, "last writer closed, readers get EOF");
	SAFE_CLOSE(fds[0]);
}

static void test_writers(int close_reader)
{
	pid_t pids[TASKS];
	char *buf;
	int i;

	new_pipe();
	fill_pipe();
	for (i = 0; i < TASKS; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			writer(close_reader ? EPIPE : 0);
		wait_task_in_syscall(pids[i], __NR_write);
	}
	SAFE_CLOSE(fds[1]);
	if (close_reader) {
		SAFE_CLOSE(fds[0]);
		reap_all(pids, TASKS, "last reader closed, writers get EPIPE");
		return;
	}
	buf = SAFE_MALLOC(pipe_size);
	SAFE_READ(1, fds[0], buf, pipe_size);
	reap_all(pids, TASKS, "the pipe drained, writers complete");
	TST_EXP_VAL(read(fds[0], buf, pipe_size), TASKS,
		    "read() of the blocked writers' bytes");
	free(buf);
	SAFE_CLOSE(fds[0]);
}

static void run(void)
{
	test_write_wakes_all();
	test_close_writer();
	test_writers(1);
	test_writers(0);
}

static void setup(void)
{
	signal(SIGPIPE, SIG_IGN);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "6551d5c56eb0"},
		{}
	},
};

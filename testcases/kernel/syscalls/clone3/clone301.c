// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clone3() without a stack behaves like fork() and honours its arguments:
 * the oldest structure size (64 bytes) works, and a larger one whose extra
 * bytes are zero is accepted; exit_signal is the signal the parent gets
 * (SIGUSR1 with si_code CLD_EXITED, si_pid and si_status; or none at all),
 * and a child with a signal other than SIGCHLD is a "clone" child that
 * only __WCLONE/__WALL waits see; CLONE_PIDFD stores a close-on-exec
 * pidfd for the child that polls readable once it exits;
 * CLONE_PARENT_SETTID stores the pid in the parent; CLONE_CLEAR_SIGHAND
 * resets handled signals to SIG_DFL in the child but keeps ignored ones.
 */
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include "clone3_raw.h"

/* Large enough to carry a tail past every known field. */
static union {
	struct clone3_args args;
	char bytes[256];
} buf;

static void handler(int sig)
{
	(void)sig;
}

static pid_t do_clone3(size_t size)
{
	long pid = clone3(&buf, size);

	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone3(flags 0x%llx, size %zu)",
			(unsigned long long)buf.args.flags, size);
	return pid;
}

static void check_exit(pid_t pid, int options, int code, const char *what)
{
	int status;

	if (waitpid(pid, &status, options) != pid)
		tst_brk(TBROK | TERRNO, "waitpid(%d, 0x%x)", pid, options);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == code,
		     "%s (child status 0x%x)", what, status);
}

static void test_sizes(void)
{
	pid_t parent = getpid(), pid;

	memset(&buf, 0, sizeof(buf));
	buf.args.exit_signal = SIGCHLD;
	pid = do_clone3(CLONE_ARGS_VER0);
	if (!pid)
		_exit(getppid() == parent ? 0 : 1);
	check_exit(pid, 0, 0, "clone3() of a 64-byte struct forks a child");

	pid = do_clone3(sizeof(buf));
	if (!pid)
		_exit(getppid() == parent ? 0 : 1);
	check_exit(pid, 0, 0, "clone3() of a 256-byte struct, zero tail");
}

static void test_exit_signal(void)
{
	struct timespec ts = {.tv_sec = 10 * tst_timeout_mul()};
	sigset_t set, old;
	siginfo_t si;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &set, &old))
		tst_brk(TBROK | TERRNO, "sigprocmask()");

	memset(&buf, 0, sizeof(buf));
	buf.args.exit_signal = SIGUSR1;
	pid = do_clone3(CLONE_ARGS_VER0);
	if (!pid)
		_exit(7);
	sigdelset(&set, SIGCHLD);
	if (sigtimedwait(&set, &si, &ts) != SIGUSR1)
		tst_brk(TBROK | TERRNO, "sigtimedwait(SIGUSR1)");
	TST_EXP_EXPR(si.si_pid == pid && si.si_code == CLD_EXITED &&
		     si.si_status == 7,
		     "exit_signal SIGUSR1: si_pid %d (child %d), si_code %d "
		     "(CLD_EXITED %d), si_status %d", si.si_pid, pid,
		     si.si_code, CLD_EXITED, si.si_status);
	TST_EXP_FAIL(waitpid(pid, NULL, WNOHANG), ECHILD,
		     "a plain waitpid() ignores a child with exit signal "
		     "SIGUSR1");
	check_exit(pid, __WCLONE, 7, "waitpid(__WCLONE) reaps it");

	/* exit_signal 0: no signal; SIGCHLD stays blocked to see that */
	memset(&buf, 0, sizeof(buf));
	pid = do_clone3(CLONE_ARGS_VER0);
	if (!pid)
		_exit(3);
	check_exit(pid, __WALL, 3, "exit_signal 0: waitpid(__WALL) reaps it");
	if (sigpending(&set))
		tst_brk(TBROK | TERRNO, "sigpending()");
	TST_EXP_EXPR(!sigismember(&set, SIGCHLD) && !sigismember(&set, SIGUSR1),
		     "exit_signal 0: no signal sent to the parent");
	if (sigprocmask(SIG_SETMASK, &old, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
}

static void test_pidfd(void)
{
	int pidfd = -1, parent_tid = 0, fdflags, ret;
	struct pollfd pfd;
	char path[64];
	long fdinfo_pid = 0;
	FILE *f;
	char line[128];
	pid_t pid;

	memset(&buf, 0, sizeof(buf));
	buf.args.flags = CLONE3_PIDFD | CLONE_PARENT_SETTID;
	buf.args.pidfd = PTR64(&pidfd);
	buf.args.parent_tid = PTR64(&parent_tid);
	buf.args.exit_signal = SIGCHLD;
	pid = do_clone3(CLONE_ARGS_VER0);
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		_exit(0);
	}
	TST_EXP_EXPR(parent_tid == pid, "CLONE_PARENT_SETTID stored %d, "
		     "clone3() returned %d", parent_tid, pid);
	fdflags = fcntl(pidfd, F_GETFD);
	TST_EXP_EXPR(fdflags >= 0 && (fdflags & FD_CLOEXEC),
		     "CLONE_PIDFD stored fd %d, open and close-on-exec", pidfd);

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", pidfd);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f))
		sscanf(line, "Pid: %ld", &fdinfo_pid);
	if (f)
		fclose(f);
	TST_EXP_EXPR(fdinfo_pid == pid, "fdinfo of the pidfd says Pid %ld, "
		     "child is %d", fdinfo_pid, pid);

	pfd.fd = pidfd;
	pfd.events = POLLIN;
	ret = poll(&pfd, 1, 0);
	TST_EXP_EXPR(ret == 0, "pidfd not readable while the child runs "
		     "(poll() %d)", ret);
	TST_CHECKPOINT_WAKE(0);
	ret = poll(&pfd, 1, 10000 * tst_timeout_mul());
	TST_EXP_EXPR(ret == 1 && (pfd.revents & POLLIN),
		     "pidfd readable after the child exited (poll() %d, "
		     "revents 0x%x)", ret, pfd.revents);
	check_exit(pid, 0, 0, "the pidfd's child is reaped by waitpid()");
	SAFE_CLOSE(pidfd);
}

static void test_clear_sighand(void)
{
	struct sigaction sa = {.sa_handler = handler}, got1, got2;
	pid_t pid;

	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
	sa.sa_handler = SIG_IGN;
	if (sigaction(SIGUSR2, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR2, SIG_IGN)");

	memset(&buf, 0, sizeof(buf));
	buf.args.flags = CLONE3_CLEAR_SIGHAND;
	buf.args.exit_signal = SIGCHLD;
	pid = do_clone3(CLONE_ARGS_VER0);
	if (!pid) {
		sigaction(SIGUSR1, NULL, &got1);
		sigaction(SIGUSR2, NULL, &got2);
		_exit((got1.sa_handler == SIG_DFL ? 0 : 1) |
		      (got2.sa_handler == SIG_IGN ? 0 : 2));
	}
	check_exit(pid, 0, 0, "CLONE_CLEAR_SIGHAND: handler reset to SIG_DFL,"
		   " SIG_IGN kept (exit 1: handler kept, 2: SIG_IGN lost)");
	signal(SIGUSR1, SIG_DFL);
	signal(SIGUSR2, SIG_DFL);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_sizes();
		break;
	case 1:
		test_exit_signal();
		break;
	case 2:
		test_pidfd();
		break;
	case 3:
		test_clear_sighand();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

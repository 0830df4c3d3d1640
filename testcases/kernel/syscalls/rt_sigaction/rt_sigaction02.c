// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Actions that change how system calls and children behave: a read()
 * interrupted by a handled signal is restarted with SA_RESTART (it returns
 * the data written after the handler ran) and fails with EINTR without
 * it. Setting SIG_IGN discards a pending signal, and an ignored SIGTERM
 * leaves the process alive. With SA_NOCLDWAIT (or SIGCHLD ignored)
 * children leave no zombie: wait() blocks until they are gone, then fails
 * with ECHILD. With SA_NOCLDSTOP a stopping child sends no SIGCHLD, its
 * exit still does; without it the stop sends CLD_STOPPED.
 */
#include <signal.h>
#include <stdlib.h>
#include "task_wait.h"

static volatile int *handled;	/* shared with the children */

static void handler(int sig)
{
	(void)sig;
	(*handled)++;
}

static void reader(int fd, int restart)
{
	struct sigaction sa = {.sa_handler = handler,
			       .sa_flags = restart ? SA_RESTART : 0};
	char c = 0;
	sigset_t usr1;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if (sigaction(SIGUSR1, &sa, NULL) ||
	    sigprocmask(SIG_UNBLOCK, &usr1, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1), unblocking it");
	TST_CHECKPOINT_WAKE(0);
	if (restart) {
		TST_EXP_VAL(read(fd, &c, 1), 1, "read() with SA_RESTART "
			    "resumed after the handler");
		TST_EXP_EXPR(c == 'x' && *handled == 1, "and returned the "
			     "data written later (handler ran %d time)",
			     *handled);
	} else {
		TST_EXP_FAIL(read(fd, &c, 1), EINTR, "read() without "
			     "SA_RESTART interrupted by a handled signal");
	}
	exit(0);
}

static void test_restart(int restart)
{
	long long deadline;
	int fds[2];
	pid_t pid;

	*handled = 0;
	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid)
		reader(fds[0], restart);
	TST_CHECKPOINT_WAIT(0);
	wait_task_in_syscall(pid, __NR_read);
	SAFE_KILL(pid, SIGUSR1);
	if (restart) {
		/* write only once the handler ran and read() sleeps again */
		deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
		while (!*handled && task_wait_now_ms() < deadline)
			usleep(1000);
		wait_task_in_syscall(pid, __NR_read);
		SAFE_WRITE(1, fds[1], "x", 1);
	}
	reap_child(pid);
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void test_ignore(void)
{
	sigset_t usr1, pending;
	pid_t pid;
	int status;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &usr1, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
	raise(SIGUSR1);
	signal(SIGUSR1, SIG_IGN);
	sigpending(&pending);
	TST_EXP_EXPR(!sigismember(&pending, SIGUSR1), "SIG_IGN discarded the "
		     "pending SIGUSR1");
	sigprocmask(SIG_UNBLOCK, &usr1, NULL);
	signal(SIGUSR1, SIG_DFL);

	pid = SAFE_FORK();
	if (!pid) {
		signal(SIGTERM, SIG_IGN);
		raise(SIGTERM);
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "an ignored SIGTERM left the child alive (status 0x%x)",
		     status);
}

/* In a child, so the test's own SIGCHLD action stays as it is. */
static void test_nocldwait(int use_ign)
{
	struct sigaction sa = {.sa_handler = SIG_DFL,
			       .sa_flags = SA_NOCLDWAIT};
	pid_t pid = SAFE_FORK(), child;

	if (!pid) {
		if (use_ign)
			sa.sa_handler = SIG_IGN;
		if (sigaction(SIGCHLD, &sa, NULL))
			tst_brk(TBROK | TERRNO, "sigaction(SIGCHLD)");
		child = SAFE_FORK();
		if (!child)
			exit(0);
		TST_EXP_FAIL(wait(NULL), ECHILD, "wait() with SIGCHLD %s: the"
			     " child left no zombie",
			     use_ign ? "ignored" : "SA_NOCLDWAIT");
		exit(0);
	}
	reap_child(pid);
}

static void test_nocldstop(int nocldstop)
{
	struct timespec ts = {.tv_sec = 10 * tst_timeout_mul()};
	struct sigaction sa = {.sa_handler = handler,
			       .sa_flags = nocldstop ? SA_NOCLDSTOP : 0};
	pid_t pid = SAFE_FORK(), child;
	siginfo_t si;
	sigset_t set;
	int status;

	if (pid) {
		reap_child(pid);
		return;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &set, NULL) || sigaction(SIGCHLD, &sa, NULL))
		tst_brk(TBROK | TERRNO, "blocking SIGCHLD, sigaction()");
	child = SAFE_FORK();
	if (!child) {
		raise(SIGSTOP);
		exit(0);
	}
	SAFE_WAITPID(child, &status, WUNTRACED);
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP) {
		tst_res(TFAIL, "waitpid(WUNTRACED): the child did not stop on "
			"SIGSTOP (status 0x%x)", status);
		if (!WIFEXITED(status) && !WIFSIGNALED(status)) {
			SAFE_KILL(child, SIGKILL);
			reap_child_killed(child, SIGKILL);
		}
		exit(0);
	}
	SAFE_KILL(child, SIGKILL);
	/* SIGCHLD does not queue: a pending stop notice would hide the kill */
	if (sigtimedwait(&set, &si, &ts) != SIGCHLD)
		tst_brk(TBROK | TERRNO, "sigtimedwait(SIGCHLD)");
	if (nocldstop)
		TST_EXP_EXPR(si.si_code == CLD_KILLED, "SA_NOCLDSTOP: the "
			     "first SIGCHLD is for the kill (si_code %d, "
			     "CLD_KILLED %d)", si.si_code, CLD_KILLED);
	else
		TST_EXP_EXPR(si.si_code == CLD_STOPPED, "without SA_NOCLDSTOP:"
			     " the first SIGCHLD is for the stop (si_code %d, "
			     "CLD_STOPPED %d)", si.si_code, CLD_STOPPED);
	reap_child_killed(child, SIGKILL);
	exit(0);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_restart(1);
		break;
	case 1:
		test_restart(0);
		break;
	case 2:
		test_ignore();
		break;
	case 3:
		test_nocldwait(0);
		break;
	case 4:
		test_nocldwait(1);
		break;
	case 5:
		test_nocldstop(1);
		break;
	case 6:
		test_nocldstop(0);
		break;
	}
}

static void setup(void)
{
	handled = SAFE_MMAP(NULL, getpagesize(), PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 7,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

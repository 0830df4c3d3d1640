// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Signals across a pid namespace boundary (kernel/signal.c
 * sig_task_ignored(), SIGNAL_UNKILLABLE; kill_something_info()). The init
 * of a new pid namespace has SA_SIGINFO handlers for SIGUSR1, SIGUSR2 and
 * SIGTERM:
 *  - a member's SIGUSR2 reaches init's handler with si_pid the member's
 *    pid in the namespace;
 *  - a member's SIGKILL and SIGSTOP to init are dropped (kill() returns
 *    0), although init has handlers for other signals: init goes on;
 *  - from the parent namespace SIGSTOP stops init (waitpid() WUNTRACED
 *    sees it) and SIGCONT resumes it (WCONTINUED), and SIGUSR1 reaches
 *    the handler with si_pid 0 (the sender has no pid in the namespace)
 *    and si_code SI_USER;
 *  - kill(-1, SIGTERM) from a member returns 0 and kills the other member
 *    (its status is SIGTERM), but neither init (its handler never runs)
 *    nor a process of the parent namespace, which lives on;
 *  - kill() of that outer process's pid from inside is ESRCH.
 */
#include <poll.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "task_wait.h"

static volatile sig_atomic_t usr1_pid = -1, usr1_code, usr2_pid = -1;
static volatile sig_atomic_t term_count;
static pid_t outsider;
static int alive_fds[2];

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (sig == SIGUSR1) {
		usr1_pid = si->si_pid;
		usr1_code = si->si_code;
	} else if (sig == SIGUSR2) {
		usr2_pid = si->si_pid;
	} else {
		term_count++;
	}
}

static void member_signaller(int evfd)
{
	TEST(kill(1, SIGUSR2));
	if (TST_RET)
		tst_brk(TBROK | TTERRNO, "kill(1, SIGUSR2)");
	TST_EXP_PASS(kill(1, SIGKILL), "member's kill(1, SIGKILL)");
	TST_EXP_PASS(kill(1, SIGSTOP), "member's kill(1, SIGSTOP)");
	ns_signal_fd(evfd);

	TST_CHECKPOINT_WAIT(0);
	TST_EXP_PASS(kill(-1, SIGTERM), "member's kill(-1, SIGTERM)");
	TST_EXP_FAIL(kill(outsider, 0), ESRCH,
		     "kill() from inside of the outer pid %d", (int)outsider);
	exit(0);
}

/* waitpid() bounded by 10 s (times LTP_TIMEOUT_MUL): 0 if still alive */
static int wait_bounded(pid_t pid, int *status)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	pid_t ret;

	while (!(ret = waitpid(pid, status, WNOHANG))) {
		if (tst_mono_ms() > deadline)
			return 0;
		usleep(1000);
	}
	if (ret != pid)
		tst_brk(TBROK | TERRNO, "waitpid(%d)", (int)pid);
	return 1;
}

static void init_main(void)
{
	struct sigaction sa = {.sa_sigaction = handler,
			       .sa_flags = SA_SIGINFO | SA_RESTART};
	pid_t victim, signaller;
	int ev[2], status;

	SAFE_CLOSE(alive_fds[0]);
	SAFE_PIPE(ev);

	/* forked before init has handlers: SIGTERM kills it from the start */
	victim = SAFE_FORK();
	if (!victim) {
		for (;;)
			pause();
	}
	if (sigaction(SIGUSR1, &sa, NULL) || sigaction(SIGUSR2, &sa, NULL) ||
	    sigaction(SIGTERM, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction()");
	signaller = SAFE_FORK();
	if (!signaller)
		member_signaller(ev[1]);

	/* the signals were sent before the event: handled before read returns */
	ns_wait_fd(ev[0]);
	TST_EXP_EXPR(usr2_pid == signaller,
		     "a member's SIGUSR2 reached init's handler with si_pid %d "
		     "(the member is %d)", (int)usr2_pid, (int)signaller);
	ns_signal_fd(alive_fds[1]);

	/* the parent stops, continues and signals us before this wakes */
	TST_CHECKPOINT_WAIT(1);
	TST_EXP_EXPR(usr1_pid == 0 && usr1_code == SI_USER,
		     "SIGUSR1 from the parent namespace: si_pid %d, si_code %d "
		     "(0, SI_USER expected)", (int)usr1_pid, (int)usr1_code);

	TST_CHECKPOINT_WAKE(0);
	NS_REAP(signaller);
	if (!wait_bounded(victim, &status)) {
		tst_res(TFAIL, "the other member still lives 10 s after "
			"kill(-1, SIGTERM)");
		SAFE_KILL(victim, SIGKILL);
		SAFE_WAITPID(victim, &status, 0);
	} else {
		TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
			     "the other member was killed by kill(-1, SIGTERM) "
			     "(status 0x%x)", status);
	}
	TST_EXP_EXPR(!term_count, "init was spared by kill(-1) (SIGTERM "
		     "handled %d times)", (int)term_count);
	exit(0);
}

static void run(void)
{
	struct pollfd pfd;
	pid_t init, ret;
	int status, n;
	char c, state;

	outsider = SAFE_FORK();
	if (!outsider) {
		for (;;)
			pause();
	}
	if (outsider <= 3)
		tst_brk(TBROK, "outer pid %d could exist inside", (int)outsider);

	SAFE_PIPE(alive_fds);
	init = SAFE_NS_FORK(CLONE_NEWPID);
	if (!init)
		init_main();
	SAFE_CLOSE(alive_fds[1]);

	pfd.fd = alive_fds[0];
	pfd.events = POLLIN;
	n = poll(&pfd, 1, 10000 * tst_timeout_mul());
	if (n == 1)
		n = read(alive_fds[0], &c, 1);
	if (n != 1) {
		state = task_state(init, init);
		tst_res(TFAIL, "init went no further after a member's SIGKILL "
			"and SIGSTOP (state '%c')", state ? state : '-');
		SAFE_KILL(init, SIGKILL);
		SAFE_WAITPID(init, &status, 0);
		goto out;
	}
	tst_res(TPASS, "init lives on after a member's SIGKILL and SIGSTOP");

	SAFE_KILL(init, SIGSTOP);
	ret = SAFE_WAITPID(init, &status, WUNTRACED);
	TST_EXP_EXPR(ret == init && WIFSTOPPED(status) &&
		     WSTOPSIG(status) == SIGSTOP,
		     "SIGSTOP from the parent namespace stopped init (status 0x%x)",
		     status);
	SAFE_KILL(init, SIGCONT);
	ret = SAFE_WAITPID(init, &status, WCONTINUED);
	TST_EXP_EXPR(ret == init && WIFCONTINUED(status),
		     "SIGCONT from the parent namespace resumed init (status 0x%x)",
		     status);
	SAFE_KILL(init, SIGUSR1);
	TST_CHECKPOINT_WAKE(1);
	NS_REAP(init);

out:
	ret = SAFE_WAITPID(outsider, &status, WNOHANG);
	TST_EXP_EXPR(ret == 0, "the outer process lives on after kill(-1) "
		     "inside the namespace");
	SAFE_KILL(outsider, SIGKILL);
	SAFE_WAITPID(outsider, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		     "the outer process ended by the test's SIGKILL (status 0x%x)",
		     status);
	SAFE_CLOSE(alive_fds[0]);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_PID_NS", NULL},
};

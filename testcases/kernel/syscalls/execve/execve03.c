// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What execve() keeps and drops: a close-on-exec fd (O_CLOEXEC at open,
 * or FD_CLOEXEC set with fcntl) is closed, a plain fd and a dup() of a
 * close-on-exec fd stay open; a signal with a handler is reset to SIG_DFL,
 * an ignored one stays ignored, the signal mask and the pending signals
 * are kept.
 */
#include <signal.h>
#include "exec_child_run.h"

static void handler(int sig)
{
	(void)sig;
}

static void exec_fds(void)
{
	int cloexec = SAFE_OPEN("/dev/null", O_RDONLY | O_CLOEXEC);
	int plain = SAFE_OPEN("/dev/null", O_RDONLY);
	int setfd = SAFE_OPEN("/dev/null", O_RDONLY);
	int duped = dup(cloexec);
	char a[16], b[16], c[16], d[16];
	char *argv[] = {"x", "fds", a, b, c, d, NULL};

	if (duped < 0)
		tst_brk(TBROK | TERRNO, "dup(%d)", cloexec);
	if (fcntl(setfd, F_SETFD, FD_CLOEXEC))
		tst_brk(TBROK | TERRNO, "fcntl(%d, F_SETFD, FD_CLOEXEC)",
			setfd);
	snprintf(a, sizeof(a), "c%d", cloexec);
	snprintf(b, sizeof(b), "c%d", setfd);
	snprintf(c, sizeof(c), "o%d", plain);
	snprintf(d, sizeof(d), "o%d", duped);
	exec_child(argv, (char *[]){NULL});
}

static void exec_sigs(void)
{
	struct sigaction sa = {.sa_handler = handler};
	char *argv[] = {"x", "sigs", NULL};
	sigset_t set;

	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
	sa.sa_handler = SIG_IGN;
	if (sigaction(SIGUSR2, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR2, SIG_IGN)");
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
	if (raise(SIGINT))
		tst_brk(TBROK | TERRNO, "raise(SIGINT)");
	exec_child(argv, (char *[]){NULL});
}

static const struct tcase {
	void (*exec)(void);
	const char *what;
} tcases[] = {
	{exec_fds, "execve closes exactly the close-on-exec fds"},
	{exec_sigs, "execve resets handled signals, keeps ignored ones, the "
		    "mask and pending signals"},
};

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		tcases[n].exec();
	exec_child_report(pid, tcases[n].what);
}

static void setup(void)
{
	exec_child_path();
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

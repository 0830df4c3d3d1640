// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() installs what it is given and returns the old action; while
 * a handler runs its signal and sa_mask are blocked, and the old mask is
 * back after it returns. SA_NODEFER lets the signal nest in its handler
 * (without it a re-raise waits until the handler returns). SA_RESETHAND
 * resets the action to SIG_DFL on entry, so a second signal kills. With
 * SA_SIGINFO the handler gets si_signo, si_code SI_USER, si_pid, si_uid
 * and a context. An unknown flag (SA_UNSUPPORTED) is not kept: reading
 * the action back shows which flags the kernel knows (Linux 5.11).
 */
#include <signal.h>
#include <stdlib.h>
#include "tst_test.h"
#include "lapi/signal.h"

static volatile int depth, max_depth, calls, in_mask_self, in_mask_extra;
static volatile int reset_seen;
static volatile siginfo_t info;
static volatile int have_context;
static int *shared;

static void handler(int sig)
{
	sigset_t cur;

	calls++;
	depth++;
	if (depth > max_depth)
		max_depth = depth;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	in_mask_self = sigismember(&cur, sig);
	in_mask_extra = sigismember(&cur, SIGUSR2);
	/* re-raise once: nests at once only with SA_NODEFER */
	if (calls == 1)
		raise(sig);
	depth--;
}

static void resethand_handler(int sig)
{
	struct sigaction cur;

	sigaction(sig, NULL, &cur);
	shared[0]++;
	shared[1] = cur.sa_handler == SIG_DFL;
}

static void info_handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	info = *si;
	have_context = uc != NULL;
}

static void install(struct sigaction *sa)
{
	if (sigaction(SIGUSR1, sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
}

static void reset_state(void)
{
	depth = max_depth = calls = in_mask_self = in_mask_extra = 0;
}

static void test_default_mask(void)
{
	struct sigaction sa = {.sa_handler = handler}, old;
	sigset_t cur;

	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	install(&sa);
	if (sigaction(SIGUSR1, NULL, &old))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1, NULL)");
	TST_EXP_EXPR(old.sa_handler == handler &&
		     sigismember(&old.sa_mask, SIGUSR2),
		     "sigaction() returns the installed handler and sa_mask");
	reset_state();
	raise(SIGUSR1);
	TST_EXP_EXPR(in_mask_self && in_mask_extra, "in the handler the "
		     "signal (%d) and sa_mask's SIGUSR2 (%d) are blocked",
		     in_mask_self, in_mask_extra);
	TST_EXP_EXPR(calls == 2 && max_depth == 1, "a re-raise in the "
		     "handler waited for it to return (calls %d, depth %d)",
		     calls, max_depth);
	sigprocmask(SIG_BLOCK, NULL, &cur);
	TST_EXP_EXPR(!sigismember(&cur, SIGUSR1) && !sigismember(&cur, SIGUSR2),
		     "the mask is restored after the handler");
}

static void test_nodefer(void)
{
	struct sigaction sa = {.sa_handler = handler, .sa_flags = SA_NODEFER};

	install(&sa);
	reset_state();
	raise(SIGUSR1);
	TST_EXP_EXPR(!in_mask_self && calls == 2 && max_depth == 2,
		     "SA_NODEFER: signal unblocked in its handler and nested "
		     "(blocked %d, calls %d, depth %d)", in_mask_self, calls,
		     max_depth);
}

static void test_resethand(void)
{
	struct sigaction sa = {.sa_handler = resethand_handler,
			       .sa_flags = SA_RESETHAND};
	int status;
	pid_t pid;

	shared[0] = shared[1] = 0;
	pid = SAFE_FORK();
	if (!pid) {
		install(&sa);
		raise(SIGUSR1);
		raise(SIGUSR1);
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(shared[0] == 1 && shared[1],
		     "SA_RESETHAND: handler ran once (%d), saw SIG_DFL "
		     "installed on entry (%d)", shared[0], shared[1]);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGUSR1,
		     "SA_RESETHAND: the second SIGUSR1 killed the child "
		     "(status 0x%x)", status);
}

static void test_siginfo(void)
{
	struct sigaction sa = {.sa_sigaction = info_handler,
			       .sa_flags = SA_SIGINFO};

	install(&sa);
	memset((void *)&info, 0, sizeof(info));
	have_context = 0;
	kill(getpid(), SIGUSR1);
	TST_EXP_EXPR(info.si_signo == SIGUSR1 && info.si_code == SI_USER &&
		     info.si_pid == getpid() && info.si_uid == getuid() &&
		     have_context,
		     "SA_SIGINFO: si_signo %d, si_code %d (SI_USER), si_pid %d,"
		     " si_uid %d, context %s", info.si_signo, info.si_code,
		     info.si_pid, (int)info.si_uid,
		     have_context ? "given" : "NULL");
}

static void test_unsupported_flag(void)
{
	struct sigaction sa = {.sa_sigaction = info_handler,
			       .sa_flags = SA_SIGINFO | SA_UNSUPPORTED}, old;

	if (tst_kvercmp(5, 11, 0) < 0) {
		tst_res(TCONF, "SA_UNSUPPORTED flag probing is Linux 5.11+");
		return;
	}
	install(&sa);
	if (sigaction(SIGUSR1, NULL, &old))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1, NULL)");
	TST_EXP_EXPR(!(old.sa_flags & SA_UNSUPPORTED) &&
		     (old.sa_flags & SA_SIGINFO),
		     "SA_UNSUPPORTED dropped, SA_SIGINFO kept (sa_flags 0x%x)",
		     (unsigned int)old.sa_flags);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_default_mask();
		break;
	case 1:
		test_nodefer();
		break;
	case 2:
		test_resethand();
		break;
	case 3:
		test_siginfo();
		break;
	case 4:
		test_unsupported_flag();
		break;
	}
	signal(SIGUSR1, SIG_DFL);
}

static void setup(void)
{
	shared = SAFE_MMAP(NULL, getpagesize(), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

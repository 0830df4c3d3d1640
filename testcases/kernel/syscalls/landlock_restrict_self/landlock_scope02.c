// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LANDLOCK_SCOPE_SIGNAL (ABI 6, Linux 6.12): a process in a domain that
 * scopes signals may signal only processes of its domain and of the
 * domains nested in it (security/landlock/task.c, hook_task_kill()).
 * A child K, before it restricts itself, can kill(T, 0) a sibling T;
 * then, with the scope enforced:
 * - kill(T, 0), kill(T, SIGTERM) and kill(parent, 0) fail with EPERM,
 *   and T is still alive afterwards (the parent reaps it with SIGKILL);
 * - a child of K, forked after the restriction (same domain), is killed
 *   by kill(SIGTERM), which returns 0;
 * - a grandchild that adds a layer scoping only abstract sockets may
 *   signal K (kill(K, 0) is 0), one that adds a layer scoping signals
 *   may not (EPERM);
 * - tgkill() to a thread of K's own process that did not restrict
 *   itself (landlock_restrict_self() binds the calling thread only)
 *   works and the thread runs the handler: signals within a process are
 *   always allowed (18eb75f3af40, "landlock: Always allow signals
 *   between threads of the same process").
 * A process outside any domain may signal a scoped one: the parent
 * kills a restricted child with SIGTERM.
 * TCONF when landlock is off or older than ABI 6 (the reason printed).
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "landlock_raw.h"

static volatile sig_atomic_t got_usr1;
static int ready[2], quit[2];
static pid_t thread_tid;

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1 = 1;
}

static void *thread_fn(void *arg)
{
	char c;

	(void)arg;
	thread_tid = syscall(__NR_gettid);
	SAFE_WRITE(1, ready[1], "r", 1);
	/* EINTR when the signal comes in: the handler ran; wait on */
	while (read(quit[0], &c, 1) != 1 || c != 'q')
		;
	return NULL;
}

/* A child that restricts itself (scoped != 0), says so, and pauses. */
static pid_t spawn_target(uint64_t scoped)
{
	int p[2];
	pid_t pid;
	char c;

	SAFE_PIPE(p);
	pid = SAFE_FORK();
	if (!pid) {
		if (scoped)
			ll_safe_scope(scoped);
		SAFE_WRITE(1, p[1], "x", 1);
		for (;;)
			pause();
	}
	SAFE_CLOSE(p[1]);
	if (read(p[0], &c, 1) != 1)
		tst_brk(TBROK, "target %d died before it was ready", pid);
	SAFE_CLOSE(p[0]);
	return pid;
}

static void expect_signalled(pid_t pid, int sig, const char *who)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == sig,
		     "%s was killed by %s (status 0x%x)", who,
		     sig == SIGTERM ? "SIGTERM" : "SIGKILL", status);
}

static void nested(uint64_t scoped, int exp_errno, const char *what)
{
	pid_t k = getpid(), pid = SAFE_FORK();

	if (!pid) {
		ll_safe_scope(scoped);
		if (exp_errno)
			TST_EXP_FAIL(kill(k, 0), exp_errno, "%s", what);
		else
			TST_EXP_PASS(kill(k, 0), "%s", what);
		exit(0);
	}
	reap_child(pid);
}

static void killer(pid_t t)
{
	struct sigaction sa = { .sa_handler = on_usr1 };
	pthread_t th;
	pid_t c;
	char ch;

	TST_EXP_PASS(kill(t, 0), "kill(T, 0) before the domain");
	SAFE_PIPE(ready);
	SAFE_PIPE(quit);
	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction()");
	if (pthread_create(&th, NULL, thread_fn, NULL))
		tst_brk(TBROK, "pthread_create()");
	if (read(ready[0], &ch, 1) != 1)
		tst_brk(TBROK | TERRNO, "read(thread ready)");

	ll_safe_scope(LL_SCOPE_SIGNAL);

	TST_EXP_PASS(syscall(__NR_tgkill, getpid(), thread_tid, SIGUSR1),
		     "tgkill() to a thread of the process outside the domain");
	SAFE_WRITE(1, quit[1], "q", 1);
	pthread_join(th, NULL);
	TST_EXP_EXPR(got_usr1, "the thread ran the SIGUSR1 handler");

	TST_EXP_FAIL(kill(t, 0), EPERM, "kill(T, 0) from the domain");
	TST_EXP_FAIL(kill(t, SIGTERM), EPERM, "kill(T, SIGTERM)");
	TST_EXP_FAIL(kill(getppid(), 0), EPERM, "kill(parent, 0)");

	c = spawn_target(0);
	TST_EXP_PASS(kill(c, SIGTERM), "kill(SIGTERM) of a child in the "
		     "same domain");
	expect_signalled(c, SIGTERM, "the child in the same domain");

	nested(LL_SCOPE_ABSTRACT_UNIX_SOCKET, 0, "kill(K, 0) from a nested "
	       "domain that does not scope signals");
	nested(LL_SCOPE_SIGNAL, EPERM, "kill(K, 0) from a nested domain "
	       "that scopes signals");
}

static void run(void)
{
	pid_t t, k, s;
	int status;

	t = spawn_target(0);
	k = SAFE_FORK();
	if (!k) {
		killer(t);
		exit(0);
	}
	reap_child(k);
	TST_EXP_EXPR(waitpid(t, &status, WNOHANG) == 0,
		     "T survived the denied SIGTERM");
	TST_EXP_PASS(kill(t, SIGKILL), "kill(T, SIGKILL) from outside "
		     "any domain");
	expect_signalled(t, SIGKILL, "T");

	s = spawn_target(LL_SCOPE_SIGNAL);
	TST_EXP_PASS(kill(s, SIGTERM), "kill(SIGTERM) of a scoped process "
		     "from outside any domain");
	expect_signalled(s, SIGTERM, "the scoped process");
}

static void setup(void)
{
	ll_need_abi(6, "LANDLOCK_SCOPE_SIGNAL");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "18eb75f3af40"},
		{}
	},
};

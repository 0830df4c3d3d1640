// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * abort(): the process is ended "unless the signal SIGABRT is being
 * caught and the signal handler does not return". A handler that leaves
 * with siglongjmp(): abort() does not end the child, which goes on and
 * exits 0; the handler ran once with the signal number SIGABRT.
 */
#include <setjmp.h>

#include "pts_sigkit.h"

static sigjmp_buf env;
static volatile sig_atomic_t calls, signo;

static void handler(int sig)
{
	calls++;
	signo = sig;
	siglongjmp(env, 1);
}

static int child(void)
{
	struct rlimit rl = { 0, 0 };

	setrlimit(RLIMIT_CORE, &rl);
	pts_catch(SIGABRT, handler, 0);
	if (!sigsetjmp(env, 1))
		abort();
	if (calls != 1 || signo != SIGABRT) {
		printf("handler calls %d, signal %d\n", (int)calls, (int)signo);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	pts_reap(pts_fork_fn(child), "a child leaving the SIGABRT handler by siglongjmp()");
	PTS_PASSED("a non-returning SIGABRT handler keeps the process alive");
}

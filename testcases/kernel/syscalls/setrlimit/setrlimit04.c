// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A small RLIMIT_STACK (512 KiB, less than the 1 MiB stack guard gap of
 * 1be7107fbe18) limits the stack, not the gap: early versions of the gap
 * counted it against the limit, so that a new program could not get its
 * stack (execve() failing or the program killed at start). With the
 * limit set to 512 KiB:
 * - execve() of /bin/sh -c 'exit 7' works and the shell exits 7;
 * - the process can grow its stack by 256 KiB;
 * - growing it by 1 MiB, past the limit, is SIGSEGV: the limit holds.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "tst_test.h"

#define LIMIT (512 * 1024)

static int grow(int kib)
{
	volatile char frame[1024];

	frame[0] = (char)kib;
	frame[sizeof(frame) - 1] = (char)kib;
	if (kib <= 1)
		return frame[0];
	return grow(kib - 1) + frame[sizeof(frame) - 1];
}

static void limit_stack(void)
{
	struct rlimit rl = { LIMIT, LIMIT }, none = { 0, 0 };

	/* the SIGSEGV child must leave no core behind */
	if (setrlimit(RLIMIT_CORE, &none) || setrlimit(RLIMIT_STACK, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_STACK, 512 KiB)");
}

static int run_child(int what)
{
	pid_t pid = SAFE_FORK();
	int st;

	if (!pid) {
		limit_stack();
		if (!what) {
			execl("/bin/sh", "sh", "-c", "exit 7", (char *)NULL);
			_exit(127);
		}
		grow(what);
		_exit(0);
	}
	SAFE_WAITPID(pid, &st, 0);
	return st;
}

static void run(void)
{
	int st;

	st = run_child(0);
	TST_EXP_EXPR(WIFEXITED(st) && WEXITSTATUS(st) == 7,
		     "/bin/sh runs under a 512 KiB stack limit (status 0x%x)",
		     st);
	st = run_child(256);
	TST_EXP_EXPR(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		     "the stack grows by 256 KiB under it (status 0x%x)", st);
	st = run_child(1024);
	TST_EXP_EXPR(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV,
		     "growing it by 1 MiB is SIGSEGV (status 0x%x)", st);
}

static void setup(void)
{
	if (access("/bin/sh", X_OK))
		tst_brk(TCONF | TERRNO, "no /bin/sh to execute");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "1be7107fbe18"},
		{}
	},
};

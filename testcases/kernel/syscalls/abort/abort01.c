// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * abort(3) ends the caller with SIGABRT whatever it did to the signal:
 * with the default action, with SIGABRT blocked, and with a handler that
 * returns, the status is "killed by SIGABRT" with the core dump flag set
 * (RLIMIT_CORE unlimited) and core.<pid> is an ELF core; with
 * RLIMIT_CORE 0 the flag is clear and there is no core file. A handler
 * that returns has run once before the process died.
 * Syscalls: kill, rt_sigprocmask, rt_sigaction
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "coredump.h"

static volatile int *handled;

static void on_abrt(int sig)
{
	(void)sig;
	(*handled)++;
}

static void run(unsigned int n)
{
	static const char *const what[] = {
		"default action", "SIGABRT blocked", "handler that returns",
		"RLIMIT_CORE 0",
	};
	int status;
	pid_t pid;

	*handled = 0;
	pid = SAFE_FORK();
	if (!pid) {
		sigset_t set;

		core_allow(n != 3);
		if (n == 1) {
			sigemptyset(&set);
			sigaddset(&set, SIGABRT);
			sigprocmask(SIG_BLOCK, &set, NULL);
		} else if (n == 2) {
			signal(SIGABRT, on_abrt);
		}
		abort();
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT &&
		     !!WCOREDUMP(status) == (n != 3), "%s: killed by SIGABRT, "
		     "core dump flag %s (status %#x)", what[n],
		     n != 3 ? "set" : "clear", status);
	check_core_file(pid, n != 3, what[n]);
	if (n == 2)
		TST_EXP_EXPR(*handled == 1, "the handler ran once (%d)",
			     *handled);
}

static void setup(void)
{
	handled = SAFE_MMAP(NULL, sizeof(int), PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = COREDUMP_SAVE_RESTORE,
};

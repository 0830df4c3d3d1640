// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() of a child with each signal whose default action ends the
 * process (kernel.core_pattern set to a file in the tmpdir, saved and
 * restored; the child's RLIMIT_CORE unlimited, every signal at its
 * default action):
 * - each default-core signal (SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS,
 *   SIGFPE, SIGSEGV, SIGXCPU, SIGXFSZ, SIGSYS) ends it with WIFSIGNALED,
 *   WTERMSIG the signal and WCOREDUMP set, and its core file is written;
 * - each terminate-only signal (SIGHUP, SIGINT, SIGKILL, SIGUSR1,
 *   SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT, SIGIO, SIGPROF,
 *   SIGVTALRM, SIGPWR, SIGRTMIN, SIGRTMAX) ends it with WCOREDUMP clear
 *   and no core file.
 * The signal reaches the child while it sleeps in pause().
 * Syscalls: kill, wait4
 */
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "coredump.h"
#include "task_wait.h"

static const int core_sigs[] = {
	SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGXCPU,
	SIGXFSZ, SIGSYS,
};

static int term_sigs[] = {
	SIGHUP, SIGINT, SIGKILL, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM,
	SIGSTKFLT, SIGIO, SIGPROF, SIGVTALRM, SIGPWR, 0, 0,
};

#define N_CORE (sizeof(core_sigs) / sizeof(core_sigs[0]))
#define N_TERM (sizeof(term_sigs) / sizeof(term_sigs[0]))

static void run(unsigned int n)
{
	int dumps = n < N_CORE;
	int sig = dumps ? core_sigs[n] : term_sigs[n - N_CORE];
	char name[32];
	int status;
	pid_t pid;

	/* tst_strsig() knows no real-time signal */
	snprintf(name, sizeof(name), "%s", tst_strsig(sig));
	if (sig >= SIGRTMIN)
		snprintf(name, sizeof(name), "SIGRTMIN+%d", sig - SIGRTMIN);
	pid = SAFE_FORK();
	if (!pid) {
		core_allow(1);
		for (;;)
			pause();
	}
	wait_task_in_syscall(pid, __NR_pause);
	SAFE_KILL(pid, sig);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFSIGNALED(status) || WTERMSIG(status) != sig)
		tst_res(TFAIL, "%s: status 0x%x, expected death by it",
			name, status);
	else if (!WCOREDUMP(status) != !dumps)
		tst_res(TFAIL, "%s: WCOREDUMP %s", name,
			dumps ? "clear" : "set");
	else
		tst_res(TPASS, "%s: WTERMSIG %s, WCOREDUMP %s",
			name, name, dumps ? "set" :
			"clear");
	check_core_file(pid, dumps, name);
}

static void setup(void)
{
	term_sigs[N_TERM - 2] = SIGRTMIN;
	term_sigs[N_TERM - 1] = SIGRTMAX;
}

static struct tst_test test = {
	.tcnt = N_CORE + N_TERM,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = COREDUMP_SAVE_RESTORE,
};

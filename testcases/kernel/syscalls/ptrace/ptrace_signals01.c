// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A PTRACE_TRACEME child that sends itself a signal with kill() stops in
 * signal-delivery-stop for every signal from 1 to 64 (the real-time
 * signals the C library keeps for itself included), except SIGKILL, which
 * kills it without a stop; kill(self, 0) sends nothing and the child exits
 * 0. At each stop PTRACE_GETSIGINFO reports the signal as sent by kill()
 * from the child itself: si_signo the signal, si_code SI_USER, si_pid the
 * child, si_uid our uid.
 * Test 1: PTRACE_CONT with no signal suppresses it: the child runs on and
 * exits 0 whatever the signal's default action.
 * Test 2: PTRACE_CONT with the signal delivers it: a signal whose default
 * is to terminate (or dump core) kills the child with that signal, no
 * core (the child is not dumpable); SIGCHLD, SIGCONT, SIGURG and SIGWINCH
 * are ignored; SIGTSTP, SIGTTIN and SIGTTOU are discarded because the
 * child leads a new session (orphaned process group); SIGSTOP starts a
 * group-stop that the tracer sees as a second stop by SIGSTOP, for which
 * PTRACE_GETSIGINFO fails with EINVAL (no siginfo: not a signal-delivery
 * stop), and a PTRACE_CONT resumes the child to exit 0.
 * Every child gets default dispositions and an empty signal mask first.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include "ptrace_raw.h"

#define MAX_SIG 64

static void child(int sig)
{
	sigset_t none;
	int i;

	if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PTRACE_TRACEME");
	if (setsid() < 0)
		tst_brk(TBROK | TERRNO, "setsid");
	if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_DUMPABLE");
	for (i = 1; i <= MAX_SIG; i++) {
		if (i != SIGKILL && i != SIGSTOP)
			signal(i, SIG_DFL);
	}
	sigemptyset(&none);
	syscall(__NR_rt_sigprocmask, SIG_SETMASK, &none, NULL, 8);
	syscall(__NR_kill, syscall(__NR_getpid), sig);
	_exit(0);
}

static int default_ignored(int sig)
{
	return sig == SIGCHLD || sig == SIGCONT || sig == SIGURG ||
	       sig == SIGWINCH;
}

static int tty_stop(int sig)
{
	return sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

static int check_exit(pid_t pid, int sig, int status, const char *what)
{
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	tst_res(TFAIL, "%s: child with %s %s, expected exit 0", what,
		tst_strsig(sig), ptrace_status_str(status));
	if (WIFSTOPPED(status))
		ptrace_kill_child(pid);
	return 1;
}

/* Fork a child that kills itself with sig; 0 when it stopped as it must. */
static int start(int sig, pid_t *ppid)
{
	siginfo_t si;
	int status;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		child(sig);
	*ppid = pid;
	SAFE_WAITPID(pid, &status, 0);

	if (sig == 0)
		return check_exit(pid, sig, status, "kill(self, 0)") ? -1 : 1;
	if (sig == SIGKILL) {
		if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
			return 1;
		tst_res(TFAIL, "SIGKILL: child %s, expected killed without "
			"a stop", ptrace_status_str(status));
		if (WIFSTOPPED(status))
			ptrace_kill_child(pid);
		return -1;
	}
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != sig) {
		tst_res(TFAIL, "%s: child %s, expected a stop by it",
			tst_strsig(sig), ptrace_status_str(status));
		if (WIFSTOPPED(status))
			ptrace_kill_child(pid);
		return -1;
	}

	memset(&si, 0, sizeof(si));
	if (sys_ptrace(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si)) {
		tst_res(TFAIL | TERRNO, "%s: PTRACE_GETSIGINFO",
			tst_strsig(sig));
		ptrace_kill_child(pid);
		return -1;
	}
	if (si.si_signo != sig || si.si_code != SI_USER ||
	    si.si_pid != pid || si.si_uid != getuid()) {
		tst_res(TFAIL, "%s: siginfo signo %d code %d pid %d uid %d, "
			"expected %d SI_USER %d %d", tst_strsig(sig),
			si.si_signo, si.si_code, (int)si.si_pid,
			(int)si.si_uid, sig, (int)pid, (int)getuid());
		ptrace_kill_child(pid);
		return -1;
	}
	return 0;
}

static int suppress(int sig)
{
	int status, r;
	pid_t pid;

	r = start(sig, &pid);
	if (r)
		return r < 0;
	PTRACE_OK(PTRACE_CONT, pid, 0, 0);
	SAFE_WAITPID(pid, &status, 0);
	return check_exit(pid, sig, status, "PTRACE_CONT without the signal");
}

static int deliver(int sig)
{
	siginfo_t si;
	int status, r;
	pid_t pid;

	r = start(sig, &pid);
	if (r)
		return r < 0;
	PTRACE_OK(PTRACE_CONT, pid, 0, sig);
	SAFE_WAITPID(pid, &status, 0);

	if (default_ignored(sig) || tty_stop(sig))
		return check_exit(pid, sig, status, "signal delivered");

	if (sig == SIGSTOP) {
		if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP) {
			tst_res(TFAIL, "SIGSTOP delivered: child %s, expected "
				"a group-stop", ptrace_status_str(status));
			if (WIFSTOPPED(status))
				ptrace_kill_child(pid);
			return 1;
		}
		errno = 0;
		r = sys_ptrace(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si);
		if (r != -1 || errno != EINVAL) {
			tst_res(TFAIL | TERRNO, "PTRACE_GETSIGINFO in "
				"group-stop returned %d, expected EINVAL", r);
			ptrace_kill_child(pid);
			return 1;
		}
		PTRACE_OK(PTRACE_CONT, pid, 0, 0);
		SAFE_WAITPID(pid, &status, 0);
		return check_exit(pid, sig, status, "after the group-stop");
	}

	if (WIFSIGNALED(status) && WTERMSIG(status) == sig &&
	    !WCOREDUMP(status))
		return 0;
	tst_res(TFAIL, "%s delivered: child %s, expected killed by it, no "
		"core", tst_strsig(sig), ptrace_status_str(status));
	if (WIFSTOPPED(status))
		ptrace_kill_child(pid);
	return 1;
}

static void run(unsigned int n)
{
	int sig, failed = 0;

	for (sig = 0; sig <= MAX_SIG; sig++)
		failed += n ? deliver(sig) : suppress(sig);

	if (!failed)
		tst_res(TPASS, "signals 0..%d: stops and siginfo right, %s",
			MAX_SIG, n ? "each delivered signal took its default "
			"action" : "each suppressed signal left the child "
			"running to exit 0");
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwait() across a stop: a process waiting in sigwait() for a blocked
 * SIGUSR1 (no handler anywhere) is stopped with SIGSTOP and continued
 * with SIGCONT; sigwait() has no [EINTR] at all, so it goes on waiting
 * and returns 0 with SIGUSR1 once that is sent after the continue, and
 * SIGUSR1 is no longer pending after it. (sigwaitinfo() and
 * sigtimedwait() fail with EINTR there on Linux: sigtimedwait_10-1.)
 */
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

struct shared {
	int ret;
	int sig;
	int pending_after;
};

static struct shared *sh;

int main(void)
{
	int status;
	sigset_t set, pend;
	pid_t pid;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	sh->ret = sh->sig = -1;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		sh->ret = sigwait(&set, &sh->sig);
		sigpending(&pend);
		sh->pending_after = sigismember(&pend, SIGUSR1);
		_exit(0);
	}
	pts_wait_in_syscall(pid, SYS_rt_sigtimedwait);
	pts_stop(pid, "the waiter");
	if (pts_cont_or_exit(pid, &status, "the waiter"))
		PTS_FAILED("sigwait() returned %d (signal %d) after stop and continue",
			   sh->ret, sh->sig);
	/* asleep again in the kernel (glibc's sigwait() retries on EINTR) */
	pts_wait_in_either(pid, SYS_rt_sigtimedwait, SYS_restart_syscall);
	if (sh->ret != -1)
		PTS_FAILED("sigwait() returned %d after stop and continue", sh->ret);
	if (kill(pid, SIGUSR1))
		PTS_UNRES("kill(): %m");
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("waiter status 0x%x", status);
	if (sh->ret != 0 || sh->sig != SIGUSR1)
		PTS_FAILED("sigwait() returned %d with signal %d, expected 0 and SIGUSR1",
			   sh->ret, sh->sig);
	if (sh->pending_after)
		PTS_FAILED("SIGUSR1 still pending after sigwait() took it");
	PTS_PASSED("sigwait() waits on across stop and continue, then takes the signal");
}

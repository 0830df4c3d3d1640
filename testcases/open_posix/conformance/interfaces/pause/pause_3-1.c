// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pause() and sigsuspend() across a stop: "pause() shall suspend the
 * calling thread until delivery of a signal whose action is either to
 * execute a signal-catching function or to terminate the process". A
 * process in pause() (and one in sigsuspend()) stopped with SIGSTOP and
 * continued with SIGCONT got no such signal: it sleeps on in the kernel
 * (pause, rt_sigsuspend or restart_syscall) without returning; a caught
 * SIGUSR1 then ends the call with -1 [EINTR] after the handler ran
 * once.
 */
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

struct shared {
	int returned;
	int ret;
	int err;
	int handled;
};

static struct shared *sh;

static void on_usr1(int sig)
{
	(void)sig;
	sh->handled++;
}

static void round_(int use_sigsuspend)
{
	const char *what = use_sigsuspend ? "sigsuspend()" : "pause()";
	long nr = use_sigsuspend ? SYS_rt_sigsuspend : SYS_pause;
	sigset_t none;
	int status;
	pid_t pid;

	memset(sh, 0, sizeof(*sh));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		signal(SIGUSR1, on_usr1);
		sigemptyset(&none);
		sh->ret = use_sigsuspend ? sigsuspend(&none) : pause();
		sh->err = errno;
		__atomic_store_n(&sh->returned, 1, __ATOMIC_RELEASE);
		_exit(0);
	}
	pts_wait_in_syscall(pid, nr);
	pts_stop(pid, NULL);
	if (pts_cont_or_exit(pid, &status, NULL) || sh->returned)
		PTS_FAILED("%s returned %d after stop and continue", what, sh->ret);
	pts_wait_in_either(pid, nr, SYS_restart_syscall);
	if (sh->returned)
		PTS_FAILED("%s returned %d after stop and continue", what, sh->ret);
	if (kill(pid, SIGUSR1))
		PTS_UNRES("kill(): %m");
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("child status 0x%x", status);
	if (sh->ret != -1 || sh->err != EINTR || sh->handled != 1)
		PTS_FAILED("%s returned %d (%s), handler ran %d times; expected -1 EINTR, once",
			   what, sh->ret, strerrorname_np(sh->err), sh->handled);
}

int main(void)
{
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	round_(0);
	round_(1);
	PTS_PASSED("pause() and sigsuspend() sleep on across stop and continue, EINTR on a caught signal");
}

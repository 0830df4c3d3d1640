// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sighold() (XSI) adds sig to the mask, but signals that cannot be
 * ignored cannot be blocked (as for sigprocmask(), no error required).
 * A child's sighold(SIGKILL) and sighold(SIGSTOP) (results printed)
 * leave both out of the kernel's mask (SigBlk) while sighold(SIGUSR1)
 * puts SIGUSR1 in; SIGSTOP still stops the child and SIGKILL kills it.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_sigkit.h"

static int fds[2];

static int child(void)
{
	unsigned long long blk;
	int k, s;

	k = sighold(SIGKILL);
	s = sighold(SIGSTOP);
	printf("sighold(SIGKILL) %d, sighold(SIGSTOP) %d\n", k, s);
	if (sighold(SIGUSR1))
		return PTS_UNRESOLVED;
	blk = pts_task_mask(getpid(), getpid(), "SigBlk");
	printf("SigBlk %llx\n", blk);
	if (blk != PTS_SIGBIT(SIGUSR1))
		return PTS_FAIL;
	fflush(stdout);
	if (write(fds[1], "k", 1) != 1)
		return PTS_UNRESOLVED;
	for (;;)
		pause();
}

int main(void)
{
	int status;
	pid_t pid;
	char c;

	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pid = pts_fork_fn(child);
	close(fds[1]);
	if (read(fds[0], &c, 1) != 1) {
		pts_reap(pid, "the child");
		PTS_UNRES("the child ended early");
	}
	pts_wait_in_syscall(pid, SYS_pause);
	kill(pid, SIGSTOP);
	if (waitpid(pid, &status, WUNTRACED) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	if (WIFEXITED(status))
		PTS_FAILED("the child exited with %d", WEXITSTATUS(status));
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP)
		PTS_FAILED("SIGSTOP did not stop the child (status 0x%x)", status);
	kill(pid, SIGKILL);
	pts_expect_killed(pid, SIGKILL, "the held-SIGKILL child");
	PTS_PASSED("SIGKILL and SIGSTOP not held; both acted");
}

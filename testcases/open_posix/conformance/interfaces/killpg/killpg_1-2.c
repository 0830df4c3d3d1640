// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * killpg() sends the signal to every process of the group, queued like
 * any other generation: three children of a new group block SIGRTMIN
 * (caught with SA_SIGINFO) and wait asleep; two killpg(SIGRTMIN) calls
 * leave two instances pending in each (ShdPnd), and each child, on
 * unblocking, handles exactly two, with SI_USER and the parent's pid.
 */
#include "pts_sigkit.h"

#define N 3

static volatile sig_atomic_t ran, bad;
static pid_t parent;
static int fds[2];

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (sig != SIGRTMIN || si->si_code != SI_USER || si->si_pid != parent)
		bad = 1;
	ran++;
}

static int child(void)
{
	char c;

	pts_catch_info(SIGRTMIN, handler);
	close(fds[1]);
	if (read(fds[0], &c, 1) != 0)
		return PTS_UNRESOLVED;
	pts_mask1(SIG_UNBLOCK, SIGRTMIN);
	if (ran != 2 || bad) {
		printf("child %d: %d runs, siginfo right %d\n", (int)getpid(),
		       (int)ran, !bad);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	pid_t pid[N];
	int i;

	parent = getpid();
	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pts_mask1(SIG_BLOCK, SIGRTMIN);
	for (i = 0; i < N; i++) {
		pid[i] = pts_fork_fn(child);
		if (setpgid(pid[i], pid[0]))
			PTS_UNRES("setpgid(): %s", strerror(errno));
	}
	close(fds[0]);
	for (i = 0; i < N; i++)
		pts_wait_in_syscall(pid[i], SYS_read);
	for (i = 0; i < 2; i++) {
		if (killpg(pid[0], SIGRTMIN))
			PTS_FAILED("killpg(): %s", strerror(errno));
	}
	for (i = 0; i < N; i++) {
		if (pts_shared_pending(pid[i]) != PTS_SIGBIT(SIGRTMIN))
			PTS_FAILED("child %d: SIGRTMIN not pending", i);
	}
	close(fds[1]);
	for (i = 0; i < N; i++)
		pts_reap(pid[i], "a group member");
	PTS_PASSED("each member got both SIGRTMIN, SI_USER from the sender");
}

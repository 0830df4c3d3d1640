// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue(): permission to queue a signal is as for kill(): the
 * sender's real or effective uid must match the receiver's real or
 * saved set-user-ID. A sender running as nobody queues SIGUSR1 (value
 * 7) to a root process whose saved set-user-ID is nobody: 0, and the
 * target takes it with SI_QUEUE, value 7, si_uid nobody. To a process
 * with all uids 0: [EPERM] and nothing pending there.
 */
#include "pts_sigkit.h"

static pid_t t_ok, t_root;

static int target_ok(void)
{
	sigset_t set;
	siginfo_t si;

	if (setresuid(-1, -1, PTS_NOBODY))
		return PTS_UNRESOLVED;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigwaitinfo(&set, &si) != SIGUSR1)
		return PTS_UNRESOLVED;
	printf("target: si_code %d, value %d, si_uid %d\n", si.si_code,
	       si.si_value.sival_int, (int)si.si_uid);
	if (si.si_code != SI_QUEUE || si.si_value.sival_int != 7 ||
	    si.si_uid != PTS_NOBODY)
		return PTS_FAIL;
	return PTS_PASS;
}

static int target_root(void)
{
	char c;

	return read(0, &c, 1) == 0 ? PTS_PASS : PTS_UNRESOLVED;
}

static int sender(void)
{
	union sigval v = { .sival_int = 7 };

	if (sigqueue(t_ok, SIGUSR1, v)) {
		printf("sigqueue() to saved uid nobody: %s\n", strerror(errno));
		return PTS_FAIL;
	}
	errno = 0;
	if (sigqueue(t_root, SIGUSR1, v) != -1 || errno != EPERM) {
		printf("sigqueue() to uid 0: errno %s, expected EPERM\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	int fds[2];
	sigset_t set;

	if (getuid())
		PTS_UNSUPP("needs root to change uids");
	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	t_ok = pts_fork_fn(target_ok);
	fflush(stdout);
	t_root = fork();
	if (t_root < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!t_root) {
		dup2(fds[0], 0);
		close(fds[1]);
		exit(target_root());
	}
	close(fds[0]);
	pts_wait_in_syscall(t_ok, SYS_rt_sigtimedwait);
	pts_wait_in_syscall(t_root, SYS_read);
	pts_run_as_nobody(sender, "the sender");
	if (pts_shared_pending(t_root) & PTS_SIGBIT(SIGUSR1))
		PTS_FAILED("SIGUSR1 pending in the target despite EPERM");
	close(fds[1]);
	pts_reap(t_root, "the uid 0 target");
	pts_reap(t_ok, "the saved-uid target");
	PTS_PASSED("queued to a saved uid match, EPERM otherwise");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * killpg() follows kill(-pgrp): the signal goes to the members of the
 * group the sender may signal. An unprivileged sender (uid nobody, in a
 * group of its own) gets [EPERM] for a group whose only member is a root
 * process, with SIGUSR1 and with signal 0, and nothing is generated: the
 * member (SIGUSR1 blocked) has nothing pending in /proc/PID/status. When
 * a second member of that group runs as nobody, killpg() succeeds and
 * that member alone gets the signal.
 */
#include "pts_helpers.h"

static pid_t root_pid, nobody_pid;
static int fds[2];

static int sender_eperm(void)
{
	int r1, e1, r0, e0;

	errno = 0;
	r1 = killpg(root_pid, SIGUSR1);
	e1 = errno;
	errno = 0;
	r0 = killpg(root_pid, 0);
	e0 = errno;
	printf("nobody killpg(root group): SIGUSR1 %d %s, 0 %d %s\n", r1,
	       strerror(e1), r0, strerror(e0));
	return r1 == -1 && e1 == EPERM && r0 == -1 && e0 == EPERM ?
	       PTS_PASS : PTS_FAIL;
}

static int sender_ok(void)
{
	int r = killpg(root_pid, SIGUSR1);

	printf("nobody killpg(group with a nobody member): %d %s\n", r,
	       r ? strerror(errno) : "");
	return r ? PTS_FAIL : PTS_PASS;
}

static pid_t member(int as_nobody)
{
	pid_t pid;
	char c;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		close(fds[1]);
		if (setpgid(0, as_nobody ? root_pid : 0))
			exit(PTS_UNRESOLVED);
		if (as_nobody)
			pts_become_nobody();
		exit(read(fds[0], &c, 1) == 0 ? PTS_PASS : PTS_UNRESOLVED);
	}
	setpgid(pid, as_nobody ? root_pid : pid);
	return pid;
}

int main(void)
{
	int status;
	sigset_t set;

	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	root_pid = member(0);
	pts_wait_in_syscall(root_pid, SYS_read);
	if (getpgid(root_pid) != root_pid)
		PTS_UNRES("the root member is not a group leader");

	pts_run_as_nobody(sender_eperm, "the nobody sender");
	if (pts_shared_pending(root_pid))
		PTS_FAILED("a signal was generated for the root member: %llx",
			   pts_shared_pending(root_pid));

	nobody_pid = member(1);
	pts_wait_in_syscall(nobody_pid, SYS_read);
	if (getpgid(nobody_pid) != root_pid)
		PTS_UNRES("the nobody member is not in the group");
	pts_run_as_nobody(sender_ok, "the nobody sender");
	printf("pending: root member %llx, nobody member %llx\n",
	       pts_shared_pending(root_pid), pts_shared_pending(nobody_pid));
	if (pts_shared_pending(root_pid))
		PTS_FAILED("the root member got the signal");
	if (pts_shared_pending(nobody_pid) != 1ULL << (SIGUSR1 - 1))
		PTS_FAILED("the nobody member did not get SIGUSR1 alone");

	close(fds[1]);
	if (waitpid(root_pid, &status, 0) != root_pid || status ||
	    waitpid(nobody_pid, &status, 0) != nobody_pid || status)
		PTS_UNRES("a member failed (status %#x)", status);
	PTS_PASSED("EPERM for a root group; only permitted members signalled");
}

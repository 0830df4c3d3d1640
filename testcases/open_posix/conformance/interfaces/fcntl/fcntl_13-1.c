// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(F_SETOWN, F_GETOWN) on a socket: F_SETOWN "sets the process or
 * process group ID specified to receive SIGURG signals when out-of-band
 * data is available", F_GETOWN returns it (a process group as a negative
 * value). A connected TCP socket has no owner at first (0). With its
 * owner set to a child's process group, an out-of-band byte sent by the
 * peer sends SIGURG to that child (blocked there, taken by
 * sigtimedwait()) and not to us; with the owner our own pid, the next
 * out-of-band byte sends it to us. F_SETOWN with a pid no process has:
 * [ESRCH] ("may fail"; 0 printed).
 */
#include <sys/socket.h>

#include "pts_tcp.h"

static int child(void)
{
	struct timespec to = pts_ns_ts(pts_bound_ns(30));
	sigset_t set;
	int r;

	sigemptyset(&set);
	sigaddset(&set, SIGURG);
	r = sigtimedwait(&set, NULL, &to);
	if (r != SIGURG) {
		printf("child: sigtimedwait() %d: %m, expected SIGURG\n", r);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

static void urgent(int snd, int rcv)
{
	char c;
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);

	if (send(snd, "!", 1, MSG_OOB) != 1)
		PTS_UNRES("send(MSG_OOB): %m");
	/* take the byte once it has arrived, so the next one is new */
	while (recv(rcv, &c, 1, MSG_OOB | MSG_DONTWAIT) != 1) {
		if (errno != EINVAL && errno != EAGAIN)
			PTS_UNRES("recv(MSG_OOB): %m");
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the out-of-band byte never arrived");
		pts_nap();
	}
}

int main(void)
{
	struct timespec zero = { 0, 0 }, to = pts_ns_ts(pts_bound_ns(30));
	int snd, rcv, r, p[2];
	sigset_t set;
	pid_t pid, gone;
	char c;

	sigemptyset(&set);
	sigaddset(&set, SIGURG);
	if (sigprocmask(SIG_BLOCK, &set, NULL) || pipe(p))
		PTS_UNRES("set-up: %m");
	pts_tcp_pair(&snd, &rcv);
	r = fcntl(rcv, F_GETOWN);
	if (r != 0)
		PTS_FAILED("F_GETOWN of a new socket: %d, expected 0", r);

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[1]);
		if (setpgid(0, 0) || read(p[0], &c, 1) != 0)
			_exit(PTS_UNRESOLVED);
		_exit(child());
	}
	close(p[0]);
	setpgid(pid, pid);
	close(p[1]);	/* the child goes on once it is a group leader */
	if (fcntl(rcv, F_SETOWN, -pid))
		PTS_FAILED("F_SETOWN(-pgid): %m");
	r = fcntl(rcv, F_GETOWN);
	if (r != -pid)
		PTS_FAILED("F_GETOWN after F_SETOWN(-%d): %d", (int)pid, r);
	urgent(snd, rcv);
	pts_reap(pid, "the child owning the group");
	PTS_EXPECT_ERRNO(sigtimedwait(&set, NULL, &zero), EAGAIN,
			 "SIGURG for a socket owned by another group");

	if (fcntl(rcv, F_SETOWN, getpid()) || fcntl(rcv, F_GETOWN) != getpid())
		PTS_FAILED("F_SETOWN/F_GETOWN of our pid: %m");
	urgent(snd, rcv);
	r = sigtimedwait(&set, NULL, &to);
	if (r != SIGURG)
		PTS_FAILED("owner pid: sigtimedwait() %d (%m), expected SIGURG", r);

	gone = fork();
	if (gone < 0)
		PTS_UNRES("fork(): %m");
	if (!gone)
		_exit(0);
	waitpid(gone, NULL, 0);
	errno = 0;
	r = fcntl(rcv, F_SETOWN, gone);
	printf("F_SETOWN(pid of a reaped child): %d %s\n", r,
	       r ? strerrorname_np(errno) : "");
	if (r && errno != ESRCH)
		PTS_FAILED("F_SETOWN of a missing pid: %s, expected ESRCH or 0",
			   strerrorname_np(errno));
	PTS_PASSED("F_GETOWN 0, -pgid, pid read back; SIGURG to the owner only");
}

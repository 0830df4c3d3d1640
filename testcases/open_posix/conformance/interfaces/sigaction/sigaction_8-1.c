// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(SIGCHLD) with SA_NOCLDWAIT: "child processes of the calling
 * processes shall not be transformed into zombie processes when they
 * terminate", and a wait for them "shall block until all of the calling
 * process' child processes terminate, and then return -1 with errno set
 * to [ECHILD]". The same holds when SIGCHLD is set to SIG_IGN. Three
 * children exit; wait() returns ECHILD and no zombie is left.
 */
#include "pts_helpers.h"

static void one(int use_flag)
{
	struct sigaction sa;
	pid_t pid[3];
	long long end;
	int i, r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = use_flag ? SIG_DFL : SIG_IGN;
	sa.sa_flags = use_flag ? SA_NOCLDWAIT : 0;
	sigaction(SIGCHLD, &sa, NULL);
	for (i = 0; i < 3; i++) {
		pid[i] = fork();
		if (!pid[i])
			_exit(i);
	}
	errno = 0;
	r = wait(NULL);
	if (r != -1 || errno != ECHILD)
		PTS_FAILED("%s: wait() returned %d (%m), expected ECHILD",
			   use_flag ? "SA_NOCLDWAIT" : "SIG_IGN", r);
	/*
	 * wait() may report ECHILD while the kernel is still releasing an
	 * auto-reaped child: it must be gone soon, a zombie stays.
	 */
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	for (i = 0; i < 3; i++)
		while (kill(pid[i], 0) == 0) {
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_FAILED("%s: child %d left as a zombie",
					   use_flag ? "SA_NOCLDWAIT" : "SIG_IGN",
					   (int)pid[i]);
			pts_nap();
		}
}

int main(void)
{
	one(1);
	one(0);
	PTS_PASSED("no zombies, wait() ECHILD with SA_NOCLDWAIT and SIG_IGN");
}

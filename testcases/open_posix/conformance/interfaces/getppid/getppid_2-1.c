// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getppid(): the parent process ID of a child forked by a secondary
 * thread is the process ID of the parent process (getpid(), the same in
 * every thread), not the forking thread's own thread ID; and it stays so
 * after that thread has exited.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int rep[2], go[2];

static void *forker(void *arg)
{
	pid_t *tid = arg;
	pid_t pid;

	*tid = pts_gettid();
	fflush(stdout);
	pid = fork();
	if (!pid) {
		pid_t pp1 = getppid(), pp2;
		char c;

		/* again after the forking thread is gone */
		if (read(go[0], &c, 1) != 1)
			_exit(3);
		pp2 = getppid();
		if (write(rep[1], &pp1, sizeof(pp1)) != sizeof(pp1) ||
		    write(rep[1], &pp2, sizeof(pp2)) != sizeof(pp2))
			_exit(4);
		_exit(0);
	}
	return (void *)(long)pid;
}

int main(void)
{
	pid_t tid = 0, pid, pp[2];
	pthread_t t;
	int status;
	void *r;

	if (pipe(rep) || pipe(go))
		PTS_UNRES("pipe(): %m");
	if (pthread_create(&t, NULL, forker, &tid) || pthread_join(t, &r))
		PTS_UNRES("pthread_create()");
	pid = (pid_t)(long)r;
	if (pid <= 0 || tid == getpid())
		PTS_UNRES("fork() in the thread failed or ran in main");
	if (write(go[1], "x", 1) != 1 ||
	    read(rep[0], &pp[0], sizeof(pp[0])) != sizeof(pp[0]) ||
	    read(rep[0], &pp[1], sizeof(pp[1])) != sizeof(pp[1]))
		PTS_UNRES("no report from the child");
	waitpid(pid, &status, 0);
	if (pp[0] != getpid() || pp[1] != getpid())
		PTS_FAILED("child of thread %d read ppid %d, then %d; expected the process %d",
			   (int)tid, (int)pp[0], (int)pp[1], (int)getpid());
	PTS_PASSED("a thread's child has the process as its parent");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getpid() returns the process ID of the caller: in a child it is the
 * value fork() returned to the parent (and differs from the parent's);
 * every thread of a process gets the same value (the kernel's thread
 * group ID, /proc/self resolves to it), distinct from the thread IDs of
 * the secondary threads; it is stable across calls and the
 * getppid() of the child.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pid_t seen[4];
static pid_t tids[4];

static void *thread(void *arg)
{
	long i = (long)arg;

	seen[i] = getpid();
	tids[i] = pts_gettid();
	return NULL;
}

static pid_t proc_self(void)
{
	char buf[32];
	ssize_t r = readlink("/proc/self", buf, sizeof(buf) - 1);

	if (r <= 0)
		PTS_UNRES("readlink(/proc/self): %s", strerror(errno));
	buf[r] = 0;
	return atoi(buf);
}

int main(void)
{
	pid_t me = getpid(), pid, got;
	pthread_t t[4];
	int p[2], status;
	long i;

	if (me != getpid() || me != proc_self())
		PTS_FAILED("getpid() %d unstable or not /proc/self", (int)me);
	for (i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, thread, (void *)i))
			PTS_UNRES("pthread_create() failed");
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	for (i = 0; i < 4; i++) {
		if (seen[i] != me)
			PTS_FAILED("thread %ld: getpid() %d, process %d", i,
				   (int)seen[i], (int)me);
		if (tids[i] == me)
			PTS_FAILED("thread %ld's TID equals the pid", i);
	}
	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		pid_t c = getpid(), pp = getppid();

		if (write(p[1], &c, sizeof(c)) != sizeof(c) ||
		    write(p[1], &pp, sizeof(pp)) != sizeof(pp))
			_exit(2);
		_exit(c == proc_self() ? 0 : 1);
	}
	if (read(p[0], &got, sizeof(got)) != sizeof(got))
		PTS_UNRES("read(): %s", strerror(errno));
	if (got != pid)
		PTS_FAILED("child's getpid() %d, fork() returned %d", (int)got,
			   (int)pid);
	if (got == me)
		PTS_FAILED("child's pid equals the parent's");
	if (read(p[0], &got, sizeof(got)) != sizeof(got))
		PTS_UNRES("read(): %s", strerror(errno));
	if (got != me)
		PTS_FAILED("child's getppid() %d, parent's getpid() %d",
			   (int)got, (int)me);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("waitpid(): %s", strerror(errno));
	if (WEXITSTATUS(status))
		PTS_FAILED("child's getpid() is not its /proc/self");
	PTS_PASSED("pid equal in all threads and to /proc/self; child's is fork()'s value");
}

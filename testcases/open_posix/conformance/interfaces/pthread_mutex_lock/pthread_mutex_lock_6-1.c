// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mutex types: a new mutex attributes object has the type
 * PTHREAD_MUTEX_DEFAULT, and each of NORMAL, ERRORCHECK, RECURSIVE and
 * DEFAULT reads back as set ([EINVAL] for another value, the type kept).
 * PTHREAD_MUTEX_NORMAL "shall not detect deadlock": a thread relocking a
 * NORMAL mutex it holds deadlocks (in a child process, seen asleep in
 * futex until the parent kills it with SIGKILL; the child's status is
 * checked), and trylock of it returns EBUSY. Which of the other types
 * DEFAULT maps to is implementation-defined and only printed.
 */
#include <pthread.h>

#include "pts_helpers.h"

static const struct {
	int type;
	const char *name;
} types[] = {
	{ PTHREAD_MUTEX_NORMAL, "NORMAL" },
	{ PTHREAD_MUTEX_ERRORCHECK, "ERRORCHECK" },
	{ PTHREAD_MUTEX_RECURSIVE, "RECURSIVE" },
	{ PTHREAD_MUTEX_DEFAULT, "DEFAULT" },
};

int main(void)
{
	pthread_mutexattr_t a;
	pthread_mutex_t m;
	unsigned int i;
	int type, status, p[2];
	pid_t pid;
	char c;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_gettype(&a, &type);
	if (type != PTHREAD_MUTEX_DEFAULT)
		PTS_FAILED("a new attributes object has type %d, expected DEFAULT (%d)",
			   type, PTHREAD_MUTEX_DEFAULT);
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (pthread_mutexattr_settype(&a, types[i].type))
			PTS_FAILED("settype(%s) failed", types[i].name);
		PTS_EXPECT_ERR(pthread_mutexattr_settype(&a, -1), EINVAL,
			       "settype(-1)");
		pthread_mutexattr_gettype(&a, &type);
		if (type != types[i].type)
			PTS_FAILED("type %s read back as %d", types[i].name, type);
	}
	printf("PTHREAD_MUTEX_DEFAULT is %d (NORMAL %d, ERRORCHECK %d, RECURSIVE %d): implementation-defined\n",
	       PTHREAD_MUTEX_DEFAULT, PTHREAD_MUTEX_NORMAL,
	       PTHREAD_MUTEX_ERRORCHECK, PTHREAD_MUTEX_RECURSIVE);

	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_NORMAL);
	pthread_mutex_init(&m, &a);
	if (pthread_mutex_lock(&m))
		PTS_FAILED("lock of a NORMAL mutex failed");
	PTS_EXPECT_ERR(pthread_mutex_trylock(&m), EBUSY, "NORMAL trylock while held");
	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		/* the child's copy of m is locked by its only thread */
		if (write(p[1], "x", 1) != 1)
			_exit(PTS_UNRESOLVED);
		pthread_mutex_lock(&m);
		_exit(PTS_FAIL);
	}
	if (read(p[0], &c, 1) != 1)
		PTS_UNRES("read(): %s", strerror(errno));
	pts_wait_in_syscall(pid, SYS_futex);
	kill(pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
		PTS_FAILED("the relocking child was not deadlocked (status 0x%x)",
			   status);
	printf("relocking child blocked in futex until SIGKILL\n");
	pthread_mutex_unlock(&m);
	PTS_PASSED("types read back; NORMAL relock deadlocks, trylock EBUSY");
}

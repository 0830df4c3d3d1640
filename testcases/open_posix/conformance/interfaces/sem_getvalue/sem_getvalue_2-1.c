// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_getvalue(): "shall update the location referenced by the sval
 * argument to have the value of the semaphore referenced by sem without
 * affecting the state of the semaphore". A semaphore initialised to 5
 * (private, process-shared, and a named one) reads 5 however often it is
 * read; then exactly 5 sem_trywait() calls succeed and the sixth fails
 * with [EAGAIN] (reads change nothing), the value read after each step
 * following it down to 0; posts by another process (pshared and named)
 * are seen by the reader's sem_getvalue().
 */
#include <fcntl.h>
#include <semaphore.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static void steps(sem_t *s, const char *what)
{
	int v, i;

	for (i = 0; i < 100; i++) {
		if (sem_getvalue(s, &v))
			PTS_FAILED("%s: sem_getvalue(): %s", what, strerror(errno));
		if (v != 5)
			PTS_FAILED("%s: read %d of 5 (read #%d)", what, v, i + 1);
	}
	for (i = 4; i >= 0; i--) {
		if (sem_trywait(s))
			PTS_FAILED("%s: trywait at %d failed: %s", what, i + 1,
				   strerror(errno));
		sem_getvalue(s, &v);
		if (v != i)
			PTS_FAILED("%s: value %d after a trywait, expected %d", what, v, i);
	}
	PTS_EXPECT_ERRNO(sem_trywait(s), EAGAIN, "trywait after 5");
}

static void posts_from_child(sem_t *s, const char *what)
{
	pid_t pid;
	int status, v;

	fflush(stdout);
	pid = fork();
	if (!pid)
		_exit(sem_post(s) || sem_post(s) || sem_post(s));
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_UNRES("%s: the posting child failed", what);
	sem_getvalue(s, &v);
	if (v != 3)
		PTS_FAILED("%s: value %d after three posts by another process", what, v);
}

int main(void)
{
	sem_t priv, *sh, *named;
	char name[64];

	if (sem_init(&priv, 0, 5))
		PTS_UNRES("sem_init(): %s", strerror(errno));
	steps(&priv, "private");

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || sem_init(sh, 1, 5))
		PTS_UNRES("pshared set-up: %s", strerror(errno));
	steps(sh, "pshared");
	posts_from_child(sh, "pshared");

	snprintf(name, sizeof(name), "/pts_sem_getvalue_2_%d", (int)getpid());
	named = sem_open(name, O_CREAT | O_EXCL, 0600, 5);
	if (named == SEM_FAILED)
		PTS_UNRES("sem_open(): %s", strerror(errno));
	sem_unlink(name);
	steps(named, "named");
	posts_from_child(named, "named");
	PTS_PASSED("reads leave the value as it is; other processes' posts are seen");
}

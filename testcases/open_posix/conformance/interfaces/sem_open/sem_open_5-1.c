// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() and named semaphores: "Any semaphores that are open in the
 * parent process shall also be open in the child process." A child
 * posts twice and waits once through the handle sem_open() returned in
 * the parent, without opening the name itself (the name is already
 * unlinked, so it could not); the parent's handle then reads the value
 * 1 + 2 - 1, and the child's sem_close() leaves the parent's handle
 * working.
 */
#include <semaphore.h>

#include "pts_helpers.h"

static sem_t *s;

static int child(void)
{
	if (sem_post(s) || sem_post(s) || sem_trywait(s) || sem_close(s)) {
		printf("child: the inherited semaphore: %m\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	char name[64];
	int v;

	snprintf(name, sizeof(name), "/pts_sem_open5_%d", (int)getpid());
	sem_unlink(name);
	s = sem_open(name, O_CREAT | O_EXCL, 0600, 1);
	if (s == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	sem_unlink(name);
	pts_run_child(child, "child using the inherited semaphore");
	if (sem_getvalue(s, &v))
		PTS_FAILED("the parent's handle after the child's close: %m");
	printf("value after the child's two posts and one wait: %d\n", v);
	if (v != 2)
		PTS_FAILED("value %d, expected 2", v);
	if (sem_trywait(s) || sem_trywait(s))
		PTS_FAILED("taking the child's posts: %m");
	PTS_EXPECT_ERRNO(sem_trywait(s), EAGAIN, "sem_trywait() at zero");
	PTS_PASSED("the child shares the parent's open named semaphore");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): open semaphores are inherited by the child. A named semaphore
 * (sem_open()) and an unnamed process-shared one in MAP_SHARED memory,
 * at values 3 and 0: the child reads 3 and 0 with sem_getvalue(),
 * takes the named one once (sem_trywait()) and posts the unnamed one
 * twice; the parent then reads 2 and takes the unnamed one twice
 * without blocking (sem_trywait()), a third time [EAGAIN].
 */
#include <semaphore.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static sem_t *named, *unnamed;

static int child(void)
{
	int a, b;

	if (sem_getvalue(named, &a) || sem_getvalue(unnamed, &b))
		return PTS_UNRESOLVED;
	if (a != 3 || b != 0) {
		printf("child: values %d and %d, expected 3 and 0\n", a, b);
		return PTS_FAIL;
	}
	if (sem_trywait(named) || sem_post(unnamed) || sem_post(unnamed)) {
		printf("child: %m\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	char name[64];
	int v;

	snprintf(name, sizeof(name), "/pts_fork14_%d", (int)getpid());
	named = sem_open(name, O_CREAT | O_EXCL, 0600, 3);
	unnamed = mmap(NULL, sizeof(sem_t), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (named == SEM_FAILED || unnamed == MAP_FAILED)
		PTS_UNRES("set-up: %m");
	sem_unlink(name);
	if (sem_init(unnamed, 1, 0))
		PTS_UNRES("sem_init(): %m");
	pts_run_child(child, "child");
	if (sem_getvalue(named, &v) || v != 2)
		PTS_FAILED("the named semaphore is %d, expected 2", v);
	if (sem_trywait(unnamed) || sem_trywait(unnamed))
		PTS_FAILED("the child's posts are not seen: %m");
	PTS_EXPECT_ERRNO(sem_trywait(unnamed), EAGAIN, "a third sem_trywait()");
	PTS_PASSED("both semaphores inherited and shared with the child");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_init() with pshared non-zero: "the semaphore is shared between
 * processes; any process that can access the semaphore sem can use sem
 * for performing sem_wait(), sem_trywait(), sem_post(), and
 * sem_destroy() operations." The semaphore lives in a shared memory
 * object; a child maps the object again by name at another address (a
 * mapping made after fork(), not the inherited one) and waits on it
 * there; the parent, once the child sleeps in the wait, posts through
 * its own mapping and the child wakes. The child's post through its
 * address is then taken by the parent's sem_trywait().
 */
#include <semaphore.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static char name[64];
static sem_t *mine;

static int child(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	sem_t *s;
	int fd;

	fd = shm_open(name, O_RDWR, 0);
	if (fd < 0)
		return PTS_UNRESOLVED;
	/* two pages, the object in the second: another address for sure */
	s = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (s == MAP_FAILED)
		return PTS_UNRESOLVED;
	munmap(s, pg);
	s = mmap((char *)s + pg, pg, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_FIXED, fd, 0);
	if (s == MAP_FAILED || s == mine)
		return PTS_UNRESOLVED;
	printf("child: semaphore at %p, the parent's at %p\n", (void *)s,
	       (void *)mine);
	fflush(stdout);
	if (sem_wait(s)) {
		printf("child: sem_wait(): %m\n");
		return PTS_FAIL;
	}
	return sem_post(s) ? PTS_FAIL : PTS_PASS;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	pid_t pid;
	int fd, v;

	snprintf(name, sizeof(name), "/pts_sem_init2_%d", (int)getpid());
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || ftruncate(fd, pg))
		PTS_UNRES("shm_open/ftruncate: %m");
	mine = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (mine == MAP_FAILED || sem_init(mine, 1, 0)) {
		shm_unlink(name);
		PTS_UNRES("mmap/sem_init: %m");
	}
	fflush(stdout);
	pid = fork();
	if (!pid)
		_exit(child());
	pts_wait_in_syscall(pid, SYS_futex);
	shm_unlink(name);
	if (sem_post(mine))
		PTS_UNRES("sem_post(): %m");
	pts_reap(pid, "child waiting at its own address");
	if (sem_trywait(mine))
		PTS_FAILED("the child's post is not seen at the parent's address: %m");
	sem_getvalue(mine, &v);
	if (v)
		PTS_FAILED("value %d, expected 0", v);
	PTS_PASSED("a pshared semaphore works at two addresses of one object");
}

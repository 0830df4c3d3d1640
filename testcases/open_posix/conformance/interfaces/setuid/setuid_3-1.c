// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The user and group IDs are the process's: setgid() and setuid() called
 * by one thread change them for every thread. In a child with three
 * threads, a second thread's setgid(65533) and setuid(65534) are seen by
 * main's getresuid()/getresgid() and by the kernel for main and a third,
 * idle thread (/proc/self/task/TID/status, Uid and Gid lines: all four
 * IDs); main
 * then has no privilege left (setuid(0) [EPERM]).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_barrier_t b;
static int res;
static pid_t idle_tid;

static void *idle(void *arg)
{
	(void)arg;
	idle_tid = pts_gettid();
	pthread_barrier_wait(&b);	/* created */
	pthread_barrier_wait(&b);	/* checked */
	return NULL;
}

static void *changer(void *arg)
{
	(void)arg;
	res = setgid(65533) || setuid(PTS_NOBODY);
	return NULL;
}

static void check_task(pid_t tid)
{
	char path[64], line[256];
	unsigned int u[4], g[4];
	int have = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/status", (int)tid);
	f = fopen(path, "r");
	if (!f)
		PTS_UNRES("%s: %m", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Uid: %u %u %u %u", &u[0], &u[1], &u[2], &u[3]) == 4)
			have |= 1;
		if (sscanf(line, "Gid: %u %u %u %u", &g[0], &g[1], &g[2], &g[3]) == 4)
			have |= 2;
	}
	fclose(f);
	if (have != 3)
		PTS_UNRES("no Uid/Gid lines in %s", path);
	if (u[0] != PTS_NOBODY || u[1] != PTS_NOBODY || u[2] != PTS_NOBODY ||
	    u[3] != PTS_NOBODY || g[0] != 65533 || g[1] != 65533 ||
	    g[2] != 65533 || g[3] != 65533)
		PTS_FAILED("task %d: Uid %u %u %u %u Gid %u %u %u %u; all 65534 and 65533 expected",
			   (int)tid, u[0], u[1], u[2], u[3], g[0], g[1], g[2], g[3]);
}

static int child(void)
{
	uid_t r, e, s;
	gid_t gr, ge, gs;
	pthread_t i, c;

	pthread_barrier_init(&b, NULL, 2);
	if (pthread_create(&i, NULL, idle, NULL))
		PTS_UNRES("pthread_create()");
	pthread_barrier_wait(&b);
	if (pthread_create(&c, NULL, changer, NULL) || pthread_join(c, NULL))
		PTS_UNRES("pthread_create()/join()");
	if (res)
		PTS_FAILED("setgid()/setuid() in a thread: %m");
	getresuid(&r, &e, &s);
	getresgid(&gr, &ge, &gs);
	if (r != PTS_NOBODY || e != PTS_NOBODY || s != PTS_NOBODY ||
	    gr != 65533 || ge != 65533 || gs != 65533)
		PTS_FAILED("main reads uids %d/%d/%d gids %d/%d/%d", (int)r, (int)e,
			   (int)s, (int)gr, (int)ge, (int)gs);
	check_task(getpid());
	check_task(idle_tid);
	PTS_EXPECT_ERRNO(setuid(0), EPERM, "main's setuid(0) after the thread's setuid()");
	pthread_barrier_wait(&b);
	pthread_join(i, NULL);
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "threaded child");
	PTS_PASSED("setuid()/setgid() in one thread apply to all");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_detach() "shall indicate to the implementation that storage
 * for the thread thread can be reclaimed when that thread terminates".
 * In a child process limited to 256 MiB of address space (RLIMIT_AS),
 * 200 threads with 8 MiB stacks are created one after another, each
 * detached with pthread_detach() and waited for until its task has left
 * /proc/self/task: every creation succeeds (1.6 GiB of stacks in all,
 * so the storage of the terminated ones was reused or unmapped) and
 * VmSize ends below the limit. The control: threads left joinable and
 * never joined keep their stacks, and creation fails with [EAGAIN]
 * long before 200.
 */
#include <pthread.h>
#include <dirent.h>

#include "pts_helpers.h"

#define NTHR 200
#define STACK (8 << 20)

static void *fn(void *arg)
{
	return arg;
}

static int ntasks(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* create NTHR threads one at a time; the number created */
static int create_all(int detach)
{
	pthread_attr_t a;
	long long end;
	pthread_t t;
	int i, err;

	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, STACK);
	for (i = 0; i < NTHR; i++) {
		err = pthread_create(&t, &a, fn, NULL);
		if (err == EAGAIN)
			break;
		if (err) {
			printf("pthread_create() %d: %s\n", i, strerrorname_np(err));
			exit(PTS_FAIL);
		}
		if (detach && (err = pthread_detach(t))) {
			printf("pthread_detach() %d: %s\n", i, strerrorname_np(err));
			exit(PTS_FAIL);
		}
		end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
		while (ntasks() != 1) {
			if (pts_now(CLOCK_MONOTONIC) > end) {
				printf("thread %d never terminated\n", i);
				exit(PTS_UNRESOLVED);
			}
			pts_nap();
		}
	}
	return i;
}

static void limit_as(void)
{
	struct rlimit rl = { 256 << 20, 256 << 20 };

	if (setrlimit(RLIMIT_AS, &rl)) {
		printf("setrlimit(): %s\n", strerror(errno));
		exit(PTS_UNRESOLVED);
	}
}

static int detached(void)
{
	int n;

	limit_as();
	n = create_all(1);
	if (n != NTHR) {
		printf("only %d of %d detached threads could be created in turn\n",
		       n, NTHR);
		return PTS_FAIL;
	}
	printf("%d detached threads of 8 MiB created in turn\n", n);
	return PTS_PASS;
}

static int joinable(void)
{
	int n;

	limit_as();
	n = create_all(0);
	printf("control: %d unjoined joinable threads before EAGAIN\n", n);
	return n < NTHR ? PTS_PASS : PTS_UNRESOLVED;
}

int main(void)
{
	pts_run_child(joinable, "the joinable control");
	pts_run_child(detached, "the detaching child");
	PTS_PASSED("detached threads' storage is reclaimed when they terminate");
}

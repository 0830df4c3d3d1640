// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_create(): "If successful, the pthread_create() function
 * shall return zero" and store the new thread's ID. 100 threads are
 * created and kept alive at once: every call returns 0, the 100 IDs
 * differ from each other and from main's (pthread_equal()), each is
 * the thread's own pthread_self(), the kernel lists 101 tasks in
 * /proc/self/task with 100 distinct TIDs other than the pid, and each
 * thread, released, is joined with its own argument back.
 */
#include <dirent.h>
#include <pthread.h>

#include "pts_helpers.h"

#define N 100

static pthread_t ids[N], selfs[N];
static volatile int tids[N], started;
static int p[2];

static void *thr(void *arg)
{
	long i = (long)arg;
	char c;

	selfs[i] = pthread_self();
	tids[i] = pts_gettid();
	__atomic_add_fetch(&started, 1, __ATOMIC_ACQ_REL);
	if (read(p[0], &c, 1) != 1)
		return NULL;
	return arg;
}

static int count_tasks(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		PTS_UNRES("opendir(/proc/self/task): %s", strerror(errno));
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

int main(void)
{
	long long end;
	long i, j;
	void *r;
	int e, n;

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	for (i = 0; i < N; i++) {
		e = pthread_create(&ids[i], NULL, thr, (void *)i);
		if (e)
			PTS_FAILED("create #%ld returned %d (%s)", i, e,
				   strerrorname_np(e));
	}
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (__atomic_load_n(&started, __ATOMIC_ACQUIRE) < N) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("only %d threads started", started);
		pts_nap();
	}
	for (i = 0; i < N; i++) {
		if (!pthread_equal(ids[i], selfs[i]))
			PTS_FAILED("thread %ld: stored ID is not its pthread_self()", i);
		if (pthread_equal(ids[i], pthread_self()) || tids[i] == getpid())
			PTS_FAILED("thread %ld has main's ID or TID", i);
		for (j = 0; j < i; j++)
			if (pthread_equal(ids[i], ids[j]) || tids[i] == tids[j])
				PTS_FAILED("threads %ld and %ld share an ID or TID", j, i);
	}
	n = count_tasks();
	if (n != N + 1)
		PTS_FAILED("/proc/self/task lists %d tasks, expected %d", n, N + 1);
	for (i = 0; i < N; i++)
		if (write(p[1], "x", 1) != 1)
			PTS_UNRES("write(): %s", strerror(errno));
	for (i = 0; i < N; i++) {
		if (pthread_join(ids[i], &r) || r != (void *)i)
			PTS_FAILED("thread %ld joined with %p", i, r);
	}
	PTS_PASSED("%d creates returned 0: distinct IDs and tasks, each joined with its value", N);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_join() "shall suspend execution of the calling thread until
 * the target thread terminates, unless the target thread has already
 * terminated". A joiner is seen asleep in the kernel (futex) while the
 * target is blocked in read() on a pipe, and has not returned; once the
 * target is let go, the join returns its value. A target that has
 * already terminated (its task gone from /proc/self/task) is joined at
 * once, its value kept until then.
 */
#include <pthread.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static int p[2];
static volatile pid_t target_tid, joiner_tid, quick_tid;
static volatile int joined;
static pthread_t target;
static char token[2];

static void *target_fn(void *arg)
{
	char c;

	(void)arg;
	target_tid = pts_gettid();
	if (read(p[0], &c, 1) != 1)
		return NULL;
	return token;
}

static void *joiner_fn(void *arg)
{
	void *v = NULL;
	int err;

	(void)arg;
	joiner_tid = pts_gettid();
	err = pthread_join(target, &v);
	joined = 1;
	if (err)
		return (void *)(long)err;
	return v == token ? NULL : (void *)-1L;
}

static void *quick_fn(void *arg)
{
	quick_tid = pts_gettid();
	return arg;
}

static void wait_set(volatile pid_t *tid)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);

	while (!*tid) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("thread never started");
		pts_nap();
	}
}

int main(void)
{
	long long end;
	char path[64];
	struct stat st;
	pthread_t j, q;
	void *v;

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pthread_create(&target, NULL, target_fn, NULL);
	wait_set(&target_tid);
	pthread_create(&j, NULL, joiner_fn, NULL);
	wait_set(&joiner_tid);
	pts_wait_in_syscall(target_tid, SYS_read);
	pts_wait_in_syscall(joiner_tid, SYS_futex);
	if (joined)
		PTS_FAILED("pthread_join() returned while its target still ran");
	printf("joiner asleep in futex while the target reads the pipe\n");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pthread_join(j, &v);
	if (v)
		PTS_FAILED("the joiner's pthread_join() gave %ld (error or wrong value)",
			   (long)v);

	pthread_create(&q, NULL, quick_fn, token + 1);
	wait_set(&quick_tid);
	snprintf(path, sizeof(path), "/proc/self/task/%d", (int)quick_tid);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!stat(path, &st)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the returned thread's task never went away");
		pts_nap();
	}
	if (pthread_join(q, &v))
		PTS_FAILED("joining a terminated thread failed");
	if (v != token + 1)
		PTS_FAILED("a terminated thread's value was lost before the join");
	PTS_PASSED("the joiner waits for the target; a terminated one joins at once");
}

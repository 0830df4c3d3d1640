// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_join() is a cancellation point, and "if the thread calling
 * pthread_join() is canceled, then the target thread shall not be
 * detached". A thread blocked joining a target (asleep in the kernel,
 * futex) is cancelled: it joins with PTHREAD_CANCELED and its cleanup
 * handler ran. The target, still running, is then joined by main: 0 and
 * the value it passed to pthread_exit(), which a detached thread would
 * not give (its join would be [EINVAL]).
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_t target;
static int p[2];
static volatile int cleaned;

static void *target_fn(void *arg)
{
	char c;

	(void)arg;
	if (read(p[0], &c, 1) != 1)
		return NULL;
	pthread_exit((void *)0x5a5aL);
}

static void cleanup(void *arg)
{
	(void)arg;
	cleaned = 1;
}

static void *joiner(void *arg)
{
	void *v = NULL;

	(void)arg;
	pthread_cleanup_push(cleanup, NULL);
	pthread_join(target, &v);
	pthread_cleanup_pop(0);
	return (void *)1L;	/* the join must not return */
}

int main(void)
{
	struct pts_blocked b;
	void *v;
	int err;

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	if (pthread_create(&target, NULL, target_fn, NULL))
		PTS_UNRES("pthread_create()");
	pts_start_blocked(&b, joiner, NULL, SYS_futex);
	if (pthread_cancel(b.t))
		PTS_UNRES("pthread_cancel()");
	err = pthread_join(b.t, &v);
	if (err || v != PTHREAD_CANCELED)
		PTS_FAILED("the joiner was not cancelled in pthread_join() (join %d, value %p)",
			   err, v);
	if (!cleaned)
		PTS_FAILED("the cancelled joiner's cleanup handler did not run");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	err = pthread_join(target, &v);
	if (err)
		PTS_FAILED("joining the target after its joiner was cancelled returned %s (detached?)",
			   strerrorname_np(err));
	if (v != (void *)0x5a5aL)
		PTS_FAILED("the target's exit value is %p, expected 0x5a5a", v);
	PTS_PASSED("a cancelled joiner left its target joinable");
}

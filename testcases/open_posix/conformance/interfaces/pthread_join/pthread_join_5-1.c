// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_join(): "If successful, the pthread_join() function shall
 * return zero", with the target's exit status in value_ptr, however the
 * target terminated. For each of four targets a joiner thread is asleep
 * in the kernel (futex, waiting for the target's TID to be cleared)
 * before the target ends: by returning 1, by pthread_exit(2), by a
 * deferred cancel while blocked in read() (PTHREAD_CANCELED), and by
 * pthread_exit(4) called from a signal handler that interrupted its
 * read(). Every join returns 0 with that value.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_sigkit.h"

static int p[2];

static void on_usr1(int sig)
{
	(void)sig;
	pthread_exit((void *)4L);
}

static void *target(void *arg)
{
	long how = (long)arg;
	char c;

	if (read(p[0], &c, 1) != 1)
		return (void *)-1L;
	if (how == 2)
		pthread_exit((void *)2L);
	return (void *)1L;
}

struct join {
	pthread_t target;
	void *val;
};

static void *joiner(void *arg)
{
	struct join *j = arg;

	return (void *)(long)pthread_join(j->target, &j->val);
}

int main(void)
{
	static void *const want[] = { (void *)1L, (void *)2L, PTHREAD_CANCELED,
				      (void *)4L };
	struct pts_blocked t, jt;
	struct join j;
	long how, r;

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pts_catch(SIGUSR1, on_usr1, 0);
	for (how = 1; how <= 4; how++) {
		pts_start_blocked(&t, target, (void *)how, SYS_read);
		j.target = t.t;
		j.val = NULL;
		pts_start_blocked(&jt, joiner, &j, SYS_futex);
		if (how <= 2 && write(p[1], "x", 1) != 1)
			PTS_UNRES("write(): %s", strerror(errno));
		if (how == 3 && pthread_cancel(t.t))
			PTS_UNRES("pthread_cancel()");
		if (how == 4 && pthread_kill(t.t, SIGUSR1))
			PTS_UNRES("pthread_kill()");
		r = pts_join_long(jt.t);
		if (r || j.val != want[how - 1])
			PTS_FAILED("case %ld: join returned %ld with %p, expected 0 with %p",
				   how, r, j.val, want[how - 1]);
	}
	PTS_PASSED("0 and the status for return, pthread_exit(), cancel, exit from a handler");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_exit() called by the main thread: its cleanup handlers run
 * (the last pushed first), then its thread-specific data destructors,
 * and the process goes on ("The process shall exit with an exit status
 * of 0 after the last thread has been terminated", not when main
 * leaves): main pushes two handlers, binds a value to a key with a
 * destructor, and calls pthread_exit(); each handler and the destructor
 * write a byte to a pipe; another thread reads "21d" from it, checks
 * that main is gone from /proc/self/task while the process lives on,
 * and gives the verdict with exit().
 */
#include <pthread.h>
#include <poll.h>

#include "pts_helpers.h"

static int p[2];
static pid_t main_tid;

static void put(char c)
{
	if (write(p[1], &c, 1) != 1)
		_exit(PTS_UNRESOLVED);
}

static void h1(void *a)
{
	(void)a;
	put('1');
}

static void h2(void *a)
{
	(void)a;
	put('2');
}

static void d(void *v)
{
	(void)v;
	put('d');
}

static void *judge(void *arg)
{
	struct pollfd pfd = { .events = POLLIN };
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	char got[4] = "", path[64], st[512], *s;
	FILE *f;
	int n = 0;

	(void)arg;
	pfd.fd = p[0];
	while (n < 3) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("only \"%s\" after main's pthread_exit()", got);
		if (poll(&pfd, 1, 100) == 1 && read(p[0], &got[n], 1) == 1)
			n++;
	}
	printf("order: %s\n", got);
	if (strcmp(got, "21d"))
		PTS_FAILED("order \"%s\", expected the handlers 2 then 1, then the destructor",
			   got);
	/* main's task ends (a zombie thread, or gone) while we live on */
	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)main_tid);
	for (;;) {
		f = fopen(path, "r");
		if (!f)
			break;
		s = fgets(st, sizeof(st), f) ? strrchr(st, ')') : NULL;
		fclose(f);
		if (s && (s[2] == 'Z' || s[2] == 'X'))
			break;
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("main thread still running after pthread_exit()");
		pts_nap();
	}
	PTS_PASSED("main's pthread_exit() ran handlers then destructors; the process lived on");
}

int main(void)
{
	pthread_key_t k;
	pthread_t t;

	if (pipe(p) || pthread_key_create(&k, d))
		PTS_UNRES("set-up: %s", strerror(errno));
	main_tid = pts_gettid();
	pthread_setspecific(k, &k);
	if (pthread_create(&t, NULL, judge, NULL))
		PTS_UNRES("pthread_create()");
	pthread_cleanup_push(h1, NULL);
	pthread_cleanup_push(h2, NULL);
	pthread_exit(NULL);
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	return PTS_UNRESOLVED;
}

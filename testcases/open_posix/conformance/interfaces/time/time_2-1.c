// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * time(): "If tloc is not a null pointer, the return value is also
 * stored in the object to which it points." Over a thousand calls, a
 * tloc holding a poison value beforehand gets exactly the value
 * returned, never (time_t)-1; time(NULL) succeeds too; the same holds
 * in a secondary thread and in a child process (the vDSO page is
 * inherited by fork()).
 */
#include <pthread.h>

#include "pts_helpers.h"

static const char *check(void)
{
	time_t t, r;
	int i;

	for (i = 0; i < 1000; i++) {
		t = (time_t)-12345 - i;
		r = time(&t);
		if (r == (time_t)-1)
			return "time(&t) returned -1";
		if (t != r)
			return "time(&t) stored another value than it returned";
		if (time(NULL) == (time_t)-1)
			return "time(NULL) returned -1";
	}
	return NULL;
}

static void *thr(void *arg)
{
	(void)arg;
	return (void *)check();
}

int main(void)
{
	const char *e;
	pthread_t t;
	void *r;
	pid_t pid;
	int status;

	e = check();
	if (e)
		PTS_FAILED("main thread: %s", e);
	pthread_create(&t, NULL, thr, NULL);
	pthread_join(t, &r);
	if (r)
		PTS_FAILED("secondary thread: %s", (const char *)r);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		e = check();
		if (e)
			printf("child: %s\n", e);
		_exit(e ? PTS_FAIL : PTS_PASS);
	}
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("child process: status %#x", status);
	PTS_PASSED("the value returned is the one stored through tloc");
}

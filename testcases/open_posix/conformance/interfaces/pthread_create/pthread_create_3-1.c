// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_create(): [EAGAIN] "The system lacked the necessary resources
 * to create another thread, or the system-imposed limit on the total
 * number of threads in a process would be exceeded." Under a uid of its
 * own (no other process counts against it, doc/flakes.md rule 9) with
 * RLIMIT_NPROC 1, the process is the user's only task and a new thread
 * would be the second: pthread_create() returns EAGAIN (not in errno) and
 * the start routine never runs. With the limit raised to 2 it succeeds.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int ran;

static void *start(void *arg)
{
	(void)arg;
	ran = 1;
	return NULL;
}

static int child(void)
{
	struct rlimit rl = { 1, 1 };
	pthread_t t;
	int err;

	if (setrlimit(RLIMIT_NPROC, &rl))
		PTS_UNRES("setrlimit(RLIMIT_NPROC, 1): %s", strerror(errno));
	err = pthread_create(&t, NULL, start, NULL);
	if (err != EAGAIN)
		PTS_FAILED("pthread_create() over RLIMIT_NPROC returned %d (%s), expected EAGAIN",
			   err, err ? strerrorname_np(err) : "0");
	if (ran)
		PTS_FAILED("the start routine ran although creation failed");
	printf("RLIMIT_NPROC 1: pthread_create() returned EAGAIN\n");
	return PTS_PASS;
}

static int child2(void)
{
	struct rlimit rl = { 2, 2 };
	pthread_t t;
	int err;

	if (setrlimit(RLIMIT_NPROC, &rl))
		PTS_UNRES("setrlimit(RLIMIT_NPROC, 2): %s", strerror(errno));
	err = pthread_create(&t, NULL, start, NULL);
	if (err)
		PTS_FAILED("pthread_create() under RLIMIT_NPROC 2 returned %s",
			   strerrorname_np(err));
	pthread_join(t, NULL);
	if (!ran)
		PTS_FAILED("the start routine did not run");
	printf("RLIMIT_NPROC 2: the second task was created\n");
	return PTS_PASS;
}

int main(void)
{
	if (getuid())
		PTS_UNSUPP("needs root to switch to a uid of its own");
	pts_run_as_own_uid(child, "child (RLIMIT_NPROC 1)");
	pts_run_as_own_uid(child2, "child (RLIMIT_NPROC 2)");
	PTS_PASSED("EAGAIN at RLIMIT_NPROC, success below it");
}

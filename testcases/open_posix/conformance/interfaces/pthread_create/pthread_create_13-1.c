// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_create() shall fail with [EAGAIN] when "the system lacked the
 * necessary resources to create another thread", and "if
 * pthread_create() fails, no new thread is created". In a child process
 * whose address space is limited to 256 MiB (RLIMIT_AS), a thread asking
 * for a 512 MiB stack cannot have it mapped: [EAGAIN] (not [ENOMEM],
 * which pthread_create() does not return), start_routine never runs,
 * /proc/self/task still lists one task and the address space did not
 * grow (VmSize of /proc/self/status). A thread with a 256 KiB stack is
 * then created and joined as usual.
 */
#include <pthread.h>
#include <dirent.h>

#include "pts_helpers.h"

static volatile int ran;
static int token;

static void *fn(void *arg)
{
	ran = 1;
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

static long vmsize_kb(void)
{
	char line[128];
	long v = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmSize: %ld", &v) == 1)
			break;
	fclose(f);
	return v;
}

static int child(void)
{
	struct rlimit rl = { 256 << 20, 256 << 20 };
	pthread_attr_t a;
	long before, after;
	pthread_t t;
	void *v;
	int err;

	if (setrlimit(RLIMIT_AS, &rl)) {
		printf("setrlimit(RLIMIT_AS): %s\n", strerror(errno));
		return PTS_UNRESOLVED;
	}
	pthread_attr_init(&a);
	if (pthread_attr_setstacksize(&a, 512 << 20))
		return PTS_UNRESOLVED;
	before = vmsize_kb();
	err = pthread_create(&t, &a, fn, NULL);
	after = vmsize_kb();
	if (err != EAGAIN) {
		printf("pthread_create() with a 512 MiB stack under a 256 MiB RLIMIT_AS returned %s, expected EAGAIN\n",
		       err ? strerrorname_np(err) : "0");
		return PTS_FAIL;
	}
	if (ran || ntasks() != 1) {
		printf("a thread was created (ran %d, %d tasks)\n", ran,
		       ntasks());
		return PTS_FAIL;
	}
	if (before < 0 || after != before) {
		printf("VmSize %ld kB before, %ld kB after the failed call\n",
		       before, after);
		return PTS_FAIL;
	}
	pthread_attr_setstacksize(&a, 256 << 10);
	err = pthread_create(&t, &a, fn, &token);
	if (err || pthread_join(t, &v) || v != &token || !ran) {
		printf("a 256 KiB thread after the failure: %s\n",
		       err ? strerrorname_np(err) : "join failed");
		return PTS_FAIL;
	}
	printf("EAGAIN, no task, VmSize %ld kB unchanged\n", after);
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "the RLIMIT_AS child");
	PTS_PASSED("EAGAIN for an unmappable stack, no thread created");
}

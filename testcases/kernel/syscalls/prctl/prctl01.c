// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_SET_NAME names the calling thread: PR_GET_NAME, /proc/self/comm and
 * /proc/self/task/<tid>/comm show the name, cut to 15 bytes; a second
 * thread's name leaves the main thread's alone. EFAULT for an unmapped
 * name on either side; EINVAL for an option prctl() does not know.
 */
#include <pthread.h>
#include <stdio.h>
#include <sys/prctl.h>
#include "tst_test.h"

static void *bad_addr;

static void read_comm(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");

	if (!f || !fgets(buf, size, f))
		tst_brk(TBROK | TERRNO, "reading %s", path);
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
}

static void check_name(pid_t tid, const char *want)
{
	char got[32], path[64];

	if (tid == getpid()) {
		memset(got, 'x', sizeof(got));
		TST_EXP_PASS(prctl(PR_GET_NAME, got, 0, 0, 0));
		TST_EXP_EXPR(!strcmp(got, want), "PR_GET_NAME gives '%s', "
			     "expected '%s'", got, want);
		read_comm("/proc/self/comm", got, sizeof(got));
		TST_EXP_EXPR(!strcmp(got, want), "/proc/self/comm is '%s'",
			     got);
	}
	snprintf(path, sizeof(path), "/proc/self/task/%d/comm", (int)tid);
	read_comm(path, got, sizeof(got));
	TST_EXP_EXPR(!strcmp(got, want), "%s is '%s', expected '%s'", path,
		     got, want);
}

static void *thread_fn(void *arg)
{
	(void)arg;
	if (prctl(PR_SET_NAME, "second-thread", 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_NAME) in a thread");
	check_name(gettid(), "second-thread");
	return NULL;
}

static void run(void)
{
	pthread_t thread;
	int ret;

	TST_EXP_PASS(prctl(PR_SET_NAME, "procsig-name", 0, 0, 0));
	check_name(getpid(), "procsig-name");
	TST_EXP_PASS(prctl(PR_SET_NAME, "0123456789abcdefXYZ", 0, 0, 0),
		     "prctl(PR_SET_NAME) of 19 bytes");
	check_name(getpid(), "0123456789abcde");

	ret = pthread_create(&thread, NULL, thread_fn, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	pthread_join(thread, NULL);
	check_name(getpid(), "0123456789abcde");

	TST_EXP_FAIL(prctl(PR_SET_NAME, bad_addr, 0, 0, 0), EFAULT,
		     "prctl(PR_SET_NAME) of an unmapped name");
	TST_EXP_FAIL(prctl(PR_GET_NAME, bad_addr, 0, 0, 0), EFAULT,
		     "prctl(PR_GET_NAME) into unmapped memory");
	TST_EXP_FAIL(prctl(0x7ffffff0, 0, 0, 0, 0), EINVAL,
		     "prctl() of unknown option 0x7ffffff0");
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};

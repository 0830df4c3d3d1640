// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pidfd_open() errors: EINVAL for an unknown flag and for a pid that is
 * not positive, ESRCH for a pid that does not exist, EINVAL (ENOENT since
 * pidfs) for the tid of a thread that is not a thread-group leader, EMFILE
 * when the caller may open no more fds.
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "pidfd_raw.h"
#include "task_wait.h"

static pid_t thread_tid;

static void *thread_fn(void *arg)
{
	(void)arg;
	thread_tid = gettid();
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	return NULL;
}

static void test_emfile(void)
{
	struct rlimit rl;
	int fd, lowest;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		fd = SAFE_OPEN("/dev/null", O_RDONLY);
		lowest = fd;
		SAFE_CLOSE(fd);
		rl.rlim_cur = rl.rlim_max = lowest;
		if (setrlimit(RLIMIT_NOFILE, &rl))
			tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE)");
		TST_EXP_FAIL(pidfd_open_raw(getpid(), 0), EMFILE,
			     "pidfd_open() with no fd left");
		exit(0);
	}
	reap_child(pid);
}

static void run(void)
{
	pthread_t thread;
	int ret;

	TST_EXP_FAIL(pidfd_open_raw(getpid(), 1), EINVAL,
		     "pidfd_open(self, flags 1)");
	TST_EXP_FAIL(pidfd_open_raw(0, 0), EINVAL, "pidfd_open(0)");
	TST_EXP_FAIL(pidfd_open_raw(-1, 0), EINVAL, "pidfd_open(-1)");
	TST_EXP_FAIL(pidfd_open_raw(unused_pid(), 0), ESRCH,
		     "pidfd_open(pid_max)");

	ret = pthread_create(&thread, NULL, thread_fn, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	TST_CHECKPOINT_WAIT(0);
	/*
	 * 6.1 says EINVAL; newer kernels (with PIDFD_THREAD and pidfs) say
	 * ENOENT. Either way no pidfd for a bare thread without the flag.
	 */
	TEST(pidfd_open_raw(thread_tid, 0));
	if (TST_RET == -1 && (TST_ERR == EINVAL || TST_ERR == ENOENT))
		tst_res(TPASS | TTERRNO, "pidfd_open() of a thread that is "
			"not the leader failed");
	else
		tst_res(TFAIL | TTERRNO, "pidfd_open() of a thread that is not"
			" the leader returned %ld, expected EINVAL or ENOENT",
			TST_RET);
	TST_CHECKPOINT_WAKE(0);
	pthread_join(thread, NULL);

	test_emfile();
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

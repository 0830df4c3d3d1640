// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cgroup v2 pids controller counts threads, not processes
 * (kernel/cgroup/pids.c charges every task in copy_process()):
 *  - a process alone in a cgroup with pids.max 3 creates two threads,
 *    then pthread_create() (clone with CLONE_THREAD) fails with EAGAIN,
 *    twice; pids.current reads 3 and pids.events "max" grew by exactly 2;
 *  - once a thread is joined and released, pids.current reads 2 and a
 *    thread can be created again;
 *  - migration is never refused by the limit: a process with 3 tasks
 *    moves into a cgroup with pids.max 1, which then reads pids.current
 *    3 (the documented way to exceed pids.max), and its fork() fails
 *    with EAGAIN; the cgroup it left reads 0;
 *  - pids.max accepts 0..PID_MAX_LIMIT (4194304) and "max", and refuses
 *    -1 and 4194305 with EINVAL, leaving the value as it was.
 */
#include <errno.h>
#include <pthread.h>
#include "tst_test.h"
#include "cgroup2.h"

#define PIDS_LIMIT_MAX 4194304

static void *idle_thread(void *arg)
{
	pthread_mutex_t *m = arg;

	pthread_mutex_lock(m);
	pthread_mutex_unlock(m);
	return NULL;
}

static void wait_current(const char *rel, long long val)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();

	while (cg_read_num(rel, "pids.current") != val &&
	       tst_mono_ms() < deadline)
		usleep(1000);
	TST_EXP_EQ_LI(cg_read_num(rel, "pids.current"), val);
}

static void threads_child(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_t th[3];
	long long ev0;
	int i, ret;

	cg_enter("t");
	ev0 = cg_read_key("t", "pids.events", "max");
	pthread_mutex_lock(&m);
	for (i = 0; i < 2; i++) {
		ret = pthread_create(&th[i], NULL, idle_thread, &m);
		if (ret)
			tst_brk(TBROK, "pthread_create() %d: %s", i + 1,
				tst_strerrno(ret));
	}
	TST_EXP_EQ_LI(cg_read_num("t", "pids.current"), 3);
	ret = pthread_create(&th[2], NULL, idle_thread, &m);
	TST_EXP_EXPR(ret == EAGAIN, "third thread at pids.max 3: %s",
		     tst_strerrno(ret));
	ret = pthread_create(&th[2], NULL, idle_thread, &m);
	TST_EXP_EXPR(ret == EAGAIN, "again at the limit: %s",
		     tst_strerrno(ret));
	TST_EXP_EQ_LI(cg_read_key("t", "pids.events", "max") - ev0, 2);

	pthread_mutex_unlock(&m);
	pthread_join(th[0], NULL);
	pthread_join(th[1], NULL);
	/* the join returns before release_task() uncharges the thread */
	wait_current("t", 1);
	pthread_mutex_lock(&m);
	ret = pthread_create(&th[0], NULL, idle_thread, &m);
	TST_EXP_EXPR(ret == 0, "thread created after the others ended: %s",
		     tst_strerrno(ret));
	TST_EXP_EQ_LI(cg_read_num("t", "pids.current"), 2);
	pthread_mutex_unlock(&m);
	if (!ret)
		pthread_join(th[0], NULL);
	exit(0);
}

/* A process of 3 tasks in cgroup "free", then moved by the parent. */
static void mover_child(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_t th[2];
	pid_t pid;
	int i;

	cg_enter("free");
	pthread_mutex_lock(&m);
	for (i = 0; i < 2; i++)
		if (pthread_create(&th[i], NULL, idle_thread, &m))
			tst_brk(TBROK, "pthread_create()");
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	pid = fork();
	if (!pid)
		_exit(0);
	TST_EXP_EXPR(pid < 0 && errno == EAGAIN,
		     "fork() in the cgroup over its pids.max: %s",
		     pid < 0 ? tst_strerrno(errno) : "succeeded");
	if (pid > 0)
		reap_child(pid);
	pthread_mutex_unlock(&m);
	for (i = 0; i < 2; i++)
		pthread_join(th[i], NULL);
	exit(0);
}

static void run(void)
{
	char path[PATH_MAX];
	pid_t pid;

	CG_WRITE("t", "pids.max", "3");
	pid = SAFE_FORK();
	if (!pid)
		threads_child();
	reap_child(pid);
	wait_current("t", 0);

	CG_WRITE("one", "pids.max", "1");
	pid = SAFE_FORK();
	if (!pid)
		mover_child();
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EQ_LI(cg_read_num("free", "pids.current"), 3);
	TST_EXP_PASS(cg_try_write("one", "cgroup.procs", "%d", pid),
		     "move a 3-task process into a cgroup with pids.max 1");
	TST_EXP_EQ_LI(cg_read_num("one", "pids.current"), 3);
	TST_EXP_EQ_LI(cg_read_num("free", "pids.current"), 0);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	wait_current("one", 0);

	TST_EXP_PASS(cg_try_write("one", "pids.max", "%d", PIDS_LIMIT_MAX),
		     "pids.max %d", PIDS_LIMIT_MAX);
	TST_EXP_EQ_LI(cg_read_num("one", "pids.max"), PIDS_LIMIT_MAX);
	TST_EXP_PASS(cg_try_write("one", "pids.max", "0"), "pids.max 0");
	TST_EXP_FAIL(cg_try_write("one", "pids.max", "%d", PIDS_LIMIT_MAX + 1),
		     EINVAL, "pids.max %d", PIDS_LIMIT_MAX + 1);
	TST_EXP_FAIL(cg_try_write("one", "pids.max", "-1"), EINVAL,
		     "pids.max -1");
	TST_EXP_EQ_LI(cg_read_num("one", "pids.max"), 0);
	TST_EXP_PASS(cg_try_write("one", "pids.max", "max"), "pids.max max");
	cg_path(path, sizeof(path), "one", "pids.max");
	TST_EXP_EXPR(cg_has_word(path, "max"), "pids.max reads back 'max'");
}

static void setup(void)
{
	static const char *const ctrls[] = {"pids", NULL};

	cg_setup(ctrls, 1);
	cg_mkdir("t");
	cg_mkdir("one");
	cg_mkdir("free");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_CGROUP_PIDS", NULL
	},
};

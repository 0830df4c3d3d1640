// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) record locks and threads:
 * - OFD locks belong to the open file description: a thread's
 *   F_OFD_SETLK through its own open() conflicts with another thread's
 *   lock (EAGAIN), F_OFD_SETLKW sleeps until that thread unlocks; through
 *   the fd the threads share there is no conflict;
 * - POSIX locks belong to the process: a second thread's F_SETLK over the
 *   first's write lock succeeds, and its F_UNLCK releases the first's
 *   lock (another process sees no lock);
 * - integrity: threads, each with its own open(), increment counters in
 *   the file under F_OFD_SETLKW (whole-file and per-record), read and
 *   written back with pread/pwrite; no increment is lost.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "fcntl_lock.h"
#include "task_wait.h"

#define FNAME "fcntl13_file"
#define THREADS 8
#define ROUNDS 200
#define RECORDS 4

static int shared_fd = -1;
static volatile pid_t waiter_tid;

struct thread_arg {
	int fd;
	long ret;
	int err;
};

static void *ofd_setlkw_thread(void *p)
{
	struct thread_arg *arg = p;

	waiter_tid = syscall(SYS_gettid);
	arg->ret = lock_op(arg->fd, F_OFD_SETLKW, F_WRLCK, 0, 10);
	arg->err = errno;
	return NULL;
}

static void *ofd_setlk_thread(void *p)
{
	struct thread_arg *arg = p;

	arg->ret = lock_op(arg->fd, F_OFD_SETLK, F_WRLCK, 5, 10);
	arg->err = errno;
	return NULL;
}

static void *posix_thread(void *p)
{
	struct thread_arg *arg = p;

	arg->ret = lock_op(arg->fd, F_SETLK, F_WRLCK, 0, 10);
	if (!arg->ret)
		arg->ret = lock_op(arg->fd, F_SETLK, F_UNLCK, 0, 100);
	arg->err = errno;
	return NULL;
}

static void run_thread(void *(*fn)(void *), struct thread_arg *arg)
{
	pthread_t t;

	if (pthread_create(&t, NULL, fn, arg))
		tst_brk(TBROK, "pthread_create");
	if (pthread_join(t, NULL))
		tst_brk(TBROK, "pthread_join");
}

static void test_ofd_threads(void)
{
	int own_fd = SAFE_OPEN(FNAME, O_RDWR);
	struct thread_arg arg = { .fd = own_fd };
	pthread_t t;

	SAFE_LOCK(shared_fd, F_OFD_SETLK, F_WRLCK, 0, 10);

	run_thread(ofd_setlk_thread, &arg);
	if (arg.ret == -1 && arg.err == EAGAIN)
		tst_res(TPASS, "thread with its own open(): F_OFD_SETLK EAGAIN");
	else
		tst_res(TFAIL, "thread with its own open(): F_OFD_SETLK "
			"returned %ld (%s), expected EAGAIN", arg.ret,
			tst_strerrno(arg.err));

	arg.fd = shared_fd;
	run_thread(ofd_setlk_thread, &arg);
	if (!arg.ret)
		tst_res(TPASS, "thread through the shared fd: F_OFD_SETLK 0");
	else
		tst_res(TFAIL, "thread through the shared fd: F_OFD_SETLK "
			"failed with %s", tst_strerrno(arg.err));

	/* the shared description's lock now spans [0, 15): a waiter sleeps */
	arg.fd = own_fd;
	arg.ret = -2;
	waiter_tid = 0;
	if (pthread_create(&t, NULL, ofd_setlkw_thread, &arg))
		tst_brk(TBROK, "pthread_create");
	while (!waiter_tid)
		usleep(100);
	wait_task_state(getpid(), waiter_tid, "S");
	TST_EXP_EQ_LI(arg.ret, -2);
	SAFE_LOCK(shared_fd, F_OFD_SETLK, F_UNLCK, 0, 0);
	if (pthread_join(t, NULL))
		tst_brk(TBROK, "pthread_join");
	if (!arg.ret)
		tst_res(TPASS, "F_OFD_SETLKW granted once the lock went");
	else
		tst_res(TFAIL, "F_OFD_SETLKW: %s", tst_strerrno(arg.err));
	check_getlk(shared_fd, F_OFD_GETLK, F_WRLCK, 0, 10, F_WRLCK, 0, 10, -1);
	SAFE_CLOSE(own_fd);
	/* closing the waiter's description dropped its lock */
	check_getlk(shared_fd, F_OFD_GETLK, F_WRLCK, 0, 10, F_UNLCK, 0, 0, 0);
}

static void test_posix_threads(void)
{
	struct thread_arg arg = { .fd = shared_fd };
	pid_t pid;

	SAFE_LOCK(shared_fd, F_SETLK, F_WRLCK, 0, 100);
	run_thread(posix_thread, &arg);
	if (!arg.ret)
		tst_res(TPASS, "second thread: F_SETLK over the first's lock "
			"and F_UNLCK work");
	else
		tst_res(TFAIL, "second thread: %s", tst_strerrno(arg.err));
	/* the second thread's unlock released the process's lock */
	pid = SAFE_FORK();
	if (!pid) {
		check_getlk(shared_fd, F_GETLK, F_WRLCK, 0, 100, F_UNLCK, 0, 0,
			    0);
		exit(0);
	}
	reap_child(pid);
}

static void *increment_thread(void *p)
{
	long id = (intptr_t)p, i, rec;
	int fd = open(FNAME, O_RDWR);
	uint32_t val;

	if (fd < 0)
		return (void *)1;
	for (i = 0; i < ROUNDS; i++) {
		rec = (id + i) % RECORDS;
		/* odd rounds lock one record, even ones the whole file */
		if (lock_op(fd, F_OFD_SETLKW, F_WRLCK, i & 1 ? rec * 4 : 0,
			    i & 1 ? 4 : 0))
			return (void *)2;
		if (pread(fd, &val, 4, rec * 4) != 4)
			return (void *)3;
		val++;
		sched_yield();
		if (pwrite(fd, &val, 4, rec * 4) != 4)
			return (void *)3;
		if (lock_op(fd, F_OFD_SETLK, F_UNLCK, 0, 0))
			return (void *)2;
	}
	close(fd);
	return NULL;
}

static void test_integrity(void)
{
	uint32_t vals[RECORDS] = { 0 }, total = 0;
	pthread_t t[THREADS];
	void *ret;
	long i;

	SAFE_PWRITE(1, shared_fd, vals, sizeof(vals), 0);
	for (i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], NULL, increment_thread,
				   (void *)(intptr_t)i))
			tst_brk(TBROK, "pthread_create");
	for (i = 0; i < THREADS; i++) {
		if (pthread_join(t[i], &ret))
			tst_brk(TBROK, "pthread_join");
		if (ret)
			tst_brk(TBROK, "increment thread %ld: step %ld failed",
				i, (long)(intptr_t)ret);
	}
	SAFE_PREAD(1, shared_fd, vals, sizeof(vals), 0);
	for (i = 0; i < RECORDS; i++)
		total += vals[i];
	if (total == THREADS * ROUNDS)
		tst_res(TPASS, "%d threads x %d locked increments: total %u",
			THREADS, ROUNDS, total);
	else
		tst_res(TFAIL, "%d threads x %d locked increments: total %u, "
			"%d lost", THREADS, ROUNDS, total,
			THREADS * ROUNDS - (int)total);
}

static void run(void)
{
	test_ofd_threads();
	test_posix_threads();
	test_integrity();
}

static void setup(void)
{
	shared_fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, shared_fd, "0123456789abcdefghij", 20);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

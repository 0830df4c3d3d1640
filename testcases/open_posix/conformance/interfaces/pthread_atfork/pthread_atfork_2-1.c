// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_atfork(): the handlers run in the thread that calls fork(); the
 * child is a copy of that thread alone, and its child handler runs in it
 * (pthread_self() there equals the forking thread's ID). The classic use
 * works across threads: the prepare handler takes a mutex that another
 * thread has been using (a waiter woken from the kernel), the parent and
 * child handlers release it, so the child (one thread, /proc/self/task)
 * can lock it and the parent finds it free afterwards.
 */
#include <dirent.h>
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_t forker;
static volatile int bad_thread, locker_tid, locker_got;
static int pipefd[2];

static void prepare(void)
{
	if (!pthread_equal(pthread_self(), forker))
		bad_thread |= 1;
	pthread_mutex_lock(&m);
}

static void parent(void)
{
	if (!pthread_equal(pthread_self(), forker))
		bad_thread |= 2;
	pthread_mutex_unlock(&m);
}

static void child(void)
{
	if (!pthread_equal(pthread_self(), forker))
		bad_thread |= 4;
	pthread_mutex_unlock(&m);
}

static int count_tasks(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int k = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			k++;
	closedir(d);
	return k;
}

static void *locker(void *arg)
{
	char c;

	(void)arg;
	locker_tid = pts_gettid();
	if (read(pipefd[0], &c, 1) != 1)
		return NULL;
	pthread_mutex_lock(&m);
	locker_got = 1;
	pthread_mutex_unlock(&m);
	return NULL;
}

static void *fork_thread(void *arg)
{
	pid_t pid;
	int status;

	(void)arg;
	forker = pthread_self();
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return (void *)(long)PTS_UNRESOLVED;
	if (!pid) {
		if (bad_thread & 4)
			_exit(10);
		if (count_tasks() != 1)
			_exit(11);
		if (!pthread_equal(pthread_self(), forker))
			_exit(12);
		if (pthread_mutex_trylock(&m))
			_exit(13);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return (void *)(long)PTS_UNRESOLVED;
	return (void *)(long)(WEXITSTATUS(status) + 100);
}

int main(void)
{
	pthread_t tl, tf;
	void *v;
	long r;

	if (pipe(pipefd))
		PTS_UNRES("pipe(): %s", strerror(errno));
	if (pthread_atfork(prepare, parent, child))
		PTS_UNRES("pthread_atfork() failed");
	if (pthread_create(&tl, NULL, locker, NULL))
		PTS_UNRES("pthread_create() failed");
	while (!__atomic_load_n(&locker_tid, __ATOMIC_ACQUIRE))
		pts_nap();
	pts_wait_in_syscall(locker_tid, SYS_read);
	/* hold m ourselves, let the locker block on it, then fork */
	pthread_mutex_lock(&m);
	if (write(pipefd[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pts_wait_in_syscall(locker_tid, SYS_futex);
	pthread_mutex_unlock(&m);
	/* the locker may take m now or after the fork; both are fine */
	if (pthread_create(&tf, NULL, fork_thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(tf, &v);
	r = (long)v;
	if (r == PTS_UNRESOLVED)
		PTS_UNRES("fork or wait failed in the thread");
	pthread_join(tl, NULL);
	if (bad_thread & 3)
		PTS_FAILED("prepare/parent handler not run in the forking thread (%d)",
			   bad_thread);
	switch (r - 100) {
	case 0:
		break;
	case 10:
		PTS_FAILED("child handler not run in the forking thread's copy");
	case 11:
		PTS_FAILED("the child has more than one thread");
	case 12:
		PTS_FAILED("child's pthread_self() differs from the forking thread's ID");
	case 13:
		PTS_FAILED("the child could not lock the mutex the child handler released");
	default:
		PTS_UNRES("child exited with %ld", r - 100);
	}
	if (!locker_got)
		PTS_FAILED("the parent's other thread never got the mutex");
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("the mutex is still held in the parent");
	PTS_PASSED("handlers in the forking thread; the child is that thread alone and locks the released mutex");
}

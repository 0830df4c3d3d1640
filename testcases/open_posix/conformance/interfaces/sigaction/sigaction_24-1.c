// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SA_RESTART restarts the other blocking calls POSIX makes
 * interruptible: a thread blocked in fcntl(F_SETLKW) on a range a child
 * process holds, one in open(O_RDONLY) of a FIFO with no writer, and one
 * in waitpid() for a running child each take a SIGUSR1 caught with
 * SA_RESTART in their own thread: each sleeps in the kernel again
 * without returning, and completes once the condition is met: the lock
 * taken (0) when the child ends, a descriptor when main opens the FIFO
 * for writing, the child's pid and exit status 7.
 */
#include <pthread.h>
#include <sys/prctl.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static volatile pid_t handled_by;
static char fifo[64], file[64];
static int holder_go[2], exiter_go[2], lockfd;
static pid_t holder, exiter;

struct op {
	const char *name;
	long nr;
	void *(*fn)(void *);
	volatile pid_t tid;
	volatile int returned;
	long ret;
	int err;
};

static void handler(int sig)
{
	(void)sig;
	handled_by = pts_gettid();
}

static void *do_lock(void *arg)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_len = 10 };
	struct op *o = arg;

	o->tid = pts_gettid();
	o->ret = fcntl(lockfd, F_SETLKW, &fl);
	o->err = errno;
	o->returned = 1;
	return NULL;
}

static void *do_open(void *arg)
{
	struct op *o = arg;

	o->tid = pts_gettid();
	o->ret = open(fifo, O_RDONLY);
	o->err = errno;
	o->returned = 1;
	return NULL;
}

static void *do_wait(void *arg)
{
	struct op *o = arg;
	int status;

	o->tid = pts_gettid();
	o->ret = waitpid(exiter, &status, 0);
	o->err = errno;
	if (o->ret == exiter && (!WIFEXITED(status) || WEXITSTATUS(status) != 7))
		o->ret = -2;
	o->returned = 1;
	return NULL;
}

/* 1 once thread tid sleeps in nr or restart_syscall(), 0 if never */
static int asleep_in(struct op *o)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	char path[64], buf[128];
	long got;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", (int)o->tid);
	while (!o->returned && pts_now(CLOCK_MONOTONIC) < end) {
		f = fopen(path, "r");
		if (!f)
			return 0;
		if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%ld", &got) != 1)
			got = -2;
		fclose(f);
		if (got == o->nr || got == SYS_restart_syscall)
			return 1;
		pts_nap();
	}
	return 0;
}

/* a child that, after its set-up, waits for a byte and exits */
static pid_t waiting_child(int go[2], int lock, int code)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_len = 10 };
	pid_t pid;
	char c;

	if (pipe(go))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(go[1]);
		if (lock && fcntl(lockfd, F_SETLK, &fl))
			_exit(PTS_UNRESOLVED);
		if (read(go[0], &c, 1) < 0)
			_exit(PTS_UNRESOLVED);
		_exit(code);
	}
	close(go[0]);
	return pid;
}

static int complete(struct op *o)
{
	/* a byte, not EOF: the other child holds the write ends too */
	if (o->fn == do_lock)
		return write(holder_go[1], "x", 1) != 1;
	if (o->fn == do_wait)
		return write(exiter_go[1], "x", 1) != 1;
	return open(fifo, O_WRONLY) < 0;
}

static void cleanup(void)
{
	unlink(fifo);
}

int main(void)
{
	struct op ops[] = {
		{ "fcntl(F_SETLKW)", SYS_fcntl, do_lock, 0, 0, 0, 0 },
		{ "open() of a FIFO", SYS_openat, do_open, 0, 0, 0, 0 },
		{ "waitpid()", SYS_wait4, do_wait, 0, 0, 0, 0 },
	};
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_len = 10 };
	struct sigaction sa;
	unsigned int i;
	pthread_t t;
	int status;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	snprintf(fifo, sizeof(fifo), "/tmp/pts_sigaction24f_%d", (int)getpid());
	snprintf(file, sizeof(file), "/tmp/pts_sigaction24l_%d", (int)getpid());
	lockfd = open(file, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (lockfd < 0 || mkfifo(fifo, 0600))
		PTS_UNRES("set-up: %m");
	unlink(file);
	/* the children end with _exit(): only this process removes it */
	atexit(cleanup);
	holder = waiting_child(holder_go, 1, 0);
	exiter = waiting_child(exiter_go, 0, 7);
	/* the holder's lock is in place once F_GETLK reports it */
	for (;;) {
		fl.l_type = F_WRLCK;
		if (fcntl(lockfd, F_GETLK, &fl))
			PTS_UNRES("F_GETLK: %m");
		if (fl.l_type == F_WRLCK && fl.l_pid == holder)
			break;
		pts_nap();
	}

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		struct op *o = &ops[i];

		handled_by = 0;
		if (pthread_create(&t, NULL, o->fn, o))
			PTS_UNRES("pthread_create(): %m");
		while (!o->tid)
			pts_nap();
		pts_wait_in_syscall(o->tid, o->nr);
		if (pthread_kill(t, SIGUSR1))
			PTS_UNRES("pthread_kill()");
		pts_wait_flag((volatile int *)&handled_by, "the handler");
		if (handled_by != o->tid)
			PTS_UNRES("the handler ran in %d, not %d", (int)handled_by,
				  (int)o->tid);
		if (!asleep_in(o) && !o->returned)
			PTS_UNRES("%s neither returned nor slept again", o->name);
		if (o->returned)
			PTS_FAILED("%s returned %ld (%s) after a SA_RESTART handler",
				   o->name, o->ret, strerrorname_np(o->err));
		if (complete(o))
			PTS_UNRES("completing %s: %m", o->name);
		pthread_join(t, NULL);
		if (o->ret < 0 || (o->fn == do_wait && o->ret != exiter))
			PTS_FAILED("%s completed with %ld (%s) after the restart",
				   o->name, o->ret, strerrorname_np(o->err));
	}
	if (waitpid(holder, &status, 0) != holder || status)
		PTS_UNRES("lock holder status 0x%x", status);
	PTS_PASSED("SA_RESTART restarts F_SETLKW, a FIFO open() and waitpid()");
}

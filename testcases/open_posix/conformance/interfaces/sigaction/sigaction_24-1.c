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
#include "pts_sarestart.h"

static char fifo[64], file[64];
static int holder_go[2], exiter_go[2], lockfd;
static pid_t holder, exiter;

static void *do_lock(void *arg)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_len = 10 };
	struct pts_op *o = arg;

	o->tid = pts_gettid();
	o->ret = fcntl(lockfd, F_SETLKW, &fl);
	o->err = errno;
	o->returned = 1;
	return NULL;
}

static void *do_open(void *arg)
{
	struct pts_op *o = arg;

	o->tid = pts_gettid();
	o->ret = open(fifo, O_RDONLY);
	o->err = errno;
	o->returned = 1;
	return NULL;
}

static void *do_wait(void *arg)
{
	struct pts_op *o = arg;
	int status;

	o->tid = pts_gettid();
	o->ret = waitpid(exiter, &status, 0);
	o->err = errno;
	if (o->ret == exiter && (!WIFEXITED(status) || WEXITSTATUS(status) != 7))
		o->ret = -2;
	o->returned = 1;
	return NULL;
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

static int complete(struct pts_op *o)
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
	struct pts_op ops[] = {
		{ "fcntl(F_SETLKW)", SYS_fcntl, do_lock, 0, 0, 0, 0 },
		{ "open() of a FIFO", SYS_openat, do_open, 0, 0, 0, 0 },
		{ "waitpid()", SYS_wait4, do_wait, 0, 0, 0, 0 },
	};
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_len = 10 };
	unsigned int i;
	pthread_t t;
	int status;

	pts_sa_restart_usr1();
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
		struct pts_op *o = &ops[i];

		pts_op_interrupt(o, &t);
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

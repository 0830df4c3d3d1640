// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open() of a FIFO across a stop: O_RDONLY without O_NONBLOCK "shall
 * block the calling thread until a thread opens the file for writing".
 * A process blocked so (and one blocked in O_WRONLY waiting for a
 * reader) is stopped with SIGSTOP and continued with SIGCONT, neither
 * caught: open() does not return (no [EINTR]) and the process sleeps in
 * the kernel again; once the parent opens the other end, it returns a
 * descriptor through which the data crosses (the reader gets "ping"
 * written by the parent, the parent reads "pong" from the writer).
 */
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

struct shared {
	int returned, fd, err;
};

static struct shared *sh;
static char path[64];

static void child(int writer)
{
	char buf[8] = "";
	int fd;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	fd = open(path, writer ? O_WRONLY : O_RDONLY);
	sh->fd = fd;
	sh->err = errno;
	__atomic_store_n(&sh->returned, 1, __ATOMIC_RELEASE);
	if (fd < 0)
		_exit(0);
	if (writer)
		_exit(write(fd, "pong", 4) == 4 ? PTS_PASS : PTS_FAIL);
	_exit(read(fd, buf, 4) == 4 && !memcmp(buf, "ping", 4) ? PTS_PASS : PTS_FAIL);
}

static void round_(int writer)
{
	const char *what = writer ? "open(O_WRONLY)" : "open(O_RDONLY)";
	char buf[8] = "";
	int status, fd;
	pid_t pid;

	memset(sh, 0, sizeof(*sh));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		child(writer);
	pts_wait_in_either(pid, SYS_openat, SYS_open);
	pts_stop(pid, NULL);
	if (pts_cont_or_exit(pid, &status, NULL) || sh->returned)
		PTS_FAILED("%s of a FIFO returned %d after stop and continue", what,
			   sh->fd);
	pts_wait_in_either(pid, SYS_openat, SYS_restart_syscall);
	if (sh->returned)
		PTS_FAILED("%s of a FIFO returned %d (%s) after stop and continue",
			   what, sh->fd, strerrorname_np(sh->err));
	fd = open(path, writer ? O_RDONLY : O_WRONLY);
	if (fd < 0)
		PTS_UNRES("the parent's open(): %m");
	if (writer) {
		if (read(fd, buf, 4) != 4 || memcmp(buf, "pong", 4))
			PTS_FAILED("the parent did not read the writer's data");
	} else if (write(fd, "ping", 4) != 4) {
		PTS_UNRES("write(): %m");
	}
	pts_reap(pid, writer ? "FIFO writer" : "FIFO reader");
	close(fd);
	if (sh->fd < 0)
		PTS_FAILED("%s returned %d (%s) once the other end was opened", what,
			   sh->fd, strerrorname_np(sh->err));
}

static void cleanup(void)
{
	unlink(path);
}

int main(void)
{
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	snprintf(path, sizeof(path), "/tmp/pts_open9_%d", (int)getpid());
	if (sh == MAP_FAILED || mkfifo(path, 0600))
		PTS_UNRES("set-up: %m");
	/* the children end with _exit(): only this process removes it */
	atexit(cleanup);
	round_(0);
	round_(1);
	PTS_PASSED("a blocking FIFO open() waits on across stop and continue");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * read() of an empty pipe and write() to a full pipe across a stop: a
 * process blocked in either is stopped with SIGSTOP and continued with
 * SIGCONT, neither caught: it sleeps on in the kernel without
 * returning (no [EINTR], no short count); the read then returns the 5
 * bytes written after, and the blocked write of 100 bytes completes
 * (returns 100) once the pipe is drained, its bytes following the ones
 * that filled the pipe.
 */
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

struct shared {
	int returned;
	ssize_t ret;
	int err;
	char buf[8];
};

static struct shared *sh;
static int p[2];
static long cap;

static void child(int writer)
{
	char big[100];

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	memset(big, 'w', sizeof(big));
	sh->ret = writer ? write(p[1], big, sizeof(big)) :
			   read(p[0], sh->buf, sizeof(sh->buf));
	sh->err = errno;
	__atomic_store_n(&sh->returned, 1, __ATOMIC_RELEASE);
	_exit(0);
}

static void round_(int writer)
{
	const char *what = writer ? "write()" : "read()";
	char drain[4096];
	long got = 0, w = 0;
	ssize_t n;
	int status;
	pid_t pid;

	memset(sh, 0, sizeof(*sh));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		child(writer);
	pts_wait_in_syscall(pid, writer ? SYS_write : SYS_read);
	pts_stop(pid, NULL);
	if (pts_cont_or_exit(pid, &status, NULL) || sh->returned)
		PTS_FAILED("%s returned %zd after stop and continue", what, sh->ret);
	pts_wait_in_either(pid, writer ? SYS_write : SYS_read, SYS_restart_syscall);
	if (sh->returned)
		PTS_FAILED("%s returned %zd (%s) after stop and continue", what,
			   sh->ret, strerrorname_np(sh->err));
	if (writer) {
		/* drain the pipe: the filler, then the 100 bytes */
		while (got < cap + 100) {
			n = read(p[0], drain, sizeof(drain));
			if (n <= 0)
				PTS_UNRES("read(): %m");
			for (; w < n; w++)
				if (drain[w] != (got + w < cap ? 'f' : 'w'))
					PTS_FAILED("byte %ld of the pipe is '%c'", got + w,
						   drain[w]);
			got += n;
			w = 0;
		}
	} else if (write(p[1], "hello", 5) != 5) {
		PTS_UNRES("write(): %m");
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child status 0x%x", status);
	if (sh->ret != (writer ? 100 : 5) ||
	    (!writer && memcmp(sh->buf, "hello", 5)))
		PTS_FAILED("%s returned %zd (%s) after the pipe was ready", what,
			   sh->ret, sh->ret < 0 ? strerrorname_np(sh->err) : "count");
}

int main(void)
{
	char fill[4096];
	long n;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || pipe(p))
		PTS_UNRES("set-up: %m");
	round_(0);
	/* fill the pipe to its capacity without blocking */
	memset(fill, 'f', sizeof(fill));
	fcntl(p[1], F_SETFL, O_NONBLOCK);
	for (cap = 0; (n = write(p[1], fill, sizeof(fill))) > 0; cap += n)
		;
	fcntl(p[1], F_SETFL, 0);
	if (errno != EAGAIN || cap <= 0)
		PTS_UNRES("filling the pipe: %m");
	round_(1);
	PTS_PASSED("pipe read() and write() sleep on across stop and continue, then complete");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll() and select() with a timeout across a stop: a process waiting
 * 1.5 s in poll() on a pipe with no data (and one in select()) is
 * stopped with SIGSTOP and continued with SIGCONT, neither caught: the
 * call fails neither with [EINTR] nor returns early; it returns 0 (no
 * descriptor ready), not before 1.5 s after it was called (CLOCK_MONOTONIC,
 * lower bound only), the revents / fd set showing nothing.
 */
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/select.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

#define WAIT_MS 1500

struct shared {
	long long start, end;
	int ret, err, ready;
};

static struct shared *sh;
static int p[2];

static void child(int use_select)
{
	struct pollfd pfd = { .fd = p[0], .events = POLLIN };
	struct timeval tv = { WAIT_MS / 1000, (WAIT_MS % 1000) * 1000 };
	fd_set rd;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	sh->start = pts_now(CLOCK_MONOTONIC);
	if (use_select) {
		sh->ret = select(p[0] + 1, &rd, NULL, NULL, &tv);
		sh->ready = FD_ISSET(p[0], &rd);
	} else {
		sh->ret = poll(&pfd, 1, WAIT_MS);
		sh->ready = pfd.revents;
	}
	sh->err = errno;
	sh->end = pts_now(CLOCK_MONOTONIC);
	_exit(0);
}

static void round_(int use_select)
{
	const char *what = use_select ? "select()" : "poll()";
	int status;
	pid_t pid;

	memset(sh, 0, sizeof(*sh));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		child(use_select);
	if (use_select)
		pts_wait_in_either(pid, SYS_select, SYS_pselect6);
	else
		pts_wait_in_either(pid, SYS_poll, SYS_ppoll);
	pts_stop(pid, NULL);
	if (!pts_cont_or_exit(pid, &status, NULL) &&
	    (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)))
		PTS_UNRES("child status 0x%x", status);
	if (sh->ret != 0)
		PTS_FAILED("%s returned %d (%s) after stop and continue, expected 0",
			   what, sh->ret, sh->ret < 0 ? strerrorname_np(sh->err) : "ready");
	if (sh->ready)
		PTS_FAILED("%s reported the empty pipe ready", what);
	if (sh->end - sh->start < WAIT_MS * 1000000LL)
		PTS_FAILED("%s returned after %lld ns, before its %d ms timeout",
			   what, sh->end - sh->start, WAIT_MS);
}

int main(void)
{
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || pipe(p))
		PTS_UNRES("set-up: %m");
	round_(0);
	round_(1);
	PTS_PASSED("poll() and select() time out after stop and continue, not early, no EINTR");
}

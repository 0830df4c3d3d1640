// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A process blocked in mq_send() or mq_timedsend() (deadline an hour
 * ahead) on a full queue is stopped with SIGSTOP and continued with
 * SIGCONT, neither caught: the call does not return (no [EINTR], nothing
 * queued) and the sender sleeps in the kernel again; once the parent
 * receives the message that filled the queue, the send completes with
 * 0 and its message is the one then queued, with its priority.
 */
#include <mqueue.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

struct shared {
	int returned, ret, err;
};

static struct shared *sh;
static mqd_t q;

static void child(int timed)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	sh->ret = timed ? mq_timedsend(q, "late", 4, 3, &dl) :
			  mq_send(q, "late", 4, 3);
	sh->err = errno;
	__atomic_store_n(&sh->returned, 1, __ATOMIC_RELEASE);
	_exit(0);
}

static void round_(int timed)
{
	const char *what = timed ? "mq_timedsend()" : "mq_send()";
	struct mq_attr at;
	unsigned int prio;
	char buf[16];
	int status;
	pid_t pid;

	memset(sh, 0, sizeof(*sh));
	if (mq_send(q, "fill", 4, 1))
		PTS_UNRES("mq_send(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		child(timed);
	pts_wait_in_syscall(pid, SYS_mq_timedsend);
	pts_stop(pid, NULL);
	if (pts_cont_or_exit(pid, &status, NULL) || sh->returned)
		PTS_FAILED("%s returned %d after stop and continue", what, sh->ret);
	pts_wait_in_either(pid, SYS_mq_timedsend, SYS_restart_syscall);
	if (sh->returned)
		PTS_FAILED("%s returned %d (%s) after stop and continue", what,
			   sh->ret, strerrorname_np(sh->err));
	if (mq_getattr(q, &at) || at.mq_curmsgs != 1)
		PTS_FAILED("%ld messages queued while the sender waits",
			   (long)at.mq_curmsgs);
	if (mq_receive(q, buf, sizeof(buf), &prio) != 4 || memcmp(buf, "fill", 4))
		PTS_UNRES("mq_receive() of the filler: %m");
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("sender status 0x%x", status);
	if (sh->ret)
		PTS_FAILED("%s returned %d (%s) once there was room", what, sh->ret,
			   strerrorname_np(sh->err));
	if (mq_receive(q, buf, sizeof(buf), &prio) != 4 || memcmp(buf, "late", 4) ||
	    prio != 3)
		PTS_FAILED("the queued message is not the sender's (priority %u)", prio);
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 1, .mq_msgsize = 8 };
	char name[64];

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	snprintf(name, sizeof(name), "/pts_mq_timedsend3_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	mq_unlink(name);
	round_(0);
	round_(1);
	PTS_PASSED("a blocked send waits on across stop and continue, then queues its message");
}

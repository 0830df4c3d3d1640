// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A process blocked in mq_receive() or mq_timedreceive() (deadline an
 * hour ahead) on an empty queue is stopped with SIGSTOP and continued
 * with SIGCONT: neither is a caught signal, so the call does not return
 * (no [EINTR]; the receiver sleeps in the kernel again); the message
 * sent afterwards is received whole, with its priority. A message sent
 * while the receiver is stopped is not lost either: it gets it once
 * continued, and the queue is empty after.
 */
#include <mqueue.h>
#include <sys/prctl.h>
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

struct shared {
	int returned;
	ssize_t len;
	unsigned int prio;
	char buf[16];
};

static struct shared *sh;
static mqd_t q;

static void child(int timed)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	char buf[16];

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	sh->len = timed ? mq_timedreceive(q, buf, sizeof(buf), &sh->prio, &dl) :
			  mq_receive(q, buf, sizeof(buf), &sh->prio);
	if (sh->len < 0)
		sh->len = -errno;
	else
		memcpy(sh->buf, buf, sh->len);
	__atomic_store_n(&sh->returned, 1, __ATOMIC_RELEASE);
	_exit(0);
}

static void send_msg(void)
{
	if (mq_send(q, "hello", 5, 7))
		PTS_UNRES("mq_send(): %m");
}

static void round_(int timed, int send_while_stopped)
{
	const char *what = timed ? "mq_timedreceive()" : "mq_receive()";
	struct mq_attr at;
	int status, reaped;
	pid_t pid;

	sh->returned = 0;
	sh->len = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		child(timed);
	pts_wait_in_syscall(pid, SYS_mq_timedreceive);
	pts_stop(pid, "the receiver");
	if (send_while_stopped) {
		send_msg();
		if (sh->returned)
			PTS_FAILED("the stopped receiver returned");
	}
	reaped = pts_cont_or_exit(pid, &status, "the receiver");
	if (!send_while_stopped && !reaped) {
		pts_wait_in_either(pid, SYS_mq_timedreceive, SYS_restart_syscall);
		if (__atomic_load_n(&sh->returned, __ATOMIC_ACQUIRE))
			PTS_FAILED("%s returned %zd after stop and continue",
				   what, sh->len);
		send_msg();
	}
	if (!reaped && waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status))
		PTS_UNRES("receiver status 0x%x", status);
	if (sh->len != 5 || memcmp(sh->buf, "hello", 5) || sh->prio != 7)
		PTS_FAILED("%s returned %zd (negative: -errno), priority %u; "
			   "expected the 5 bytes with priority 7 (sent %s the stop)",
			   what, sh->len, sh->prio,
			   send_while_stopped ? "during" : "after");
	if (mq_getattr(q, &at) || at.mq_curmsgs != 0)
		PTS_FAILED("%ld messages left", (long)at.mq_curmsgs);
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 16 };
	char name[64];
	int t;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	snprintf(name, sizeof(name), "/pts_mq_receive5_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	mq_unlink(name);
	for (t = 0; t < 2; t++) {
		round_(t, 0);
		round_(t, 1);
	}
	PTS_PASSED("stop and continue do not end a blocked receive; no message lost");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What _exit() undoes in the kernel for the exiting process:
 * - XSI: "each attached shared-memory segment is detached and the value
 *   of shm_nattch ... decremented by 1": a segment attached by the
 *   parent and a child reads shm_nattch 2, then 1 once the child has
 *   exited (reaped), and shm_lpid is the child's pid (its detach was the
 *   last one);
 * - every open message queue descriptor is closed, so the child's
 *   mq_notify() registration goes with it: the parent's own mq_notify()
 *   then succeeds (it is [EBUSY] while the child lives), and a message
 *   notifies the parent.
 */
#include <mqueue.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#include "pts_helpers.h"

static volatile sig_atomic_t notified;

static void on_usr1(int sig)
{
	(void)sig;
	notified++;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 8 };
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL,
			       .sigev_signo = SIGUSR1 };
	int shmid, p[2], r[2], status;
	struct shmid_ds ds;
	char name[64], c;
	sigset_t set, old;
	mqd_t q;
	pid_t pid;
	void *a;

	signal(SIGUSR1, on_usr1);
	snprintf(name, sizeof(name), "/pts_exit7_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	mq_unlink(name);
	shmid = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	if (shmid < 0)
		PTS_UNRES("shmget(): %m");
	a = shmat(shmid, NULL, 0);
	shmctl(shmid, IPC_RMID, NULL);	/* destroyed after the last detach */
	if (a == (void *)-1 || pipe(p) || pipe(r))
		PTS_UNRES("shmat()/pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		/* the child inherits the attachment and the descriptor */
		close(p[1]);
		close(r[0]);
		if (mq_notify(q, &ev))
			_exit(PTS_UNRESOLVED);
		if (write(r[1], "r", 1) != 1 || read(p[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
		_exit(0);
	}
	close(p[0]);
	close(r[1]);
	if (read(r[0], &c, 1) != 1)
		PTS_UNRES("child handshake");
	if (shmctl(shmid, IPC_STAT, &ds) || ds.shm_nattch != 2)
		PTS_FAILED("shm_nattch %lu with the child alive, expected 2",
			   (unsigned long)ds.shm_nattch);
	PTS_EXPECT_ERRNO(mq_notify(q, &ev), EBUSY,
			 "mq_notify() while the child is registered");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("child status 0x%x", status);
	if (shmctl(shmid, IPC_STAT, &ds))
		PTS_FAILED("the segment is gone with the parent still attached: %m");
	if (ds.shm_nattch != 1)
		PTS_FAILED("shm_nattch %lu after the child's exit, expected 1",
			   (unsigned long)ds.shm_nattch);
	if (ds.shm_lpid != pid)
		PTS_FAILED("shm_lpid %d, expected the exited child %d",
			   (int)ds.shm_lpid, (int)pid);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	if (mq_notify(q, &ev))
		PTS_FAILED("mq_notify() after the registered child exited: %m");
	if (mq_send(q, "m", 1, 0))
		PTS_UNRES("mq_send(): %m");
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (notified != 1)
		PTS_FAILED("the parent's registration notified %d times", (int)notified);
	shmdt(a);
	PTS_PASSED("_exit() detaches shared memory and drops mq_notify() registrations");
}

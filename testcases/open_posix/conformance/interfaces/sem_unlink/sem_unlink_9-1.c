// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_unlink(): while other processes reference the semaphore, the
 * unlink has no effect on its state. A child holds it open at 3 while
 * this process unlinks the name: the child still reads 3, takes three
 * (then [EAGAIN]) and sees the post this process makes afterwards
 * through its own handle (one more take, then value 0).
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static char name[64];
static int go[2], done[2];

static int child(void)
{
	sem_t *s = sem_open(name, 0);
	char c = 'o';
	int i;

	close(done[0]);
	close(go[1]);
	if (s == SEM_FAILED)
		PTS_UNRES("child: sem_open(): %m");
	if (write(done[1], &c, 1) != 1 || read(go[0], &c, 1) != 1)
		PTS_UNRES("child: pipe");
	pts_sem_expect(s, 3, "child, after the unlink");
	for (i = 0; i < 3; i++)
		if (sem_trywait(s))
			PTS_FAILED("child: take %d: %m", i + 1);
	PTS_EXPECT_ERRNO(sem_trywait(s), EAGAIN, "child: fourth take");
	if (write(done[1], &c, 1) != 1 || read(go[0], &c, 1) != 1)
		PTS_UNRES("child: pipe");
	if (sem_trywait(s))
		PTS_FAILED("child: the parent's later post is missing");
	pts_sem_expect(s, 0, "child, at the end");
	return PTS_PASS;
}

/* the child stopped talking: its own verdict first */
static void lost(pid_t pid)
{
	pts_reap(pid, "child");
	PTS_UNRES("the child left the pipe protocol");
}

int main(void)
{
	pid_t pid;
	sem_t *s;
	char c;

	pts_ipc_name(name, sizeof(name), "semu9");
	s = sem_open(name, O_CREAT | O_EXCL, 0600, 3);
	if (s == SEM_FAILED || pipe(go) || pipe(done))
		PTS_UNRES("setup: %m");
	pid = pts_fork_fn(child);
	/* only the child's ends left open: its exit gives EOF, not a hang */
	close(done[1]);
	close(go[0]);
	if (read(done[0], &c, 1) != 1)
		lost(pid);
	if (sem_unlink(name))
		PTS_FAILED("sem_unlink(): %m");
	if (write(go[1], &c, 1) != 1 || read(done[0], &c, 1) != 1)
		lost(pid);
	if (sem_post(s))
		PTS_FAILED("sem_post(): %m");
	if (write(go[1], &c, 1) != 1)
		lost(pid);
	pts_reap(pid, "child");
	pts_sem_expect(s, 0, "parent, at the end");
	PTS_PASSED("the unlink left the shared semaphore's state alone");
}

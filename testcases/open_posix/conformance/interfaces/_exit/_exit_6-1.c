// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * _exit() (XSI): "Each semaphore for which the calling process has set
 * a semadj value shall have that value added to the semval of the
 * specified semaphore." On a System V set of two semaphores at 5: a
 * child's semop(-3, SEM_UNDO) on the first and (+2, SEM_UNDO) on the
 * second, then _exit(): both back to 5; an operation without SEM_UNDO
 * (-1) stays (4). The adjustments add up per semaphore (-1 and -1 with
 * SEM_UNDO undone as +2). A child killed by SIGKILL while holding a
 * SEM_UNDO decrement (asleep in read()) has it undone the same way.
 */
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

static int id;

static int value(int n)
{
	int v = semctl(id, n, GETVAL);

	if (v < 0)
		PTS_UNRES("semctl(GETVAL): %m");
	return v;
}

static int op(int n, int delta, int flg)
{
	struct sembuf sb = { (unsigned short)n, (short)delta, (short)flg };

	return semop(id, &sb, 1);
}

static int child(void)
{
	if (op(0, -3, SEM_UNDO) || op(1, 2, SEM_UNDO) || op(1, -1, 0) ||
	    op(0, -1, SEM_UNDO) || op(0, -1, SEM_UNDO))
		return PTS_UNRESOLVED;
	if (value(0) != 0 || value(1) != 6)
		return PTS_UNRESOLVED;
	_exit(PTS_PASS);
}

static void check(int v0, int v1, const char *what)
{
	int a = value(0), b = value(1);

	if (a != v0 || b != v1) {
		semctl(id, 0, IPC_RMID);
		PTS_FAILED("after %s: values %d and %d, expected %d and %d",
			   what, a, b, v0, v1);
	}
}

int main(void)
{
	unsigned short init[2] = { 5, 5 };
	int p[2], status;
	char c;
	pid_t pid;

	id = semget(IPC_PRIVATE, 2, IPC_CREAT | 0600);
	if (id < 0)
		PTS_UNSUPP("semget(): %m");
	if (semctl(id, 0, SETALL, init) || pipe(p))
		PTS_UNRES("set-up: %m");
	pts_run_child(child, "child with SEM_UNDO operations");
	check(5, 4, "_exit() of the child");

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[1]);
		if (op(0, -4, SEM_UNDO))
			_exit(PTS_UNRESOLVED);
		read(p[0], &c, 1);
		_exit(PTS_UNRESOLVED);
	}
	pts_wait_in_syscall(pid, SYS_read);
	check(1, 4, "the second child's -4");
	kill(pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status))
		PTS_UNRES("the child was not killed");
	check(5, 4, "the SIGKILL of the child");
	semctl(id, 0, IPC_RMID);
	PTS_PASSED("semadj added back at _exit() and at a kill; plain operations kept");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() (XSI): "The semadj values of the child process shall be set to
 * 0": after the parent's semop(-1, SEM_UNDO) takes a System V semaphore
 * from 5 to 4, a child that exits without any operation of its own
 * leaves 4 (an inherited adjustment of +1 would bring it back to 5); a
 * child that makes its own SEM_UNDO operation (-2, value 2) gets only
 * that one undone at its exit (4 again).
 */
#include <sys/ipc.h>
#include <sys/sem.h>

#include "pts_helpers.h"

static int id;

static int value(void)
{
	int v = semctl(id, 0, GETVAL);

	if (v < 0)
		PTS_UNRES("semctl(GETVAL): %m");
	return v;
}

static void op(int delta)
{
	struct sembuf sb = { 0, (short)delta, SEM_UNDO };

	if (semop(id, &sb, 1))
		PTS_UNRES("semop(%d): %m", delta);
}

static int idle(void)
{
	return PTS_PASS;
}

static int own_op(void)
{
	op(-2);
	return value() == 2 ? PTS_PASS : PTS_UNRESOLVED;
}

int main(void)
{
	int v;

	id = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);
	if (id < 0)
		PTS_UNSUPP("semget(): %m");
	if (semctl(id, 0, SETVAL, 5))
		PTS_UNRES("semctl(SETVAL): %m");
	op(-1);
	pts_run_child(idle, "idle child");
	v = value();
	if (v != 4) {
		semctl(id, 0, IPC_RMID);
		PTS_FAILED("after an idle child's exit the value is %d, expected 4 (semadj inherited)",
			   v);
	}
	pts_run_child(own_op, "child with its own SEM_UNDO");
	v = value();
	semctl(id, 0, IPC_RMID);
	if (v != 4)
		PTS_FAILED("after the child's own -2 was undone the value is %d, expected 4",
			   v);
	PTS_PASSED("the child starts with semadj 0: only its own operations undone");
}

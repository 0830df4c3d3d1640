// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_open() with O_CREAT: "The user ID of the semaphore shall be set
 * to the effective user ID of the process. The group ID of the
 * semaphore shall be set to the effective group ID of the process".
 * A process with real ids 0 and effective uid 4321, gid 5432 creates a
 * semaphore with mode 0660 (umask 0) and value 2. Ownership is then
 * seen through the permission check: uid 4321 in another group opens
 * it (the owner) and takes a unit, uid 6543 in group 5432 opens it (the
 * group) and posts, and uid 6543 in group 6543 gets [EACCES]. Had the
 * real ids (0) been used, the first two would be refused.
 */
#include <semaphore.h>
#include <sys/stat.h>

#include "pts_helpers.h"

#define OWNER	4321
#define GROUP	5432
#define OTHER	6543

static char name[64];

static void become(uid_t uid, gid_t gid)
{
	if (setgroups(0, NULL) || setresgid(gid, gid, gid) ||
	    setresuid(uid, uid, uid))
		PTS_UNRES("setresgid/setresuid: %m");
}

static int creator(void)
{
	sem_t *s;

	if (setgroups(0, NULL) || setresgid(0, GROUP, 0) ||
	    setresuid(0, OWNER, 0))
		PTS_UNRES("setresgid/setresuid: %m");
	umask(0);
	s = sem_open(name, O_CREAT | O_EXCL, 0660, 2);
	if (s == SEM_FAILED)
		PTS_FAILED("sem_open(O_CREAT) as euid %d: %m", OWNER);
	return PTS_PASS;
}

static int owner(void)
{
	sem_t *s;

	become(OWNER, OTHER);
	s = sem_open(name, 0);
	if (s == SEM_FAILED)
		PTS_FAILED("uid %d (the effective uid of the creator): %m", OWNER);
	if (sem_trywait(s))
		PTS_FAILED("owner's sem_trywait(): %m");
	return PTS_PASS;
}

static int member(void)
{
	sem_t *s;

	become(OTHER, GROUP);
	s = sem_open(name, 0);
	if (s == SEM_FAILED)
		PTS_FAILED("gid %d (the effective gid of the creator): %m", GROUP);
	if (sem_post(s) || sem_post(s))
		PTS_FAILED("group member's sem_post(): %m");
	return PTS_PASS;
}

static int stranger(void)
{
	sem_t *s;

	become(OTHER, OTHER);
	errno = 0;
	s = sem_open(name, 0);
	if (s != SEM_FAILED || errno != EACCES)
		PTS_FAILED("sem_open() by another user: %s, errno %s; expected SEM_FAILED, EACCES",
			   s == SEM_FAILED ? "SEM_FAILED" : "opened",
			   strerrorname_np(errno) ? strerrorname_np(errno) : "0");
	return PTS_PASS;
}

int main(void)
{
	sem_t *s;
	int v = -1;

	if (geteuid())
		PTS_UNSUPP("needs root to take other ids");
	snprintf(name, sizeof(name), "/pts_sem_open13_%d", (int)getpid());
	pts_run_child(creator, "the creator");
	pts_run_child(owner, "the owner");
	pts_run_child(member, "the group member");
	pts_run_child(stranger, "another user");
	s = sem_open(name, 0);
	sem_unlink(name);
	if (s == SEM_FAILED)
		PTS_UNRES("root's sem_open(): %m");
	if (sem_getvalue(s, &v) || v != 3)
		PTS_FAILED("value %d, expected 2 - 1 + 2 = 3", v);
	PTS_PASSED("owner and group of the semaphore are the creator's effective ids");
}

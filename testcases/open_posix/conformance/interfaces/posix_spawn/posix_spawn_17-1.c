// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * POSIX_SPAWN_SETSCHEDULER: the child runs with the attribute's policy
 * and priority (SCHED_FIFO 3 here, as root), read back by the child with
 * sched_getscheduler()/sched_getparam() and by the parent from the
 * child's /proc/PID/stat (policy field 41, rt_priority 40) while it
 * waits on a pipe. POSIX_SPAWN_SETSCHEDPARAM alone with the caller's
 * SCHED_OTHER keeps that policy. The parent's policy is unchanged.
 */
#include "pts_spawn20.h"

static int child(char *arg)
{
	struct sched_param sp;
	int pol = atoi(arg), prio = atoi(strchr(arg, ',') + 1);
	char c;

	if (sched_getscheduler(0) != pol || sched_getparam(0, &sp) ||
	    sp.sched_priority != prio)
		PTS_FAILED("child: policy %d priority %d, expected %d %d",
			   sched_getscheduler(0), sp.sched_priority, pol, prio);
	if (read(3, &c, 1) != 0)
		PTS_FAILED("child: read of the hold pipe");
	return PTS_PASS;
}

static void run(posix_spawnattr_t *at, int pol, int prio)
{
	posix_spawn_file_actions_t fa;
	char arg[16];
	pid_t pid;
	int p[2];

	if (pipe2(p, O_CLOEXEC) || posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_adddup2(&fa, p[0], 3))
		PTS_UNRES("set-up failed");
	snprintf(arg, sizeof(arg), "%d,%d", pol, prio);
	pid = pts_spawn_self(&fa, at, "child", arg);
	pts_wait_in_syscall(pid, SYS_read);
	if (pts_task_stat(pid, 41) != pol || pts_task_stat(pid, 40) != prio)
		PTS_FAILED("child's /proc stat: policy %lld rt_priority %lld",
			   pts_task_stat(pid, 41), pts_task_stat(pid, 40));
	close(p[1]);
	pts_reap(pid, "the child");
	close(p[0]);
	posix_spawn_file_actions_destroy(&fa);
}

int main(int argc, char **argv)
{
	struct sched_param sp = { .sched_priority = 3 };
	posix_spawnattr_t at;

	if (argc > 1)
		return child(argv[2]);
	if (sched_getscheduler(0) != SCHED_OTHER)
		PTS_UNRES("the test must start under SCHED_OTHER");
	pts_need_sched_fifo();
	if (posix_spawnattr_init(&at) ||
	    posix_spawnattr_setschedpolicy(&at, SCHED_FIFO) ||
	    posix_spawnattr_setschedparam(&at, &sp) ||
	    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSCHEDULER))
		PTS_UNRES("attribute set-up failed");
	run(&at, SCHED_FIFO, 3);
	sp.sched_priority = 0;
	posix_spawnattr_setschedparam(&at, &sp);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSCHEDPARAM);
	run(&at, SCHED_OTHER, 0);
	if (sched_getscheduler(0) != SCHED_OTHER)
		PTS_FAILED("the parent's policy changed");
	posix_spawnattr_destroy(&at);
	PTS_PASSED("SETSCHEDULER: FIFO 3 in the child (its own and the kernel's view); SETSCHEDPARAM keeps OTHER");
}

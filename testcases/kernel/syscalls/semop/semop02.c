// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * semop() operations that cannot proceed sleep, and are woken:
 *  - two tasks decrementing a semaphore at 0 sleep (GETNCNT 2) until
 *    another task adds 2; both then complete, the value is back to 0 and
 *    GETNCNT to 0;
 *  - a task waiting for zero on a semaphore at 1 sleeps (GETZCNT 1) until
 *    another task takes it to 0;
 *  - removing the set wakes a sleeper with EIDRM;
 *  - a signal with a SA_RESTART handler ends the sleep with EINTR (semop
 *    is never restarted), and the sleeper leaves the count (GETNCNT 0).
 * The waker acts only once the kernel counts the sleepers.
 */
#include <signal.h>
#include "sysv_ipc.h"
#include "task_wait.h"
#include "legacy_raw.h"

static int sem_id = -1;

static void on_signal(int sig)
{
	(void)sig;
}

static pid_t sleeper(short op, int exp_errno, const char *what)
{
	struct sigaction sa = { .sa_handler = on_signal,
				.sa_flags = SA_RESTART };
	struct sembuf sop = { 0, op, 0 };
	pid_t pid = SAFE_FORK();

	if (pid)
		return pid;
	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
	if (exp_errno)
		TST_EXP_FAIL(sys_semop(sem_id, &sop, 1), exp_errno, "%s", what);
	else
		TST_EXP_PASS(sys_semop(sem_id, &sop, 1), "%s", what);
	exit(0);
}

static void test_decrement(void)
{
	struct sembuf add2 = { 0, 2, 0 };
	pid_t pids[2];

	pids[0] = sleeper(-1, 0, "sleeping semop({0, -1}) woken by +2");
	pids[1] = sleeper(-1, 0, "sleeping semop({0, -1}) woken by +2");
	sem_wait_count(sem_id, 0, GETNCNT, 2);
	if (sys_semop(sem_id, &add2, 1))
		tst_brk(TBROK | TERRNO, "semop({0, +2})");
	reap_child(pids[0]);
	reap_child(pids[1]);
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETVAL), 0);
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETNCNT), 0);
}

static void test_zero(void)
{
	struct sembuf take = { 0, -1, 0 };
	pid_t pid;

	sem_setval(sem_id, 0, 1);
	pid = sleeper(0, 0, "sleeping semop({0, 0}) woken when 0 is reached");
	sem_wait_count(sem_id, 0, GETZCNT, 1);
	if (sys_semop(sem_id, &take, 1))
		tst_brk(TBROK | TERRNO, "semop({0, -1})");
	reap_child(pid);
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETZCNT), 0);
}

static void test_signal(void)
{
	pid_t pid;

	pid = sleeper(-1, EINTR, "sleeping semop({0, -1}) interrupted by a "
		      "SA_RESTART handler");
	sem_wait_count(sem_id, 0, GETNCNT, 1);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETNCNT), 0);
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETVAL), 0);
}

static void test_removed(void)
{
	pid_t pid;

	pid = sleeper(-1, EIDRM, "sleeping semop({0, -1}) when the set is "
		      "removed");
	sem_wait_count(sem_id, 0, GETNCNT, 1);
	rm_semset(&sem_id);
	reap_child(pid);
}

static void run(void)
{
	sem_id = new_semset(IPC_PRIVATE, 1, 0600);
	test_decrement();
	test_zero();
	test_signal();
	test_removed();
}

static void cleanup(void)
{
	rm_semset(&sem_id);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The System V IPC limits and id sysctls of an IPC namespace, set in a
 * new namespace of the test (so no other test's objects count, and
 * nothing needs restoring):
 *  - kernel.shmmni 3: three segments, the fourth shmget() is ENOSPC,
 *    after one is removed a new one fits again;
 *  - kernel.shmmax 8192: a segment of 8193 bytes is EINVAL, 8192 fits;
 *  - kernel.shmall 4 (pages): a 3-page segment fits, 2 more pages are
 *    ENOSPC, 1 more fits;
 *  - kernel.sem "4 10 32 3" (SEMMSL SEMMNS SEMOPM SEMMNI): a set of 5 is
 *    EINVAL, three sets of 3 fit, a fourth set is ENOSPC (SEMMNI); after
 *    removing one, a set of 2 fits and one more of 2 is ENOSPC (SEMMNS:
 *    9 - 3 + 2 + 2 > 10);
 *  - kernel.msgmni 2: the third msgget() is ENOSPC;
 *  - kernel.shm_next_id (CONFIG_CHECKPOINT_RESTORE): the next segment
 *    gets exactly that id and the file reads -1 again; pointing it at an
 *    id in use gives the new segment another, valid id; sem_next_id and
 *    msg_next_id the same for a set and a queue.
 * Syscalls: shmget, semget, msgget
 */
#include <sched.h>
#include "sysv_ipc.h"

#define SYS "/proc/sys/kernel/"

static long page;

static int shm_new(size_t size)
{
	return shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
}

static void test_shmmni(void)
{
	int ids[3], i, id;

	SAFE_FILE_PRINTF(SYS "shmmni", "3");
	for (i = 0; i < 3; i++)
		TST_EXP_FD(ids[i] = shm_new(page), "shmget() %d of 3", i + 1);
	TST_EXP_FAIL(shm_new(page), ENOSPC, "shmget() beyond shmmni 3");
	rm_shm(&ids[1]);
	TST_EXP_FD(id = shm_new(page), "shmget() after removing one");
	rm_shm(&id);
	rm_shm(&ids[0]);
	rm_shm(&ids[2]);
	SAFE_FILE_PRINTF(SYS "shmmni", "4096");
}

static void test_shmmax_shmall(void)
{
	int a, b;

	SAFE_FILE_PRINTF(SYS "shmmax", "%ld", 2 * page);
	TST_EXP_FAIL(shm_new(2 * page + 1), EINVAL,
		     "shmget(shmmax + 1 bytes)");
	TST_EXP_FD(a = shm_new(2 * page), "shmget(shmmax bytes)");
	rm_shm(&a);
	SAFE_FILE_PRINTF(SYS "shmmax", "%ld", 64 * page);

	SAFE_FILE_PRINTF(SYS "shmall", "4");
	TST_EXP_FD(a = shm_new(3 * page), "shmget(3 pages), shmall 4");
	TST_EXP_FAIL(shm_new(2 * page), ENOSPC,
		     "shmget(2 more pages), shmall 4");
	TST_EXP_FD(b = shm_new(page), "shmget(1 more page), shmall 4");
	rm_shm(&a);
	rm_shm(&b);
	SAFE_FILE_PRINTF(SYS "shmall", "%ld", 1024L * 1024);
}

static int sem_new(int nsems)
{
	return semget(IPC_PRIVATE, nsems, IPC_CREAT | 0600);
}

static void test_sem(void)
{
	int ids[3], i, a, b;

	SAFE_FILE_PRINTF(SYS "sem", "4 10 32 3");
	TST_EXP_FAIL(sem_new(5), EINVAL, "semget(5 semaphores), SEMMSL 4");
	for (i = 0; i < 3; i++)
		TST_EXP_FD(ids[i] = sem_new(3), "semget(3) %d of 3", i + 1);
	TST_EXP_FAIL(sem_new(1), ENOSPC, "semget() beyond SEMMNI 3");
	rm_semset(&ids[1]);
	TST_EXP_FD(a = sem_new(2), "semget(2) after removing a set");
	rm_semset(&ids[2]);
	TST_EXP_FD(b = sem_new(2), "semget(2), 7 of SEMMNS 10 in use");
	TST_EXP_FAIL(sem_new(4), ENOSPC, "semget(4) beyond SEMMNS 10");
	rm_semset(&ids[0]);
	rm_semset(&a);
	rm_semset(&b);
}

static void test_msgmni(void)
{
	int a, b;

	SAFE_FILE_PRINTF(SYS "msgmni", "2");
	TST_EXP_FD(a = msgget(IPC_PRIVATE, IPC_CREAT | 0600), "msgget() 1");
	TST_EXP_FD(b = msgget(IPC_PRIVATE, IPC_CREAT | 0600), "msgget() 2");
	TST_EXP_FAIL(msgget(IPC_PRIVATE, IPC_CREAT | 0600), ENOSPC,
		     "msgget() beyond msgmni 2");
	rm_msgq(&a);
	rm_msgq(&b);
}

static void rm_any(int kind, int id)
{
	if (kind == 0)
		rm_shm(&id);
	else if (kind == 1)
		rm_semset(&id);
	else
		rm_msgq(&id);
}

static int new_any(int kind)
{
	if (kind == 0)
		return shm_new(page);
	if (kind == 1)
		return sem_new(1);
	return msgget(IPC_PRIVATE, IPC_CREAT | 0600);
}

static void test_next_id(void)
{
	static const char *const files[] = {
		SYS "shm_next_id", SYS "sem_next_id", SYS "msg_next_id"
	};
	int kind, want = 1234, id, used, other;
	long val;

	if (access(files[0], F_OK)) {
		tst_res(TCONF, "no %s (CONFIG_CHECKPOINT_RESTORE)", files[0]);
		return;
	}
	for (kind = 0; kind < 3; kind++) {
		SAFE_FILE_PRINTF(files[kind], "%d", want);
		TST_EXP_VAL(id = new_any(kind), want, "a new object after "
			    "%s = %d", files[kind], want);
		SAFE_FILE_SCANF(files[kind], "%ld", &val);
		TST_EXP_EQ_LI(val, -1);

		used = id;
		SAFE_FILE_PRINTF(files[kind], "%d", used);
		other = new_any(kind);
		TST_EXP_EXPR(other >= 0 && other != used, "%s = %d, an id in "
			     "use: the new object got id %d", files[kind],
			     used, other);
		if (other >= 0 && kind == 0)
			shm_stat(other);
		SAFE_FILE_SCANF(files[kind], "%ld", &val);
		TST_EXP_EQ_LI(val, -1);
		if (id >= 0)
			rm_any(kind, id);
		if (other >= 0)
			rm_any(kind, other);
	}
}

static void run(unsigned int n)
{
	static void (*const fns[])(void) = {
		test_shmmni, test_shmmax_shmall, test_sem, test_msgmni,
		test_next_id
	};

	fns[n]();
}

static void setup(void)
{
	page = sysconf(_SC_PAGESIZE);
	if (unshare(CLONE_NEWIPC))
		tst_brk((errno == EINVAL ? TCONF : TBROK) | TERRNO,
			"unshare(CLONE_NEWIPC)");
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.needs_root = 1,
};

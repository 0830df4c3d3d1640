// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A System V shared memory segment attached in many processes.
 *
 * Eight children attach a 1 MiB segment, then the parent: shm_nattch
 * counts every attach. Content written by the parent is seen by every
 * child, and what each child writes into its own slice is seen by the
 * parent, in 3 rounds. Then the parent marks the segment IPC_RMID while
 * it is attached: the key is gone at once (shmget(key, 0, 0) fails with
 * ENOENT) but the segment lives on: IPC_STAT works and shows SHM_DEST, the
 * content stays readable and writable, and a child can still attach it by
 * id (Linux allows it, shmctl(2)). The children detach one by one,
 * shm_nattch dropping by one each time; after the last detach the id is
 * invalid (IPC_STAT fails with EINVAL).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include "tst_test.h"

#define NCHILD		8
#define SEG_SIZE	(1024 * 1024)
#define SLICE		(SEG_SIZE / (NCHILD + 1))
#define ROUNDS		3
#define LATE		NCHILD		/* the child attaching after IPC_RMID */

/* Checkpoints: 0 children attached/checked, 1 + i wake child i. */
static int shmid = -1;
static key_t key;
static unsigned char *seg;

static unsigned char byte_of(int who, int round, size_t off)
{
	return (unsigned char)(who * 37 + round * 101 + off * 13 + (off >> 9));
}

static void fill(unsigned char *p, int who, int round)
{
	size_t k;

	for (k = 0; k < SLICE; k++)
		p[k] = byte_of(who, round, k);
}

static long check(const unsigned char *p, int who, int round)
{
	size_t k;

	for (k = 0; k < SLICE; k++) {
		if (p[k] != byte_of(who, round, k))
			return k;
	}
	return -1;
}

static int nattch(void)
{
	struct shmid_ds ds;

	if (shmctl(shmid, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_STAT)");
	return ds.shm_nattch;
}

static void child(int i)
{
	unsigned char *p = shmat(shmid, NULL, 0);
	int round;
	long bad;

	if (p == (void *)-1)
		tst_brk(TFAIL | TERRNO, "child %d: shmat()", i);
	TST_CHECKPOINT_WAKE_AND_WAIT(1 + i);
	for (round = 0; round < ROUNDS; round++) {
		bad = check(p, NCHILD, round);
		if (bad >= 0)
			tst_res(TFAIL, "child %d, round %d: the parent's byte "
				"%ld is 0x%02x, expected 0x%02x", i, round,
				bad, p[bad], byte_of(NCHILD, round, bad));
		fill(p + (i + 1) * SLICE, i, round);
		TST_CHECKPOINT_WAKE_AND_WAIT(1 + i);
	}
	/* after IPC_RMID: still there, still shared */
	bad = check(p, NCHILD, ROUNDS);
	if (bad >= 0)
		tst_res(TFAIL, "child %d after IPC_RMID: byte %ld is 0x%02x",
			i, bad, p[bad]);
	if (shmdt(p))
		tst_brk(TFAIL | TERRNO, "child %d: shmdt()", i);
	TST_CHECKPOINT_WAKE(1 + i);
	exit(0);
}

static void late_child(void)
{
	unsigned char *p = shmat(shmid, NULL, 0);
	long bad;

	if (p == (void *)-1) {
		tst_res(TFAIL | TERRNO, "shmat() of a segment marked for "
			"removal, still attached elsewhere");
		exit(0);
	}
	/* the NCHILD + 1 others, its inherited attachment and this one */
	TST_EXP_EQ_LI(nattch(), NCHILD + 3);
	bad = check(p, NCHILD, ROUNDS);
	if (bad >= 0)
		tst_res(TFAIL, "late attach: byte %ld is 0x%02x", bad, p[bad]);
	else
		tst_res(TPASS, "shmat() by id after IPC_RMID attaches the "
			"segment with its content");
	shmdt(p);
	exit(0);
}

static void run(void)
{
	struct shmid_ds ds;
	int i, round, bad_rounds = 0;
	long bad;
	pid_t pid;

	shmid = shmget(key, SEG_SIZE, IPC_CREAT | IPC_EXCL | 0600);
	if (shmid < 0)
		tst_brk(TBROK | TERRNO, "shmget(0x%x)", (unsigned int)key);
	/* children first: a child would inherit the parent's attachment */
	for (i = 0; i < NCHILD; i++) {
		if (!SAFE_FORK())
			child(i);
		TST_CHECKPOINT_WAIT(1 + i);
	}
	TST_EXP_EQ_LI(nattch(), NCHILD);
	seg = shmat(shmid, NULL, 0);
	if (seg == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	fill(seg, NCHILD, 0);
	TST_EXP_EQ_LI(nattch(), NCHILD + 1);

	for (round = 0; round < ROUNDS; round++) {
		for (i = 0; i < NCHILD; i++) {
			TST_CHECKPOINT_WAKE_AND_WAIT(1 + i);
			bad = check(seg + (i + 1) * SLICE, i, round);
			if (bad >= 0 && !bad_rounds++)
				tst_res(TFAIL, "round %d: child %d's byte %ld"
					" is 0x%02x", round, i, bad,
					seg[(i + 1) * SLICE + bad]);
		}
		fill(seg, NCHILD, round + 1);
	}
	if (!bad_rounds)
		tst_res(TPASS, "%d rounds: every process saw what the others "
			"wrote", ROUNDS);

	TST_EXP_PASS(shmctl(shmid, IPC_RMID, NULL), "shmctl(IPC_RMID) while "
		     "%d processes are attached", NCHILD + 1);
	TST_EXP_FAIL(shmget(key, 0, 0), ENOENT,
		     "shmget() of the removed key");
	if (shmctl(shmid, IPC_STAT, &ds))
		tst_res(TFAIL | TERRNO, "IPC_STAT of the attached segment "
			"after IPC_RMID");
	else if (!(ds.shm_perm.mode & SHM_DEST))
		tst_res(TFAIL, "mode 0%o lacks SHM_DEST after IPC_RMID",
			(unsigned int)ds.shm_perm.mode);
	else
		tst_res(TPASS, "after IPC_RMID the segment stays, SHM_DEST "
			"set, %d attached", (int)ds.shm_nattch);

	pid = SAFE_FORK();
	if (!pid)
		late_child();
	reap_child(pid);

	TST_EXP_PASS(shmdt(seg), "shmdt() in the parent");
	for (i = 0; i < NCHILD; i++) {
		TST_CHECKPOINT_WAKE_AND_WAIT(1 + i);
		if (i < NCHILD - 1)
			TST_EXP_EQ_LI(nattch(), NCHILD - 1 - i);
	}
	tst_reap_children();
	TST_EXP_FAIL(shmctl(shmid, IPC_STAT, &ds), EINVAL,
		     "IPC_STAT after the last detach");
	shmid = -1;
}

static void setup(void)
{
	key = (key_t)(0x53000000u | ((unsigned int)getpid() & 0xffffff));
}

static void cleanup(void)
{
	if (shmid >= 0)
		shmctl(shmid, IPC_RMID, NULL);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 60,
};

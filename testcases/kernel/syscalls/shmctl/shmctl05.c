// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * remap_file_pages() of a System V shm attachment whose segment was
 * removed (IPC_RMID), in a private IPC namespace:
 * - on a live segment it rebuilds the mapping over the same pages: it
 *   returns 0 and the data is still there;
 * - after IPC_RMID the emulation first unmaps the old range, which drops
 *   the last attach and destroys the segment, then maps the shm file
 *   again: shm_mmap() finds the ID gone and the call fails with EINVAL,
 *   leaving the range unmapped;
 * - racing that with a thread that creates and removes segments (which
 *   takes the freed index: the ID is reused between the unmap and the
 *   new mapping) it fails with EINVAL or EIDRM every time. Before
 *   3f05317d9889 shm_mmap() accepted a reused ID, took an attach on the
 *   new segment and mapped the old, freed file (use-after-free). Each
 *   round must leave the range unmapped, and at the end no segment is
 *   left (SHM_INFO: no ids, no pages), nor a W or D taint.
 * Syscalls: remap_file_pages, shmctl
 */
#include <pthread.h>
#include <sched.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include "tst_test.h"

static volatile int stop;
static long churned;

static int remap(void *addr)
{
	return tst_syscall(__NR_remap_file_pages, addr, 4096, 0, 0, 0);
}

static int mapped(void *addr)
{
	unsigned char vec;

	return !(mincore(addr, 4096, &vec) && errno == ENOMEM);
}

static void *churn(void *arg)
{
	int id;

	while (!stop) {
		id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
		if (id >= 0)
			shmctl(id, IPC_RMID, NULL);
		churned++;
	}
	return arg;
}

/* attach a new segment, remove it, remap: the errno */
static int removed_round(char **addrp)
{
	int id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	char *addr;

	if (id < 0)
		tst_brk(TBROK | TERRNO, "shmget()");
	addr = shmat(id, NULL, 0);
	if (addr == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	if (shmctl(id, IPC_RMID, NULL))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_RMID)");
	*addrp = addr;
	if (!remap(addr)) {
		shmdt(addr);
		return 0;
	}
	return errno;
}

static void run(void)
{
	long long end;
	struct shm_info info;
	long rounds = 0, bad = 0, einval = 0, eidrm = 0;
	pthread_t th;
	char *addr;
	int id, err;

	id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	if (id < 0)
		tst_brk(TBROK | TERRNO, "shmget()");
	addr = shmat(id, NULL, 0);
	if (addr == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	strcpy(addr, "shm");
	TST_EXP_PASS(remap(addr), "remap_file_pages() of a live segment");
	TST_EXP_EXPR(!strcmp(addr, "shm"), "the data is still mapped there");
	shmdt(addr);
	shmctl(id, IPC_RMID, NULL);

	err = removed_round(&addr);
	TST_EXP_EXPR(err == EINVAL, "remap_file_pages() after IPC_RMID: %s",
		     tst_strerrno(err));
	TST_EXP_EXPR(!mapped(addr), "the range is unmapped after it");

	stop = 0;
	churned = 0;
	err = pthread_create(&th, NULL, churn, NULL);
	if (err)
		tst_brk(TBROK, "pthread_create(): %s", strerror(err));
	end = tst_mono_ms() + 2000 * tst_timeout_mul();
	while (tst_mono_ms() < end) {
		err = removed_round(&addr);
		rounds++;
		if (err == EINVAL)
			einval++;
		else if (err == EIDRM)
			eidrm++;
		if ((err != EINVAL && err != EIDRM) || mapped(addr)) {
			if (!bad++)
				tst_res(TFAIL, "round %ld: remap_file_pages(): "
					"%s, range %smapped", rounds,
					err ? tst_strerrno(err) : "success",
					mapped(addr) ? "" : "un");
			if (mapped(addr))
				shmdt(addr);
		}
	}
	stop = 1;
	pthread_join(th, NULL);
	tst_res(TINFO, "%ld rounds against %ld segments made and removed: "
		"%ld EINVAL, %ld EIDRM", rounds, churned, einval, eidrm);
	if (!bad)
		tst_res(TPASS, "remap_file_pages() racing ID reuse always "
			"failed with EINVAL or EIDRM and unmapped the range");

	if (shmctl(0, SHM_INFO, (struct shmid_ds *)&info) < 0)
		tst_brk(TBROK | TERRNO, "shmctl(SHM_INFO)");
	TST_EXP_EXPR(info.used_ids == 0 && info.shm_tot == 0,
		     "no segment is left behind (used_ids %d, shm_tot %lu)",
		     info.used_ids, info.shm_tot);
}

static void setup(void)
{
	if (unshare(CLONE_NEWIPC))
		tst_brk(TCONF | TERRNO, "unshare(CLONE_NEWIPC)");
	/* ENOSYS is TCONF */
	tst_syscall(__NR_remap_file_pages, NULL, 0, 1, 0, 0);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "3f05317d9889"},
		{}
	},
};

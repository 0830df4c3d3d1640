// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shmdt() removes the attachment at the address shmat() returned:
 *  - shm_nattch drops, shm_lpid is the caller, shm_dtime the time of the
 *    call; the address is no longer mapped: an access there is SIGSEGV;
 *  - the segment itself lives on: attached again, it holds the data;
 *  - the same address again (no attachment left), an unaligned address,
 *    the second page of an attachment, and an anonymous mapping: EINVAL,
 *    and the attachments that exist stay attached.
 */
#include <signal.h>
#include "sysv_ipc.h"

static int shm_id = -1;
static long page;

static char *attach(void)
{
	char *addr = shmat(shm_id, NULL, 0);

	if (addr == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	return addr;
}

static void test_detach(void)
{
	volatile char *addr;
	struct shmid_ds ds;
	time_t before;
	int status;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		no_core_dump();
		addr = attach();
		addr[0] = 'k';
		TST_EXP_PASS(shmdt((const void *)addr), "shmdt(%p)", addr);
		/* the access below must kill the child */
		addr[0] = 'x';
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
		     "an access after shmdt(): SIGSEGV (status 0x%x)", status);

	addr = attach();
	TST_EXP_EXPR(addr[0] == 'k', "the segment kept the data written "
		     "before shmdt()");
	before = time(NULL);
	TST_EXP_PASS(shmdt((const void *)addr), "shmdt(%p)", addr);
	ds = shm_stat(shm_id);
	TST_EXP_EQ_LU(ds.shm_nattch, 0);
	TST_EXP_EQ_LI(ds.shm_lpid, getpid());
	TST_EXP_EXPR(ds.shm_dtime >= before, "shm_dtime %ld >= %ld",
		     (long)ds.shm_dtime, (long)before);
	TST_EXP_FAIL(shmdt((const void *)addr), EINVAL,
		     "shmdt(%p) a second time", addr);
}

static void test_errors(void)
{
	char *addr = attach();
	char *anon;

	TST_EXP_FAIL(shmdt(addr + 1), EINVAL, "shmdt(attach address + 1)");
	TST_EXP_FAIL(shmdt(addr + page), EINVAL,
		     "shmdt(second page of the attachment)");
	anon = SAFE_MMAP(NULL, page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	TST_EXP_FAIL(shmdt(anon), EINVAL, "shmdt(an anonymous mapping)");
	SAFE_MUNMAP(anon, page);
	TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 1);
	addr[page] = 'y';
	TST_EXP_PASS(shmdt(addr), "shmdt(attach address)");
}

static void run(void)
{
	page = sysconf(_SC_PAGESIZE);
	shm_id = new_shm(IPC_PRIVATE, 2 * page, 0600);
	test_detach();
	test_errors();
	rm_shm(&shm_id);
}

static void cleanup(void)
{
	rm_shm(&shm_id);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.forks_child = 1,
};

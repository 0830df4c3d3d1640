// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shmat() access modes and permissions:
 *  - SHM_RDONLY maps the segment read-only: the data reads back, and a
 *    write kills the writer with SIGSEGV;
 *  - nobody attaching a root segment of mode 0600 gets EACCES, with or
 *    without SHM_RDONLY;
 *  - on a root segment of mode 0644 nobody gets EACCES for a read-write
 *    attach, while SHM_RDONLY passes and reads the data;
 *  - root (CAP_IPC_OWNER) attaches a segment of mode 0000 read-write.
 */
#include <signal.h>
#include "sysv_ipc.h"

static int id_0600 = -1, id_0644 = -1, id_0000 = -1;

static void test_rdonly(void)
{
	volatile char *addr;
	int status;
	pid_t pid;

	addr = shmat(id_0644, NULL, SHM_RDONLY);
	if (addr == (void *)-1) {
		tst_res(TFAIL | TERRNO, "shmat(SHM_RDONLY)");
		return;
	}
	TST_EXP_EXPR(!strcmp((const char *)addr, "data"),
		     "a SHM_RDONLY attachment reads the data");
	pid = SAFE_FORK();
	if (!pid) {
		no_core_dump();
		addr[0] = 'X';
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
		     "a write to a SHM_RDONLY attachment: SIGSEGV (status "
		     "0x%x)", status);
	TST_EXP_EXPR(addr[0] == 'd', "the segment was not written");
	if (shmdt((const void *)addr))
		tst_brk(TBROK | TERRNO, "shmdt()");
}

static void as_nobody(void)
{
	char *addr;

	TST_EXP_FAIL((long)shmat(id_0600, NULL, 0), EACCES,
		     "nobody: shmat(root 0600 segment)");
	TST_EXP_FAIL((long)shmat(id_0600, NULL, SHM_RDONLY), EACCES,
		     "nobody: shmat(root 0600 segment, SHM_RDONLY)");
	TST_EXP_FAIL((long)shmat(id_0644, NULL, 0), EACCES,
		     "nobody: shmat(root 0644 segment) read-write");
	addr = shmat(id_0644, NULL, SHM_RDONLY);
	if (addr == (void *)-1) {
		tst_res(TFAIL | TERRNO,
			"nobody: shmat(root 0644 segment, SHM_RDONLY)");
		return;
	}
	TST_EXP_EXPR(!strcmp(addr, "data"),
		     "nobody: shmat(root 0644 segment, SHM_RDONLY) reads "
		     "the data");
	shmdt(addr);
}

static void run(void)
{
	char *addr;

	id_0600 = new_shm(IPC_PRIVATE, 4096, 0600);
	id_0644 = new_shm(IPC_PRIVATE, 4096, 0644);
	id_0000 = new_shm(IPC_PRIVATE, 4096, 0000);

	addr = shmat(id_0644, NULL, 0);
	if (addr == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	strcpy(addr, "data");
	shmdt(addr);

	test_rdonly();
	run_as_nobody(as_nobody);

	addr = shmat(id_0000, NULL, 0);
	TST_EXP_EXPR(addr != (void *)-1,
		     "root: shmat(segment of mode 0000) read-write");
	if (addr != (void *)-1) {
		addr[0] = 1;
		shmdt(addr);
	}
	rm_shm(&id_0600);
	rm_shm(&id_0644);
	rm_shm(&id_0000);
}

static void cleanup(void)
{
	rm_shm(&id_0600);
	rm_shm(&id_0644);
	rm_shm(&id_0000);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_nattch, as IPC_STAT reports it, counts exactly the live attachments
 * and never leaks:
 *  - shmat() raises it, shmdt() lowers it again;
 *  - a fork()ed child's inherited attachment counts while the child
 *    lives and is dropped when it exits without shmdt(), and when it
 *    execve()s;
 *  - attaches that fail leave it alone: EINVAL over a mapping without
 *    SHM_REMAP, EACCES for nobody on a mode 0600 segment (checked before
 *    the count is taken), and, for failures after the count was raised
 *    inside the kernel, ENOMEM under a small RLIMIT_AS and EPERM for
 *    nobody at a fixed address below vm.mmap_min_addr;
 *  - an attachment whose mapping mprotect() split and merged again, or
 *    munmap() cut in two, is fully released by shmdt(): the count is 0
 *    (before fc0c8f9089c2 the merge dropped a VMA without its close hook,
 *    leaking one count, so the segment could never be freed).
 *
 * Fixed by fc0c8f9089c2 ("mm, mmap: fix vma_merge() case 7 with
 * vma_ops->close").
 */
#include <sys/mman.h>
#include <sys/syscall.h>
#include "sysv_ipc.h"
#include "task_wait.h"

static int shm_id = -1, private_id = -1;
static long page, min_addr;

static unsigned long nattch(void)
{
	return shm_stat(shm_id).shm_nattch;
}

static char *attach(void)
{
	char *addr = shmat(shm_id, NULL, 0);

	if (addr == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat(id, NULL, 0)");
	return addr;
}

static void detach(void *addr)
{
	if (shmdt(addr))
		tst_brk(TBROK | TERRNO, "shmdt(%p)", addr);
}

static void test_attach_detach(void)
{
	char *a, *b;

	TST_EXP_EQ_LU(nattch(), 0);
	a = attach();
	TST_EXP_EQ_LU(nattch(), 1);
	b = attach();
	TST_EXP_EQ_LU(nattch(), 2);
	detach(a);
	TST_EXP_EQ_LU(nattch(), 1);
	detach(b);
	TST_EXP_EQ_LU(nattch(), 0);
}

static void test_fork_exit_exec(void)
{
	int ready[2], go[2];
	char *addr, c = 0;
	pid_t pid;

	addr = attach();
	SAFE_PIPE(ready);
	SAFE_PIPE(go);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_WRITE(1, ready[1], "r", 1);
		SAFE_READ(1, go[0], &c, 1);
		exit(0);
	}
	SAFE_READ(1, ready[0], &c, 1);
	TST_EXP_EQ_LU(nattch(), 2);
	SAFE_WRITE(1, go[1], "g", 1);
	reap_child(pid);
	TST_EXP_EQ_LU(nattch(), 1);

	/* execve() drops the attachments of the old image */
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(go[1]);
		SAFE_DUP2(go[0], 0);
		execl("/bin/cat", "cat", (char *)NULL);
		tst_brk(TBROK | TERRNO, "execl(/bin/cat)");
	}
	SAFE_CLOSE(go[0]);
	wait_task_in_syscall(pid, __NR_read);
	TST_EXP_EQ_LU(nattch(), 1);
	SAFE_CLOSE(go[1]);
	reap_child(pid);
	TST_EXP_EQ_LU(nattch(), 1);
	detach(addr);
	TST_EXP_EQ_LU(nattch(), 0);
	SAFE_CLOSE(ready[0]);
	SAFE_CLOSE(ready[1]);
}

static void check_nobody_failures(void)
{
	TST_EXP_FAIL((long)shmat(private_id, NULL, 0), EACCES,
		     "nobody: shmat() of a root segment of mode 0600");
	if (min_addr > page)
		TST_EXP_FAIL((long)shmat(shm_id, (void *)page, 0), EPERM,
			     "nobody: shmat() at %#lx, below vm.mmap_min_addr "
			     "%ld", page, min_addr);
	TST_EXP_EQ_LU(nattch(), 0);
}

static void check_enomem(void)
{
	struct rlimit rl = { 0, 0 };

	/* no room for one more mapping */
	if (setrlimit(RLIMIT_AS, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_AS, 0)");
	TST_EXP_FAIL((long)shmat(shm_id, NULL, 0), ENOMEM,
		     "shmat() with RLIMIT_AS 0");
	TST_EXP_EQ_LU(nattch(), 0);
}

static void test_failed_attach(void)
{
	char *area;
	pid_t pid;

	area = SAFE_MMAP(NULL, page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	TST_EXP_FAIL((long)shmat(shm_id, area, 0), EINVAL,
		     "shmat() over a mapping without SHM_REMAP");
	TST_EXP_EQ_LU(nattch(), 0);
	SAFE_MUNMAP(area, page);

	pid = SAFE_FORK();
	if (!pid) {
		check_enomem();
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EQ_LU(nattch(), 0);

	if (!tst_file_read_long("/proc/sys/vm/mmap_min_addr", &min_addr))
		tst_brk(TBROK, "/proc/sys/vm/mmap_min_addr missing");
	if (min_addr <= page)
		tst_res(TINFO, "vm.mmap_min_addr is %ld: no address below it "
			"to fail at", min_addr);
	run_as_nobody(check_nobody_failures);
	TST_EXP_EQ_LU(shm_stat(private_id).shm_nattch, 0);
}

static void test_split_vmas(void)
{
	char *addr;

	/* split into three VMAs, then merge the first two (case 7) */
	addr = attach();
	SAFE_MPROTECT(addr + page, page, PROT_NONE);
	SAFE_MPROTECT(addr, 2 * page, PROT_READ);
	detach(addr);
	TST_EXP_EQ_LU(nattch(), 0);

	addr = attach();
	SAFE_MUNMAP(addr + page, page);
	detach(addr);
	TST_EXP_EQ_LU(nattch(), 0);
}

static void run(void)
{
	shm_id = new_shm(IPC_PRIVATE, 3 * page, 0666);
	private_id = new_shm(IPC_PRIVATE, page, 0600);
	test_attach_detach();
	test_fork_exit_exec();
	test_failed_attach();
	test_split_vmas();
	TST_EXP_PASS(shmctl(shm_id, IPC_RMID, NULL));
	TST_EXP_FAIL(shmctl(shm_id, IPC_STAT, &(struct shmid_ds){0}), EINVAL,
		     "IPC_STAT after IPC_RMID with nothing attached");
	shm_id = -1;
	rm_shm(&private_id);
}

static void setup(void)
{
	page = sysconf(_SC_PAGESIZE);
}

static void cleanup(void)
{
	rm_shm(&shm_id);
	rm_shm(&private_id);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "fc0c8f9089c2"},
		{}
	},
};

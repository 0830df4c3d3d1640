// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clone() and clone3() with CLONE_SETTLS on x86-64 give the child the
 * thread pointer asked for:
 * - with CLONE_VM (a thread) and without (a process), the child's FS
 *   base (arch_prctl(ARCH_GET_FS)) is the tls argument, and a load through
 *   %fs reads the block there; the parent's FS base is untouched;
 * - without CLONE_SETTLS the child keeps the parent's FS base;
 * - clone3()'s tls field does the same;
 * - a tls in the kernel half of the address space (above the user space
 *   of 4- and of 5-level paging): EPERM, and no child is created.
 * The child runs with a thread pointer glibc did not set up, so it uses
 * no libc: raw system calls only, results in shared memory.
 * Syscalls: clone, clone3, arch_prctl
 */
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "clone3_raw.h"

#ifdef __x86_64__
#include <asm/prctl.h>

#define STACK_SIZE (64 * 1024)
#define TCB_SIZE 4096
#define MAGIC 0x5e771500d00dULL

struct shared {
	unsigned long fs_base;	/* ARCH_GET_FS in the child */
	unsigned long fs_word;	/* the word at %fs:8 */
	int done;
};

static struct shared *sh;
static unsigned long *tcb;	/* the child's thread control block */
static char *stack;

static inline long raw_syscall2(long nr, long a, long b)
{
	long ret;

	__asm__ volatile ("syscall" : "=a"(ret) : "a"(nr), "D"(a), "S"(b)
			  : "rcx", "r11", "memory");
	return ret;
}

static inline unsigned long fs_load(long off)
{
	unsigned long val;

	__asm__ volatile ("movq %%fs:(%1), %0" : "=r"(val) : "r"(off));
	return val;
}

/* Runs on the new thread pointer: no libc, no errno. */
static void child_report(void)
{
	unsigned long base = 0;

	raw_syscall2(__NR_arch_prctl, ARCH_GET_FS, (long)&base);
	sh->fs_base = base;
	sh->fs_word = fs_load(8);
	sh->done = 1;
}

static int child_fn(void *arg)
{
	(void)arg;
	child_report();
	return 0;
}

static unsigned long parent_fs(void)
{
	unsigned long base;

	if (syscall(__NR_arch_prctl, ARCH_GET_FS, &base))
		tst_brk(TBROK | TERRNO, "arch_prctl(ARCH_GET_FS)");
	return base;
}

static void reap(pid_t pid, const char *what)
{
	int status;

	SAFE_WAITPID(pid, &status, __WALL);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "%s: child ended with status 0x%x", what,
			status);
}

static void check_child(unsigned long exp_base, const char *what)
{
	unsigned long exp_word = exp_base == (unsigned long)tcb ? MAGIC :
				 fs_load(8);

	if (!sh->done) {
		tst_res(TFAIL, "%s: the child did not report", what);
		return;
	}
	if (sh->fs_base == exp_base && sh->fs_word == exp_word)
		tst_res(TPASS, "%s: child's FS base 0x%lx, %%fs:8 reads "
			"0x%lx", what, sh->fs_base, sh->fs_word);
	else
		tst_res(TFAIL, "%s: child's FS base 0x%lx (expected 0x%lx), "
			"%%fs:8 0x%lx (expected 0x%lx)", what, sh->fs_base,
			exp_base, sh->fs_word, exp_word);
}

static void run_clone(int flags, unsigned long tls, const char *what)
{
	unsigned long before = parent_fs();
	unsigned long exp = flags & CLONE_SETTLS ? tls : before;
	pid_t pid;

	memset(sh, 0, sizeof(*sh));
	pid = clone(child_fn, stack + STACK_SIZE, flags | SIGCHLD, NULL,
		    NULL, (void *)tls, NULL);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(%s)", what);
	reap(pid, what);
	check_child(exp, what);
	TST_EXP_EQ_LU(parent_fs(), before);
}

static void run_clone3(void)
{
	struct clone3_args args = {
		.flags = CLONE_SETTLS,
		.exit_signal = SIGCHLD,
		.tls = PTR64(tcb),
	};
	long pid;

	memset(sh, 0, sizeof(*sh));
	pid = clone3(&args, sizeof(args));
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone3(CLONE_SETTLS)");
	if (!pid) {
		child_report();
		raw_syscall2(__NR_exit, 0, 0);
	}
	reap(pid, "clone3() tls");
	check_child((unsigned long)tcb, "clone3() tls");
}

static void run(void)
{
	/* past TASK_SIZE_MAX with 4-level (47 bit) and 5-level (56 bit) paging */
	unsigned long high = 1UL << 63;
	pid_t pid;

	run_clone(CLONE_VM | CLONE_SETTLS, (unsigned long)tcb,
		  "CLONE_VM | CLONE_SETTLS");
	run_clone(CLONE_SETTLS, (unsigned long)tcb, "CLONE_SETTLS, no CLONE_VM");
	run_clone(CLONE_VM, (unsigned long)tcb, "CLONE_VM without CLONE_SETTLS");
	run_clone3();

	pid = clone(child_fn, stack + STACK_SIZE, CLONE_VM | CLONE_SETTLS |
		    SIGCHLD, NULL, NULL, (void *)high, NULL);
	if (pid > 0)
		reap(pid, "tls 1 << 63");
	if (pid == -1 && errno == EPERM)
		tst_res(TPASS, "clone() with tls 0x%lx: EPERM", high);
	else
		tst_res(TFAIL | TERRNO, "clone() with tls 0x%lx: %d, expected "
			"EPERM", high, (int)pid);
	TST_EXP_FAIL(waitpid(-1, NULL, __WALL | WNOHANG), ECHILD,
		     "no child left behind by the refused clone()");
}

static void setup(void)
{
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	stack = SAFE_MMAP(NULL, STACK_SIZE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	tcb = SAFE_MMAP(NULL, TCB_SIZE, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/*
	 * Enough of a TCB for compiled code: the self pointer glibc keeps
	 * at %fs:0 and the stack protector's canary at %fs:0x28.
	 */
	tcb[0] = (unsigned long)tcb;
	tcb[1] = MAGIC;
	tcb[5] = fs_load(0x28);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
};

#else
static void run(void)
{
	tst_res(TCONF, "the FS base of CLONE_SETTLS is x86-64's");
}

static struct tst_test test = {
	.test_all = run,
};
#endif

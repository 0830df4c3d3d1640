// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arch_prctl() on x86-64: ARCH_GET_FS returns the thread pointer glibc
 * set (pthread_self(), and what %fs:0 holds). In a child, ARCH_SET_FS to
 * a copy of the thread control block reads back through ARCH_GET_FS and
 * is what the CPU uses (%fs:0 reads the copy's self pointer), and the
 * original base is put back the same way; ARCH_SET_GS to a variable's
 * address makes %gs:0 read that variable, ARCH_GET_GS returns it.
 * ARCH_GET_CPUID returns 1 (cpuid enabled); ARCH_SET_CPUID(0) makes the
 * cpuid instruction raise SIGSEGV when the CPU can fault on cpuid (flag
 * cpuid_fault in /proc/cpuinfo), else it is ENODEV; ARCH_GET_XCOMP_SUPP
 * reports at least x87 and SSE state. EPERM for an FS or GS base in
 * kernel space, EFAULT for an unmapped result address, EINVAL for an
 * unknown code.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <asm/prctl.h>
#include "time_event.h"
#include "task_wait.h"
#include "lapi/arch_prctl.h"

#define KERNEL_ADDR 0xffff800000000000UL

static void *bad_addr;

static long sys_arch_prctl(int code, unsigned long arg)
{
	return syscall(__NR_arch_prctl, code, arg);
}

/* Raw syscall, no errno: safe while %fs points elsewhere. */
static inline long raw_arch_prctl(int code, unsigned long arg)
{
	long ret;

	asm volatile ("syscall" : "=a" (ret)
		      : "0" ((long)__NR_arch_prctl), "D" ((long)code),
			"S" (arg)
		      : "rcx", "r11", "memory");
	return ret;
}

static inline unsigned long read_fs0(void)
{
	unsigned long v;

	asm volatile ("mov %%fs:0, %0" : "=r" (v));
	return v;
}

static inline unsigned long read_gs0(void)
{
	unsigned long v;

	asm volatile ("mov %%gs:0, %0" : "=r" (v));
	return v;
}

static void test_get_fs(void)
{
	unsigned long base = 0;

	TST_EXP_PASS(sys_arch_prctl(ARCH_GET_FS, (unsigned long)&base),
		     "arch_prctl(ARCH_GET_FS)");
	TST_EXP_EXPR(base == (unsigned long)pthread_self() &&
		     base == read_fs0(), "FS base 0x%lx is pthread_self() "
		     "0x%lx and %%fs:0 0x%lx", base,
		     (unsigned long)pthread_self(), read_fs0());
}

static unsigned long fake_tcb[512] __attribute__((aligned(64)));

static void set_fs_child(void)
{
	unsigned long old = 0, got = 0, after = 0, fs0;
	long r1, r2, r3;

	if (raw_arch_prctl(ARCH_GET_FS, (unsigned long)&old))
		tst_brk(TBROK, "ARCH_GET_FS failed");
	/* The canary and the rest of the header stay valid in the copy. */
	memcpy(fake_tcb, (void *)old, 256);
	fake_tcb[0] = (unsigned long)fake_tcb;
	fake_tcb[2] = (unsigned long)fake_tcb;

	r1 = raw_arch_prctl(ARCH_SET_FS, (unsigned long)fake_tcb);
	r2 = raw_arch_prctl(ARCH_GET_FS, (unsigned long)&got);
	fs0 = read_fs0();
	r3 = raw_arch_prctl(ARCH_SET_FS, old);
	raw_arch_prctl(ARCH_GET_FS, (unsigned long)&after);

	TST_EXP_EXPR(r1 == 0 && r2 == 0 && got == (unsigned long)fake_tcb,
		     "ARCH_SET_FS(0x%lx) returned %ld, ARCH_GET_FS read back "
		     "0x%lx", (unsigned long)fake_tcb, r1, got);
	TST_EXP_EXPR(fs0 == (unsigned long)fake_tcb, "%%fs:0 read the copy's "
		     "self pointer 0x%lx", fs0);
	TST_EXP_EXPR(r3 == 0 && after == old, "ARCH_SET_FS put 0x%lx back "
		     "(read 0x%lx)", old, after);
}

static unsigned long gs_var = 0x1234abcd5678ef01UL;

static void set_gs_child(void)
{
	unsigned long got = 0;

	TST_EXP_PASS(sys_arch_prctl(ARCH_SET_GS, (unsigned long)&gs_var),
		     "arch_prctl(ARCH_SET_GS, &var)");
	TST_EXP_PASS(sys_arch_prctl(ARCH_GET_GS, (unsigned long)&got),
		     "arch_prctl(ARCH_GET_GS)");
	TST_EXP_EXPR(got == (unsigned long)&gs_var && read_gs0() == gs_var,
		     "GS base 0x%lx, %%gs:0 reads the variable 0x%lx", got,
		     read_gs0());
	TST_EXP_PASS(sys_arch_prctl(ARCH_SET_GS, 0), "arch_prctl(ARCH_SET_GS, "
		     "0)");
}

static int have_cpuid_fault(void)
{
	char line[4096];
	int found = 0;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/cpuinfo)");
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "flags", 5)) {
			found = !!strstr(line, " cpuid_fault");
			break;
		}
	}
	fclose(f);
	return found;
}

static void test_cpuid(void)
{
	int status;
	pid_t pid;

	TST_EXP_VAL(sys_arch_prctl(ARCH_GET_CPUID, 0), 1,
		    "arch_prctl(ARCH_GET_CPUID)");
	if (!have_cpuid_fault()) {
		TST_EXP_FAIL(sys_arch_prctl(ARCH_SET_CPUID, 0), ENODEV,
			     "arch_prctl(ARCH_SET_CPUID, 0) without "
			     "cpuid_fault");
		TST_EXP_FAIL(sys_arch_prctl(ARCH_SET_CPUID, 1), ENODEV,
			     "arch_prctl(ARCH_SET_CPUID, 1) without "
			     "cpuid_fault");
		return;
	}
	pid = SAFE_FORK();
	if (!pid) {
		unsigned int a = 0, b, c = 0, d;
		struct rlimit core = {0, 0};

		setrlimit(RLIMIT_CORE, &core);
		TST_EXP_PASS(sys_arch_prctl(ARCH_SET_CPUID, 0),
			     "arch_prctl(ARCH_SET_CPUID, 0)");
		TST_EXP_VAL(sys_arch_prctl(ARCH_GET_CPUID, 0), 0,
			    "arch_prctl(ARCH_GET_CPUID) after disabling");
		asm volatile ("cpuid" : "+a" (a), "=b" (b), "+c" (c), "=d" (d));
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
		     "cpuid with cpuid disabled raised SIGSEGV (status 0x%x)",
		     status);
}

static void test_misc(void)
{
	unsigned long long mask = 0;

	TST_EXP_PASS(sys_arch_prctl(ARCH_GET_XCOMP_SUPP,
				    (unsigned long)&mask),
		     "arch_prctl(ARCH_GET_XCOMP_SUPP)");
	TST_EXP_EXPR((mask & 3) == 3, "supported xfeatures 0x%llx include "
		     "x87 and SSE", mask);

	TST_EXP_FAIL(sys_arch_prctl(ARCH_SET_FS, KERNEL_ADDR), EPERM,
		     "arch_prctl(ARCH_SET_FS, kernel address)");
	TST_EXP_FAIL(sys_arch_prctl(ARCH_SET_GS, KERNEL_ADDR), EPERM,
		     "arch_prctl(ARCH_SET_GS, kernel address)");
	TST_EXP_FAIL(sys_arch_prctl(ARCH_GET_FS, (unsigned long)bad_addr),
		     EFAULT, "arch_prctl(ARCH_GET_FS, unmapped)");
	TST_EXP_FAIL(sys_arch_prctl(ARCH_GET_GS, (unsigned long)bad_addr),
		     EFAULT, "arch_prctl(ARCH_GET_GS, unmapped)");
	TST_EXP_FAIL(sys_arch_prctl(0x9999, 0), EINVAL,
		     "arch_prctl(code 0x9999)");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_get_fs();
		break;
	case 1:
		run_in_child(set_fs_child);
		run_in_child(set_gs_child);
		break;
	case 2:
		test_cpuid();
		break;
	default:
		test_misc();
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

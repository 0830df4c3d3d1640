// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rseq(2), raw, in a child pinned to one CPU that first unregisters the
 * area the C library registered for it (glibc 2.35+, __rseq_offset and
 * __rseq_size of <sys/rseq.h>):
 * - registering an aligned struct rseq with a signature succeeds and, on
 *   return to user space, its cpu_id and cpu_id_start hold the CPU the
 *   child is pinned to;
 * - registering it again is EBUSY; again with another signature is EPERM;
 *   another area while one is registered is EINVAL;
 * - unregistering with the wrong signature is EPERM, with a stray flag
 *   EINVAL; with the right one it succeeds and cpu_id goes back to
 *   RSEQ_CPU_ID_UNINITIALIZED (-1);
 * - registration with a length below 32, a misaligned area or an unknown
 *   flag is EINVAL; an unmapped area is EFAULT.
 */
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/rseq.h>
#include "tst_test.h"
#include "cpu_pin.h"

#define SIG 0x1badc0de
#define ORIG_LEN 32

static struct rseq rs __attribute__((aligned(32)));
static struct rseq other __attribute__((aligned(32)));
static char buf[128] __attribute__((aligned(32)));

static long sys_rseq(void *area, unsigned int len, int flags, unsigned int sig)
{
	return tst_syscall(__NR_rseq, area, len, flags, sig);
}

static void drop_libc_rseq(void)
{
	struct rseq *libc_rs;

	if (!__rseq_size) {
		tst_res(TINFO, "the C library registered no rseq area");
		return;
	}
	libc_rs = (struct rseq *)((char *)__builtin_thread_pointer() +
				  __rseq_offset);
	if ((int)libc_rs->cpu_id < 0) {
		tst_res(TINFO, "the C library's rseq area is not registered "
			"(cpu_id %d)", (int)libc_rs->cpu_id);
		return;
	}
	if (!sys_rseq(libc_rs, ORIG_LEN, RSEQ_FLAG_UNREGISTER, RSEQ_SIG))
		return;
	if (errno == EINVAL && __rseq_size != ORIG_LEN &&
	    !sys_rseq(libc_rs, __rseq_size, RSEQ_FLAG_UNREGISTER, RSEQ_SIG))
		return;
	tst_brk(TBROK | TERRNO, "cannot unregister the C library's rseq area");
}

static void child(void)
{
	int cpu = pin_to_current_cpu();

	drop_libc_rseq();

	rs.cpu_id = RSEQ_CPU_ID_UNINITIALIZED;
	rs.cpu_id_start = 12345;
	TST_EXP_PASS(sys_rseq(&rs, sizeof(rs), 0, SIG), "rseq(register)");
	if (!TST_PASS)
		return;
	TST_EXP_EQ_LI((int)rs.cpu_id, cpu);
	TST_EXP_EQ_LI((int)rs.cpu_id_start, cpu);

	TST_EXP_FAIL(sys_rseq(&rs, sizeof(rs), 0, SIG), EBUSY,
		     "rseq(register again)");
	TST_EXP_FAIL(sys_rseq(&rs, sizeof(rs), 0, SIG + 1), EPERM,
		     "rseq(register again, other signature)");
	TST_EXP_FAIL(sys_rseq(&other, sizeof(other), 0, SIG), EINVAL,
		     "rseq(register another area)");
	TST_EXP_FAIL(sys_rseq(&rs, sizeof(rs), RSEQ_FLAG_UNREGISTER, SIG + 1),
		     EPERM, "rseq(unregister, wrong signature)");
	TST_EXP_FAIL(sys_rseq(&rs, sizeof(rs), RSEQ_FLAG_UNREGISTER | 2, SIG),
		     EINVAL, "rseq(unregister, stray flag)");
	TST_EXP_PASS(sys_rseq(&rs, sizeof(rs), RSEQ_FLAG_UNREGISTER, SIG),
		     "rseq(unregister)");
	TST_EXP_EQ_LI((int)rs.cpu_id, RSEQ_CPU_ID_UNINITIALIZED);

	TST_EXP_FAIL(sys_rseq(&other, 16, 0, SIG), EINVAL,
		     "rseq(length 16)");
	TST_EXP_FAIL(sys_rseq(buf + 8, ORIG_LEN, 0, SIG), EINVAL,
		     "rseq(misaligned area)");
	TST_EXP_FAIL(sys_rseq(&other, sizeof(other), 2, SIG), EINVAL,
		     "rseq(unknown flag)");
}

static void run(void)
{
	void *unmapped;

	if (!SAFE_FORK()) {
		child();
		unmapped = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		SAFE_MUNMAP(unmapped, getpagesize());
		TST_EXP_FAIL(sys_rseq(unmapped, ORIG_LEN, 0, SIG), EFAULT,
			     "rseq(unmapped area)");
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};

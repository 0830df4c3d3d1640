// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a seccomp filter may see and how much may be stacked
 * (kernel/seccomp.c), each case in a child with no_new_privs:
 *  - the instruction budget of a task: a new filter's length plus, for
 *    each filter already attached, its length + 4 must not exceed
 *    MAX_INSNS_PER_PATH (32768), lengths counted after the conversion
 *    to eBPF (a few instructions more than the classic program):
 *    seven 4096-instruction filters attach, an eighth is ENOMEM; the
 *    largest filter that still fits (found by probing in children)
 *    leaves 4068 - L a multiple of 8 (the same overhead k counted
 *    eight times: L + k + 7 * (4096 + k + 4) = 32768); L + 1 is ENOMEM,
 *    L attaches, and after that even one instruction is ENOMEM;
 *  - the checker: a 32-bit load of seccomp_data at offset 1 or 62
 *    (unaligned) or 64 (past the end) is EINVAL, at 60 (the high half of
 *    args[5]) accepted; BPF_LEN loads sizeof(struct seccomp_data), 64;
 *  - arguments: a filter on the low word of args[0] (offset 16) matches
 *    7 and 0x100000007 but not 8; one on the high word (offset 20)
 *    matches 0x100000008;
 *  - prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER) attaches a filter too
 *    (PR_GET_SECCOMP 2), a NULL program is EFAULT, mode 3 EINVAL.
 */
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "seccomp_raw.h"

#define BUDGET 32768

static struct sock_filter big[BPF_MAXINSNS];

/* A filter of n instructions that allows everything. */
static long attach_len(unsigned int n)
{
	struct sock_fprog p = { .len = n, .filter = big };
	unsigned int i;

	for (i = 0; i + 1 < n; i++)
		big[i] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
				offsetof(struct seccomp_data, nr));
	big[n - 1] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
						  SECCOMP_RET_ALLOW);
	return sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p);
}

static void nnp(void)
{
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_NO_NEW_PRIVS");
}

/* In a child: does an n-instruction filter still fit? */
static int fits(unsigned int n)
{
	int status;
	pid_t pid = SAFE_FORK();

	if (!pid)
		_exit(attach_len(n) ? (errno == ENOMEM ? 1 : 2) : 0);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) == 2)
		tst_brk(TBROK, "probe of %u instructions: status 0x%x", n,
			status);
	return !WEXITSTATUS(status);
}

static void budget(void)
{
	unsigned int lo = 1, hi = BUDGET - 7 * (BPF_MAXINSNS + 4), mid;
	int i, ok = 0, k;

	nnp();
	for (i = 0; i < 7; i++)
		ok += !attach_len(BPF_MAXINSNS);
	TST_EXP_EQ_LI(ok, 7);
	TST_EXP_FAIL(attach_len(BPF_MAXINSNS), ENOMEM,
		     "an eighth 4096-instruction filter");
	if (!fits(lo))
		tst_brk(TBROK, "not even one instruction fits after seven");
	/* the largest filter that still fits */
	while (lo < hi) {
		mid = (lo + hi + 1) / 2;
		if (fits(mid))
			lo = mid;
		else
			hi = mid - 1;
	}
	/*
	 * The kernel counts each filter's length after conversion to eBPF
	 * (the classic length plus a constant k) and 4 more for each one
	 * attached: L + k + 7 * (4096 + k + 4) == 32768 at the edge, so
	 * 4068 - L is 8k.
	 */
	k = (int)(BUDGET - 7 * (BPF_MAXINSNS + 4)) - (int)lo;
	TST_EXP_EXPR(k >= 0 && k % 8 == 0 && k / 8 <= 8, "largest filter "
		     "left: %u instructions, conversion overhead %d.%d per "
		     "filter (a whole number up to 8 expected)", lo, k / 8,
		     (k % 8) * 125);
	TST_EXP_FAIL(attach_len(lo + 1), ENOMEM, "%u instructions", lo + 1);
	TST_EXP_PASS(attach_len(lo), "%u instructions", lo);
	TST_EXP_FAIL(attach_len(1), ENOMEM, "one more instruction");
	exit(0);
}

static long attach_load(unsigned int off)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, off),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog p = { .len = ARRAY_SIZE(f), .filter = f };

	return sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p);
}

/* getppid: ERRNO | err when the 32-bit word at off is val. */
static void attach_match(unsigned int off, unsigned int val, int len,
			 unsigned int err)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getppid, 0, 3),
		len ? (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_LEN, 0)
		    : (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
						   off),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, val, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | err),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog p = { .len = ARRAY_SIZE(f), .filter = f };

	if (sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p))
		tst_brk(TBROK | TERRNO, "seccomp(SET_MODE_FILTER)");
}

static void checker(void)
{
	nnp();
	TST_EXP_FAIL(attach_load(1), EINVAL, "load at offset 1");
	TST_EXP_FAIL(attach_load(62), EINVAL, "load at offset 62");
	TST_EXP_FAIL(attach_load(64), EINVAL, "load at offset 64");
	TST_EXP_PASS(attach_load(60), "load at offset 60");
	attach_match(0, sizeof(struct seccomp_data), 1, ENOTTY);
	TST_EXP_FAIL(syscall(__NR_getppid), ENOTTY,
		     "BPF_LEN is sizeof(struct seccomp_data)");
	exit(0);
}

static void args(int high)
{
	pid_t ppid = getppid();

	nnp();
	if (!high) {
		attach_match(offsetof(struct seccomp_data, args), 7, 0, EXDEV);
		TST_EXP_FAIL(syscall(__NR_getppid, 7UL), EXDEV, "args[0] 7");
		TST_EXP_FAIL(syscall(__NR_getppid, 0x100000007UL), EXDEV,
			     "args[0] 0x100000007, low word 7");
		TST_EXP_VAL(syscall(__NR_getppid, 8UL), ppid, "args[0] 8");
	} else {
		attach_match(offsetof(struct seccomp_data, args) + 4, 1, 0,
			     EXDEV);
		TST_EXP_FAIL(syscall(__NR_getppid, 0x100000008UL), EXDEV,
			     "high word of args[0] 1");
		TST_EXP_VAL(syscall(__NR_getppid, 8UL), ppid,
			    "high word of args[0] 0");
	}
	exit(0);
}

static void via_prctl(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog p = { .len = 1, .filter = f };

	nnp();
	TST_EXP_FAIL(prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, NULL, 0, 0),
		     EFAULT, "PR_SET_SECCOMP with a NULL program");
	TST_EXP_FAIL(prctl(PR_SET_SECCOMP, 3, &p, 0, 0), EINVAL,
		     "PR_SET_SECCOMP mode 3");
	TST_EXP_VAL(prctl(PR_GET_SECCOMP, 0, 0, 0, 0), 0);
	TST_EXP_PASS(prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &p, 0, 0),
		     "PR_SET_SECCOMP, SECCOMP_MODE_FILTER");
	TST_EXP_VAL(prctl(PR_GET_SECCOMP, 0, 0, 0, 0), 2);
	exit(0);
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		switch (n) {
		case 0:
			budget();
			break;
		case 1:
			checker();
			break;
		case 2:
			args(0);
			break;
		case 3:
			args(1);
			break;
		case 4:
			via_prctl();
			break;
		}
	}
	reap_child(pid);
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.forks_child = 1,
	.needs_kconfigs = (const char *[]) { "CONFIG_SECCOMP_FILTER=y", NULL },
};

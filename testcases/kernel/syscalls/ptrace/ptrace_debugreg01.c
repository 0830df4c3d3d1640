// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86 debug registers through PTRACE_POKEUSER and PTRACE_PEEKUSER:
 *
 * - a second POKEUSER of DR0..DR3 is not ignored: the address reads back
 *   as the last one written, for the disabled breakpoint the first write
 *   created (bd14406b78e6: modify_user_hw_breakpoint() dropped the change
 *   when the new attributes had disabled set) and for one DR7 enabled;
 * - DR6 reads back what was written; DR7 enabling DR0 as an 8-byte write
 *   watchpoint reads back;
 * - refused, with DR0 and DR7 left as they were: a DR7 with the I/O
 *   breakpoint type and an execute breakpoint of length 8 (EINVAL), a DR0
 *   not aligned to the enabled length of 8 (EINVAL), a DR0 in the kernel's
 *   half of the address space (EINVAL: ptrace breakpoints exclude the
 *   kernel, the CVE-2018-1000199 area);
 * - the watchpoint works: the tracee writing the watched word stops with
 *   SIGTRAP, si_code TRAP_HWBKPT, and DR6 has B0 set.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/user.h>
#include "ptrace_raw.h"

#ifndef TRAP_HWBKPT
# define TRAP_HWBKPT 4
#endif

#define DR_OFF(n) offsetof(struct user, u_debugreg[n])
/* DR7: L0, RW0 and LEN0 (bits 16-17, 18-19) */
#define DR7_L0 0x1UL
#define DR7_RW0(t) ((unsigned long)(t) << 16)
#define DR7_LEN0(l) ((unsigned long)(l) << 18)
#define RW_EXEC 0
#define RW_WRITE 1
#define RW_IO 2
#define LEN_8 2

static volatile unsigned long watched[2] __attribute__((aligned(16)));
static pid_t pid;

static unsigned long peek_dr(int n)
{
	unsigned long val = 0xdeadbeef;

	PTRACE_OK(PTRACE_PEEKUSER, pid, DR_OFF(n), &val);
	return val;
}

static void poke_twice(int n, unsigned long first, unsigned long second,
		       const char *state)
{
	unsigned long val;

	TST_EXP_PASS(sys_ptrace(PTRACE_POKEUSER, pid, DR_OFF(n), first),
		     "POKEUSER DR%d = 0x%lx (%s)", n, first, state);
	TST_EXP_PASS(sys_ptrace(PTRACE_POKEUSER, pid, DR_OFF(n), second),
		     "POKEUSER DR%d = 0x%lx (%s)", n, second, state);
	val = peek_dr(n);
	TST_EXP_EXPR(val == second, "DR%d reads 0x%lx, the second value "
		     "0x%lx", n, val, second);
}

static void refused(unsigned int n, unsigned long val, int err,
		    const char *what)
{
	unsigned long dr0 = peek_dr(0), dr7 = peek_dr(7);

	TST_EXP_FAIL(sys_ptrace(PTRACE_POKEUSER, pid, DR_OFF(n), val), err,
		     "POKEUSER DR%u = 0x%lx (%s)", n, val, what);
	TST_EXP_EXPR(peek_dr(0) == dr0 && peek_dr(7) == dr7,
		     "DR0 and DR7 unchanged after the refused %s", what);
}

static void run(void)
{
	unsigned long addr0 = (unsigned long)&watched[0];
	unsigned long addr1 = (unsigned long)&watched[1];
	unsigned long dr7 = DR7_L0 | DR7_RW0(RW_WRITE) | DR7_LEN0(LEN_8);
	siginfo_t si;
	int status, n;

	pid = SAFE_FORK();
	if (!pid) {
		if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PTRACE_TRACEME");
		syscall(__NR_kill, syscall(__NR_getpid), SIGSTOP);
		watched[0] = 1;
		_exit(watched[0] == 1 ? 0 : 1);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP) {
		ptrace_kill_child(pid);
		tst_brk(TBROK, "tracee %s, expected a stop by SIGSTOP",
			ptrace_status_str(status));
	}

	for (n = 0; n < 4; n++)
		poke_twice(n, 0x1000 * (n + 1), 0x2000 * (n + 1), "disabled");

	TST_EXP_PASS(sys_ptrace(PTRACE_POKEUSER, pid, DR_OFF(6), 0),
		     "POKEUSER DR6 = 0");
	TST_EXP_EQ_LU(peek_dr(6), 0);

	TST_EXP_PASS(sys_ptrace(PTRACE_POKEUSER, pid, DR_OFF(0), addr0),
		     "POKEUSER DR0 = &watched[0]");
	TST_EXP_PASS(sys_ptrace(PTRACE_POKEUSER, pid, DR_OFF(7), dr7),
		     "POKEUSER DR7 = 0x%lx (DR0: 8-byte write watchpoint)",
		     dr7);
	TST_EXP_EQ_LU(peek_dr(7), dr7);
	poke_twice(0, addr1, addr0, "enabled");

	refused(7, DR7_L0 | DR7_RW0(RW_IO), EINVAL, "I/O breakpoint type");
	refused(7, DR7_L0 | DR7_RW0(RW_EXEC) | DR7_LEN0(LEN_8), EINVAL,
		"execute breakpoint of length 8");
	refused(0, addr0 + 4, EINVAL, "address unaligned for length 8");
	refused(0, 0xffffffff81000000UL, EINVAL, "kernel address");

	PTRACE_OK(PTRACE_CONT, pid, 0, 0);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGTRAP) {
		tst_res(TFAIL, "tracee writing the watched word %s, expected "
			"a stop by SIGTRAP", ptrace_status_str(status));
		if (WIFSTOPPED(status))
			ptrace_kill_child(pid);
		return;
	}
	memset(&si, 0, sizeof(si));
	PTRACE_OK(PTRACE_GETSIGINFO, pid, 0, &si);
	TST_EXP_EXPR(si.si_signo == SIGTRAP && si.si_code == TRAP_HWBKPT,
		     "watchpoint hit: SIGTRAP with si_code %d (TRAP_HWBKPT %d)",
		     si.si_code, TRAP_HWBKPT);
	TST_EXP_EXPR(peek_dr(6) & 1, "DR6 0x%lx has B0 set", peek_dr(6));

	PTRACE_OK(PTRACE_CONT, pid, 0, 0);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		     "tracee continued after the watchpoint and %s",
		     ptrace_status_str(status));
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "bd14406b78e6"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ptrace() requests with addresses that are out of bounds or unaligned,
 * on a tracee stopped in signal-delivery-stop by SIGSTOP, each with the
 * errno arch/x86/kernel/ptrace.c and kernel/ptrace.c give on x86-64:
 *
 * - PEEKTEXT, PEEKDATA, POKETEXT, POKEDATA at tracee addresses 0..3,
 *   -1..-4, a non-canonical address, and a word that starts in a mapped
 *   page and ends in an unmapped one (partial access): EIO. An unaligned
 *   word inside mapped memory is read fine (x86 has no alignment rule).
 * - PEEKUSER and POKEUSER at offsets not a multiple of 8, at
 *   sizeof(struct user) (the kernel's: 928 bytes) and past it, at
 *   -1..-4: EIO; its last word and u_tsize, which hold no register, read
 *   0. POKEUSER also at an
 *   offset inside struct user that is neither a register nor a debug
 *   register (u_tsize), at DR4 (no such register), of fs_base or gs_base in the
 *   kernel's half of the address space, of a null %cs or %ss and of a %cs with RPL 0: EIO.
 * - PEEKUSER of a valid offset storing to 0, 1, -1 or a word straddling
 *   into an unmapped page: EFAULT.
 * - GETREGS, SETREGS, GETFPREGS, SETFPREGS, GETSIGINFO, SETSIGINFO with
 *   the tracer's buffer at 0..3, -1..-4 or with all but its first word in
 *   an unmapped page: EFAULT.
 * - GETREGSET: iovec at 0 or -1, or an iovec whose base is unmapped:
 *   EFAULT; an unknown note type, or a length not a multiple of the
 *   register size: EINVAL.
 *
 * None of the failed calls changes the tracee: its general and FPU
 * registers and its siginfo read back as before, and it exits 0 when
 * continued.
 */
#include <elf.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/user.h>
#include "ptrace_raw.h"

#define NOT_CANONICAL 0x8000000000000000UL
/*
 * The kernel's struct user ends with error_code and fault_address after
 * the debug registers; the C library's stops at u_debugreg[7] (912 bytes
 * where the kernel has 928).
 */
#define USER_SIZE (offsetof(struct user, u_debugreg[7]) + 3 * sizeof(long))

static char *edge;	/* a mapped page ends here, the next is unmapped */
static long page_size;
static pid_t pid;
static int failures;

static void expect(long req, const char *name, unsigned long addr,
		   unsigned long data, int err)
{
	long ret;

	errno = 0;
	ret = sys_ptrace(req, pid, addr, data);
	if (ret == -1 && errno == err)
		return;
	failures++;
	if (ret == -1)
		tst_res(TFAIL | TERRNO, "ptrace(%s, addr 0x%lx, data 0x%lx) "
			"expected %s", name, addr, data, tst_strerrno(err));
	else
		tst_res(TFAIL, "ptrace(%s, addr 0x%lx, data 0x%lx) returned "
			"%ld, expected %s", name, addr, data, ret,
			tst_strerrno(err));
}

#define EXPECT(req, addr, data, err) \
	expect(req, #req, (unsigned long)(addr), (unsigned long)(data), err)

static const long small_addrs[] = { 0, 1, 2, 3, -1, -2, -3, -4 };

static void test_peek_poke(void)
{
	unsigned long addrs[ARRAY_SIZE(small_addrs) + 3];
	unsigned long val = 0, want;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(small_addrs); i++)
		addrs[i] = small_addrs[i];
	addrs[i++] = NOT_CANONICAL;
	addrs[i++] = (unsigned long)edge - 4;
	addrs[i++] = (unsigned long)edge - 1;

	/* before the pokes: a partial POKEDATA writes the bytes it reaches */
	memcpy(&want, edge - 27, sizeof(want));
	TST_EXP_PASS(sys_ptrace(PTRACE_PEEKDATA, pid,
				(unsigned long)(edge - 27),
				(unsigned long)&val),
		     "PEEKDATA of an unaligned word in mapped memory");
	TST_EXP_EQ_LU(val, want);

	failures = 0;
	for (i = 0; i < ARRAY_SIZE(addrs); i++) {
		EXPECT(PTRACE_PEEKTEXT, addrs[i], &val, EIO);
		EXPECT(PTRACE_PEEKDATA, addrs[i], &val, EIO);
		EXPECT(PTRACE_POKETEXT, addrs[i], 0, EIO);
		EXPECT(PTRACE_POKEDATA, addrs[i], 0, EIO);
	}
	if (!failures)
		tst_res(TPASS, "PEEK/POKE TEXT/DATA at %zu bad tracee "
			"addresses: EIO", ARRAY_SIZE(addrs));

}

static void test_user(void)
{
	static const unsigned long bad_offs[] = {
		1, 7, USER_SIZE - 1, USER_SIZE, USER_SIZE + 1, USER_SIZE + 2,
		USER_SIZE + 3, USER_SIZE + 4, USER_SIZE + 8,
		-1UL, -2UL, -3UL, -4UL, -8UL,
	};
	static const struct {
		unsigned long off, val;
		const char *what;
	} bad_pokes[] = {
		{offsetof(struct user, u_tsize), 0, "u_tsize"},
		{offsetof(struct user, u_debugreg[4]), 0, "DR4"},
		{offsetof(struct user, u_debugreg[5]), 0, "DR5"},
		{offsetof(struct user, regs.fs_base), 0xffff888000000000UL,
		 "fs_base"},
		{offsetof(struct user, regs.gs_base), -4096UL, "gs_base"},
		{offsetof(struct user, regs.cs), 0, "null cs"},
		{offsetof(struct user, regs.ss), 0, "null ss"},
		{offsetof(struct user, regs.cs), 0x10, "cs with RPL 0"},
		{offsetof(struct user, regs.ds), 0x18, "ds with RPL 0"},
	};
	const unsigned long bad_bufs[] = {
		0, 1, -1UL, (unsigned long)edge - 4,
	};
	unsigned long val;
	size_t i;

	failures = 0;
	for (i = 0; i < ARRAY_SIZE(bad_offs); i++) {
		EXPECT(PTRACE_PEEKUSER, bad_offs[i], &val, EIO);
		EXPECT(PTRACE_POKEUSER, bad_offs[i], 0, EIO);
	}
	if (!failures)
		tst_res(TPASS, "PEEKUSER/POKEUSER at %zu unaligned or "
			"out-of-bound offsets: EIO", ARRAY_SIZE(bad_offs));

	failures = 0;
	for (i = 0; i < ARRAY_SIZE(bad_pokes); i++) {
		expect(PTRACE_POKEUSER, bad_pokes[i].what, bad_pokes[i].off,
		       bad_pokes[i].val, EIO);
	}
	if (!failures)
		tst_res(TPASS, "POKEUSER of u_tsize, DR4, DR5, a kernel "
			"fs_base/gs_base and bad cs/ss/ds selectors: EIO");

	val = 1;
	TST_EXP_PASS(sys_ptrace(PTRACE_PEEKUSER, pid, USER_SIZE - 8,
				(unsigned long)&val),
		     "PEEKUSER of the last word of the kernel's struct user");
	TST_EXP_EQ_LU(val, 0);
	val = 1;
	TST_EXP_PASS(sys_ptrace(PTRACE_PEEKUSER, pid,
				offsetof(struct user, u_tsize),
				(unsigned long)&val),
		     "PEEKUSER of u_tsize (no register behind it)");
	TST_EXP_EQ_LU(val, 0);

	failures = 0;
	for (i = 0; i < ARRAY_SIZE(bad_bufs); i++)
		EXPECT(PTRACE_PEEKUSER, offsetof(struct user, regs.rip),
		       bad_bufs[i], EFAULT);
	if (!failures)
		tst_res(TPASS, "PEEKUSER storing to %zu bad tracer "
			"addresses: EFAULT", ARRAY_SIZE(bad_bufs));
}

static void test_blocks(void)
{
	struct user_regs_struct regs;
	struct user_fpregs_struct fpregs;
	siginfo_t si;
	unsigned long bufs[ARRAY_SIZE(small_addrs) + 1];
	char *straddle;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(small_addrs); i++)
		bufs[i] = small_addrs[i];

	/*
	 * The straddling buffers have their first word in the mapped page
	 * (SETSIGINFO reads only the 48 bytes of the kernel's siginfo for a
	 * known signal, so more would be a valid buffer); it holds the
	 * tracee's current value, so that a SET that copied it before it
	 * faulted would still change nothing.
	 */
	failures = 0;
	PTRACE_OK(PTRACE_GETREGS, pid, 0, &regs);
	straddle = edge - 8;
	memcpy(straddle, &regs, 8);
	bufs[i] = (unsigned long)straddle;
	for (i = 0; i < ARRAY_SIZE(bufs); i++) {
		EXPECT(PTRACE_GETREGS, 0, bufs[i], EFAULT);
		EXPECT(PTRACE_SETREGS, 0, bufs[i], EFAULT);
	}

	PTRACE_OK(PTRACE_GETFPREGS, pid, 0, &fpregs);
	straddle = edge - 8;
	memcpy(straddle, &fpregs, 8);
	bufs[i - 1] = (unsigned long)straddle;
	for (i = 0; i < ARRAY_SIZE(bufs); i++) {
		EXPECT(PTRACE_GETFPREGS, 0, bufs[i], EFAULT);
		EXPECT(PTRACE_SETFPREGS, 0, bufs[i], EFAULT);
	}

	PTRACE_OK(PTRACE_GETSIGINFO, pid, 0, &si);
	straddle = edge - 8;
	memcpy(straddle, &si, 8);
	bufs[i - 1] = (unsigned long)straddle;
	for (i = 0; i < ARRAY_SIZE(bufs); i++) {
		EXPECT(PTRACE_GETSIGINFO, 0, bufs[i], EFAULT);
		EXPECT(PTRACE_SETSIGINFO, 0, bufs[i], EFAULT);
	}
	if (!failures)
		tst_res(TPASS, "GET/SET REGS, FPREGS, SIGINFO with %zu bad "
			"buffers: EFAULT", ARRAY_SIZE(bufs));
}

static void test_regset(void)
{
	struct user_regs_struct regs;
	struct iovec iov;

	failures = 0;
	EXPECT(PTRACE_GETREGSET, NT_PRSTATUS, 0, EFAULT);
	EXPECT(PTRACE_GETREGSET, NT_PRSTATUS, -1L, EFAULT);
	EXPECT(PTRACE_GETREGSET, NT_PRSTATUS, edge - sizeof(iov) / 2, EFAULT);
	iov.iov_base = (void *)1;
	iov.iov_len = sizeof(regs);
	EXPECT(PTRACE_GETREGSET, NT_PRSTATUS, &iov, EFAULT);
	iov.iov_base = edge - 8;
	EXPECT(PTRACE_GETREGSET, NT_PRSTATUS, &iov, EFAULT);
	iov.iov_base = &regs;
	iov.iov_len = 7;
	EXPECT(PTRACE_GETREGSET, NT_PRSTATUS, &iov, EINVAL);
	iov.iov_len = sizeof(regs);
	EXPECT(PTRACE_GETREGSET, 0x7ff, &iov, EINVAL);
	if (!failures)
		tst_res(TPASS, "GETREGSET: bad iovec or buffer EFAULT, unknown "
			"note or odd length EINVAL");
}

static void run(void)
{
	struct user_regs_struct regs0, regs1;
	struct user_fpregs_struct fp0, fp1;
	siginfo_t si0, si1;
	int status;

	pid = SAFE_FORK();
	if (!pid) {
		if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PTRACE_TRACEME");
		syscall(__NR_kill, syscall(__NR_getpid), SIGSTOP);
		_exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP) {
		ptrace_kill_child(pid);
		tst_brk(TBROK, "tracee %s, expected a stop by SIGSTOP",
			ptrace_status_str(status));
	}

	PTRACE_OK(PTRACE_GETREGS, pid, 0, &regs0);
	PTRACE_OK(PTRACE_GETFPREGS, pid, 0, &fp0);
	memset(&si0, 0, sizeof(si0));
	PTRACE_OK(PTRACE_GETSIGINFO, pid, 0, &si0);

	test_peek_poke();
	test_user();
	test_blocks();
	test_regset();

	PTRACE_OK(PTRACE_GETREGS, pid, 0, &regs1);
	PTRACE_OK(PTRACE_GETFPREGS, pid, 0, &fp1);
	memset(&si1, 0, sizeof(si1));
	PTRACE_OK(PTRACE_GETSIGINFO, pid, 0, &si1);
	TST_EXP_EXPR(!memcmp(&regs0, &regs1, sizeof(regs0)) &&
		     !memcmp(&fp0, &fp1, sizeof(fp0)) &&
		     !memcmp(&si0, &si1, sizeof(si0)) &&
		     si1.si_signo == SIGSTOP,
		     "the failed calls left registers, FPU state and siginfo "
		     "as they were");

	PTRACE_OK(PTRACE_CONT, pid, 0, 0);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		     "tracee continued and %s", ptrace_status_str(status));
	if (WIFSTOPPED(status))
		ptrace_kill_child(pid);
}

static void setup(void)
{
	char *map;

	page_size = getpagesize();
	map = SAFE_MMAP(NULL, 2 * page_size, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(map + page_size, page_size);
	edge = map + page_size;
	for (long i = 0; i < page_size; i++)
		map[i] = (char)(i * 7 + 3);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
};

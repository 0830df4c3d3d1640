// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTRACE_PEEKUSER and PTRACE_GETREGS must tell the same story on x86-64:
 * at the syscall-entry stop of execve(), at its syscall-exit stop and at
 * the SIGTRAP stop the exec sends a TRACEME tracee, every one of the 27
 * words of struct user_regs_struct read with PEEKUSER at its offset equals
 * the word GETREGS stores (into a buffer poisoned first with 0x00, then
 * with 0xff, so that a word GETREGS leaves unwritten shows), and
 * PTRACE_GETREGSET NT_PRSTATUS gives the same block and its full size.
 * The stops are the right ones: orig_rax is __NR_execve at the two
 * syscall stops, rax is -ENOSYS on entry and 0 on exit.
 * The writes agree too: a word stored with POKEUSER into a scratch
 * register is what GETREGS then reads, and a block stored with SETREGS is
 * what PEEKUSER reads word by word; the tracee's registers are put back
 * and it runs the exec'd program to exit 0.
 */
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include "ptrace_raw.h"

#define NWORDS (sizeof(struct user_regs_struct) / sizeof(long))

static const char *const reg_names[NWORDS] = {
	"r15", "r14", "r13", "r12", "rbp", "rbx", "r11", "r10", "r9", "r8",
	"rax", "rcx", "rdx", "rsi", "rdi", "orig_rax", "rip", "cs", "eflags",
	"rsp", "ss", "fs_base", "gs_base", "ds", "es", "fs", "gs",
};

/* registers the test may scribble on and put back: no selector, no base */
static const size_t scratch_regs[] = {
	offsetof(struct user_regs_struct, r15),
	offsetof(struct user_regs_struct, r14),
	offsetof(struct user_regs_struct, r13),
	offsetof(struct user_regs_struct, r12),
	offsetof(struct user_regs_struct, rbx),
	offsetof(struct user_regs_struct, r8),
	offsetof(struct user_regs_struct, r9),
	offsetof(struct user_regs_struct, r10),
};

static char true_path[4096];

static void find_true(void)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL;

	if (!path)
		path = "/usr/bin:/bin";
	copy = strdup(path);
	if (!copy)
		tst_brk(TBROK | TERRNO, "strdup");
	for (dir = strtok_r(copy, ":", &save); dir;
	     dir = strtok_r(NULL, ":", &save)) {
		snprintf(true_path, sizeof(true_path), "%s/true", dir);
		if (!access(true_path, X_OK)) {
			free(copy);
			return;
		}
	}
	free(copy);
	tst_brk(TCONF, "no 'true' program in PATH to execute");
}

static void compare(pid_t pid, const char *where)
{
	static const unsigned char poisons[] = { 0x00, 0xff };
	struct user_regs_struct regs, set;
	unsigned long *words = (unsigned long *)&regs;
	struct iovec iov;
	unsigned int p;
	size_t i;
	int bad;
	long val;

	for (p = 0; p < ARRAY_SIZE(poisons); p++) {
		memset(&regs, poisons[p], sizeof(regs));
		if (sys_ptrace(PTRACE_GETREGS, pid, 0, (unsigned long)&regs)) {
			tst_res(TFAIL | TERRNO, "%s: PTRACE_GETREGS", where);
			return;
		}
		bad = 0;
		for (i = 0; i < NWORDS; i++) {
			errno = 0;
			if (sys_ptrace(PTRACE_PEEKUSER, pid, i * sizeof(long),
				       (unsigned long)&val)) {
				tst_res(TFAIL | TERRNO, "%s: PEEKUSER %s",
					where, reg_names[i]);
				bad = 1;
				continue;
			}
			if ((unsigned long)val != words[i]) {
				tst_res(TFAIL, "%s (poison 0x%02x): %s: "
					"GETREGS 0x%lx, PEEKUSER 0x%lx", where,
					poisons[p], reg_names[i], words[i],
					(unsigned long)val);
				bad = 1;
			}
		}
		if (!bad)
			tst_res(TPASS, "%s (poison 0x%02x): PEEKUSER equals "
				"GETREGS for all %zu words", where, poisons[p],
				NWORDS);

		memset(&set, poisons[p] ^ 0xff, sizeof(set));
		iov.iov_base = &set;
		iov.iov_len = sizeof(set) + 64;
		if (sys_ptrace(PTRACE_GETREGSET, pid, NT_PRSTATUS,
			       (unsigned long)&iov)) {
			tst_res(TFAIL | TERRNO, "%s: GETREGSET NT_PRSTATUS",
				where);
			continue;
		}
		TST_EXP_EXPR(iov.iov_len == sizeof(set) &&
			     !memcmp(&set, &regs, sizeof(set)),
			     "%s: GETREGSET NT_PRSTATUS gives the GETREGS "
			     "block (%zu bytes)", where, iov.iov_len);
	}
}

static void poke_and_set(pid_t pid)
{
	struct user_regs_struct orig, regs;
	unsigned long *words = (unsigned long *)&regs;
	unsigned long want;
	size_t i;
	long val;
	int bad = 0;

	PTRACE_OK(PTRACE_GETREGS, pid, NULL, &orig);

	for (i = 0; i < ARRAY_SIZE(scratch_regs); i++) {
		want = 0x5a5a000000000000UL | (scratch_regs[i] << 8) | i;
		if (sys_ptrace(PTRACE_POKEUSER, pid, scratch_regs[i], want)) {
			tst_res(TFAIL | TERRNO, "POKEUSER %s",
				reg_names[scratch_regs[i] / sizeof(long)]);
			bad = 1;
			continue;
		}
		PTRACE_OK(PTRACE_GETREGS, pid, NULL, &regs);
		if (words[scratch_regs[i] / sizeof(long)] != want) {
			tst_res(TFAIL, "POKEUSER %s 0x%lx, GETREGS reads 0x%lx",
				reg_names[scratch_regs[i] / sizeof(long)], want,
				words[scratch_regs[i] / sizeof(long)]);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "each word stored by POKEUSER is read back by "
			"GETREGS");

	regs = orig;
	for (i = 0; i < ARRAY_SIZE(scratch_regs); i++)
		words[scratch_regs[i] / sizeof(long)] = ~(unsigned long)i << 4;
	TST_EXP_PASS(sys_ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs),
		     "PTRACE_SETREGS");
	bad = 0;
	for (i = 0; i < NWORDS; i++) {
		if (sys_ptrace(PTRACE_PEEKUSER, pid, i * sizeof(long),
			       (unsigned long)&val)) {
			tst_res(TFAIL | TERRNO, "PEEKUSER %s", reg_names[i]);
			bad = 1;
			continue;
		}
		if ((unsigned long)val != words[i]) {
			tst_res(TFAIL, "SETREGS stored %s 0x%lx, PEEKUSER "
				"reads 0x%lx", reg_names[i], words[i],
				(unsigned long)val);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "the block stored by SETREGS is read back by "
			"PEEKUSER");

	PTRACE_OK(PTRACE_SETREGS, pid, NULL, &orig);
}

static void wait_stop(pid_t pid, int sig, const char *what)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	if (WIFSTOPPED(status) && WSTOPSIG(status) == sig)
		return;
	if (!WIFEXITED(status) && !WIFSIGNALED(status))
		ptrace_kill_child(pid);
	tst_brk(TFAIL, "%s: expected a stop by %s, got %s", what,
		tst_strsig(sig), ptrace_status_str(status));
}

static void run(void)
{
	char *const argv[] = { true_path, NULL };
	char *const envp[] = { NULL };
	struct user_regs_struct regs;
	int status;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PTRACE_TRACEME");
		/* nothing but these two system calls: the next is execve */
		syscall(__NR_kill, syscall(__NR_getpid), SIGSTOP);
		syscall(__NR_execve, true_path, argv, envp);
		_exit(127);
	}

	wait_stop(pid, SIGSTOP, "TRACEME + SIGSTOP");
	PTRACE_OK(PTRACE_SETOPTIONS, pid, NULL,
		    (void *)PTRACE_O_TRACESYSGOOD);

	PTRACE_OK(PTRACE_SYSCALL, pid, NULL, NULL);
	wait_stop(pid, SIGTRAP | 0x80, "execve entry");
	PTRACE_OK(PTRACE_GETREGS, pid, NULL, &regs);
	TST_EXP_EXPR(regs.orig_rax == __NR_execve &&
		     regs.rax == (unsigned long long)-ENOSYS,
		     "entry stop: orig_rax %lld (execve %d), rax %lld (-ENOSYS)",
		     (long long)regs.orig_rax, __NR_execve, (long long)regs.rax);
	compare(pid, "execve entry");

	PTRACE_OK(PTRACE_SYSCALL, pid, NULL, NULL);
	wait_stop(pid, SIGTRAP | 0x80, "execve exit");
	PTRACE_OK(PTRACE_GETREGS, pid, NULL, &regs);
	TST_EXP_EXPR(regs.orig_rax == __NR_execve && regs.rax == 0,
		     "exit stop: orig_rax %lld, rax %lld (execve succeeded)",
		     (long long)regs.orig_rax, (long long)regs.rax);
	compare(pid, "execve exit");

	PTRACE_OK(PTRACE_CONT, pid, NULL, NULL);
	wait_stop(pid, SIGTRAP, "SIGTRAP after exec");
	compare(pid, "SIGTRAP after exec");
	poke_and_set(pid);

	PTRACE_OK(PTRACE_CONT, pid, NULL, NULL);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		     "the exec'd program ran to exit 0 (%s)",
		     ptrace_status_str(status));
}

static struct tst_test test = {
	.setup = find_true,
	.test_all = run,
	.forks_child = 1,
};

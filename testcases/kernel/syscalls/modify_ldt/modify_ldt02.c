// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LDT segments that are wrong fault when they are loaded or used, in a
 * child whose end is checked (x86-64, through %gs, which the C library
 * leaves alone):
 *  - entry 0 based at a page holding a value reads that value through
 *    %gs:0; rewritten with base 0 (nothing is mapped there), the same
 *    read kills the child with SIGSEGV;
 *  - with a handler, base 0 gives SIGSEGV SEGV_MAPERR at si_addr 0, trap
 *    14; a base at a PROT_NONE page gives SEGV_ACCERR at that page;
 *  - loading a selector past the end of the LDT is a general protection
 *    fault: SIGSEGV SI_KERNEL, trap 13, the selector (TI set, RPL
 *    cleared) as error code;
 *  - loading a segment marked not present is SIGBUS SI_KERNEL, trap 11
 *    (segment not present), the selector as error code.
 * TCONF when modify_ldt() is ENOSYS (CONFIG_MODIFY_LDT_SYSCALL unset).
 */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/ucontext.h>
#include <asm/ldt.h>
#include "tst_test.h"

#define MAGIC	0x1dc0ffeeU
#define TRAP_NP	11
#define TRAP_GP	13
#define TRAP_PF	14

struct fault {
	int signo;
	int code;
	uintptr_t addr;
	long trapno;
	long err;
};

static volatile struct fault *seen;
static uint32_t *page;		/* below 4 GiB, holds MAGIC */
static void *noaccess;		/* below 4 GiB, PROT_NONE */

static long sys_modify_ldt(int func, void *ptr, unsigned long bytecount)
{
	return syscall(__NR_modify_ldt, func, ptr, bytecount);
}

static void set_entry(unsigned int entry, uint32_t base, int present)
{
	struct user_desc d;

	memset(&d, 0, sizeof(d));
	d.entry_number = entry;
	d.base_addr = base;
	d.limit = 0xfff;
	d.seg_32bit = 1;
	d.seg_not_present = !present;
	d.useable = 1;
	if (sys_modify_ldt(0x11, &d, sizeof(d)))
		tst_brk(TBROK | TERRNO, "modify_ldt(0x11, entry %u)", entry);
}

static uint16_t ldt_sel(unsigned int entry)
{
	return (entry << 3) | 7;	/* TI = LDT, RPL 3 */
}

static uint32_t read_through(uint16_t sel)
{
	uint32_t val;

	asm volatile ("movw %w1, %%gs\n\tmovl %%gs:0, %0"
		      : "=r" (val) : "r" (sel) : "memory");
	asm volatile ("movw %w0, %%gs" : : "r" (0));
	return val;
}

static void handler(int sig, siginfo_t *si, void *uc)
{
	const mcontext_t *mc = &((ucontext_t *)uc)->uc_mcontext;

	seen->signo = sig;
	seen->code = si->si_code;
	seen->addr = (uintptr_t)si->si_addr;
	seen->trapno = mc->gregs[REG_TRAPNO];
	seen->err = mc->gregs[REG_ERR];
	_exit(0);
}

/* Upstream's sequence: a good read, then base 0 and no handler. */
static void check_kill(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		set_entry(0, (uintptr_t)page, 1);
		TST_EXP_EXPR(read_through(ldt_sel(0)) == MAGIC,
			     "%%gs:0 through entry 0 reads the page");
		set_entry(0, 0, 1);
		read_through(ldt_sel(0));
		tst_res(TFAIL, "read through a segment based at 0 returned");
		exit(0);
	}
	reap_child_killed(pid, SIGSEGV);
}

static void fault_child(unsigned int entry, uint32_t base, int present,
			unsigned int load)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	set_entry(entry, base, present);
	read_through(ldt_sel(load));
	tst_res(TFAIL, "loading LDT selector 0x%x and reading did not fault",
		ldt_sel(load));
	exit(0);
}

static void check_fault(const char *what, unsigned int entry, uint32_t base,
			int present, unsigned int load, const struct fault *exp)
{
	pid_t pid;

	memset((void *)seen, 0, sizeof(*seen));
	pid = SAFE_FORK();
	if (!pid)
		fault_child(entry, base, present, load);
	reap_child(pid);
	if (seen->signo == exp->signo && seen->code == exp->code &&
	    seen->addr == exp->addr && seen->trapno == exp->trapno &&
	    (exp->err < 0 || seen->err == exp->err))
		tst_res(TPASS, "%s: %s code %d addr 0x%lx trap %ld err 0x%lx",
			what, tst_strsig(exp->signo), exp->code,
			(unsigned long)exp->addr, exp->trapno, seen->err);
	else
		tst_res(TFAIL, "%s: %s code %d addr 0x%lx trap %ld err 0x%lx, "
			"expected %s code %d addr 0x%lx trap %ld err 0x%lx",
			what, tst_strsig(seen->signo), seen->code,
			(unsigned long)seen->addr, seen->trapno, seen->err,
			tst_strsig(exp->signo), exp->code,
			(unsigned long)exp->addr, exp->trapno, exp->err);
}

static void run(void)
{
	/* error code of a selector fault: index and TI, no RPL */
	const long sel7 = ldt_sel(7) & ~3, sel2 = ldt_sel(2) & ~3;
	struct fault maperr = { SIGSEGV, SEGV_MAPERR, 0, TRAP_PF, -1 };
	struct fault accerr = { SIGSEGV, SEGV_ACCERR, (uintptr_t)noaccess,
				TRAP_PF, -1 };
	struct fault gp = { SIGSEGV, SI_KERNEL, 0, TRAP_GP, sel7 };
	struct fault np = { SIGBUS, SI_KERNEL, 0, TRAP_NP, sel2 };

	check_kill();
	check_fault("segment based at 0", 0, 0, 1, 0, &maperr);
	check_fault("segment based at a PROT_NONE page", 0,
		    (uintptr_t)noaccess, 1, 0, &accerr);
	check_fault("selector past the LDT's end", 0, (uintptr_t)page, 1, 7,
		    &gp);
	check_fault("segment not present", 2, (uintptr_t)page, 0, 2, &np);
}

static void setup(void)
{
	unsigned char buf[8];

	if (sys_modify_ldt(0, buf, sizeof(buf)) < 0) {
		if (errno == ENOSYS)
			tst_brk(TCONF, "modify_ldt() is ENOSYS: kernel without "
				"CONFIG_MODIFY_LDT_SYSCALL");
		tst_brk(TBROK | TERRNO, "modify_ldt(0)");
	}
	seen = SAFE_MMAP(NULL, getpagesize(), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	page = SAFE_MMAP(NULL, getpagesize(), PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	page[0] = MAGIC;
	noaccess = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
};

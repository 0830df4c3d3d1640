// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * User-Mode Instruction Prevention (x86): with the CPU feature (umip in
 * /proc/cpuinfo, CONFIG_X86_UMIP) SGDT, SIDT, SLDT, SMSW and STR fault
 * in user mode and the kernel emulates them (arch/x86/kernel/umip.c)
 * with dummy results, so no kernel address reaches user space:
 *  - SGDT: base 0xfffffffffffe0000, limit 0; SIDT: base
 *    0xffffffffffff0000, limit 0 (the real tables have non-zero limits
 *    and other addresses);
 *  - SMSW to memory: the low 16 bits of CR0_STATE (0x33);
 *  - STR: GDT_ENTRY_TSS * 8 (0x40); SLDT: 0 without an LDT and
 *    GDT_ENTRY_LDT * 8 (0x50) once modify_ldt() installed one.
 * Each instruction runs in a child: a kernel without the emulation
 * kills it with SIGSEGV, which fails here. Without the feature the test
 * is TCONF: the instructions then return the real values by design.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <stdint.h>
#include <asm/ldt.h>
#include "tst_test.h"

#if defined(__x86_64__)

struct __attribute__((packed)) dtr {
	uint16_t limit;
	uint64_t base;
};

static void run_sgdt(void)
{
	struct dtr d;

	memset(&d, 0xa5, sizeof(d));
	asm volatile("sgdt %0" : "=m"(d));
	if (d.base == 0xfffffffffffe0000ULL && d.limit == 0)
		tst_res(TPASS, "SGDT: dummy base %#llx, limit 0",
			(unsigned long long)d.base);
	else
		tst_res(TFAIL, "SGDT: base %#llx limit %#x",
			(unsigned long long)d.base, d.limit);
}

static void run_sidt(void)
{
	struct dtr d;

	memset(&d, 0xa5, sizeof(d));
	asm volatile("sidt %0" : "=m"(d));
	if (d.base == 0xffffffffffff0000ULL && d.limit == 0)
		tst_res(TPASS, "SIDT: dummy base %#llx, limit 0",
			(unsigned long long)d.base);
	else
		tst_res(TFAIL, "SIDT: base %#llx limit %#x",
			(unsigned long long)d.base, d.limit);
}

static void run_smsw(void)
{
	uint16_t v = 0xa5a5;

	asm volatile("smsw %0" : "=m"(v));
	TST_EXP_EQ_LI((long)v, 0x33);
}

static void run_str(void)
{
	unsigned long v = ~0UL;

	asm volatile("str %0" : "=r"(v));
	TST_EXP_EQ_LI((long)(v & 0xffff), 8 * 8);
}

static void run_sldt(void)
{
	struct user_desc desc = {
		.entry_number = 0, .base_addr = 0, .limit = 0xfff,
		.seg_32bit = 1, .useable = 1,
	};
	unsigned long v = ~0UL;

	asm volatile("sldt %0" : "=r"(v));
	TST_EXP_EQ_LI((long)(v & 0xffff), 0);
	if (syscall(__NR_modify_ldt, 1, &desc, sizeof(desc))) {
		tst_res(TCONF | TERRNO, "modify_ldt(): LDT case skipped");
		return;
	}
	v = ~0UL;
	asm volatile("sldt %0" : "=r"(v));
	TST_EXP_EQ_LI((long)(v & 0xffff), 10 * 8);
}

static void (*const insn[])(void) = {
	run_sgdt, run_sidt, run_smsw, run_str, run_sldt,
};

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		insn[n]();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	char line[4096];
	int found = 0;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/cpuinfo)");
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "flags", 5) && strstr(line, " umip")) {
			found = 1;
			break;
		}
	fclose(f);
	if (!found)
		tst_brk(TCONF, "the CPU (model) has no umip flag in "
			"/proc/cpuinfo");
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

#else

static void run(void)
{
	tst_brk(TCONF, "UMIP is an x86-64 feature");
}

static struct tst_test test = {
	.test_all = run,
};

#endif

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The 32-bit adjtimex() (int $0x80, i386 number 124, struct old_timex32
 * in memory below 4 GiB) leaks no kernel bytes: with an invalid mode
 * (ADJ_ADJTIME without ADJ_OFFSET_SINGLESHOT) it fails with EINVAL and
 * writes the structure back; "tai", which the kernel never reads from
 * the caller, comes back 0, and so do the 44 bytes of padding at the end,
 * although the caller filled everything with 0xa5; the fields it did
 * read come back as given. CVE-2018-11508, fixed by 0a0b98734479
 * ("compat: fix 4-byte infoleak via uninitialized struct field").
 * Also, with mode 0 the 64-bit call reads the clock state and the 32-bit
 * call gives the same status and tick.
 * Syscalls: adjtimex
 */
#include <stdint.h>
#include <sys/mman.h>
#include <sys/timex.h>
#include "tst_test.h"

#define NR32_ADJTIMEX 124	/* i386 table (lapi/syscalls/i386.h) */
#define WORDS 32		/* struct old_timex32: 128 bytes */
#define TAI 20			/* its word "tai" */
#define PAD 21			/* 11 words of padding from here */

static uint32_t *low;

static long int80_1(long nr, unsigned long arg)
{
	long ret;

	asm volatile ("int $0x80" : "=a" (ret) : "0" (nr), "b" (arg)
		      : "memory", "r8", "r9", "r10", "r11");
	return ret;
}

static void run(void)
{
	struct timex tx = { .modes = 0 };
	int i, pad_bad = 0, kept_bad = 0;
	long ret;

	memset(low, 0xa5, WORDS * 4);
	/* ADJ_ADJTIME without ADJ_OFFSET_SINGLESHOT's other bit */
	low[0] = ADJ_OFFSET_SINGLESHOT & ~ADJ_OFFSET;
	ret = int80_1(NR32_ADJTIMEX, (unsigned long)low);
	TST_EXP_EXPR(ret == -EINVAL, "32-bit adjtimex(ADJ_ADJTIME) returns "
		     "-EINVAL (%ld)", ret);
	TST_EXP_EXPR(low[TAI] == 0, "tai comes back 0 (%#x): no kernel bytes",
		     low[TAI]);
	for (i = PAD; i < WORDS; i++)
		pad_bad += low[i] != 0;
	for (i = 1; i < TAI; i++)
		kept_bad += low[i] != 0xa5a5a5a5;
	TST_EXP_EXPR(!pad_bad, "the padding comes back zero (%d words not)",
		     pad_bad);
	TST_EXP_EXPR(!kept_bad, "the fields read from the caller come back "
		     "as given (%d differ)", kept_bad);

	if (adjtimex(&tx) < 0)
		tst_brk(TBROK | TERRNO, "adjtimex(0)");
	memset(low, 0, WORDS * 4);
	ret = int80_1(NR32_ADJTIMEX, (unsigned long)low);
	TST_EXP_EXPR(ret >= 0 && (int)low[5] == tx.status &&
		     (long)(int32_t)low[11] == tx.tick, "32-bit adjtimex(0): "
		     "state %ld, status %#x and tick %d as the 64-bit call "
		     "(%#x, %ld)", ret, low[5], (int32_t)low[11], tx.status,
		     (long)tx.tick);
}

static void setup(void)
{
	long ret;

	low = SAFE_MMAP(NULL, 4096, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	memset(low, 0, 4096);
	ret = int80_1(NR32_ADJTIMEX, (unsigned long)low);
	if (ret == -ENOSYS)
		tst_brk(TCONF, "no i386 ABI (CONFIG_IA32_EMULATION)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2018-11508"},
		/* compat: fix 4-byte infoleak via uninitialized struct field */
		{"linux-git", "0a0b98734479"},
		{}
	},
};

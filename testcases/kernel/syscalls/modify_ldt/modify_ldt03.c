// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() of a process with a full-size LDT (entry 8191 written, so the
 * table has 8192 entries) copies the table, also when the fork fails
 * half-way because the parent is exiting: each copy belongs to one mm
 * and is freed once. Before ccd5b3235180 ("x86/mm: Fix use-after-free of
 * ldt_struct") a fork that failed after dup_mm() freed the parent's
 * table through the half-made child, and the parent went on using it
 * (CVE-2017-17053, upstream LTP's cve-2017-17053).
 *
 * In a child made a subreaper, for a time budget: fork a process that
 * starts a thread which forks (the grandchild exits at once) while the
 * process itself calls exit_group() after a short random spin, so that
 * the thread's fork often finds its process exiting. Asserted:
 *  - every process of the tree ends with exit status 0 (none killed by
 *    a signal, as a process using a freed LDT would be), and the
 *    subreaper reaps them all;
 *  - the forked processes that check it see the parent's LDT: the read
 *    (modify_ldt func 0) gives 8192 entries * 8 bytes, identical to the
 *    parent's, entry 8191 holding the descriptor written (base 0x1000,
 *    limit 0xfff);
 *  - afterwards the subreaper's own table reads back unchanged, and the
 *    kernel gains no D or W taint.
 * TCONF when modify_ldt() is ENOSYS (CONFIG_MODIFY_LDT_SYSCALL unset).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <asm/ldt.h>
#include "tst_test.h"

#define ENTRIES	8192
#define LDT_BYTES	(ENTRIES * LDT_ENTRY_SIZE)
#define WANT_LOW	0x10000fffU	/* base 0x1000 << 16 | limit 0xfff */

static unsigned char *ref_ldt, *chk_ldt;

static long sys_modify_ldt(int func, void *ptr, unsigned long n)
{
	return syscall(__NR_modify_ldt, func, ptr, n);
}

/* 0 when this process's LDT reads back as the reference table. */
static int ldt_matches(void)
{
	long n = sys_modify_ldt(0, chk_ldt, LDT_BYTES);

	return n != LDT_BYTES || memcmp(chk_ldt, ref_ldt, LDT_BYTES);
}

static void *forker(void *arg)
{
	pid_t pid;

	(void)arg;
	pid = fork();
	if (!pid)
		_exit(ldt_matches() ? 3 : 0);
	return NULL;
}

static void spin(unsigned int n)
{
	volatile unsigned int i;

	for (i = 0; i < n; i++)
		;
}

static void racer(unsigned int seed)
{
	pthread_t t;

	if (seed % 16 == 0 && ldt_matches())
		_exit(3);
	if (pthread_create(&t, NULL, forker, NULL))
		_exit(0);
	spin(rand_r(&seed) % 200000);
	syscall(__NR_exit_group, 0);
}

static void driver(void)
{
	long long end = tst_mono_ms() + (long long)(2000 * tst_timeout_mul());
	int status, forks = 0, reaped = 0, bad = 0;
	pid_t pid;

	if (prctl(PR_SET_CHILD_SUBREAPER, 1))
		tst_brk(TBROK | TERRNO, "PR_SET_CHILD_SUBREAPER");
	do {
		pid = fork();
		if (!pid)
			racer(forks);
		if (pid > 0)
			forks++;
		else if (errno != EAGAIN)
			tst_brk(TBROK | TERRNO, "fork()");
		/* reap what has ended, so that the table never fills */
		while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
			reaped++;
			if ((!WIFEXITED(status) || WEXITSTATUS(status)) &&
			    !bad++)
				tst_res(TFAIL, "process %d ended with status "
					"0x%x", (int)pid, status);
		}
	} while (forks < 20000 && tst_mono_ms() < end);
	while ((pid = wait(&status)) > 0) {
		reaped++;
		if ((!WIFEXITED(status) || WEXITSTATUS(status)) && !bad++)
			tst_res(TFAIL, "process %d ended with status 0x%x",
				(int)pid, status);
	}
	if (errno != ECHILD)
		tst_brk(TBROK | TERRNO, "wait()");
	if (!bad)
		tst_res(TPASS, "%d forks of a process with an 8192-entry LDT, "
			"each starting a forking thread and exiting: all %d "
			"processes reaped ended with status 0", forks, reaped);
	TST_EXP_EXPR(reaped > forks, "the subreaper reaped the threads' "
		     "children too (%d processes for %d forks)", reaped, forks);
	TST_EXP_EXPR(!ldt_matches(), "the LDT still reads back 8192 entries "
		     "with entry 8191 as written");
	_exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		driver();
	reap_child(pid);
}

static void setup(void)
{
	struct user_desc d = {
		.entry_number = ENTRIES - 1,
		.base_addr = 0x1000,
		.limit = 0xfff,
		.seg_32bit = 1,
		.useable = 1,
	};
	uint32_t low;
	long n;

	ref_ldt = SAFE_MALLOC(LDT_BYTES);
	chk_ldt = SAFE_MALLOC(LDT_BYTES);
	if (sys_modify_ldt(1, &d, sizeof(d))) {
		if (errno == ENOSYS)
			tst_brk(TCONF, "no modify_ldt() in this kernel "
				"(CONFIG_MODIFY_LDT_SYSCALL)");
		tst_brk(TBROK | TERRNO, "modify_ldt(1, entry 8191)");
	}
	n = sys_modify_ldt(0, ref_ldt, LDT_BYTES);
	if (n != LDT_BYTES)
		tst_brk(TBROK | TERRNO, "modify_ldt(0) read %ld bytes", n);
	memcpy(&low, ref_ldt + (ENTRIES - 1) * LDT_ENTRY_SIZE, sizeof(low));
	if (low != WANT_LOW)
		tst_brk(TBROK, "entry 8191 reads 0x%08x, not 0x%08x", low,
			WANT_LOW);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "ccd5b3235180"},
		{"CVE", "2017-17053"},
		{}
	},
};

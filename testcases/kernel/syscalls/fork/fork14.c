// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() of a process with a single anonymous mapping larger than 16 TiB
 * (2^32 pages of 4 KiB):
 * - a PROT_NONE MAP_NORESERVE reservation of 16 TiB + one chunk is not
 *   charged to the commit count (no VM_ACCOUNT): fork() succeeds;
 * - the same range made private and writable, chunk by chunk with
 *   MAP_FIXED so that it stays one VMA, is charged: with overcommit_memory
 *   0 (heuristic), dup_mmap() must charge the whole VMA again and refuse
 *   a VMA larger than RAM + swap, so fork() fails with ENOMEM, both just
 *   below 16 TiB and just above it. Before 7edc8b0ac16c the page count
 *   was kept in an unsigned int: above 16 TiB it wrapped to the size of
 *   one chunk and fork() wrongly succeeded. After the failed fork() the
 *   parent's mapping is intact (one VMA, writable at both ends), and once
 *   it is unmapped fork() works again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include "tst_test.h"

#define TIB		(1ULL << 40)
#define OVERFLOW	(16 * TIB)

static size_t chunk;
static char *base;
static size_t mapped;

/* the length of the VMA starting at addr, 0 when there is none */
static size_t vma_len(char *addr)
{
	unsigned long start, end, len = 0;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx", &start, &end) == 2 &&
		    start == (unsigned long)addr) {
			len = end - start;
			break;
		}
	}
	fclose(f);
	return len;
}

/* fork() and let the child exit: the pid, or -1 with errno */
static pid_t try_fork(void)
{
	pid_t pid = fork();
	int st;

	if (!pid)
		_exit(0);
	if (pid > 0) {
		SAFE_WAITPID(pid, &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			tst_res(TFAIL, "child ended with status 0x%x", st);
	}
	return pid;
}

/* make [base, base + upto) accounted, writable anonymous memory */
static void account_upto(size_t upto)
{
	while (mapped < upto) {
		size_t len = chunk < upto - mapped ? chunk : upto - mapped;

		if (mmap(base + mapped, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
		    MAP_FAILED)
			tst_brk(TBROK | TERRNO, "mmap(MAP_FIXED, %zu) at +%zu",
				len, mapped);
		mapped += len;
	}
	if (vma_len(base) != mapped)
		tst_brk(TBROK, "the writable chunks are not one VMA of %zu bytes "
			"(%zu)", mapped, vma_len(base));
}

static void fork_fails(const char *what)
{
	pid_t pid = try_fork();

	if (pid < 0 && errno == ENOMEM)
		tst_res(TPASS, "fork() with one accounted VMA %s: ENOMEM", what);
	else if (pid < 0)
		tst_res(TFAIL | TERRNO, "fork() with one accounted VMA %s "
			"failed, not with ENOMEM", what);
	else
		tst_res(TFAIL, "fork() with one accounted VMA %s succeeded: "
			"the VMA was not charged in full", what);
}

static void run(void)
{
	size_t total = OVERFLOW + chunk;

	base = SAFE_MMAP(NULL, total, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	mapped = 0;
	TST_EXP_EXPR(vma_len(base) == total,
		     "a PROT_NONE reservation of 16 TiB + %zu MiB is one VMA",
		     chunk >> 20);
	if (try_fork() > 0)
		tst_res(TPASS, "fork() with the unaccounted reservation succeeds");
	else
		tst_res(TFAIL | TERRNO, "fork() with the unaccounted reservation");

	account_upto(OVERFLOW - chunk);
	fork_fails("of 16 TiB - one chunk");

	account_upto(total);
	fork_fails("of 16 TiB + one chunk");

	base[0] = 1;
	base[total - 1] = 2;
	TST_EXP_EXPR(vma_len(base) == total && base[0] == 1 &&
		     base[total - 1] == 2,
		     "after the failed fork() the mapping is whole and writable");

	SAFE_MUNMAP(base, total);
	base = NULL;
	if (try_fork() > 0)
		tst_res(TPASS, "fork() succeeds once the mapping is gone");
	else
		tst_res(TFAIL | TERRNO, "fork() after munmap()");
}

static void setup(void)
{
	struct rlimit inf = { RLIM_INFINITY, RLIM_INFINITY };
	unsigned long long mem;
	struct sysinfo si;

	if (sizeof(void *) < 8)
		tst_brk(TCONF, "16 TiB of address space needs a 64-bit process");
	if (getpagesize() != 4096)
		tst_brk(TCONF, "the 16 TiB overflow is of 2^32 pages of 4 KiB");
	if (setrlimit(RLIMIT_AS, &inf) || setrlimit(RLIMIT_DATA, &inf))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_AS/DATA, unlimited)");
	if (sysinfo(&si))
		tst_brk(TBROK | TERRNO, "sysinfo()");
	mem = ((unsigned long long)si.totalram + si.totalswap) * si.mem_unit;
	/* each mmap() alone is checked against RAM + swap */
	for (chunk = 1UL << 30; chunk > mem / 4 && chunk > (16UL << 20);)
		chunk >>= 1;
	tst_res(TINFO, "RAM + swap %llu MiB, chunks of %zu MiB", mem >> 20,
		chunk >> 20);
}

static void cleanup(void)
{
	if (base)
		munmap(base, OVERFLOW + chunk);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.forks_child = 1,
	.needs_root = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ "/proc/sys/vm/overcommit_memory", "0", TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "7edc8b0ac16c"},
		{}
	},
};

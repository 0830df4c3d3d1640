// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * madvise() advice about core dumps, and MADV_WILLNEED where page
 * tables hold huge zero pages:
 * - a child fills 1 MiB of private anonymous memory with a pattern made
 *   at run time (no other copy of it exists), gives it MADV_DONTDUMP and
 *   aborts: its core file (kernel.core_pattern "core.%p", saved and
 *   restored) is an ELF core without the pattern; a child that gives
 *   MADV_DONTDUMP and then MADV_DODUMP dumps it, and one that gives no
 *   advice too (the control);
 * - 32 MiB of read-only anonymous memory populated (MAP_POPULATE, huge
 *   zero pages under THP), made PROT_NONE, then MADV_WILLNEED: returns 0
 *   and the memory reads zeros after PROT_READ again; the swap read-ahead
 *   walked into a huge PMD and dereferenced NULL before ee53664bda16.
 * The kernel must not get a new W or D taint.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "coredump.h"

#define DUMP_SIZE (1 << 20)
#define WILL_SIZE (32 << 20)

static unsigned char pat(long i)
{
	return (unsigned char)(i * 131 + (i >> 8) * 7 + 0x5a);
}

/* 1 when the core file holds the first 64 bytes of the pattern. */
static int core_has_pattern(pid_t pid)
{
	unsigned char want[64], *buf;
	char path[64];
	ssize_t len, i;
	int fd, found = 0;

	for (i = 0; i < 64; i++)
		want[i] = pat(i);
	snprintf(path, sizeof(path), "core.%d", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	buf = SAFE_MALLOC(1 << 16);
	/* pages are dumped whole and page aligned: look at page starts */
	while ((len = read(fd, buf, 1 << 16)) > 0 && !found) {
		for (i = 0; i + 64 <= len; i += 4096) {
			if (!memcmp(buf + i, want, 64)) {
				found = 1;
				break;
			}
		}
	}
	free(buf);
	close(fd);
	return found;
}

static void dumper(int advice)
{
	pid_t pid = SAFE_FORK();
	unsigned char *p;
	int found;
	long i;

	if (!pid) {
		core_allow(1);
		SAFE_FILE_PRINTF("/proc/self/coredump_filter", "0x33");
		p = SAFE_MMAP(NULL, DUMP_SIZE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		for (i = 0; i < DUMP_SIZE; i++)
			p[i] = pat(i);
		if (advice && madvise(p, DUMP_SIZE, MADV_DONTDUMP))
			tst_brk(TBROK | TERRNO, "madvise(MADV_DONTDUMP)");
		if (advice == 2 && madvise(p, DUMP_SIZE, MADV_DODUMP))
			tst_brk(TBROK | TERRNO, "madvise(MADV_DODUMP)");
		abort();
	}
	reap_child_killed(pid, SIGABRT);
	found = core_has_pattern(pid);
	if (found < 0) {
		tst_res(TFAIL, "no core file of the aborted child");
		return;
	}
	if (advice == 1)
		TST_EXP_EXPR(!found, "MADV_DONTDUMP: the memory is not in "
			     "the core");
	else
		TST_EXP_EXPR(found, "%s: the memory is in the core", advice ?
			     "MADV_DONTDUMP then MADV_DODUMP" : "no advice");
	check_core_file(pid, 1, "aborted child");
}

static void dontdump(void)
{
	dumper(0);
	dumper(1);
	dumper(2);
}

static void willneed(void)
{
	char *p;
	long i, nonzero = 0;

	p = SAFE_MMAP(NULL, WILL_SIZE, PROT_READ,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	SAFE_MPROTECT(p, WILL_SIZE, PROT_NONE);
	TST_EXP_PASS(madvise(p, WILL_SIZE, MADV_WILLNEED),
		     "MADV_WILLNEED on 32 MiB of populated PROT_NONE memory");
	SAFE_MPROTECT(p, WILL_SIZE, PROT_READ);
	for (i = 0; i < WILL_SIZE; i += 4096)
		nonzero += p[i] != 0;
	TST_EXP_EQ_LI(nonzero, 0);
	SAFE_MUNMAP(p, WILL_SIZE);
}

static void run(unsigned int n)
{
	if (!n)
		dontdump();
	else
		willneed();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = COREDUMP_SAVE_RESTORE,
	.tags = (const struct tst_tag[]) {
		/* mm: Fix NULL pointer dereference in madvise(MADV_WILLNEED)
		 * support */
		{"linux-git", "ee53664bda16"},
		{}
	},
};

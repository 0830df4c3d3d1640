// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vm.max_map_count limits the mappings (VMAs) of a process; set to a
 * low value here (saved and restored):
 * - mmap() of new, unmergeable mappings succeeds until the process has
 *   max_map_count + 1 of them (the check is "more than the limit"
 *   before adding one), then fails with ENOMEM; /proc/self/maps shows
 *   exactly that many (less [vsyscall], which is no VMA of the process);
 * - at the limit, munmap() and mprotect() of a page inside a mapping,
 *   which must split it, fail with ENOMEM and leave it whole;
 * - munmap() of a whole mapping works and frees one slot: the next mmap()
 *   succeeds, the one after fails again.
 * The work runs in a child that makes no other mapping meanwhile (no
 * stdio); the parent reports.
 * Syscalls: mmap, munmap, mprotect
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"

#define MAX_MAP_COUNT "/proc/sys/vm/max_map_count"
#define LIMIT 1000

static struct result {
	long base, maps_at_fail, mmaps_ok;
	int fail_errno;
	int munmap_split, munmap_split_errno;
	int mprotect_split, mprotect_split_errno;
	long maps_after_split;
	int whole_ok, munmap_whole, mmap_after_free, mmap_after_free2;
	int mmap_after_free2_errno;
	long maps_after_free;
} *res;

static char maps_buf[1 << 20];

/* VMAs of the calling process: lines of /proc/self/maps but [vsyscall]. */
static long count_maps(void)
{
	int fd = open("/proc/self/maps", O_RDONLY);
	long lines = 0, len = 0;
	ssize_t n;
	char *p;

	if (fd < 0)
		return -1;
	while ((n = read(fd, maps_buf + len, sizeof(maps_buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	maps_buf[len] = 0;
	for (p = maps_buf; *p; p++)
		lines += *p == '\n';
	if (strstr(maps_buf, "[vsyscall]"))
		lines--;
	return lines;
}

static void child(void)
{
	long page = getpagesize(), i;
	char *three, *last = NULL;
	void *p;

	res->base = count_maps();
	three = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (three == MAP_FAILED)
		exit(2);
	memset(three, 'x', 3 * page);
	for (i = 0; i < 2 * LIMIT; i++) {
		/* alternate protections: neighbours never merge */
		p = mmap(NULL, page, i & 1 ? PROT_READ : PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED) {
			res->fail_errno = errno;
			break;
		}
		last = p;
		res->mmaps_ok++;
	}
	res->maps_at_fail = count_maps();

	res->munmap_split = munmap(three + page, page);
	res->munmap_split_errno = errno;
	res->mprotect_split = mprotect(three + page, page, PROT_READ);
	res->mprotect_split_errno = errno;
	res->maps_after_split = count_maps();
	/* still one whole writable mapping with its data */
	three[page] = 'y';
	res->whole_ok = three[0] == 'x' && three[2 * page + 1] == 'x';

	res->munmap_whole = last ? munmap(last, page) : -1;
	res->maps_after_free = count_maps();
	p = mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	res->mmap_after_free = p != MAP_FAILED;
	p = mmap(NULL, page, PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	res->mmap_after_free2 = p != MAP_FAILED;
	res->mmap_after_free2_errno = errno;
	exit(0);
}

static void run(void)
{
	int status;
	pid_t pid;

	memset(res, 0, sizeof(*res));
	pid = SAFE_FORK();
	if (!pid)
		child();
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "child ended with status 0x%x", status);
	tst_res(TINFO, "%ld mappings before, %ld mmap()s succeeded",
		res->base, res->mmaps_ok);
	if (res->fail_errno == ENOMEM)
		tst_res(TPASS, "mmap() at the limit: ENOMEM");
	else
		tst_res(TFAIL, "mmap() at the limit: %s after %ld mmaps",
			res->fail_errno ? tst_strerrno(res->fail_errno) :
			"never failed", res->mmaps_ok);
	if (res->maps_at_fail == LIMIT + 1)
		tst_res(TPASS, "the process has max_map_count + 1 = %d VMAs",
			LIMIT + 1);
	else
		tst_res(TFAIL, "the process has %ld VMAs, expected %d",
			res->maps_at_fail, LIMIT + 1);
	if (res->munmap_split == -1 && res->munmap_split_errno == ENOMEM)
		tst_res(TPASS, "munmap() splitting a mapping: ENOMEM");
	else
		tst_res(TFAIL, "munmap() splitting a mapping: %d (%s)",
			res->munmap_split,
			tst_strerrno(res->munmap_split_errno));
	if (res->mprotect_split == -1 && res->mprotect_split_errno == ENOMEM)
		tst_res(TPASS, "mprotect() splitting a mapping: ENOMEM");
	else
		tst_res(TFAIL, "mprotect() splitting a mapping: %d (%s)",
			res->mprotect_split,
			tst_strerrno(res->mprotect_split_errno));
	TST_EXP_EXPR(res->maps_after_split == res->maps_at_fail &&
		     res->whole_ok, "the refused splits left the mapping whole"
		     " (%ld VMAs, data intact)", res->maps_after_split);
	TST_EXP_EXPR(!res->munmap_whole &&
		     res->maps_after_free == res->maps_at_fail - 1,
		     "munmap() of a whole mapping: %d, %ld VMAs left",
		     res->munmap_whole, res->maps_after_free);
	TST_EXP_EXPR(res->mmap_after_free, "mmap() into the freed slot works");
	if (!res->mmap_after_free2 && res->mmap_after_free2_errno == ENOMEM)
		tst_res(TPASS, "the next mmap(): ENOMEM again");
	else
		tst_res(TFAIL, "the next mmap(): %s",
			res->mmap_after_free2 ? "succeeded" :
			tst_strerrno(res->mmap_after_free2_errno));
}

static void setup(void)
{
	res = SAFE_MMAP(NULL, sizeof(*res), PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (count_maps() > LIMIT / 2)
		tst_brk(TBROK, "the test process already has %ld mappings",
			count_maps());
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ MAX_MAP_COUNT, "1000", 0 },
		{ NULL, NULL, 0 }
	},
};

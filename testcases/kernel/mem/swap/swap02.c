// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Swap priorities and swapoff under use, on two 16 MiB swap files of the
 * test's own (priorities 32767 and 32766, above any other swap area;
 * turned off in the cleanup). Pages are pushed out with MADV_PAGEOUT,
 * each page with a pattern of its own:
 *  - a swap file with holes (header written, the rest never) is refused
 *    with EINVAL and is not listed in /proc/swaps;
 *  - 8 MiB paged out all go to the higher priority file (its Used grows
 *    by at least the mapping's Swap in smaps), the lower one stays at
 *    Used 0; 16 MiB more fill the higher file (Used at least its size
 *    less 1 MiB) and the lower one takes the rest (Used at least what
 *    did not fit); all 24 MiB read back intact;
 *  - swapoff() of the lower file, then of the higher one while a child
 *    keeps reading, checking and rewriting its 8 MiB of swapped pages:
 *    both succeed, neither file is listed any more, the child found no
 *    page changed and its mapping's Swap in smaps is 0.
 */
#include <stdlib.h>
#include "swap_test.h"

#define FILE_MB 16

static size_t psz;
static volatile int *stop;

static void holes(void)
{
	char path[PATH_MAX + 16];
	size_t size = 4 * MB;
	int fd;

	swap_tmp_path(path, sizeof(path), "sparse");
	make_swapfile_pages(path, 1, 1);
	fd = SAFE_OPEN(path, O_RDWR);
	/* the header page tells of 1024 pages, the file has holes there */
	{
		uint32_t last = size / psz - 1;

		SAFE_PWRITE(1, fd, &last, sizeof(last), 1028);
	}
	SAFE_FTRUNCATE(fd, size);
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(sys_swapon(path, 0), EINVAL, "swapon() of a file "
		     "with holes");
	TST_EXP_EXPR(!swaps_entry(path, NULL, NULL),
		     "the file with holes is not in /proc/swaps");
	if (swaps_entry(path, NULL, NULL))
		sys_swapoff(path);
}

static void priorities(void)
{
	size_t len1 = 8 * MB, len = 24 * MB, n = len / psz;
	long file_kb = FILE_MB * 1024 - psz / 1024, s, hi, lo;
	unsigned char *m = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	fill_pages(m, 0, n, 1, 11);
	page_out(m, len1);
	s = smaps_kb(m, "Swap");
	hi = swaps_used_kb(swap_files[0]);
	lo = swaps_used_kb(swap_files[1]);
	TST_EXP_EXPR(s >= (long)(len1 / 1024) * 9 / 10 && hi >= s && !lo,
		     "8 MiB out: Swap %ld kB, higher file Used %ld kB, lower "
		     "file Used %ld kB (expected 0)", s, hi, lo);

	page_out(m + len1, len - len1);
	s = smaps_kb(m, "Swap");
	hi = swaps_used_kb(swap_files[0]);
	lo = swaps_used_kb(swap_files[1]);
	TST_EXP_EXPR(s >= (long)(len / 1024) * 9 / 10 &&
		     hi >= file_kb - 1024 && lo >= s - hi,
		     "24 MiB out (Swap %ld kB): higher file Used %ld of %ld "
		     "kB, lower file Used %ld kB", s, hi, file_kb, lo);
	TST_EXP_EQ_LI(bad_page(m, 0, n, 1, 11), -1);
	SAFE_MUNMAP(m, len);
}

static void toucher(void)
{
	size_t len = 8 * MB, n = len / psz, i;
	unsigned char *m = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long rounds = 0, bad = -1;

	pin_to_current_cpu();
	fill_pages(m, 0, n, 1, 21);
	page_out(m, len);
	tst_res(TINFO, "child: %ld kB of 8 MiB out", smaps_kb(m, "Swap"));
	TST_CHECKPOINT_WAKE(0);
	while (!*stop && bad < 0) {
		for (i = 0; i < n && bad < 0; i++) {
			if (check_pattern(m + i * psz, psz,
					  page_seed(i, 21 + rounds)) >= 0)
				bad = i;
			else
				fill_pattern(m + i * psz, psz,
					     page_seed(i, 22 + rounds));
		}
		rounds++;
	}
	TST_EXP_EXPR(bad < 0, "child: %ld rounds over its pages during "
		     "swapoff, first bad page %ld", rounds, bad);
	TST_EXP_EQ_LI(bad_page(m, 0, n, 1, 21 + rounds), -1);
	TST_EXP_EQ_LI(smaps_kb(m, "Swap"), 0);
	exit(0);
}

static void swapoff_in_use(void)
{
	pid_t pid;
	int n;

	*stop = 0;
	pid = SAFE_FORK();
	if (!pid)
		toucher();
	TST_CHECKPOINT_WAIT(0);
	for (n = 1; n >= 0; n--) {
		TST_EXP_PASS(sys_swapoff(swap_files[n]), "swapoff(file %d) "
			     "with the child touching its pages", n);
		if (!TST_PASS)
			continue;
		swap_active[n] = 0;
		TST_EXP_EXPR(!swaps_entry(swap_files[n], NULL, NULL),
			     "file %d gone from /proc/swaps", n);
	}
	*stop = 1;
	reap_child(pid);
}

static void run(void)
{
	swap_file_on(0, FILE_MB, 32767);
	swap_file_on(1, FILE_MB, 32766);
	holes();
	priorities();
	swapoff_in_use();
}

static void setup(void)
{
	psz = getpagesize();
	pin_to_current_cpu();
	stop = SAFE_MMAP(NULL, sizeof(*stop), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = swap_files_off,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.exclusive = 1,
	.min_mem_avail_mb = 128,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_SWAP", NULL
	},
};

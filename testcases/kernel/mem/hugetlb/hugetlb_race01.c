// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reservation maps under concurrent use, pool of 24 pages, no overcommit.
 * For about a second (times LTP_TIMEOUT_MUL):
 *  - 3 processes map pieces of one 8-page hugetlbfs file MAP_SHARED at
 *    random offsets, write random pages of their piece, unmap, and now
 *    and then punch a random page out of the file. Every mmap() changes
 *    the file's reserve map while the others fault and unmap pieces of it;
 *    7b24d8616be3 (with its preparations 1406ec9ba6c6, 9119a41e9091 and
 *    f522c3ac00a4) fixed that map being changed by two processes at once,
 *    under nothing but each one's own mmap_sem;
 *  - in a fourth process, 4 threads write random pages of an 8-page
 *    private MAP_HUGETLB range while the main thread maps smaller private
 *    huge mappings MAP_FIXED over its start again and again (upstream's
 *    hugemmap06 pattern).
 * Reservations and pages never exceed 8 per file or range, 16 in all (the
 * pool has 8 more for the moments when a fault racing an mmap() of the
 * same page holds a reservation twice, or a punched page is still on its
 * way back), so every mmap() must succeed and no write may raise SIGBUS.
 * Afterwards the file holds what its pages say (st_blocks), with at most
 * 8 pages and reservations together, everything is back in the pool once
 * it is closed, and the kernel has not warned or oopsed (taint W or D).
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <linux/falloc.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

/* 8 + 8 pages, and 8 of slack for transient double reservations */
#define POOL		24
#define FILE_PAGES	8
#define SHARERS		3
#define PRIV_PAGES	8
#define THREADS		4

static int fd = -1;
static long long deadline;
static volatile int stop;
static char *priv;

static long long now_ms(void)
{
	return tst_mono_ms();
}

static void sharer(unsigned int seed)
{
	unsigned long loops = 0, punches = 0;

	while (now_ms() < deadline) {
		long off = rand_r(&seed) % FILE_PAGES;
		long n = 1 + rand_r(&seed) % (FILE_PAGES - off);
		char *p = mmap(NULL, n * hp, PROT_READ | PROT_WRITE,
			       MAP_SHARED, fd, off * hp);
		long i;

		if (p == MAP_FAILED) {
			tst_res(TFAIL | TERRNO, "mmap() of pages %ld-%ld of "
				"the shared file", off, off + n - 1);
			_exit(1);
		}
		for (i = 0; i < n; i++)
			if (rand_r(&seed) & 1)
				p[(rand_r(&seed) % n) * hp + i] = (char)i;
		SAFE_MUNMAP(p, n * hp);
		if (!(rand_r(&seed) % 8)) {
			long pgno = rand_r(&seed) % FILE_PAGES;

			if (fallocate(fd, FALLOC_FL_PUNCH_HOLE |
				      FALLOC_FL_KEEP_SIZE, pgno * hp, hp)) {
				tst_res(TFAIL | TERRNO, "fallocate(PUNCH_HOLE)");
				_exit(1);
			}
			punches++;
		}
		loops++;
	}
	tst_res(TINFO, "sharer: %lu mmap()/write/munmap() rounds, %lu hole "
		"punches", loops, punches);
	_exit(0);
}

static void *writer(void *arg)
{
	unsigned int seed = (unsigned long)arg;

	while (!stop) {
		long i = rand_r(&seed) % PRIV_PAGES;

		*(volatile char *)(priv + i * hp + (rand_r(&seed) % 64)) = 1;
	}
	return NULL;
}

static void remapper(void)
{
	pthread_t tid[THREADS];
	unsigned long loops = 0;
	int failed = 0;
	long i;

	priv = mmap(NULL, PRIV_PAGES * hp, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	if (priv == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_HUGETLB) of %d pages",
			PRIV_PAGES);
	for (i = 0; i < THREADS; i++) {
		errno = pthread_create(&tid[i], NULL, writer, (void *)(i + 1));
		if (errno)
			tst_brk(TBROK | TERRNO, "pthread_create()");
	}
	while (now_ms() < deadline) {
		long n = 1 + loops % (PRIV_PAGES - 1);
		void *p = mmap(priv, n * hp, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB |
			       MAP_FIXED, -1, 0);

		if (p != priv) {
			tst_res(TFAIL | TERRNO, "MAP_FIXED mmap() of %ld huge "
				"pages over the written range", n);
			failed = 1;
			break;
		}
		loops++;
	}
	stop = 1;
	for (i = 0; i < THREADS; i++)
		pthread_join(tid[i], NULL);
	SAFE_MUNMAP(priv, PRIV_PAGES * hp);
	tst_res(TINFO, "remapper: %lu MAP_FIXED remaps under %d writing "
		"threads", loops, THREADS);
	_exit(failed);
}

static void run(void)
{
	pid_t pid[SHARERS + 1];
	int i, status, ok = 1;
	long used, rsvd;
	struct stat st;

	fd = htl_file();
	SAFE_FTRUNCATE(fd, FILE_PAGES * hp);
	deadline = now_ms() + (long long)(1000 * tst_timeout_mul());
	for (i = 0; i <= SHARERS; i++) {
		pid[i] = SAFE_FORK();
		if (!pid[i]) {
			if (i < SHARERS)
				sharer(i * 7919 + 1);
			remapper();
		}
	}
	for (i = 0; i <= SHARERS; i++) {
		SAFE_WAITPID(pid[i], &status, 0);
		if (WIFEXITED(status) && WEXITSTATUS(status) == 1) {
			ok = 0;
		} else if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			tst_res(TFAIL, "%s ended with status 0x%x%s%s",
				i < SHARERS ? "sharer" : "remapper", status,
				WIFSIGNALED(status) ? ": " : "",
				WIFSIGNALED(status) ?
				tst_strsig(WTERMSIG(status)) : "");
			ok = 0;
		}
	}
	if (ok)
		tst_res(TPASS, "every mmap() succeeded and no write faulted");
	SAFE_FSTAT(fd, &st);
	used = htl_free0 - tst_read_meminfo("HugePages_Free:");
	rsvd = tst_read_meminfo("HugePages_Rsvd:");
	TST_EXP_EXPR(used == st.st_blocks * 512 / hp && used + rsvd <=
		     FILE_PAGES, "all processes gone: %ld pages in use, the "
		     "file holds %ld, %ld reserved (at most %d with them)",
		     used, (long)(st.st_blocks * 512 / hp), rsvd, FILE_PAGES);
	SAFE_CLOSE(fd);
	fd = -1;
	htl_expect("file closed", 0, 0);
}

static void setup(void)
{
	htl_setup(POOL, 1);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	HTL_TEST_FIELDS(POOL),
	.tags = (const struct tst_tag[]) {
		{"linux-git", "1406ec9ba6c6"},
		{"linux-git", "7b24d8616be3"},
		{"linux-git", "9119a41e9091"},
		{"linux-git", "f522c3ac00a4"},
		{}
	},
};

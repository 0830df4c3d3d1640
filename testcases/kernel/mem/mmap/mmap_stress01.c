// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Concurrent faulting and unmapping in one address space (the
 * behaviours upstream LTP's mmapstress programs exercise): 4 threads of
 * one process each loop for 2 s over
 *  - MAP_SHARED mapping of a common file, writing a pattern (seeded by
 *    thread and round) into its own 32-page slice, munmap(), then
 *    pread() of the slice reads exactly that pattern (page cache and
 *    mapping coherent);
 *  - a 64-page private anonymous mapping faulted in with a pattern, one
 *    half munmap()ed (which half alternates), the other half moved by
 *    mremap(MREMAP_MAYMOVE) to a larger size and checked, its new tail
 *    reading zeros;
 *  - mprotect(PROT_READ) of the file mapping's slice before munmap, so
 *    VMAs are split and merged while the other threads fault.
 * Every check passes, every thread completes its rounds (at least one,
 * then as many as fit in the 2 s), and the process
 * ends by exit 0: no SIGSEGV or SIGBUS from a fault racing an unmap of
 * another VMA (the worker runs in a child whose end is checked).
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"

#define NTHREADS 4
#define SLICE 32
#define ANON 64

static size_t ps;
static int fd;
static long long end_ms;

struct worker {
	int id;
	long rounds;
	long errors;
};

static void *worker_fn(void *arg)
{
	struct worker *w = arg;
	size_t slice = SLICE * ps, off = w->id * slice;
	char *buf = malloc(slice);
	unsigned int seed;
	char *map, *anon, *keep;
	size_t half = ANON / 2 * ps;

	if (!buf) {
		w->errors++;
		return NULL;
	}
	/* at least one round each, however late the thread starts */
	do {
		seed = w->id * 100000 + w->rounds;
		map = mmap(NULL, NTHREADS * slice, PROT_READ | PROT_WRITE,
			   MAP_SHARED, fd, 0);
		if (map == MAP_FAILED) {
			w->errors++;
			break;
		}
		fill_pattern(map + off, slice, seed);
		if (mprotect(map + off, ps, PROT_READ) ||
		    check_pattern(map + off, slice, seed) >= 0)
			w->errors++;
		munmap(map, NTHREADS * slice);
		if (pread(fd, buf, slice, off) != (ssize_t)slice ||
		    check_pattern(buf, slice, seed) >= 0)
			w->errors++;

		anon = mmap(NULL, ANON * ps, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (anon == MAP_FAILED) {
			w->errors++;
			break;
		}
		fill_pattern(anon, half, seed);
		fill_pattern(anon + half, half, seed + 1);
		if (w->rounds & 1) {
			munmap(anon, half);
			keep = anon + half;
		} else {
			munmap(anon + half, half);
			keep = anon;
		}
		keep = mremap(keep, half, 2 * half, MREMAP_MAYMOVE);
		if (keep == MAP_FAILED) {
			w->errors++;
			break;
		}
		if (check_pattern(keep, half, seed + (w->rounds & 1)) >= 0)
			w->errors++;
		if (first_nonzero(keep + half, half) >= 0)
			w->errors++;
		munmap(keep, 2 * half);
		w->rounds++;
	} while (tst_mono_ms() < end_ms);
	free(buf);
	return NULL;
}

static void child(void)
{
	struct worker w[NTHREADS];
	pthread_t th[NTHREADS];
	long total = 0, errors = 0;
	int i;

	end_ms = tst_mono_ms() + 2000;
	for (i = 0; i < NTHREADS; i++) {
		w[i] = (struct worker){.id = i};
		if (pthread_create(&th[i], NULL, worker_fn, &w[i]))
			tst_brk(TBROK, "pthread_create()");
	}
	for (i = 0; i < NTHREADS; i++) {
		pthread_join(th[i], NULL);
		total += w[i].rounds;
		errors += w[i].errors;
		if (!w[i].rounds)
			tst_res(TFAIL, "thread %d completed no round", i);
	}
	TST_EXP_EXPR(!errors, "%ld rounds of 4 threads, %ld with bad data or "
		     "a failed call", total, errors);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		child();
	reap_child(pid);
}

static void setup(void)
{
	ps = getpagesize();
	fd = SAFE_OPEN("file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, NTHREADS * SLICE * ps);
}

static void cleanup(void)
{
	if (fd > 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

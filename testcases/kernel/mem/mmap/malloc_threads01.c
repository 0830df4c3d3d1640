// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Many threads allocating and freeing at once (upstream mallocstress's
 * behaviour, with every block checked): 8 threads of a child process
 *  - for 2 s (times LTP_TIMEOUT_MUL, at least 200 rounds each) pick one
 *    of their 64 slots at random: an empty slot gets a block of 1 B to
 *    512 B, 1 KiB to 64 KiB or 128 KiB to 1 MiB (brk heap, thread arena
 *    heaps and mmap()ed chunks), by malloc() filled with a pattern of its
 *    thread, slot and round, or by calloc() which must read all zeros;
 *    a full slot is checked whole and freed, or realloc()ed to a new
 *    size with the old prefix intact and then refilled;
 *  - in a second child (one malloc arena, M_ARENA_MAX 1), with
 *    RLIMIT_AS at the process's VmSize + 64 MiB, allocate
 *    64 KiB to 256 KiB blocks, each filled, until malloc() returns NULL:
 *    it must with errno ENOMEM before all threads together hold 80 MiB;
 *    every block still holds its pattern, all are freed, and then one
 *    block of 32 MiB can be had again (the address space was returned).
 * A block overwritten by another thread's block (two chunks handed out
 * over each other, pages of a freed mapping coming back to a live one,
 * a heap grown or trimmed under a neighbour) fails a check; a fault at a
 * wrong unmap ends the child with a signal, which its reaper reports.
 */
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "vm_helpers.h"

#define NTHREADS 8
#define SLOTS 64
#define MIN_ROUNDS 200
#define MB (1024 * 1024)
#define AS_HEADROOM (64L * MB)
#define AS_GIVE_UP (80L * MB)
#define FILL_MAX 2048

struct block {
	unsigned char *p;
	size_t size;
	unsigned int seed;
};

struct worker {
	pthread_t tid;
	int id;
	long rounds;
	long errors;
	long blocks;
	int enomem;
	int other_errno;
};

static struct worker workers[NTHREADS];
static pthread_barrier_t barrier;
static long long end_ms;
static long total_bytes;
static int exhaust;

static size_t pick_size(unsigned int *r)
{
	switch (rand_r(r) % 3) {
	case 0:
		return 1 + rand_r(r) % 512;
	case 1:
		return 1024 + rand_r(r) % (63 * 1024);
	default:
		return 128 * 1024 + rand_r(r) % (896 * 1024);
	}
}

static int check_block(struct block *b)
{
	return check_pattern(b->p, b->size, b->seed) >= 0;
}

static void random_phase(struct worker *w, unsigned int *r)
{
	struct block slot[SLOTS] = {0};
	struct block *b;
	unsigned char *np;
	size_t keep, i;
	int s;

	do {
		b = &slot[rand_r(r) % SLOTS];
		if (!b->p) {
			b->size = pick_size(r);
			b->seed = (w->id << 24) ^ (unsigned int)w->rounds;
			if (rand_r(r) % 4) {
				b->p = malloc(b->size);
			} else {
				b->p = calloc(1, b->size);
				for (i = 0; b->p && i < b->size; i++)
					w->errors += b->p[i] != 0;
			}
			if (!b->p) {
				w->errors++;
				continue;
			}
			fill_pattern(b->p, b->size, b->seed);
		} else if (rand_r(r) % 2) {
			w->errors += check_block(b);
			free(b->p);
			b->p = NULL;
		} else {
			keep = pick_size(r);
			np = realloc(b->p, keep);
			if (!np) {
				w->errors++;
				continue;
			}
			keep = keep < b->size ? keep : b->size;
			w->errors += check_pattern(np, keep, b->seed) >= 0;
			b->p = np;
			b->size = keep;
			b->seed++;
			fill_pattern(b->p, b->size, b->seed);
		}
		w->rounds++;
	} while (w->rounds < MIN_ROUNDS || tst_mono_ms() < end_ms);

	for (s = 0; s < SLOTS; s++) {
		if (!slot[s].p)
			continue;
		w->errors += check_block(&slot[s]);
		free(slot[s].p);
	}
}

static void exhaust_phase(struct worker *w, unsigned int *r)
{
	static struct block blocks[NTHREADS][FILL_MAX];
	struct block *b = blocks[w->id];
	long n = 0, i;

	for (;;) {
		if (n == FILL_MAX ||
		    __atomic_load_n(&total_bytes, __ATOMIC_RELAXED) > AS_GIVE_UP)
			break;
		b[n].size = 64 * 1024 + rand_r(r) % (192 * 1024);
		b[n].seed = (w->id << 24) ^ (0x800000 + n);
		errno = 0;
		b[n].p = malloc(b[n].size);
		if (!b[n].p) {
			if (errno == ENOMEM)
				w->enomem = 1;
			else
				w->other_errno = errno;
			break;
		}
		fill_pattern(b[n].p, b[n].size, b[n].seed);
		__atomic_add_fetch(&total_bytes, b[n].size, __ATOMIC_RELAXED);
		n++;
	}
	w->blocks = n;
	/* All threads hold their blocks while the patterns are checked. */
	pthread_barrier_wait(&barrier);
	for (i = 0; i < n; i++) {
		w->errors += check_block(&b[i]);
		free(b[i].p);
	}
}

static void *worker_fn(void *arg)
{
	struct worker *w = arg;
	unsigned int r = 0x1234567u * (w->id + 1);

	if (!exhaust) {
		random_phase(w, &r);
		return NULL;
	}
	/* The main thread sets RLIMIT_AS between these two. */
	pthread_barrier_wait(&barrier);
	pthread_barrier_wait(&barrier);
	exhaust_phase(w, &r);
	return NULL;
}

static void start_threads(void)
{
	int i;

	for (i = 0; i < NTHREADS; i++) {
		workers[i].id = i;
		if (pthread_create(&workers[i].tid, NULL, worker_fn,
				   &workers[i]))
			tst_brk(TBROK, "pthread_create()");
	}
}

static void random_child(void)
{
	long errors = 0, rounds_min = -1;
	int i;

	end_ms = tst_mono_ms() + 2000 * tst_timeout_mul();
	start_threads();
	for (i = 0; i < NTHREADS; i++) {
		pthread_join(workers[i].tid, NULL);
		errors += workers[i].errors;
		if (rounds_min < 0 || workers[i].rounds < rounds_min)
			rounds_min = workers[i].rounds;
	}
	tst_res(TINFO, "%d threads, at least %ld rounds each", NTHREADS,
		rounds_min);
	TST_EXP_EQ_LI(errors, 0);
	TST_EXP_EXPR(rounds_min >= MIN_ROUNDS, "every thread did >= %d rounds",
		     MIN_ROUNDS);
	exit(0);
}

/*
 * One arena for all threads, so that every allocation must get new
 * address space from brk() or mmap() under the limit: a thread arena's
 * heap grows inside a reservation already counted in VmSize.
 */
static void exhaust_child(void)
{
	struct rlimit rl;
	long enomem = 0, errors = 0, blocks = 0;
	void *big;
	int i;

	if (mallopt(M_ARENA_MAX, 1) != 1)
		tst_brk(TBROK, "mallopt(M_ARENA_MAX, 1)");
	exhaust = 1;
	pthread_barrier_init(&barrier, NULL, NTHREADS + 1);
	start_threads();
	pthread_barrier_wait(&barrier);
	rl.rlim_cur = rl.rlim_max = status_kb("VmSize") * 1024 + AS_HEADROOM;
	if (setrlimit(RLIMIT_AS, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_AS)");
	tst_res(TINFO, "RLIMIT_AS %lu MiB (VmSize + 64 MiB)",
		(unsigned long)(rl.rlim_cur / MB));
	pthread_barrier_wait(&barrier);
	/* The threads' blocks-held barrier. */
	pthread_barrier_wait(&barrier);
	for (i = 0; i < NTHREADS; i++) {
		pthread_join(workers[i].tid, NULL);
		errors += workers[i].errors;
		enomem += workers[i].enomem;
		blocks += workers[i].blocks;
		if (workers[i].other_errno)
			tst_res(TFAIL, "thread %d: malloc() NULL with errno %s",
				i, tst_strerrno(workers[i].other_errno));
	}
	tst_res(TINFO, "%ld blocks (%ld MiB) held at the limit", blocks,
		total_bytes / MB);
	TST_EXP_EQ_LI(errors, 0);
	TST_EXP_EXPR(enomem > 0 && total_bytes <= AS_GIVE_UP,
		     "malloc() NULL with ENOMEM in %ld threads at %ld MiB",
		     enomem, total_bytes / MB);
	big = malloc(32 * MB);
	TST_EXP_EXPR(big != NULL, "32 MiB malloc() after everything is freed");
	if (big) {
		fill_pattern(big, 32 * MB, 7);
		TST_EXP_EQ_LI(check_pattern(big, 32 * MB, 7), -1);
		free(big);
	}
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		random_child();
	reap_child(pid);
	pid = SAFE_FORK();
	if (!pid)
		exhaust_child();
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.min_mem_avail_mb = 256,
	.timeout = 180,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Several private mappings of one hugetlbfs page written at once
 * (upstream hugemmap21 with threads, and with processes), pool of 4
 * default-size pages and no overcommit, HugePages_Free/Rsvd read back
 * between the steps. One file page holds 'F' everywhere:
 *  1. 3 processes map it MAP_PRIVATE: each mapping reserves one page for
 *     its copy (Free 4, Rsvd 3: 1 + 3 fills the pool exactly), so a
 *     fourth private mapping is ENOMEM; each reads the file's data; then
 *     all write their own byte over the whole page together: each write
 *     copies (Free 0, Rsvd 0), each process reads back only its own byte
 *     over the whole page, the file page still reads 'F'; every copy goes
 *     back when the processes exit;
 *  2. the same with 3 threads of one process, each with its own private
 *     mapping of the page.
 */

#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "hugetlb_pool.h"

#define POOL 4
#define N 3

static int fd = -1;
static pthread_barrier_t bar;
static long t_before[N], t_after[N];

static long count_not(const char *p, long n, char c)
{
	long i, bad = 0;

	for (i = 0; i < n; i++)
		bad += p[i] != c;
	return bad;
}

static char *map_copy(void)
{
	return SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
}

static void fourth_refused(void)
{
	void *q = mmap(NULL, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);

	TST_EXP_EXPR(q == MAP_FAILED && errno == ENOMEM, "a fourth private "
		     "mapping with the pool fully reserved: %s",
		     q == MAP_FAILED ? tst_strerrno(errno) : "mapped");
	if (q != MAP_FAILED)
		SAFE_MUNMAP(q, hp);
}

static void file_intact(void)
{
	char *s = SAFE_MMAP(NULL, hp, PROT_READ, MAP_SHARED, fd, 0);

	TST_EXP_EXPR(count_not(s, hp, 'F') == 0, "the file page still reads "
		     "'F' everywhere");
	SAFE_MUNMAP(s, hp);
}

/* Write c over the private copy at p; how many bytes are not c after. */
static long write_own(char *p, char c)
{
	memset(p, c, hp);
	return count_not(p, hp, c);
}

static void child(int n)
{
	char *p = map_copy();
	long before = count_not(p, hp, 'F'), after;

	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	after = write_own(p, 'a' + n);
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	after += count_not(p, hp, 'a' + n);
	TST_EXP_EXPR(!before && !after, "process %d: read the file's data "
		     "(%ld bytes not), kept its own (%ld bytes not)", n, before,
		     after);
	exit(0);
}

static void processes(void)
{
	pid_t pids[N];
	int i;

	for (i = 0; i < N; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			child(i);
		TST_CHECKPOINT_WAIT(0);
	}
	htl_expect("3 processes mapped the page privately", 1, N);
	fourth_refused();
	TST_CHECKPOINT_WAKE2(1, N);
	for (i = 0; i < N; i++)
		TST_CHECKPOINT_WAIT(0);
	htl_expect("3 private copies written", 1 + N, 0);
	file_intact();
	TST_CHECKPOINT_WAKE2(1, N);
	for (i = 0; i < N; i++)
		reap_child(pids[i]);
	htl_expect("the processes exited", 1, 0);
}

static void *thread(void *arg)
{
	long n = (long)arg, before, after;
	char *p = map_copy();

	before = count_not(p, hp, 'F');
	pthread_barrier_wait(&bar);
	pthread_barrier_wait(&bar);
	after = write_own(p, 'x' + n);
	pthread_barrier_wait(&bar);
	pthread_barrier_wait(&bar);
	after += count_not(p, hp, 'x' + n);
	t_before[n] = before;
	t_after[n] = after;
	SAFE_MUNMAP(p, hp);
	return NULL;
}

static void threads(void)
{
	pthread_t t[N];
	long i;

	pthread_barrier_init(&bar, NULL, N + 1);
	for (i = 0; i < N; i++) {
		errno = pthread_create(&t[i], NULL, thread, (void *)i);
		if (errno)
			tst_brk(TBROK | TERRNO, "pthread_create()");
	}
	pthread_barrier_wait(&bar);
	htl_expect("3 threads mapped the page privately", 1, N);
	fourth_refused();
	pthread_barrier_wait(&bar);
	pthread_barrier_wait(&bar);
	htl_expect("3 private copies written", 1 + N, 0);
	file_intact();
	pthread_barrier_wait(&bar);
	for (i = 0; i < N; i++) {
		pthread_join(t[i], NULL);
		TST_EXP_EXPR(!t_before[i] && !t_after[i], "thread %ld: read "
			     "the file's data (%ld bytes not), kept its own "
			     "(%ld bytes not)", i, t_before[i], t_after[i]);
	}
	pthread_barrier_destroy(&bar);
	htl_expect("the threads unmapped their copies", 1, 0);
}

static void run(void)
{
	char *s;

	fd = htl_file();
	SAFE_FTRUNCATE(fd, hp);
	s = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	memset(s, 'F', hp);
	SAFE_MUNMAP(s, hp);
	htl_expect("the file page", 1, 0);
	processes();
	threads();
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
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
	.needs_checkpoints = 1,
	HTL_TEST_FIELDS(POOL),
};

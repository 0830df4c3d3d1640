// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Concurrent buffered readers of an NFS file never see data older than
 * what was written, by O_DIRECT, before they opened it (close-to-open).
 *
 * A writer rewrites a whole file with O_DIRECT, one generation after the
 * other; each 8-byte word carries the generation and its own offset.
 * Between two generations, several reader processes open the file on the
 * NFS mount, wait for each other, and read it all at once with buffered
 * reads, back to front; every word must be of the new generation. Their
 * page cache still holds the previous generation, so the first reader's
 * read finds NFS_INO_INVALID_DATA set (the open saw a new change
 * attribute) and invalidates the mapping; the others must not read the
 * cache before that invalidation is over.
 *
 * The writer writes through the server's own view of the exported
 * directory ($LTP_NFS_EXPORT, another "client" of the file), so the
 * change reaches the NFS client only through the change attribute, as a
 * change made by another machine does. It keeps the file open for
 * writing, so the server hands out no read delegation, and moves ctime on
 * when a generation was written within the file system's timestamp
 * granularity (NFSv3 sees changes through ctime).
 *
 * The file is in $LTP_NFS_DIR (the NFS mount) and written through
 * $LTP_NFS_EXPORT (the same directory, as the server sees it). Without
 * $LTP_NFS_EXPORT the writer uses the NFS mount too; without
 * $LTP_NFS_DIR the test runs on the test's temporary directory (a local
 * file system, where the page cache is shared and must be as coherent).
 *
 * It is a race: the test repeats the generations until one reads stale
 * data or its time budget ends, 5 s times LTP_TIMEOUT_MUL by default.
 * LTP_NFS_RACE_READERS (default 4), LTP_NFS_RACE_MB (file size, default
 * 8) and LTP_NFS_RACE_SECS (the budget) tune it.
 *
 * Catches: d529ef83c355 ("NFS: fix the handling of NFS_INO_INVALID_DATA
 * flag in nfs_revalidate_mapping"): without the NFS_INO_INVALIDATING bit
 * lock, a reader that finds the flag already cleared by another one reads
 * the stale pages that the other has not invalidated yet.
 */
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tst_test.h"

#define FILE_NAME	"nfs_dio_race.dat"
#define CHUNK		(256 * 1024)
#define WCHUNK		(1024 * 1024)
#define MAX_READERS	16
#define MIN_GENS	3

struct shared {
	pthread_barrier_t opened;	/* writer done; readers then open */
	pthread_barrier_t go;		/* every reader has the file open */
	pthread_barrier_t done;		/* every reader has read and closed */
	volatile uint32_t gen;		/* the generation to expect */
	volatile int stop;
	volatile int stale;		/* readers that saw stale data */
	volatile unsigned long long bytes;
};

static struct shared *sh;
static char rpath[PATH_MAX], wpath[PATH_MAX];
static int wfd = -1;
static size_t fsize;
static unsigned int nreaders;
static long budget_ms;
static void *wbuf;
static struct timespec last_ctime;

static uint64_t word_of(uint32_t gen, uint64_t off)
{
	return (uint64_t)gen << 40 | (off / 8);
}

static long env_num(const char *name, long def, long min, long max)
{
	const char *s = getenv(name);
	char *end;
	long v;

	if (!s || !*s)
		return def;
	v = strtol(s, &end, 10);
	if (*end || v < min || v > max)
		tst_brk(TBROK, "%s='%s': expected %ld..%ld", name, s, min, max);
	return v;
}

static long ms_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) * 1000 +
	       (now.tv_nsec - start->tv_nsec) / 1000000;
}

static void barrier(pthread_barrier_t *b)
{
	int ret = pthread_barrier_wait(b);

	if (ret && ret != PTHREAD_BARRIER_SERIAL_THREAD)
		tst_brk(TBROK, "pthread_barrier_wait(): %s", tst_strerrno(ret));
}

static void write_gen(uint32_t gen)
{
	uint64_t *w = wbuf;
	struct stat st;
	size_t off, i;

	for (off = 0; off < fsize; off += WCHUNK) {
		for (i = 0; i < WCHUNK / 8; i++)
			w[i] = word_of(gen, off + i * 8);
		if (pwrite(wfd, wbuf, WCHUNK, off) != WCHUNK)
			tst_brk(TBROK | TERRNO, "O_DIRECT pwrite(%s, %d, %zu)",
				wpath, WCHUNK, off);
	}
	SAFE_FSYNC(wfd);
	/* A change the NFS client can see: ctime must differ. */
	for (;;) {
		SAFE_FSTAT(wfd, &st);
		if (st.st_ctim.tv_sec != last_ctime.tv_sec ||
		    st.st_ctim.tv_nsec != last_ctime.tv_nsec)
			break;
		usleep(2000);
		if (futimens(wfd, NULL))
			tst_brk(TBROK | TERRNO, "futimens(%s)", wpath);
	}
	last_ctime = st.st_ctim;
}

/* Read the whole file back to front, from a chunk that depends on id. */
static void reader(unsigned int id)
{
	size_t nchunks = fsize / CHUNK, n;
	char *buf = SAFE_MALLOC(CHUNK);
	int fd;

	for (;;) {
		uint32_t gen;
		unsigned long long got = 0;
		int bad = 0;

		barrier(&sh->opened);
		if (sh->stop)
			break;
		gen = sh->gen;
		fd = SAFE_OPEN(rpath, O_RDONLY);
		barrier(&sh->go);
		for (n = 0; n < nchunks && !bad; n++) {
			size_t c = (2 * nchunks - 1 - id % nchunks - n) % nchunks;
			off_t off = (off_t)c * CHUNK;
			const uint64_t *w = (const uint64_t *)buf;
			ssize_t ret = pread(fd, buf, CHUNK, off);
			size_t i;

			if (ret != CHUNK) {
				tst_res(TFAIL | TERRNO, "reader %u: pread(%d, "
					"%lld) returned %zd", id, CHUNK,
					(long long)off, ret);
				bad = 1;
				break;
			}
			got += CHUNK;
			for (i = 0; i < CHUNK / 8; i++) {
				uint64_t pos = off + i * 8;

				if (w[i] == word_of(gen, pos))
					continue;
				tst_res(TFAIL, "reader %u, generation %u: word "
					"at offset %llu is 0x%016llx "
					"(generation %llu, offset %llu), "
					"expected 0x%016llx", id, gen,
					(unsigned long long)pos,
					(unsigned long long)w[i],
					(unsigned long long)(w[i] >> 40),
					(unsigned long long)(w[i] & 0xffffffffffULL) * 8,
					(unsigned long long)word_of(gen, pos));
				bad = 1;
				break;
			}
		}
		SAFE_CLOSE(fd);
		if (bad)
			__atomic_add_fetch(&sh->stale, 1, __ATOMIC_SEQ_CST);
		__atomic_add_fetch(&sh->bytes, got, __ATOMIC_SEQ_CST);
		barrier(&sh->done);
	}
	free(buf);
	exit(0);
}

static void run(void)
{
	struct timespec start;
	unsigned int i;
	uint32_t gen;

	sh->stop = 0;
	sh->stale = 0;
	sh->bytes = 0;
	for (i = 0; i < nreaders; i++) {
		if (!SAFE_FORK())
			reader(i);
	}

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (gen = 1;; gen++) {
		if (sh->stale || (gen > MIN_GENS && ms_since(&start) > budget_ms)) {
			sh->stop = 1;
			barrier(&sh->opened);
			break;
		}
		write_gen(gen);
		sh->gen = gen;
		barrier(&sh->opened);
		barrier(&sh->go);
		barrier(&sh->done);
	}
	tst_reap_children();

	if (sh->stale) {
		tst_res(TFAIL, "stale page cache data read in generation %u "
			"of %u after %ld ms (%u readers, %zu bytes)", gen - 1,
			gen - 1, ms_since(&start), nreaders, fsize);
		return;
	}
	tst_res(TPASS, "%u generations of %zu bytes in %ld ms: %u readers "
		"read %llu bytes, every word of the generation written before "
		"their open", gen - 1, fsize, ms_since(&start), nreaders,
		(unsigned long long)sh->bytes);
}

static void init_barrier(pthread_barrier_t *b, unsigned int count)
{
	pthread_barrierattr_t attr;
	int ret;

	pthread_barrierattr_init(&attr);
	pthread_barrierattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	ret = pthread_barrier_init(b, &attr, count);
	if (ret)
		tst_brk(TBROK, "pthread_barrier_init(): %s", tst_strerrno(ret));
	pthread_barrierattr_destroy(&attr);
}

static void setup(void)
{
	const char *dir = getenv("LTP_NFS_DIR");
	const char *sdir = getenv("LTP_NFS_EXPORT");
	long secs;
	int err;

	nreaders = env_num("LTP_NFS_RACE_READERS", 4, 2, MAX_READERS);
	fsize = (size_t)env_num("LTP_NFS_RACE_MB", 8, 1, 1024) << 20;
	secs = env_num("LTP_NFS_RACE_SECS", 0, 1, 3600);
	if (!secs)
		secs = 5 * tst_timeout_mul();
	if (secs > (long)tst_remaining_runtime() / 2)
		secs = tst_remaining_runtime() / 2;
	budget_ms = secs * 1000;

	if (!dir || !*dir) {
		dir = ".";
		sdir = ".";
	} else if (!sdir || !*sdir) {
		tst_res(TINFO, "no $LTP_NFS_EXPORT: the writer writes through "
			"the NFS mount too");
		sdir = dir;
	}
	snprintf(rpath, sizeof(rpath), "%s/%s.%d", dir, FILE_NAME, getpid());
	snprintf(wpath, sizeof(wpath), "%s/%s.%d", sdir, FILE_NAME, getpid());

	wfd = open(wpath, O_RDWR | O_CREAT | O_EXCL | O_DIRECT, 0644);
	if (wfd < 0 && errno == EINVAL)
		tst_brk(TCONF, "open(%s, O_DIRECT): EINVAL: no O_DIRECT on "
			"this filesystem", wpath);
	if (wfd < 0)
		tst_brk(TBROK | TERRNO, "open(%s, O_CREAT | O_DIRECT)", wpath);
	err = posix_memalign(&wbuf, 4096, WCHUNK);
	if (err)
		tst_brk(TBROK, "posix_memalign(): %s", tst_strerrno(err));
	if (access(rpath, R_OK))
		tst_brk(TBROK | TERRNO, "%s written as %s is not there",
			rpath, wpath);

	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	init_barrier(&sh->opened, nreaders + 1);
	init_barrier(&sh->go, nreaders + 1);
	init_barrier(&sh->done, nreaders + 1);

	tst_res(TINFO, "%s written with O_DIRECT as %s: %zu bytes, %u "
		"readers, time budget %ld ms", rpath, wpath, fsize, nreaders,
		budget_ms);
}

static void cleanup(void)
{
	if (wfd >= 0) {
		SAFE_CLOSE(wfd);
		if (unlink(wpath))
			tst_res(TWARN | TERRNO, "unlink(%s)", wpath);
	}
	free(wbuf);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "d529ef83c355" },
		{}
	},
};

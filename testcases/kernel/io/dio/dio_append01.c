// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * O_APPEND | O_DIRECT writes land at EOF whole, and buffered readers of the
 * file's tail meanwhile see only the appended data or zeros, never stale
 * blocks, junk or another offset's data, and no length past EOF.
 *
 * Set-up fills the free space with junk records and deletes them. The
 * parent appends writes of 1, 2, 4 and 3 alignment units in turn with
 * write() on an O_APPEND | O_DIRECT descriptor: each must write it all
 * and leave the file offset at the new EOF (the records it wrote carry the
 * offset the append had to land at, so an append elsewhere is caught by
 * every reader). Before each append it publishes the end the file may
 * reach, after it the end that is complete. Three children read the last
 * 16 units of the file and 2 more past EOF, buffered, over and over:
 *
 * - bytes below the end complete when the read began are the data
 *   appended there (the page cache was invalidated when the write
 *   completed);
 * - bytes past it are zeros or that data;
 * - the read ends no further than the end published after it returned,
 *   and a short read not before the end complete when it began.
 *
 * At the end the file is read whole, buffered and with O_DIRECT.
 *
 * tmpfs on 6.1 has no O_DIRECT (open() is EINVAL: TCONF); 6.12 has it;
 * vfat and exfat write O_DIRECT past their initialized size through the
 * page cache.
 */
#include "dio_pattern.h"

#define FNAME		"append_file"
#define JUNK		"junk_file"
#define NREAD		3
#define TAIL_UNITS	16
#define MAX_UNITS	1024
#define BUDGET_MS	1500
#define WAIT_MS		30000
#define GEN		1

struct shared {
	uint32_t stop;
	uint32_t failed;
	uint32_t done_end;
	uint32_t start_end;
	uint32_t reads;
	uint32_t racing;
};

static struct shared *sh;
static size_t align;

static int fail(void)
{
	dp_store(&sh->failed, 1);
	return 0;
}

static int check_tail(unsigned int id, const char *buf, ssize_t n, off_t off,
		      size_t len, uint32_t db, uint32_t sa)
{
	uint64_t end = off + n, pos;
	char who[160];

	if (n < 0) {
		tst_res(TFAIL | TERRNO, "reader %u: buffered read of %zu at "
			"%lld", id, len, (long long)off);
		return fail();
	}
	if (end > sa || ((size_t)n < len && end < db)) {
		tst_res(TFAIL, "reader %u: buffered read of %zu at %lld "
			"returned %zd: the file's size was at least %u when it "
			"began and at most %u when it returned", id, len,
			(long long)off, n, db, sa);
		return fail();
	}
	for (pos = off; pos < end; pos += DP_REC) {
		struct dp_expect e = { pos >= db, 1, GEN, GEN };

		if (dp_rec_ok((const void *)(buf + (pos - off)), pos, &e) ||
		    dp_rec_torn_ok((const void *)(buf + (pos - off)), pos, &e))
			continue;
		snprintf(who, sizeof(who), "reader %u, read of %zd bytes at "
			 "%lld (%u bytes appended before it, %u when it "
			 "returned)", id, n, (long long)off, db, sa);
		return dp_check(who, buf + (pos - off), DP_REC, pos, &e) ||
		       fail();
	}
	return 1;
}

static void reader(unsigned int id)
{
	size_t len = (TAIL_UNITS + 2) * align;
	void *buf = dp_alloc(getpagesize(), len);
	long long deadline = dp_deadline(WAIT_MS);
	int fd;

	TST_CHECKPOINT_WAIT(0);
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	while (!dp_load(&sh->stop)) {
		uint32_t db, sa;
		off_t size, off;
		ssize_t n;

		db = dp_load(&sh->done_end);
		size = SAFE_LSEEK(fd, 0, SEEK_END);
		off = size > (off_t)(TAIL_UNITS * align) ?
		      size - (off_t)(TAIL_UNITS * align) : 0;
		off &= ~(off_t)(DP_REC - 1);
		n = pread(fd, buf, len, off);
		sa = dp_load(&sh->start_end);
		if (!check_tail(id, buf, n, off, len, db, sa))
			break;
		__atomic_add_fetch(&sh->reads, 1, __ATOMIC_SEQ_CST);
		if (sa != db)
			__atomic_add_fetch(&sh->racing, 1, __ATOMIC_SEQ_CST);
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "reader %u: the writer did not finish "
				"in %lld ms", id,
				(long long)(WAIT_MS * tst_timeout_mul()));
	}
	SAFE_CLOSE(fd);
	free(buf);
	exit(0);
}

static void run(void)
{
	static const unsigned int units[] = { 1, 2, 4, 3 };
	void *buf = dp_alloc(align, 4 * align);
	long long stop_ms;
	pid_t pids[NREAD];
	unsigned int i, k;
	size_t end = 0;
	int fd;

	memset(sh, 0, sizeof(*sh));
	fd = dp_open_direct(FNAME, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND,
			    0600);
	for (i = 0; i < NREAD; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			reader(i);
	}
	TST_CHECKPOINT_WAKE2(0, NREAD);
	stop_ms = tst_mono_ms() + BUDGET_MS;
	for (k = 0; end < MAX_UNITS * align && tst_mono_ms() < stop_ms; k++) {
		size_t len = units[k % 4] * align;
		ssize_t ret;
		off_t pos;

		dp_fill(buf, len, end, GEN);
		dp_store(&sh->start_end, end + len);
		ret = write(fd, buf, len);
		if (ret != (ssize_t)len) {
			tst_res(TFAIL | TERRNO, "append %u: O_APPEND | "
				"O_DIRECT write() of %zu at EOF %zu returned "
				"%zd", k, len, end, ret);
			fail();
			break;
		}
		pos = SAFE_LSEEK(fd, 0, SEEK_CUR);
		if (pos != (off_t)(end + len)) {
			tst_res(TFAIL, "append %u: the file offset after "
				"appending %zu bytes at EOF %zu is %lld", k,
				len, end, (long long)pos);
			fail();
			break;
		}
		end += len;
		dp_store(&sh->done_end, end);
		if (sh->failed)
			break;
	}
	dp_store(&sh->stop, 1);
	for (i = 0; i < NREAD; i++)
		reap_child(pids[i]);
	SAFE_CLOSE(fd);
	free(buf);
	if (sh->failed)
		return;
	if (!dp_check_whole(FNAME, align, end, GEN, 0) ||
	    !dp_check_whole(FNAME, align, end, GEN, 1))
		return;
	tst_res(TPASS, "%u O_APPEND | O_DIRECT writes (%zu bytes) each at "
		"EOF, whole; %d buffered tail readers made %u reads (%u "
		"during an append): only the appended data or zeros, lengths "
		"within EOF; the file reads back exactly", k, end, NREAD,
		sh->reads, sh->racing);
}

static void setup(void)
{
	int fd = dp_open_direct(FNAME, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	align = dp_dio_align(fd);
	SAFE_CLOSE(fd);
	sh = dp_shared(sizeof(*sh));
	dp_dirty_free_space(JUNK, 8 * 1024 * 1024);
	tst_res(TINFO, "O_DIRECT alignment %zu: appends of 1-4 units, tail "
		"reads of %d units", align, TAIL_UNITS + 2);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.all_filesystems = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
};

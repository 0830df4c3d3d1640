// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A process blocked in fcntl(F_SETLKW) on a POSIX record lock gets the
 * lock exactly when the locks in its way stop overlapping its range, as
 * the holder shrinks, splits, downgrades or drops them, and not before:
 * - the holder unlocks the head, then the tail of its write lock: both
 *   waiters still overlap it and stay blocked; unlocking up to the middle
 *   grants the waiter below and not the one above; splitting the rest in
 *   two with a piece still over the second waiter keeps it blocked;
 *   unlocking that piece grants it;
 * - downgrading part of a write lock to a read lock keeps a reader whose
 *   range still meets the write part blocked; downgrading the rest grants
 *   the reader while a writer stays blocked on the read lock; dropping
 *   that grants the writer;
 * - closing another descriptor of the file drops the holder's lock and
 *   grants the waiter.
 * A waiter counts as blocked when /proc/locks lists its request waiting
 * ("->") on the holder's lock, and granted when F_SETLKW returned 0 and
 * F_GETLK from the holder reports the waiter's lock with its pid. (The
 * mandatory locking of upstream's fcntl16 is gone since Linux 5.15.)
 */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "tst_test.h"
#include "fcntl_lock.h"

#define FNAME "fcntl_wake01_file"

struct waiter {
	const char *name;
	int type;
	off_t start, len;
	int id;		/* checkpoint that lets it exit */
	pid_t pid;
	int rfd;	/* reads F_SETLKW's result */
	int returned;	/* F_SETLKW has returned */
};

static int fd = -1;
static char inode_key[64];	/* "MAJ:MIN:INO " of the file in /proc/locks */

/* Is w's request listed in /proc/locks as waiting for a lock? */
static int waiter_listed(struct waiter *w)
{
	char line[256], key[96];
	long long start, end;
	int found = 0;
	char *p;
	FILE *f;

	snprintf(key, sizeof(key), " %d %s", (int)w->pid, inode_key);
	f = fopen("/proc/locks", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/locks)");
	while (!found && fgets(line, sizeof(line), f)) {
		if (!strstr(line, "->"))
			continue;
		p = strstr(line, key);
		if (!p)
			continue;
		if (sscanf(p + strlen(key), "%lld %lld", &start, &end) == 2 &&
		    start == w->start && end == w->start + w->len - 1)
			found = 1;
	}
	fclose(f);
	return found;
}

static void start_waiter(struct waiter *w)
{
	int pfd[2], ret;

	SAFE_PIPE(pfd);
	w->pid = SAFE_FORK();
	if (!w->pid) {
		SAFE_CLOSE(pfd[0]);
		ret = lock_op(fd, F_SETLKW, w->type, w->start, w->len) ?
		      errno : 0;
		SAFE_WRITE(1, pfd[1], &ret, sizeof(ret));
		TST_CHECKPOINT_WAIT(w->id);
		exit(0);
	}
	SAFE_CLOSE(pfd[1]);
	w->rfd = pfd[0];
}

/* F_SETLKW's result if the waiter has returned, -1 while it has not. */
static int waiter_result(struct waiter *w, int timeout_ms)
{
	struct pollfd pfd = { .fd = w->rfd, .events = POLLIN };
	int ret;

	if (poll(&pfd, 1, timeout_ms) < 0)
		tst_brk(TBROK | TERRNO, "poll()");
	if (!pfd.revents)
		return -1;
	if (SAFE_READ(0, w->rfd, &ret, sizeof(ret)) != sizeof(ret))
		tst_brk(TBROK, "%s died before F_SETLKW returned", w->name);
	w->returned = 1;
	return ret;
}

/*
 * The waiter must be (again) waiting on the holder's lock. Right after the
 * holder changed a lock, the kernel has taken the waiter off it; it shows
 * up once it has retried and found its range still locked.
 */
static void expect_blocked(struct waiter *w, const char *why)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	int ret;

	for (;;) {
		ret = waiter_result(w, 0);
		if (ret >= 0) {
			tst_res(TFAIL, "%s: F_SETLKW returned %s while %s",
				w->name, ret ? tst_strerrno(ret) : "0", why);
			return;
		}
		if (waiter_listed(w)) {
			tst_res(TPASS, "%s: still blocked while %s", w->name,
				why);
			return;
		}
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "%s neither returned nor waits in "
				"/proc/locks after 10 s", w->name);
		waiter_result(w, 1);
	}
}

static void expect_granted(struct waiter *w, const char *why)
{
	int ret = waiter_result(w, 10000 * tst_timeout_mul());

	if (ret < 0) {
		tst_res(TFAIL, "%s: still blocked 10 s after %s", w->name, why);
		return;
	}
	if (ret) {
		tst_res(TFAIL, "%s: F_SETLKW failed with %s after %s", w->name,
			tst_strerrno(ret), why);
		return;
	}
	tst_res(TPASS, "%s: granted after %s", w->name, why);
	check_getlk(fd, F_GETLK, F_WRLCK, w->start, w->len, w->type, w->start,
		    w->len, w->pid);
}

static void finish_waiter(struct waiter *w)
{
	if (w->returned) {
		TST_CHECKPOINT_WAKE(w->id);
		reap_child(w->pid);
	} else {
		SAFE_KILL(w->pid, SIGKILL);
		reap_child_killed(w->pid, SIGKILL);
	}
	SAFE_CLOSE(w->rfd);
}

static void test_shrink(void)
{
	struct waiter a = {
		.name = "writer [10, 20)",
		.type = F_WRLCK, .start = 10, .len = 10,
		.id = 0,
	};
	struct waiter b = {
		.name = "reader [80, 90)",
		.type = F_RDLCK, .start = 80, .len = 10,
		.id = 1,
	};

	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 0, 100);
	start_waiter(&a);
	start_waiter(&b);
	expect_blocked(&a, "the holder write-locks [0, 100)");
	expect_blocked(&b, "the holder write-locks [0, 100)");

	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 0, 5);
	expect_blocked(&a, "the lock shrinks to [5, 100)");
	expect_blocked(&b, "the lock shrinks to [5, 100)");

	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 90, 10);
	expect_blocked(&a, "the lock shrinks to [5, 90)");
	expect_blocked(&b, "the lock shrinks to [5, 90)");

	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 0, 50);
	expect_granted(&a, "the lock shrank to [50, 90)");
	expect_blocked(&b, "the lock shrinks to [50, 90)");

	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 60, 25);
	expect_blocked(&b, "the lock splits into [50, 60) and [85, 90)");

	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 85, 5);
	expect_granted(&b, "the lock shrank to [50, 60)");

	finish_waiter(&a);
	finish_waiter(&b);
	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 0, 0);
}

static void test_downgrade(void)
{
	struct waiter r = {
		.name = "reader [20, 30)",
		.type = F_RDLCK, .start = 20, .len = 10,
		.id = 2,
	};
	struct waiter w = {
		.name = "writer [40, 50)",
		.type = F_WRLCK, .start = 40, .len = 10,
		.id = 3,
	};

	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 0, 100);
	start_waiter(&r);
	start_waiter(&w);
	expect_blocked(&r, "the holder write-locks [0, 100)");
	expect_blocked(&w, "the holder write-locks [0, 100)");

	SAFE_LOCK(fd, F_SETLK, F_RDLCK, 25, 75);
	expect_blocked(&r, "[0, 25) stays write-locked, [25, 100) "
		       "read-locked");
	expect_blocked(&w, "[0, 25) stays write-locked, [25, 100) "
		       "read-locked");

	SAFE_LOCK(fd, F_SETLK, F_RDLCK, 0, 25);
	expect_granted(&r, "the holder downgraded all of [0, 100)");
	expect_blocked(&w, "[0, 100) is read-locked");

	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 0, 0);
	expect_granted(&w, "the holder unlocked everything");

	finish_waiter(&r);
	finish_waiter(&w);
}

static void test_close(void)
{
	struct waiter w = {
		.name = "writer [1000, 1010)",
		.type = F_WRLCK, .start = 1000, .len = 10,
		.id = 4,
	};
	int other = SAFE_OPEN(FNAME, O_RDONLY);

	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 0, 2000);
	start_waiter(&w);
	expect_blocked(&w, "the holder write-locks [0, 2000)");
	SAFE_CLOSE(other);
	expect_granted(&w, "the holder closed another fd of the file");
	finish_waiter(&w);
}

static void run(void)
{
	test_shrink();
	test_downgrade();
	test_close();
}

static void setup(void)
{
	struct stat st;

	if (access("/proc/locks", R_OK))
		tst_brk(TCONF | TERRNO, "no /proc/locks to see waiters in");
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0644);
	SAFE_FSTAT(fd, &st);
	snprintf(inode_key, sizeof(inode_key), "%02x:%02x:%lu ",
		 major(st.st_dev), minor(st.st_dev), (unsigned long)st.st_ino);
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
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Renames across two directories racing with lookups keep their promises.
 *
 * For a time budget (2 s scaled by $LTP_TIMEOUT_MUL), concurrently:
 *  - two processes swap a/x and b/y with renameat2(RENAME_EXCHANGE):
 *    every call succeeds; observers that stat() and open() both names
 *    never get ENOENT, always find one of the two original inodes, and
 *    read the content that belongs to the inode they opened;
 *  - one process renames b/tmp (freshly written with a generation
 *    number) over a/t: observers opening a/t never get ENOENT (the
 *    replacement is atomic, rename(2)) and see generations that never go
 *    backwards;
 *  - two processes move one file back and forth, a/m -> b/m and
 *    b/m -> a/m: each call succeeds or fails with ENOENT only.
 * Afterwards the names hold exactly what the counts of successful calls
 * say: a/x holds the inode it started with after an even number of
 * exchanges, the other one after an odd number; the moved file is in b
 * exactly when the a -> b moves outnumber the b -> a moves (by one at
 * most); a/t holds the last generation; inode numbers and link counts are
 * preserved and no other name is left in either directory.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "lapi/fcntl.h"

#define BUDGET_SECS	2
#define NOBSERVERS	2

struct shared {
	volatile int stop;
	unsigned long exchanges[2];
	unsigned long moves[2];		/* a -> b, b -> a */
	unsigned long misses[2];	/* ENOENT */
	unsigned long gen;		/* last generation renamed to a/t */
	unsigned long looks[NOBSERVERS];
};

static struct shared *sh;
static ino_t ino_x, ino_y, ino_m;

static int sys_renameat2(const char *from, const char *to, unsigned int flags)
{
	return tst_syscall(__NR_renameat2, AT_FDCWD, from, AT_FDCWD, to,
			   flags);
}

static void do_rename(const char *from, const char *to)
{
	if (rename(from, to))
		tst_brk(TBROK | TERRNO, "rename(%s, %s)", from, to);
}

static void write_file(const char *path, const char *text)
{
	int fd = SAFE_OPEN(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);

	SAFE_WRITE(1, fd, text, strlen(text));
	SAFE_CLOSE(fd);
}

static ino_t ino_of(const char *path)
{
	struct stat st;

	SAFE_STAT(path, &st);
	return st.st_ino;
}

static void exchanger(int i)
{
	while (!sh->stop) {
		if (sys_renameat2("a/x", "b/y", RENAME_EXCHANGE)) {
			tst_res(TFAIL | TERRNO,
				"renameat2(a/x, b/y, RENAME_EXCHANGE)");
			break;
		}
		__atomic_add_fetch(&sh->exchanges[i], 1, __ATOMIC_SEQ_CST);
	}
	exit(0);
}

static void mover(int i)
{
	const char *from = i ? "b/m" : "a/m", *to = i ? "a/m" : "b/m";

	while (!sh->stop) {
		if (!rename(from, to)) {
			sh->moves[i]++;
		} else if (errno == ENOENT) {
			sh->misses[i]++;
		} else {
			tst_res(TFAIL | TERRNO, "rename(%s, %s)", from, to);
			break;
		}
	}
	exit(0);
}

static void replacer(void)
{
	char text[32];
	unsigned long gen = sh->gen;

	while (!sh->stop) {
		snprintf(text, sizeof(text), "gen %lu", ++gen);
		write_file("b/tmp", text);
		if (rename("b/tmp", "a/t")) {
			tst_res(TFAIL | TERRNO, "rename(b/tmp, a/t)");
			break;
		}
		__atomic_store_n(&sh->gen, gen, __ATOMIC_SEQ_CST);
	}
	exit(0);
}

/* Open path, check its inode and that its content belongs to it. */
static int look_exchanged(const char *path)
{
	char buf[8] = { 0 };
	struct stat st;
	int fd;

	if (stat(path, &st)) {
		tst_res(TFAIL | TERRNO, "stat(%s) during RENAME_EXCHANGE",
			path);
		return 0;
	}
	if (st.st_ino != ino_x && st.st_ino != ino_y) {
		tst_res(TFAIL, "stat(%s): inode %lu, neither of %lu, %lu",
			path, (unsigned long)st.st_ino,
			(unsigned long)ino_x, (unsigned long)ino_y);
		return 0;
	}
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "open(%s) during RENAME_EXCHANGE",
			path);
		return 0;
	}
	SAFE_FSTAT(fd, &st);
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	close(fd);
	if (strcmp(buf, st.st_ino == ino_x ? "X" : "Y")) {
		tst_res(TFAIL, "%s: inode %lu holds '%s', expected '%s'",
			path, (unsigned long)st.st_ino, buf,
			st.st_ino == ino_x ? "X" : "Y");
		return 0;
	}
	return 1;
}

static int look_replaced(unsigned long *last)
{
	char buf[32] = { 0 };
	unsigned long gen;
	int fd = open("a/t", O_RDONLY);

	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "open(a/t) while it is replaced by "
			"rename()");
		return 0;
	}
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	close(fd);
	if (sscanf(buf, "gen %lu", &gen) != 1) {
		tst_res(TFAIL, "a/t holds '%s', expected 'gen N'", buf);
		return 0;
	}
	if (gen < *last) {
		tst_res(TFAIL, "a/t went back from generation %lu to %lu",
			*last, gen);
		return 0;
	}
	*last = gen;
	return 1;
}

static void observer(int i)
{
	unsigned long last = 0;

	while (!sh->stop) {
		if (!look_exchanged("a/x") || !look_exchanged("b/y") ||
		    !look_replaced(&last))
			break;
		sh->looks[i]++;
	}
	exit(0);
}

/* a/x and b/y hold each other's inode: swap them back with rename(). */
static void swap_back(void)
{
	do_rename("a/x", "a/tmpx");
	do_rename("b/y", "a/x");
	do_rename("a/tmpx", "b/y");
}

/* What a and b hold after the race; m in either, listed last. */
static const char *const a_names[] = { "x", "t", "m" };
static const char *const b_names[] = { "y", "m" };

static void check_names(const char *dir, const char *const *names, int n)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int found = 0, i;

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(%s)", dir);

	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		for (i = 0; i < n; i++) {
			if (!strcmp(de->d_name, names[i]))
				break;
		}
		if (i == n)
			tst_res(TFAIL, "%s holds a stray '%s'", dir,
				de->d_name);
		else
			found++;
	}
	closedir(d);
	if (found != n)
		tst_res(TFAIL, "%s holds %d of its %d expected names", dir,
			found, n);
}

static void check_file(const char *path, ino_t ino, const char *text)
{
	char buf[32] = { 0 };
	struct stat st;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "open(%s) after the race", path);
		return;
	}
	SAFE_FSTAT(fd, &st);
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	close(fd);
	if ((ino && st.st_ino != ino) || st.st_nlink != 1 ||
	    strcmp(buf, text))
		tst_res(TFAIL, "%s: inode %lu, %lu links, '%s'; expected "
			"inode %lu, 1 link, '%s'", path,
			(unsigned long)st.st_ino, (unsigned long)st.st_nlink,
			buf, (unsigned long)ino, text);
	else
		tst_res(TPASS, "%s: inode %lu with '%s' as the counts say",
			path, (unsigned long)st.st_ino, text);
}

static void check_absent(const char *path)
{
	struct stat st;

	if (!stat(path, &st))
		tst_res(TFAIL, "%s exists after the race, expected it gone",
			path);
	else if (errno != ENOENT)
		tst_res(TFAIL | TERRNO, "stat(%s), expected ENOENT", path);
}

static void run(void)
{
	long budget_ms = BUDGET_SECS * 1000 * tst_timeout_mul();
	struct timespec ts = { 0, 50 * 1000000 };
	pid_t pids[16];
	int n = 0, i, m_in_b;
	unsigned long ex, looks;
	long waited;
	char text[32];

	memset(sh, 0, sizeof(*sh));
	for (i = 0; i < 2; i++) {
		pids[n] = SAFE_FORK();
		if (!pids[n++])
			exchanger(i);
		pids[n] = SAFE_FORK();
		if (!pids[n++])
			mover(i);
	}
	pids[n] = SAFE_FORK();
	if (!pids[n++])
		replacer();
	for (i = 0; i < NOBSERVERS; i++) {
		pids[n] = SAFE_FORK();
		if (!pids[n++])
			observer(i);
	}
	for (waited = 0; waited < budget_ms; waited += 50)
		nanosleep(&ts, NULL);
	sh->stop = 1;
	for (i = 0; i < n; i++)
		reap_child(pids[i]);

	ex = sh->exchanges[0] + sh->exchanges[1];
	looks = sh->looks[0] + sh->looks[1];
	tst_res(TINFO, "%lu exchanges, moves a->b %lu b->a %lu (ENOENT %lu, "
		"%lu), %lu replacements, %lu observer rounds", ex,
		sh->moves[0], sh->moves[1], sh->misses[0], sh->misses[1],
		sh->gen, looks);
	if (!ex || !sh->gen || !looks || !(sh->moves[0] + sh->moves[1]))
		tst_brk(TBROK, "a racing process made no progress");

	check_file("a/x", ex % 2 ? ino_y : ino_x, ex % 2 ? "Y" : "X");
	check_file("b/y", ex % 2 ? ino_x : ino_y, ex % 2 ? "X" : "Y");
	if (sh->moves[0] != sh->moves[1] && sh->moves[0] != sh->moves[1] + 1) {
		tst_res(TFAIL, "%lu moves a->b and %lu b->a succeeded: one "
			"file cannot have moved that way", sh->moves[0],
			sh->moves[1]);
	}
	m_in_b = sh->moves[0] != sh->moves[1];
	check_file(m_in_b ? "b/m" : "a/m", ino_m, "M");
	check_absent(m_in_b ? "a/m" : "b/m");
	snprintf(text, sizeof(text), "gen %lu", sh->gen);
	check_file("a/t", 0, text);
	check_absent("b/tmp");
	check_names("a", a_names, m_in_b ? 2 : 3);
	check_names("b", b_names, m_in_b ? 2 : 1);

	/* back to the start for the next iteration */
	if (ex % 2)
		swap_back();
	if (m_in_b)
		do_rename("b/m", "a/m");
	sh->gen = 0;
	write_file("a/t", "gen 0");
}

static void setup(void)
{
	SAFE_MKDIR("a", 0755);
	SAFE_MKDIR("b", 0755);
	write_file("a/x", "X");
	write_file("b/y", "Y");
	write_file("a/m", "M");
	write_file("a/t", "gen 0");
	ino_x = ino_of("a/x");
	ino_y = ino_of("b/y");
	ino_m = ino_of("a/m");
	if (sys_renameat2("a/x", "b/y", RENAME_EXCHANGE)) {
		if (errno == EINVAL || errno == ENOSYS)
			tst_brk(TCONF | TERRNO, "RENAME_EXCHANGE unsupported "
				"on $TMPDIR's file system");
		tst_brk(TBROK | TERRNO, "renameat2(RENAME_EXCHANGE)");
	}
	swap_back();
	if (ino_of("a/x") != ino_x || ino_of("b/y") != ino_y)
		tst_brk(TBROK, "set-up swap did not restore the names");
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 60,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Concurrent link() and unlink() keep an inode's link count exact.
 *
 * Counting phase: three processes each link() the file f to names of
 * their own and unlink() seven of every eight of them right away, keeping
 * the eighth, while an observer stat()s f. Every call succeeds; the
 * observer's st_nlink is never below 1 + the links already kept and
 * never above 1 + the links kept by then + one in-flight link per
 * process. Afterwards st_nlink is exactly 1 + the kept links, the
 * directory lists exactly f and the kept names (no leftover), all of
 * them the same inode, and unlinking the kept names brings st_nlink back
 * to 1.
 *
 * Deleted-source phase: one process creates s and unlinks it in a loop
 * while another links s to d: link() succeeds or fails with ENOENT only,
 * and a successful link is a live file (it reads back what was written
 * to s, st_nlink 1 or 2). A kernel that links an inode whose last link is
 * being removed resurrects an orphan (the kernel warns in inc_nlink() or
 * the file system is corrupted).
 *
 * Each phase runs for 1 s scaled by $LTP_TIMEOUT_MUL.
 *
 * Catches: aae8a97d3ec3 ("fs: Don't allow to create hardlink for deleted
 * file").
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"

#define NLINKERS	3
#define KEEP_EVERY	8
#define BUDGET_MS	1000

struct shared {
	volatile int stop;
	unsigned long made[NLINKERS];	/* links made (k) */
	unsigned long kept[NLINKERS];
	unsigned long looks;
	unsigned long linked, missed;	/* deleted-source phase */
	volatile int failed;
};

static struct shared *sh;
static ino_t ino_f;

static unsigned long total_kept(void)
{
	unsigned long sum = 0;
	int i;

	for (i = 0; i < NLINKERS; i++)
		sum += __atomic_load_n(&sh->kept[i], __ATOMIC_SEQ_CST);
	return sum;
}

static void linker(int i)
{
	char name[64];
	unsigned long k;

	for (k = 0; !sh->stop; k++) {
		snprintf(name, sizeof(name), "l%d.%lu", i, k);
		if (link("f", name)) {
			tst_res(TFAIL | TERRNO, "link(f, %s)", name);
			break;
		}
		sh->made[i] = k + 1;
		if (k % KEEP_EVERY == 0) {
			__atomic_add_fetch(&sh->kept[i], 1, __ATOMIC_SEQ_CST);
			continue;
		}
		if (unlink(name)) {
			tst_res(TFAIL | TERRNO, "unlink(%s)", name);
			break;
		}
	}
	exit(0);
}

static void observer(void)
{
	unsigned long before, after;
	struct stat st;

	while (!sh->stop) {
		before = total_kept();
		if (stat("f", &st)) {
			tst_res(TFAIL | TERRNO, "stat(f)");
			break;
		}
		after = total_kept();
		if (st.st_nlink < 1 + before ||
		    st.st_nlink > 1 + after + NLINKERS) {
			tst_res(TFAIL, "f has %lu links, expected %lu..%lu",
				(unsigned long)st.st_nlink, 1 + before,
				1 + after + NLINKERS);
			break;
		}
		sh->looks++;
	}
	exit(0);
}

static void run_for_budget(void)
{
	long budget_ms = BUDGET_MS * tst_timeout_mul(), waited;
	struct timespec ts = { 0, 50 * 1000000 };

	for (waited = 0; waited < budget_ms; waited += 50)
		nanosleep(&ts, NULL);
	sh->stop = 1;
	tst_reap_children();
}

static int is_kept_name(const char *name)
{
	unsigned long k;
	int i, len;

	if (sscanf(name, "l%d.%lu%n", &i, &k, &len) != 2 ||
	    name[len] || i < 0 || i >= NLINKERS)
		return 0;
	return k % KEEP_EVERY == 0 && k < sh->made[i];
}

static void check_directory(void)
{
	unsigned long names = 0, expect = total_kept() + 1, stray = 0;
	struct dirent *de;
	struct stat st;
	DIR *d = opendir(".");

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(.)");
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (strcmp(de->d_name, "f") && !is_kept_name(de->d_name)) {
			if (!stray++)
				tst_res(TFAIL, "leftover name '%s'",
					de->d_name);
			continue;
		}
		SAFE_STAT(de->d_name, &st);
		if (st.st_ino != ino_f)
			tst_res(TFAIL, "%s is inode %lu, expected %lu",
				de->d_name, (unsigned long)st.st_ino,
				(unsigned long)ino_f);
		names++;
	}
	closedir(d);
	if (names == expect && !stray)
		tst_res(TPASS, "the directory holds f and its %lu kept links, "
			"nothing else", expect - 1);
	else
		tst_res(TFAIL, "the directory holds %lu of the %lu names and "
			"%lu stray ones", names, expect, stray);
}

static void counting_phase(void)
{
	unsigned long kept, k;
	char name[64];
	struct stat st;
	int i;

	memset(sh, 0, sizeof(*sh));
	for (i = 0; i < NLINKERS; i++) {
		if (!SAFE_FORK())
			linker(i);
	}
	if (!SAFE_FORK())
		observer();
	run_for_budget();

	kept = total_kept();
	tst_res(TINFO, "%lu + %lu + %lu links made, %lu kept, %lu stat()s",
		sh->made[0], sh->made[1], sh->made[2], kept, sh->looks);
	if (!sh->looks || kept < NLINKERS)
		tst_brk(TBROK, "a racing process made no progress");
	SAFE_STAT("f", &st);
	TST_EXP_EQ_LI(st.st_nlink, 1 + kept);
	check_directory();

	for (i = 0; i < NLINKERS; i++) {
		for (k = 0; k < sh->made[i]; k += KEEP_EVERY) {
			snprintf(name, sizeof(name), "l%d.%lu", i, k);
			SAFE_UNLINK(name);
		}
	}
	SAFE_STAT("f", &st);
	TST_EXP_EQ_LI(st.st_nlink, 1);
}

static void creator(void)
{
	int fd;

	while (!sh->stop) {
		fd = open("s", O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fd < 0) {
			tst_res(TFAIL | TERRNO, "open(s, O_CREAT | O_EXCL)");
			break;
		}
		SAFE_WRITE(1, fd, "S", 1);
		SAFE_CLOSE(fd);
		if (unlink("s")) {
			tst_res(TFAIL | TERRNO, "unlink(s)");
			break;
		}
	}
	if (!sh->stop)
		sh->failed = 1;
	exit(0);
}

static int check_linked(void)
{
	char buf[4] = { 0 };
	struct stat st;
	int fd = open("d", O_RDONLY);

	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "open(d) after link(s, d) succeeded");
		return 0;
	}
	SAFE_FSTAT(fd, &st);
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	/* s may have been created empty and not written yet: "" or "S" */
	if (st.st_nlink < 1 || st.st_nlink > 2 || (buf[0] && strcmp(buf, "S"))) {
		tst_res(TFAIL, "d: %lu links, content '%s'; expected 1 or 2 "
			"links and 'S'", (unsigned long)st.st_nlink, buf);
		return 0;
	}
	if (unlink("d")) {
		tst_res(TFAIL | TERRNO, "unlink(d)");
		return 0;
	}
	return 1;
}

static void deleted_source_linker(void)
{
	while (!sh->stop) {
		if (!link("s", "d")) {
			sh->linked++;
			if (!check_linked())
				break;
		} else if (errno == ENOENT) {
			sh->missed++;
		} else {
			tst_res(TFAIL | TERRNO, "link(s, d), expected success "
				"or ENOENT");
			break;
		}
	}
	if (!sh->stop)
		sh->failed = 1;
	exit(0);
}

static void deleted_source_phase(void)
{
	struct stat st;
	int leftover;

	memset(sh, 0, sizeof(*sh));
	if (!SAFE_FORK())
		creator();
	if (!SAFE_FORK())
		deleted_source_linker();
	run_for_budget();
	tst_res(TINFO, "link(s, d) succeeded %lu times, ENOENT %lu times",
		sh->linked, sh->missed);
	if (!sh->linked && !sh->missed)
		tst_brk(TBROK, "the linker made no progress");
	/* both loops end with their names removed */
	leftover = !stat("s", &st) || !stat("d", &st);
	if (leftover && !sh->failed)
		tst_res(TFAIL, "s or d left over after the race");
	unlink("s");
	unlink("d");
	if (!leftover && !sh->failed)
		tst_res(TPASS, "link() racing with unlink() of its source "
			"succeeded or failed with ENOENT, links were live");
}

static void run(void)
{
	counting_phase();
	deleted_source_phase();
}

static void setup(void)
{
	struct stat st;
	int fd = SAFE_OPEN("f", O_CREAT | O_WRONLY, 0644);

	SAFE_WRITE(1, fd, "F", 1);
	SAFE_CLOSE(fd);
	SAFE_STAT("f", &st);
	ino_f = st.st_ino;
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "aae8a97d3ec3" },
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Many processes creating and removing subdirectories of one directory
 * at the same time lose and duplicate nothing: eight children each make
 * 100 subdirectories of their own names in one directory, all started
 * together; then
 * - every mkdir() succeeded and each name exists as a directory with
 *   st_nlink 2, the parent's st_nlink is 2 + 800 and readdir() lists
 *   exactly 800 entries besides "." and "..";
 * - a second round where each child removes its own subdirectories
 *   while trying mkdir() of a name of the next child (EEXIST until that
 *   child removed it, never another error) leaves the parent empty, its
 *   st_nlink 2.
 * Syscalls: mkdir, rmdir
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "tst_test.h"

#define KIDS 8
#define EACH 100

static void make_all(int k)
{
	char name[64];
	int i, bad = 0;

	TST_CHECKPOINT_WAIT(0);
	for (i = 0; i < EACH; i++) {
		snprintf(name, sizeof(name), "top/c%d_%d", k, i);
		if (mkdir(name, 0755)) {
			if (!bad++)
				tst_res(TFAIL | TERRNO, "mkdir(%s)", name);
		}
	}
	exit(0);
}

static void remove_all(int k)
{
	char name[64], other[64];
	int i, bad = 0;

	TST_CHECKPOINT_WAIT(1);
	for (i = 0; i < EACH; i++) {
		snprintf(name, sizeof(name), "top/c%d_%d", k, i);
		snprintf(other, sizeof(other), "top/c%d_%d", (k + 1) % KIDS,
			 i);
		if (!mkdir(other, 0755)) {
			/* the neighbour removed it already: clean up */
			rmdir(other);
		} else if (errno != EEXIST) {
			if (!bad++)
				tst_res(TFAIL | TERRNO, "mkdir(%s)", other);
		}
		if (rmdir(name) && !bad++)
			tst_res(TFAIL | TERRNO, "rmdir(%s)", name);
	}
	exit(0);
}

static int entries(void)
{
	DIR *d = opendir("top");
	struct dirent *e;
	int n = 0;

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(top)");
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static void round_trip(void (*fn)(int), int ckpt)
{
	pid_t pids[KIDS];
	int k;

	for (k = 0; k < KIDS; k++) {
		pids[k] = SAFE_FORK();
		if (!pids[k])
			fn(k);
	}
	TST_CHECKPOINT_WAKE2(ckpt, KIDS);
	for (k = 0; k < KIDS; k++)
		reap_child(pids[k]);
}

static void run(void)
{
	struct stat st;
	char name[64];
	int k, i, missing = 0;

	SAFE_MKDIR("top", 0755);
	round_trip(make_all, 0);
	for (k = 0; k < KIDS; k++) {
		for (i = 0; i < EACH; i++) {
			snprintf(name, sizeof(name), "top/c%d_%d", k, i);
			if (stat(name, &st) || !S_ISDIR(st.st_mode) ||
			    st.st_nlink != 2)
				missing++;
		}
	}
	TST_EXP_EQ_LI(missing, 0);
	SAFE_STAT("top", &st);
	TST_EXP_EQ_LI(st.st_nlink, 2 + KIDS * EACH);
	TST_EXP_EQ_LI(entries(), KIDS * EACH);

	round_trip(remove_all, 1);
	/* a child may have re-made and removed a neighbour's name: settle */
	SAFE_STAT("top", &st);
	TST_EXP_EQ_LI(entries(), 0);
	TST_EXP_EQ_LI(st.st_nlink, 2);
	SAFE_RMDIR("top");
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

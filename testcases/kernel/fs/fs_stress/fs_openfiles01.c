// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Many open files, on every filesystem of the matrix.
 *
 * - RLIMIT_NOFILE's soft limit raised to the hard limit reads back so; a
 *   descriptor at hard - 1 can be made with dup2(), dup2() onto hard is
 *   EBADF and fcntl(F_DUPFD) from hard is EINVAL (fs/file.c: ksys_dup3(),
 *   f_dupfd());
 * - with the soft limit set to 2000 above the descriptors already open,
 *   exactly 2000 files are created in one directory and held open, each
 *   written with its own content; the next open(O_CREAT) fails with
 *   EMFILE (not ENFILE: the system limit is far) and creates no file
 *   (the descriptor is taken before the name is looked up); dup(),
 *   fcntl(F_DUPFD), fcntl(F_DUPFD_CLOEXEC), pipe() and socket() fail with
 *   EMFILE too, while dup2() onto a descriptor below the limit still works;
 * - with one descriptor closed, pipe() (two needed) is still EMFILE and
 *   the next open() gets exactly the freed number (the lowest free one);
 * - every file reads back its own content through its descriptor;
 * - /proc/sys/fs/file-nr's allocated count rose by the 2000 opened within
 *   the per-CPU counter's error (2 * batch * online CPUs, plus 64 for the
 *   guest's own activity), and falls back to within that of its start
 *   once they are closed (re-read, bounded);
 * - with the soft limit lowered to 10 above the descriptors open, exactly
 *   10 more opens succeed, then EMFILE;
 * - an unprivileged process opening a file while fs.file-max is below the
 *   number of open files gets ENFILE, not EMFILE (its own limit is far);
 *   root (CAP_SYS_ADMIN) is not held to fs.file-max. fs.file-max is
 *   lowered for that moment and restored (save_restore).
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "fs_matrix.h"

#define MNT		"mntpoint"
#define NFILES		2000
#define SMALL		10
#define FILE_MAX	"/proc/sys/fs/file-max"

static int fds[NFILES + SMALL];
static struct rlimit orig;

static int nr_fd = -1;

/* Read through a descriptor opened beforehand: also works at EMFILE. */
static long file_nr(void)
{
	char buf[128];
	ssize_t len = pread(nr_fd, buf, sizeof(buf) - 1, 0);

	if (len <= 0)
		tst_brk(TBROK | TERRNO, "pread(/proc/sys/fs/file-nr)");
	buf[len] = '\0';
	return atol(buf);
}

static int open_fds(int *highest)
{
	struct dirent *de;
	int n = 0, fd;
	DIR *d = opendir("/proc/self/fd");

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(/proc/self/fd)");
	*highest = -1;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		fd = atoi(de->d_name);
		if (fd == dirfd(d))
			continue;
		n++;
		if (fd > *highest)
			*highest = fd;
	}
	closedir(d);
	return n;
}

static void set_soft(rlim_t soft)
{
	struct rlimit rl = { soft, orig.rlim_max };

	if (setrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, %lu)",
			(unsigned long)soft);
}

static void check_hard(void)
{
	struct rlimit rl;
	int hard = orig.rlim_max;

	set_soft(orig.rlim_max);
	if (getrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit()");
	TST_EXP_EXPR(rl.rlim_cur == orig.rlim_max, "soft limit raised to the "
		     "hard limit %d reads back %lu", hard,
		     (unsigned long)rl.rlim_cur);
	TST_EXP_VAL(dup2(0, hard - 1), hard - 1, "dup2(0, hard - 1)");
	TST_EXP_FAIL(dup2(0, hard), EBADF, "dup2(0, hard limit %d)", hard);
	TST_EXP_FAIL(fcntl(0, F_DUPFD, hard), EINVAL, "fcntl(F_DUPFD, hard)");
	close(hard - 1);
}

static void content(char *buf, size_t len, int i)
{
	snprintf(buf, len, "file %d of %s\n", i, tst_fs_type);
}

static void at_limit(void)
{
	int p[2], f1 = fds[1];

	TST_EXP_FAIL(dup(0), EMFILE, "dup() at the limit");
	TST_EXP_FAIL(fcntl(0, F_DUPFD, 0), EMFILE, "fcntl(F_DUPFD) at the "
		     "limit");
	TST_EXP_FAIL(fcntl(0, F_DUPFD_CLOEXEC, 0), EMFILE,
		     "fcntl(F_DUPFD_CLOEXEC) at the limit");
	TST_EXP_FAIL(pipe(p), EMFILE, "pipe() at the limit");
	TST_EXP_FAIL(socket(AF_UNIX, SOCK_DGRAM, 0), EMFILE, "socket() at "
		     "the limit");
	TST_EXP_VAL(dup2(fds[0], fds[1]), fds[1], "dup2() onto an open "
		     "descriptor below the limit");
	/* fds[1] is now fds[0]'s file: reopen its own (SAFE_CLOSE sets -1) */
	SAFE_CLOSE(fds[1]);
	fds[1] = SAFE_OPEN("many/f1", O_RDWR);
	if (fds[1] != f1)
		tst_res(TFAIL, "reopening f1 gave fd %d, the lowest free is "
			"%d", fds[1], f1);
}

static void run(void)
{
	long batch, slack, nr0, nr1, nr2, deadline;
	int used, highest, i, n, fd, cpus, half, bad = 0;
	char buf[64], want[64];
	struct stat st;
	ssize_t len;

	check_hard();

	used = open_fds(&highest);
	if (highest >= used + NFILES)
		tst_brk(TBROK, "fd %d is open, above the limit to be set",
			highest);
	/* not the root directory: FAT16's holds 512 entries at most */
	SAFE_MKDIR("many", 0755);
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	batch = 2 * cpus > 32 ? 2 * cpus : 32;
	slack = 2 * batch * cpus + 64;
	nr0 = file_nr();
	set_soft(used + NFILES);

	for (n = 0; n < NFILES + 1; n++) {
		snprintf(buf, sizeof(buf), "many/f%d", n);
		fd = open(buf, O_CREAT | O_EXCL | O_RDWR, 0644);
		if (fd < 0)
			break;
		fds[n] = fd;
		content(want, sizeof(want), n);
		SAFE_WRITE(1, fd, want, strlen(want));
	}
	if (n == NFILES && errno == EMFILE)
		tst_res(TPASS, "%d files open at once with a soft limit of %d "
			"(%d open before), then open() failed with EMFILE",
			n, used + NFILES, used);
	else
		tst_res(TFAIL | TERRNO, "%d files opened with room for %d, "
			"then open() failed", n, NFILES);
	if (n < NFILES)
		tst_brk(TBROK, "cannot go on with %d files", n);
	TST_EXP_FAIL(stat(buf, &st), ENOENT, "the open() that failed with "
		     "EMFILE created no %s", buf);

	nr1 = file_nr();
	TST_EXP_EXPR(labs(nr1 - nr0 - NFILES) <= slack, "file-nr allocated "
		     "count rose by %ld for %d files opened (slack %ld)",
		     nr1 - nr0, NFILES, slack);

	at_limit();

	half = fds[NFILES / 2];
	SAFE_CLOSE(fds[NFILES / 2]);
	TST_EXP_FAIL(pipe((int [2]){}), EMFILE, "pipe() with one descriptor "
		     "free");
	TST_EXP_VAL(open("many/f0", O_RDONLY), half, "open() with one "
		    "descriptor free takes the freed number");
	/* that was f0 again: give the slot back to its own file */
	SAFE_CLOSE(TST_RET);
	snprintf(buf, sizeof(buf), "many/f%d", NFILES / 2);
	fds[NFILES / 2] = SAFE_OPEN(buf, O_RDWR);
	if (fds[NFILES / 2] != half)
		tst_brk(TBROK, "reopen of %s gave %d", buf, fds[NFILES / 2]);

	for (i = 0; i < NFILES; i++) {
		content(want, sizeof(want), i);
		len = pread(fds[i], buf, sizeof(buf) - 1, 0);
		buf[len > 0 ? len : 0] = '\0';
		if (strcmp(buf, want) && !bad++)
			tst_res(TFAIL, "fd %d (f%d) reads '%s', expected '%s'",
				fds[i], i, buf, want);
	}
	if (!bad)
		tst_res(TPASS, "all %d open files read back their own content",
			NFILES);

	for (i = 0; i < NFILES; i++)
		SAFE_CLOSE(fds[i]);
	deadline = tst_mono_ms() + 5000 * tst_timeout_mul();
	do {
		nr2 = file_nr();
		if (labs(nr2 - nr0) <= slack)
			break;
		usleep(20000);
	} while (tst_mono_ms() < deadline);
	TST_EXP_EXPR(labs(nr2 - nr0) <= slack, "file-nr allocated count %ld "
		     "after closing them, %ld before (slack %ld)", nr2, nr0,
		     slack);

	set_soft(used + SMALL);
	for (n = 0; n < SMALL + 1; n++) {
		fds[n] = open("many/f0", O_RDONLY);
		if (fds[n] < 0)
			break;
	}
	if (n == SMALL && errno == EMFILE)
		tst_res(TPASS, "soft limit %d: %d more opens, then EMFILE",
			used + SMALL, n);
	else
		tst_res(TFAIL | TERRNO, "soft limit %d: %d more opens, then",
			used + SMALL, n);
	for (i = 0; i < n; i++)
		SAFE_CLOSE(fds[i]);

	for (i = 0; i < NFILES; i++) {
		snprintf(buf, sizeof(buf), "many/f%d", i);
		SAFE_UNLINK(buf);
	}
	SAFE_RMDIR("many");
	set_soft(orig.rlim_cur);
}

/* ENFILE: fs.file-max below the files open, for an unprivileged opener */
static void run_enfile(void)
{
	char old[64];
	pid_t pid;
	int status;

	SAFE_FILE_SCANF(FILE_MAX, "%63s", old);
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		/* until the parent has lowered file-max */
		TST_CHECKPOINT_WAIT(0);
		TST_EXP_FAIL(open("/dev/null", O_RDONLY), ENFILE,
			     "unprivileged open() with fs.file-max 1");
		TST_EXP_FAIL(pipe((int [2]){}), ENFILE,
			     "unprivileged pipe() with fs.file-max 1");
		exit(0);
	}
	SAFE_FILE_PRINTF(FILE_MAX, "1");
	TST_CHECKPOINT_WAKE(0);
	SAFE_WAITPID(pid, &status, 0);
	SAFE_FILE_PRINTF(FILE_MAX, "%s", old);
	TST_EXP_FD(open("/dev/null", O_RDONLY), "root open() (file-max %s "
		   "again)", old);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "the unprivileged child ended with status 0x%x",
			status);
}

static void run_all(void)
{
	run();
	run_enfile();
}

static void setup(void)
{
	if (getrlimit(RLIMIT_NOFILE, &orig))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_NOFILE)");
	if (orig.rlim_max < NFILES + 64)
		tst_brk(TCONF, "RLIMIT_NOFILE hard limit %lu, below %d",
			(unsigned long)orig.rlim_max, NFILES + 64);
	nr_fd = SAFE_OPEN("/proc/sys/fs/file-nr", O_RDONLY);
	tst_res(TINFO, "RLIMIT_NOFILE soft %lu, hard %lu",
		(unsigned long)orig.rlim_cur, (unsigned long)orig.rlim_max);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run_all,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.all_filesystems = 1,
	.mntpoint = MNT,
	.timeout = 60,
	.save_restore = (const struct tst_path_val[]) {
		{FILE_MAX, NULL, TST_SR_TBROK_MISSING},
		{}
	},
};

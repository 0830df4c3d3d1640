// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * utime() (made with syscall(): glibc builds utime() on utimensat()):
 * explicit times set st_atime and st_mtime to the seconds given (with
 * zero nanoseconds) and move st_ctime to now; NULL times set both to now;
 * a symlink is followed. ENOENT, ENOTDIR, ENAMETOOLONG, ELOOP, EFAULT for
 * an unmapped path or times. As nobody on a root-owned file: NULL times
 * need write permission (EACCES on mode 0644, allowed on 0666); explicit
 * times need ownership (EPERM even on 0666); on its own file of mode 0400
 * nobody sets both, NULL to now and explicit times exactly. On a
 * read-only tmpfs (ro_tmpfs.h, root only): EROFS for NULL and explicit
 * times, through a symlink too, and for nobody (NULL on root's 0644 file,
 * explicit times on root's file: EROFS, not EACCES or EPERM, the mount is
 * checked first); an unmapped times buffer is still EFAULT (read before
 * the path), a missing name ENOENT; nothing on it changes.
 */
#include <limits.h>
#include <pwd.h>
#include <string.h>
#include <utime.h>
#include <sys/stat.h>
#include "time_event.h"
#include "as_nobody.h"
#include "ro_tmpfs.h"

static void *bad_addr;
static char long_name[PATH_MAX + 2];

static long sys_utime(const char *path, const struct utimbuf *times)
{
	return syscall(__NR_utime, path, times);
}

static void test_set(void)
{
	struct utimbuf ub = { .actime = 1000000, .modtime = 2000000 };
	struct stat st;
	time_t before;

	sleep(1);
	before = time(NULL);
	TST_EXP_PASS(sys_utime("file", &ub), "utime(file, {1000000, 2000000})");
	SAFE_STAT("file", &st);
	TST_EXP_EXPR(st.st_atim.tv_sec == 1000000 && st.st_atim.tv_nsec == 0 &&
		     st.st_mtim.tv_sec == 2000000 && st.st_mtim.tv_nsec == 0,
		     "atime %ld.%09ld, mtime %ld.%09ld are the times set",
		     (long)st.st_atim.tv_sec, st.st_atim.tv_nsec,
		     (long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	TST_EXP_EXPR(st.st_ctime >= before, "ctime %ld moved to now (>= %ld)",
		     (long)st.st_ctime, (long)before);

	ub.actime = 3000000;
	ub.modtime = 4000000;
	TST_EXP_PASS(sys_utime("symlink", &ub), "utime(symlink to file)");
	SAFE_STAT("file", &st);
	TST_EXP_EXPR(st.st_atime == 3000000 && st.st_mtime == 4000000,
		     "the symlink's target got the times (%ld, %ld)",
		     (long)st.st_atime, (long)st.st_mtime);

	before = time(NULL);
	TST_EXP_PASS(sys_utime("file", NULL), "utime(file, NULL)");
	SAFE_STAT("file", &st);
	TST_EXP_EXPR(st.st_atime >= before - 1 && st.st_atime <= time(NULL) &&
		     st.st_mtime >= before - 1 && st.st_mtime <= time(NULL),
		     "NULL set atime %ld and mtime %ld to now (%ld)",
		     (long)st.st_atime, (long)st.st_mtime, (long)before);
}

static void test_errors(void)
{
	struct utimbuf ub = { .actime = 1, .modtime = 1 };

	TST_EXP_FAIL(sys_utime("missing", &ub), ENOENT, "utime(missing)");
	TST_EXP_FAIL(sys_utime("file/x", &ub), ENOTDIR, "utime(file/x)");
	TST_EXP_FAIL(sys_utime(long_name, &ub), ENAMETOOLONG,
		     "utime(path longer than PATH_MAX)");
	TST_EXP_FAIL(sys_utime("loop", &ub), ELOOP,
		     "utime(symlink pointing to itself)");
	TST_EXP_FAIL(sys_utime(bad_addr, &ub), EFAULT,
		     "utime(unmapped path)");
	TST_EXP_FAIL(sys_utime("file", bad_addr), EFAULT,
		     "utime(file, unmapped times)");
}

/* The owner may set the times of its file even without write permission */
static void own_file_times(void)
{
	struct utimbuf ub = { .actime = 7000, .modtime = 8000 };
	struct stat st;
	time_t before;

	before = time(NULL);
	TST_EXP_PASS(sys_utime("nobody_0400", NULL),
		     "utime(own 0400 file, NULL) as nobody");
	SAFE_STAT("nobody_0400", &st);
	TST_EXP_EXPR(st.st_atime >= before - 1 && st.st_atime <= time(NULL) &&
		     st.st_mtime >= before - 1 && st.st_mtime <= time(NULL),
		     "the owner's NULL set atime %ld, mtime %ld to now (%ld)",
		     (long)st.st_atime, (long)st.st_mtime, (long)before);
	TST_EXP_PASS(sys_utime("nobody_0400", &ub),
		     "utime(own 0400 file, {7000, 8000}) as nobody");
	SAFE_STAT("nobody_0400", &st);
	TST_EXP_EXPR(st.st_atime == 7000 && st.st_mtime == 8000,
		     "the owner's explicit times are set (%ld, %ld)",
		     (long)st.st_atime, (long)st.st_mtime);
}

static void as_nobody(void)
{
	struct utimbuf ub = { .actime = 5, .modtime = 5 };

	TST_EXP_FAIL(sys_utime("root_0644", NULL), EACCES,
		     "utime(root's 0644 file, NULL) as nobody");
	TST_EXP_PASS(sys_utime("root_0666", NULL),
		     "utime(root's 0666 file, NULL) as nobody");
	TST_EXP_FAIL(sys_utime("root_0666", &ub), EPERM,
		     "utime(root's 0666 file, explicit times) as nobody");
	TST_EXP_FAIL(sys_utime("root_0644", &ub), EPERM,
		     "utime(root's 0644 file, explicit times) as nobody");
	own_file_times();
}

static void nobody_erofs(void)
{
	struct utimbuf ub = { .actime = 5, .modtime = 5 };

	TST_EXP_FAIL(sys_utime(RO_FILE, NULL), EROFS,
		     "utime(root's 0644 file, NULL) on a ro fs as nobody");
	TST_EXP_FAIL(sys_utime(RO_FILE, &ub), EROFS,
		     "utime(root's file, times) on a ro fs as nobody");
}

static void test_erofs(void)
{
	struct utimbuf ub = { .actime = 7000, .modtime = 8000 };

	if (!rofs_ready())
		return;
	TST_EXP_FAIL(sys_utime(RO_FILE, NULL), EROFS,
		     "utime(file, NULL) on a ro fs");
	TST_EXP_FAIL(sys_utime(RO_FILE, &ub), EROFS,
		     "utime(file, times) on a ro fs");
	TST_EXP_FAIL(sys_utime(RO_LINK, &ub), EROFS,
		     "utime(symlink, times) on a ro fs");
	TST_EXP_FAIL(sys_utime(RO_SUBDIR, NULL), EROFS,
		     "utime(dir, NULL) on a ro fs");
	TST_EXP_FAIL(sys_utime(RO_MISSING, &ub), ENOENT,
		     "utime() of a missing name on a ro fs");
	TST_EXP_FAIL(sys_utime(RO_FILE, bad_addr), EFAULT,
		     "utime(file, unmapped times) on a ro fs");
	run_in_nobody_child(nobody_erofs, "the ro fs checks as nobody");
	rofs_unchanged();
}

static void run(unsigned int n)
{
	if (n == 0)
		test_set();
	else if (n == 1)
		test_errors();
	else if (n == 2)
		run_in_nobody_child(as_nobody, "the permission checks");
	else
		test_erofs();
}

static void cleanup(void)
{
	rofs_cleanup();
}

static void setup(void)
{
	int fd;

	rofs_setup();
	bad_addr = tev_bad_addr();
	fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	if (symlink("file", "symlink") || symlink("loop", "loop"))
		tst_brk(TBROK | TERRNO, "symlink()");
	memset(long_name, 'a', sizeof(long_name) - 1);
	fd = SAFE_OPEN("root_0644", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("root_0666", O_CREAT | O_WRONLY, 0666);
	SAFE_CLOSE(fd);
	SAFE_CHMOD("root_0666", 0666);
	if (!geteuid()) {
		struct passwd *pw = getpwnam("nobody");

		fd = SAFE_OPEN("nobody_0400", O_CREAT | O_WRONLY, 0400);
		SAFE_CLOSE(fd);
		/* tst_drop_privs() becomes nobody (65534 without an entry) */
		SAFE_CHOWN("nobody_0400", pw ? pw->pw_uid : 65534,
			   pw ? pw->pw_gid : 65534);
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

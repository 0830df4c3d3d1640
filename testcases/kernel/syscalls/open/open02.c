// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open(2) fails with the errno each error path documents, and a failed
 * O_CREAT leaves nothing behind:
 * EEXIST (O_CREAT | O_EXCL on a file, and on a dangling symlink, whose
 * target must not be created), ENOENT, ENOTDIR, EISDIR (write access or
 * O_CREAT on a directory), ELOOP (O_NOFOLLOW on a symlink, a symlink
 * loop), ENAMETOOLONG (a name, a path), EFAULT, EINVAL (O_TMPFILE without
 * write access; O_CREAT | O_DIRECTORY, which since 43b450632676 must not
 * create anything), ENXIO (FIFO opened O_WRONLY | O_NONBLOCK without a
 * reader), EMFILE (RLIMIT_NOFILE reached: all lower fds were handed out),
 * EWOULDBLOCK (O_NONBLOCK open that would break a lease), and, as an
 * unprivileged user, EACCES (read, write, search and create permission)
 * and EPERM (O_NOATIME on a file the caller does not own).
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"
#include "legacy_raw.h"

#define FNAME "open02_file"
#define DIRNAME "open02_dir"
#define PRIV_DIR "open02_private"
#define DANGLING "open02_dangling"
#define DANGLING_TARGET "open02_nowhere"
#define NEW_NAME "open02_new"

static char long_name[NAME_MAX + 2];
static char long_path[PATH_MAX + 1];
static char *bad_addr;

static struct tcase {
	const char *path;	/* NULL: bad_addr */
	int flags;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ FNAME, O_CREAT | O_EXCL | O_RDWR, EEXIST, "O_CREAT | O_EXCL, file" },
	{ DANGLING, O_CREAT | O_EXCL | O_RDWR, EEXIST,
	  "O_CREAT | O_EXCL, dangling symlink" },
	{ "open02_missing", O_RDONLY, ENOENT, "missing file" },
	{ "open02_missing/f", O_CREAT | O_RDWR, ENOENT,
	  "O_CREAT in a missing directory" },
	{ "", O_RDONLY, ENOENT, "empty path" },
	{ FNAME "/f", O_RDONLY, ENOTDIR, "a file as a path component" },
	{ FNAME, O_RDONLY | O_DIRECTORY, ENOTDIR, "O_DIRECTORY on a file" },
	{ DIRNAME, O_WRONLY, EISDIR, "O_WRONLY on a directory" },
	{ DIRNAME, O_RDWR, EISDIR, "O_RDWR on a directory" },
	{ DIRNAME, O_RDONLY | O_CREAT, EISDIR, "O_CREAT on a directory" },
	{ "open02_link", O_RDONLY | O_NOFOLLOW, ELOOP, "O_NOFOLLOW, symlink" },
	{ "open02_loop1", O_RDONLY, ELOOP, "symlink loop" },
	{ long_name, O_RDONLY | O_CREAT, ENAMETOOLONG, "NAME_MAX + 1 name" },
	{ long_path, O_RDONLY | O_CREAT, ENAMETOOLONG, "PATH_MAX path" },
	{ NULL, O_RDONLY, EFAULT, "path in an unmapped page" },
	{ ".", O_TMPFILE | O_RDONLY, EINVAL, "O_TMPFILE | O_RDONLY" },
	{ NEW_NAME, O_CREAT | O_DIRECTORY | O_RDONLY, EINVAL,
	  "O_CREAT | O_DIRECTORY" },
	{ "open02_fifo", O_WRONLY | O_NONBLOCK, ENXIO,
	  "FIFO, O_WRONLY | O_NONBLOCK, no reader" },
};

static struct tcase nobody_cases[] = {
	{ "open02_private_file", O_RDONLY, EACCES, "read a 0600 file" },
	{ FNAME, O_WRONLY, EACCES, "write a 0644 file" },
	{ FNAME, O_RDONLY | O_TRUNC, EACCES, "O_TRUNC on a 0644 file" },
	{ PRIV_DIR "/f", O_RDONLY, EACCES, "search a 0700 directory" },
	{ DIRNAME "/f", O_RDWR | O_CREAT, EACCES, "create in a 0755 dir" },
	{ FNAME, O_RDONLY | O_NOATIME, EPERM, "O_NOATIME, file not owned" },
};

static void check_errno(struct tcase *tc)
{
	const char *path = tc->path ? tc->path : bad_addr;

	TST_EXP_FAIL(sys_open(path, tc->flags, 0600), tc->exp_errno, "open(%s)",
		     tc->desc);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
}

static void test_errnos(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++)
		check_errno(&tcases[i]);

	TST_EXP_FAIL(access(DANGLING_TARGET, F_OK), ENOENT,
		     "access() of the dangling symlink's target");
	TST_EXP_FAIL(access(NEW_NAME, F_OK), ENOENT,
		     "access() of the name O_CREAT | O_DIRECTORY was given");
}

static void test_nobody(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(nobody_cases) / sizeof(nobody_cases[0]); i++)
		check_errno(&nobody_cases[i]);
}

/* In a child: the fd limit is the child's own. */
static void test_emfile(void)
{
	int fd;
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	fio_set_nofile(32);
	for (;;) {
		fd = sys_open(FNAME, O_RDONLY);
		if (fd < 0)
			break;
	}
	if (errno == EMFILE)
		tst_res(TPASS, "open() beyond RLIMIT_NOFILE 32: EMFILE");
	else
		tst_res(TFAIL | TERRNO, "open() beyond RLIMIT_NOFILE 32");
	for (fd = 0; fd < 32 && fio_fd_is_open(fd); fd++)
		;
	TST_EXP_EXPR(fd == 32, "every fd below the limit is in use (first "
		     "free: %d)", fd);
	exit(0);
}

/* A read lease is broken by an open for writing, which then would wait. */
static void test_lease(void)
{
	int fd = SAFE_OPEN("open02_lease", O_RDWR | O_CREAT, 0600);

	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("open02_lease", O_RDONLY);
	/* The break notice is SIGIO to the lease holder: this process. */
	signal(SIGIO, SIG_IGN);
	if (fcntl(fd, F_SETLEASE, F_RDLCK)) {
		tst_res(TCONF | TERRNO, "F_SETLEASE F_RDLCK (fs.leases-enable"
			" off?): EWOULDBLOCK case skipped");
		SAFE_CLOSE(fd);
		return;
	}
	TST_EXP_FAIL(sys_open("open02_lease", O_WRONLY | O_NONBLOCK), EWOULDBLOCK,
		     "open(O_WRONLY | O_NONBLOCK) of a file with a read lease");
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	fcntl(fd, F_SETLEASE, F_UNLCK);
	SAFE_CLOSE(fd);
	signal(SIGIO, SIG_DFL);
}

static void setup(void)
{
	size_t i;
	int fd;

	memset(long_name, 'n', NAME_MAX + 1);
	for (i = 0; i < PATH_MAX; i++)
		long_path[i] = (i % 8 == 7) ? '/' : 'p';
	bad_addr = fio_bad_addr();

	umask(0);
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0644);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("open02_private_file", O_RDWR | O_CREAT, 0600);
	SAFE_CLOSE(fd);
	SAFE_MKDIR(DIRNAME, 0755);
	SAFE_MKDIR(PRIV_DIR, 0700);
	fd = SAFE_OPEN(PRIV_DIR "/f", O_RDWR | O_CREAT, 0644);
	SAFE_CLOSE(fd);
	if (symlink(DANGLING_TARGET, DANGLING) ||
	    symlink(FNAME, "open02_link") ||
	    symlink("open02_loop2", "open02_loop1") ||
	    symlink("open02_loop1", "open02_loop2"))
		tst_brk(TBROK | TERRNO, "symlink()");
	if (mkfifo("open02_fifo", 0666))
		tst_brk(TBROK | TERRNO, "mkfifo()");
}

static void run(void)
{
	test_errnos();
	fio_as_nobody(test_nobody);
	test_emfile();
	test_lease();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no symbolic links (symlink(2): EPERM)"},
		{"exfat", "exFAT has no symbolic links (symlink(2): EPERM)"},
		{}
	},
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "43b450632676"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pathconf(3), which the C library answers from statfs(2), agrees with
 * the kernel, on the tmpdir's filesystem, /, /proc, /sys, /dev and a
 * tmpfs mounted for the test:
 *  - every one of upstream's names gives a value, or -1 with errno left
 *    alone (no limit), and the same as fpathconf() of the path opened;
 *  - _PC_NAME_MAX is the filesystem's f_namelen (the raw statfs
 *    syscall), _PC_REC_MIN_XFER_SIZE its f_bsize, _PC_REC_XFER_ALIGN and
 *    _PC_ALLOC_SIZE_MIN its f_frsize; _PC_PATH_MAX 4096, _PC_PIPE_BUF
 *    4096, _PC_MAX_CANON and _PC_MAX_INPUT 255, _PC_CHOWN_RESTRICTED and
 *    _PC_NO_TRUNC 1, _PC_VDISABLE 0, _PC_LINK_MAX at least 8;
 * and where the test may write (the tmpdir, the tmpfs) the kernel does
 * what the values say:
 *  - a name of _PC_NAME_MAX bytes is created, one byte more is
 *    ENAMETOOLONG, not truncated (_PC_NO_TRUNC);
 *  - a path of _PC_PATH_MAX - 1 bytes resolves, one of _PC_PATH_MAX bytes
 *    is ENAMETOOLONG;
 *  - a file of 2^(bits - 1) - 1 bytes can be made, bits being
 *    _PC_FILESIZEBITS (at most 41: 1 TiB, sparse);
 *  - _PC_2_SYMLINKS 1: symlink() works;
 *  - _PC_CHOWN_RESTRICTED: nobody may not give its file away (EPERM).
 * Syscalls: statfs, fstatfs
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "tst_test.h"
#include "as_nobody.h"

#define NAME_DESC(x) { x, #x }

static const struct {
	int name;
	const char *str;
} names[] = {
	NAME_DESC(_PC_LINK_MAX),
	NAME_DESC(_PC_MAX_CANON),
	NAME_DESC(_PC_MAX_INPUT),
	NAME_DESC(_PC_NAME_MAX),
	NAME_DESC(_PC_PATH_MAX),
	NAME_DESC(_PC_PIPE_BUF),
	NAME_DESC(_PC_CHOWN_RESTRICTED),
	NAME_DESC(_PC_NO_TRUNC),
	NAME_DESC(_PC_VDISABLE),
	NAME_DESC(_PC_SYNC_IO),
	NAME_DESC(_PC_ASYNC_IO),
	NAME_DESC(_PC_PRIO_IO),
	NAME_DESC(_PC_FILESIZEBITS),
	NAME_DESC(_PC_REC_INCR_XFER_SIZE),
	NAME_DESC(_PC_REC_MAX_XFER_SIZE),
	NAME_DESC(_PC_REC_MIN_XFER_SIZE),
	NAME_DESC(_PC_REC_XFER_ALIGN),
	NAME_DESC(_PC_ALLOC_SIZE_MIN),
	NAME_DESC(_PC_2_SYMLINKS),
};

static int mounted;

static long pc(const char *path, int name)
{
	long v;

	errno = 0;
	v = pathconf(path, name);
	if (v == -1 && errno)
		tst_res(TFAIL | TERRNO, "pathconf(%s, %d)", path, name);
	return v;
}

static void check_values(const char *path)
{
	struct statfs sf;
	unsigned int i;
	long v, fv;
	int fd, ok = 1;

	if (syscall(__NR_statfs, path, &sf))
		tst_brk(TBROK | TERRNO, "statfs(%s)", path);
	fd = SAFE_OPEN(path, O_RDONLY);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		v = pc(path, names[i].name);
		errno = 0;
		fv = fpathconf(fd, names[i].name);
		if (v != fv || (fv == -1 && errno)) {
			tst_res(TFAIL | TERRNO, "%s: pathconf(%s) %ld, fpathconf() "
				"%ld", path, names[i].str, v, fv);
			ok = 0;
		}
	}
	SAFE_CLOSE(fd);
	if (ok)
		tst_res(TPASS, "%s (f_type %#lx): the %zu names give values, "
			"the same by path and by descriptor", path,
			(unsigned long)sf.f_type, ARRAY_SIZE(names));
	TST_EXP_EXPR(pc(path, _PC_NAME_MAX) == sf.f_namelen &&
		     pc(path, _PC_REC_MIN_XFER_SIZE) == sf.f_bsize &&
		     pc(path, _PC_REC_XFER_ALIGN) == sf.f_frsize &&
		     pc(path, _PC_ALLOC_SIZE_MIN) == sf.f_frsize,
		     "%s: _PC_NAME_MAX %ld is f_namelen %ld, the transfer sizes "
		     "f_bsize %ld and f_frsize %ld", path,
		     pc(path, _PC_NAME_MAX), (long)sf.f_namelen,
		     (long)sf.f_bsize, (long)sf.f_frsize);
	TST_EXP_EXPR(pc(path, _PC_PATH_MAX) == 4096 &&
		     pc(path, _PC_PIPE_BUF) == 4096 &&
		     pc(path, _PC_MAX_CANON) == 255 &&
		     pc(path, _PC_MAX_INPUT) == 255 &&
		     pc(path, _PC_CHOWN_RESTRICTED) == 1 &&
		     pc(path, _PC_NO_TRUNC) == 1 &&
		     pc(path, _PC_VDISABLE) == 0 &&
		     pc(path, _PC_LINK_MAX) >= 8, "%s: PATH_MAX, PIPE_BUF, "
		     "MAX_CANON, MAX_INPUT, CHOWN_RESTRICTED, NO_TRUNC, VDISABLE "
		     "and LINK_MAX (%ld) as Linux has them", path,
		     pc(path, _PC_LINK_MAX));
}

static void nobody_chown(void)
{
	int fd = SAFE_OPEN("nobody_file", O_CREAT | O_WRONLY, 0644);

	SAFE_CLOSE(fd);
	TST_EXP_FAIL(chown("nobody_file", 0, -1), EPERM,
		     "nobody's chown() of its file to root");
	SAFE_UNLINK("nobody_file");
}

/* what the kernel does in dir, against the values pathconf() gives */
static void check_kernel(const char *dir)
{
	long name_max = pc(dir, _PC_NAME_MAX), path_max = pc(dir, _PC_PATH_MAX);
	long bits = pc(dir, _PC_FILESIZEBITS);
	char path[PATH_MAX + 8];
	size_t len, dlen;
	off_t size;
	int fd;

	len = snprintf(path, sizeof(path), "%s/", dir);
	memset(path + len, 'n', name_max + 1);
	path[len + name_max] = 0;
	fd = open(path, O_CREAT | O_WRONLY, 0600);
	TST_EXP_EXPR(fd >= 0, "%s: a name of _PC_NAME_MAX (%ld) bytes is "
		     "created", dir, name_max);
	if (fd >= 0) {
		SAFE_CLOSE(fd);
		SAFE_UNLINK(path);
	}
	path[len + name_max] = 'n';
	path[len + name_max + 1] = 0;
	TST_EXP_FAIL(open(path, O_CREAT | O_WRONLY, 0600), ENAMETOOLONG,
		     "%s: creating a name of _PC_NAME_MAX + 1 bytes", dir);

	/* "dir/./././": path_max - 1 bytes, then path_max bytes */
	dlen = snprintf(path, sizeof(path), "%s", dir);
	for (len = dlen; len < (size_t)path_max - 1; len++)
		path[len] = (len - dlen) % 2 ? '.' : '/';
	path[len] = 0;
	TST_EXP_PASS(access(path, F_OK), "access() of a path of _PC_PATH_MAX - "
		     "1 (%zu) bytes", strlen(path));
	path[len] = path[len - 1] == '/' ? '.' : '/';
	path[len + 1] = 0;
	TST_EXP_FAIL(access(path, F_OK), ENAMETOOLONG, "access() of a path "
		     "of _PC_PATH_MAX (%zu) bytes", strlen(path));

	if (bits > 41)
		bits = 41;
	size = ((off_t)1 << (bits - 1)) - 1;
	snprintf(path, sizeof(path), "%s/big", dir);
	fd = SAFE_OPEN(path, O_CREAT | O_WRONLY, 0600);
	TST_EXP_PASS(ftruncate(fd, size), "%s: a file of 2^%ld - 1 bytes "
		     "(_PC_FILESIZEBITS %ld)", dir, bits - 1,
		     pc(dir, _PC_FILESIZEBITS));
	SAFE_CLOSE(fd);
	SAFE_UNLINK(path);

	snprintf(path, sizeof(path), "%s/link", dir);
	if (pc(dir, _PC_2_SYMLINKS) == 1) {
		TST_EXP_PASS(symlink("target", path), "%s: symlink() "
			     "(_PC_2_SYMLINKS 1)", dir);
		unlink(path);
	}
}

static void run(void)
{
	static const char *const paths[] = { ".", "/", "/proc", "/sys",
					     "/dev", "mnt" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(paths); i++)
		check_values(paths[i]);
	check_kernel(".");
	check_kernel("mnt");
	if (pc(".", _PC_CHOWN_RESTRICTED) == 1)
		run_in_nobody_child(nobody_chown, "the chown() as nobody");
}

static void setup(void)
{
	SAFE_MKDIR("mnt", 0777);
	SAFE_MOUNT("ltp-pathconf", "mnt", "tmpfs", 0, "size=1m,mode=0777");
	mounted = 1;
}

static void cleanup(void)
{
	if (mounted)
		SAFE_UMOUNT("mnt");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

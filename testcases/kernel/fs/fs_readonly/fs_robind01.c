// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A read-only bind mount of a writable tmpfs, call by call: each call
 * that writes fails with EROFS through the bind and leaves the directory
 * as it was (names, modes, owners, link counts, sizes, mtimes and the
 * xattrs of its file), and the same call through the original mount
 * succeeds and its effect shows through both mounts. The calls: creat,
 * open O_WRONLY, O_RDWR, O_RDONLY | O_TRUNC and O_CREAT of an existing
 * file, mkdir, rmdir, unlink, rename, renameat2(RENAME_EXCHANGE), link,
 * symlink, mknod (FIFO and regular file), chmod, chown, utimensat,
 * truncate, setxattr, removexattr, access(W_OK), and fsetxattr,
 * fremovexattr, fchmod, fchown and futimens on a descriptor opened
 * (read-only) before the bind was remounted read-only: the mount is
 * checked at each call, not at open.
 *
 * Descriptors: through the bind, fallocate() on the read-only descriptor
 * is EBADF and a MAP_SHARED PROT_WRITE mapping EACCES, while a
 * MAP_PRIVATE writable mapping works and leaves the file alone; a
 * descriptor opened read-write through the original keeps writing,
 * fallocate() and a shared mapping included, and the bind shows the
 * bytes. statvfs() says ST_RDONLY for the bind only.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include "tst_test.h"
#include "lapi/fcntl.h"
#include "mount_ns.h"

#define DATA "0123456789"
#define XOLD "trusted.ltp_old"
#define XNEW "trusted.ltp_new"

struct ctx {
	const char *dir;	/* "orig/tN" or "ro/tN" */
	int dfd;
	int fd;			/* f opened O_RDONLY before remount */
};

struct op {
	const char *name;
	int (*call)(const struct ctx *c);
	int (*done)(int dfd);	/* 1: the effect is there */
	int xattr;		/* needs trusted.* xattrs */
};

static int no_xattr;

static int path_of(const struct ctx *c, const char *name, char *buf)
{
	return snprintf(buf, PATH_MAX, "%s/%s", c->dir, name);
}

static int open_write(const struct ctx *c, int flags, const char *data)
{
	int fd = openat(c->dfd, "f", flags, 0644);

	if (fd < 0)
		return -1;
	if (pwrite(fd, data, 1, 0) != 1)
		tst_brk(TBROK | TERRNO, "pwrite(%s/f)", c->dir);
	SAFE_CLOSE(fd);
	return 0;
}

static int first_byte(int dfd, char want)
{
	char b = 0;
	int fd = openat(dfd, "f", O_RDONLY);

	if (fd < 0)
		return 0;
	if (pread(fd, &b, 1, 0) != 1)
		b = 0;
	SAFE_CLOSE(fd);
	return b == want;
}

static int lst(int dfd, const char *name, struct stat *st)
{
	return !fstatat(dfd, name, st, AT_SYMLINK_NOFOLLOW);
}

static int do_creat(const struct ctx *c)
{
	char p[PATH_MAX];
	int fd;

	path_of(c, "new", p);
	fd = creat(p, 0644);
	if (fd < 0)
		return -1;
	SAFE_CLOSE(fd);
	return 0;
}

static int new_is_reg(int dfd)
{
	struct stat st;

	return lst(dfd, "new", &st) && S_ISREG(st.st_mode);
}

static int do_wronly(const struct ctx *c)
{
	return open_write(c, O_WRONLY, "W");
}

static int wrote_w(int dfd)
{
	return first_byte(dfd, 'W');
}

static int do_rdwr(const struct ctx *c)
{
	return open_write(c, O_RDWR, "R");
}

static int wrote_r(int dfd)
{
	return first_byte(dfd, 'R');
}

static int do_creat_old(const struct ctx *c)
{
	return open_write(c, O_CREAT | O_WRONLY, "C");
}

static int wrote_c(int dfd)
{
	return first_byte(dfd, 'C');
}

static int do_trunc(const struct ctx *c)
{
	int fd = openat(c->dfd, "f", O_RDONLY | O_TRUNC);

	if (fd < 0)
		return -1;
	SAFE_CLOSE(fd);
	return 0;
}

static int size_is(int dfd, off_t size)
{
	struct stat st;

	return lst(dfd, "f", &st) && st.st_size == size;
}

static int size_0(int dfd)
{
	return size_is(dfd, 0);
}

static int do_mkdir(const struct ctx *c)
{
	return mkdirat(c->dfd, "new", 0755);
}

static int new_is_dir(int dfd)
{
	struct stat st;

	return lst(dfd, "new", &st) && S_ISDIR(st.st_mode);
}

static int do_rmdir(const struct ctx *c)
{
	return unlinkat(c->dfd, "d", AT_REMOVEDIR);
}

static int d_gone(int dfd)
{
	struct stat st;

	return !lst(dfd, "d", &st) && errno == ENOENT;
}

static int do_unlink(const struct ctx *c)
{
	return unlinkat(c->dfd, "f", 0);
}

static int f_gone(int dfd)
{
	struct stat st;

	return !lst(dfd, "f", &st) && errno == ENOENT;
}

static int do_rename(const struct ctx *c)
{
	return renameat(c->dfd, "f", c->dfd, "g");
}

static int renamed(int dfd)
{
	struct stat st;

	return f_gone(dfd) && lst(dfd, "g", &st) && st.st_size == 10;
}

static int do_exchange(const struct ctx *c)
{
	return syscall(__NR_renameat2, c->dfd, "f", c->dfd, "d",
		       RENAME_EXCHANGE);
}

static int exchanged(int dfd)
{
	struct stat f, d;

	return lst(dfd, "f", &f) && lst(dfd, "d", &d) && S_ISDIR(f.st_mode) &&
	       S_ISREG(d.st_mode);
}

static int do_link(const struct ctx *c)
{
	return linkat(c->dfd, "f", c->dfd, "g", 0);
}

static int linked(int dfd)
{
	struct stat f, g;

	return lst(dfd, "f", &f) && lst(dfd, "g", &g) && f.st_nlink == 2 &&
	       f.st_ino == g.st_ino;
}

static int do_symlink(const struct ctx *c)
{
	return symlinkat("f", c->dfd, "new");
}

static int symlinked(int dfd)
{
	char buf[8];

	return readlinkat(dfd, "new", buf, sizeof(buf)) == 1 && buf[0] == 'f';
}

static int do_mkfifo(const struct ctx *c)
{
	return mknodat(c->dfd, "new", S_IFIFO | 0644, 0);
}

static int new_is_fifo(int dfd)
{
	struct stat st;

	return lst(dfd, "new", &st) && S_ISFIFO(st.st_mode);
}

static int do_mknod_reg(const struct ctx *c)
{
	return mknodat(c->dfd, "new", S_IFREG | 0644, 0);
}

static int do_chmod(const struct ctx *c)
{
	return fchmodat(c->dfd, "f", 0600, 0);
}

static int mode_600(int dfd)
{
	struct stat st;

	return lst(dfd, "f", &st) && (st.st_mode & 07777) == 0600;
}

static int do_chown(const struct ctx *c)
{
	return fchownat(c->dfd, "f", 1, 2, 0);
}

static int owner_1(int dfd)
{
	struct stat st;

	return lst(dfd, "f", &st) && st.st_uid == 1 && st.st_gid == 2;
}

static const struct timespec times[2] = {{1000, 0}, {2000, 0}};

static int do_utimens(const struct ctx *c)
{
	return utimensat(c->dfd, "f", times, 0);
}

static int mtime_2000(int dfd)
{
	struct stat st;

	return lst(dfd, "f", &st) && st.st_mtim.tv_sec == 2000 &&
	       st.st_atim.tv_sec == 1000;
}

static int do_truncate(const struct ctx *c)
{
	char p[PATH_MAX];

	path_of(c, "f", p);
	return truncate(p, 3);
}

static int size_3(int dfd)
{
	return size_is(dfd, 3);
}

static int do_setxattr(const struct ctx *c)
{
	char p[PATH_MAX];

	path_of(c, "f", p);
	return setxattr(p, XNEW, "v", 1, 0);
}

static int has_new(int dfd)
{
	char v[4];
	int fd = openat(dfd, "f", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = fgetxattr(fd, XNEW, v, sizeof(v));
	SAFE_CLOSE(fd);
	return n == 1 && v[0] == 'v';
}

static int do_removexattr(const struct ctx *c)
{
	char p[PATH_MAX];

	path_of(c, "f", p);
	return removexattr(p, XOLD);
}

static int old_gone(int dfd)
{
	char v[4];
	int fd = openat(dfd, "f", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = fgetxattr(fd, XOLD, v, sizeof(v));
	SAFE_CLOSE(fd);
	return n < 0 && errno == ENODATA;
}

static int do_access(const struct ctx *c)
{
	return faccessat(c->dfd, "f", W_OK, 0);
}

static int always(int dfd)
{
	(void)dfd;
	return 1;
}

static int do_fsetxattr(const struct ctx *c)
{
	return fsetxattr(c->fd, XNEW, "v", 1, 0);
}

static int do_fremovexattr(const struct ctx *c)
{
	return fremovexattr(c->fd, XOLD);
}

static int do_fchmod(const struct ctx *c)
{
	return fchmod(c->fd, 0600);
}

static int do_fchown(const struct ctx *c)
{
	return fchown(c->fd, 1, 2);
}

static int do_futimens(const struct ctx *c)
{
	return futimens(c->fd, times);
}

static const struct op ops[] = {
	{"creat(new)", do_creat, new_is_reg, 0},
	{"open(f, O_WRONLY)", do_wronly, wrote_w, 0},
	{"open(f, O_RDWR)", do_rdwr, wrote_r, 0},
	{"open(f, O_CREAT | O_WRONLY), f exists", do_creat_old, wrote_c, 0},
	{"open(f, O_RDONLY | O_TRUNC)", do_trunc, size_0, 0},
	{"mkdir(new)", do_mkdir, new_is_dir, 0},
	{"rmdir(d)", do_rmdir, d_gone, 0},
	{"unlink(f)", do_unlink, f_gone, 0},
	{"rename(f, g)", do_rename, renamed, 0},
	{"renameat2(f, d, RENAME_EXCHANGE)", do_exchange, exchanged, 0},
	{"link(f, g)", do_link, linked, 0},
	{"symlink(f, new)", do_symlink, symlinked, 0},
	{"mknod(new, S_IFIFO)", do_mkfifo, new_is_fifo, 0},
	{"mknod(new, S_IFREG)", do_mknod_reg, new_is_reg, 0},
	{"chmod(f, 0600)", do_chmod, mode_600, 0},
	{"chown(f, 1, 2)", do_chown, owner_1, 0},
	{"utimensat(f, 1000, 2000)", do_utimens, mtime_2000, 0},
	{"truncate(f, 3)", do_truncate, size_3, 0},
	{"setxattr(f, " XNEW ")", do_setxattr, has_new, 1},
	{"removexattr(f, " XOLD ")", do_removexattr, old_gone, 1},
	{"access(f, W_OK)", do_access, always, 0},
	{"fsetxattr(fd opened before, " XNEW ")", do_fsetxattr, has_new, 1},
	{"fremovexattr(fd opened before, " XOLD ")", do_fremovexattr,
	 old_gone, 1},
	{"fchmod(fd opened before, 0600)", do_fchmod, mode_600, 0},
	{"fchown(fd opened before, 1, 2)", do_fchown, owner_1, 0},
	{"futimens(fd opened before, 1000, 2000)", do_futimens, mtime_2000, 0},
};

#define NOPS ARRAY_SIZE(ops)

/*
 * What an op could change in its directory, as one string: each name
 * with its type, mode, owner, links, size and mtime, and f's xattrs.
 */
static void fingerprint(int dfd, char *buf, size_t size)
{
	struct dirent **ents;
	struct stat st;
	char xl[256];
	size_t len = 0;
	ssize_t xn;
	int i, n, fd;

	n = scandirat(dfd, ".", &ents, NULL, alphasort);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "scandirat()");
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		if (lst(dfd, ents[i]->d_name, &st))
			len += snprintf(buf + len, size - len,
				"%s:%o:%u:%u:%lu:%lld:%lld.%ld ",
				ents[i]->d_name, st.st_mode, st.st_uid,
				st.st_gid, (unsigned long)st.st_nlink,
				(long long)st.st_size,
				(long long)st.st_mtim.tv_sec,
				st.st_mtim.tv_nsec);
		free(ents[i]);
		if (len >= size)
			tst_brk(TBROK, "fingerprint too long");
	}
	free(ents);
	fd = openat(dfd, "f", O_RDONLY);
	if (fd >= 0) {
		xn = flistxattr(fd, xl, sizeof(xl));
		SAFE_CLOSE(fd);
		snprintf(buf + len, size - len, "xattrs:%zd", xn);
	}
}

/* t<i>/f holds DATA (and XOLD), t<i>/d is an empty directory */
static void prepare(unsigned int i)
{
	char p[PATH_MAX];
	int fd;

	snprintf(p, sizeof(p), "orig/t%u", i);
	SAFE_MKDIR(p, 0755);
	snprintf(p, sizeof(p), "orig/t%u/d", i);
	SAFE_MKDIR(p, 0755);
	snprintf(p, sizeof(p), "orig/t%u/f", i);
	fd = SAFE_OPEN(p, O_CREAT | O_WRONLY, 0644);
	SAFE_WRITE(1, fd, DATA, 10);
	if (fsetxattr(fd, XOLD, "o", 1, 0)) {
		if (errno != EOPNOTSUPP)
			tst_brk(TBROK | TERRNO, "fsetxattr(%s)", p);
		no_xattr = 1;
	}
	SAFE_CLOSE(fd);
}

static void open_ctx(struct ctx *c, const char *root, unsigned int i,
		     char *dir)
{
	char p[PATH_MAX];

	sprintf(dir, "%s/t%u", root, i);
	c->dir = dir;
	c->dfd = SAFE_OPEN(dir, O_RDONLY | O_DIRECTORY);
	snprintf(p, sizeof(p), "%s/f", dir);
	c->fd = SAFE_OPEN(p, O_RDONLY);
}

static void close_ctx(struct ctx *c)
{
	SAFE_CLOSE(c->dfd);
	SAFE_CLOSE(c->fd);
}

static void check_op(unsigned int i, struct ctx *ro, struct ctx *rw)
{
	const struct op *o = &ops[i];
	char before[2048], after[2048];
	int ret;

	if (o->xattr && no_xattr) {
		tst_res(TCONF, "%s: tmpfs without trusted.* xattrs "
			"(CONFIG_TMPFS_XATTR)", o->name);
		return;
	}

	fingerprint(ro->dfd, before, sizeof(before));
	errno = 0;
	ret = o->call(ro);
	if (ret != -1 || errno != EROFS)
		tst_res(TFAIL | TERRNO, "%s through the read-only bind "
			"returned %d, expected EROFS", o->name, ret);
	else
		tst_res(TPASS, "%s through the read-only bind: EROFS",
			o->name);
	fingerprint(ro->dfd, after, sizeof(after));
	if (strcmp(before, after))
		tst_res(TFAIL, "%s changed the directory: '%s' became '%s'",
			o->name, before, after);

	errno = 0;
	ret = o->call(rw);
	if (ret) {
		tst_res(TFAIL | TERRNO, "%s through the original mount "
			"returned %d", o->name, ret);
		return;
	}
	if (o->done(rw->dfd) && o->done(ro->dfd))
		tst_res(TPASS, "%s through the original mount: done, and "
			"seen through both", o->name);
	else
		tst_res(TFAIL, "%s through the original mount returned 0 but "
			"its effect is missing (original %d, bind %d)",
			o->name, o->done(rw->dfd), o->done(ro->dfd));
}

static int st_rdonly(const char *path)
{
	struct statvfs sv;

	if (statvfs(path, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", path);
	return !!(sv.f_flag & ST_RDONLY);
}

/* fallocate() and mappings through each mount, on x/f */
static void check_fds(void)
{
	char buf[16] = "";
	char *m;
	int ro_fd, rw_fd;
	struct stat st;

	ro_fd = SAFE_OPEN("ro/x/f", O_RDONLY);
	rw_fd = SAFE_OPEN("orig/x/f", O_RDWR);

	TST_EXP_FAIL(fallocate(ro_fd, 0, 0, 8192), EBADF,
		     "fallocate() on the read-only descriptor of the bind");
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, ro_fd, 0);
	if (m != MAP_FAILED) {
		tst_res(TFAIL, "mmap(MAP_SHARED, PROT_WRITE) of it succeeded");
		SAFE_MUNMAP(m, 4096);
	} else if (errno != EACCES) {
		tst_res(TFAIL | TERRNO, "mmap(MAP_SHARED, PROT_WRITE) of it, "
			"expected EACCES");
	} else {
		tst_res(TPASS | TERRNO, "mmap(MAP_SHARED, PROT_WRITE) of it");
	}
	m = SAFE_MMAP(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE,
		      ro_fd, 0);
	m[0] = 'P';
	SAFE_MUNMAP(m, 4096);
	SAFE_PREAD(1, ro_fd, buf, 10, 0);
	TST_EXP_EXPR(!memcmp(buf, DATA, 10), "a store to a MAP_PRIVATE "
		     "mapping of it leaves the file alone ('%.10s')", buf);

	TST_EXP_VAL(pwrite(rw_fd, "A", 1, 0), 1,
		    "pwrite() through the original");
	TST_EXP_PASS(fallocate(rw_fd, 0, 0, 8192),
		     "fallocate() through the original");
	m = SAFE_MMAP(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
		      rw_fd, 0);
	m[1] = 'M';
	SAFE_MSYNC(m, 4096, MS_SYNC);
	SAFE_MUNMAP(m, 4096);
	SAFE_FSTAT(ro_fd, &st);
	SAFE_PREAD(1, ro_fd, buf, 10, 0);
	TST_EXP_EXPR(!memcmp(buf, "AM23456789", 10) && st.st_size == 8192,
		     "the bind reads what the original wrote (size %lld, "
		     "'%.10s')", (long long)st.st_size, buf);
	SAFE_CLOSE(ro_fd);
	SAFE_CLOSE(rw_fd);

	TST_EXP_EXPR(st_rdonly("ro") && !st_rdonly("orig"),
		     "statvfs(): ST_RDONLY on the bind only");
}

/* The directories stay for the next iteration; the mounts do not. */
static void mkdir_once(const char *path)
{
	if (mkdir(path, 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", path);
}

static void child(void)
{
	struct ctx ro[NOPS], rw[NOPS];
	char rod[NOPS][32], rwd[NOPS][32];
	unsigned int i;
	int fd;

	mnt_private_ns();
	mkdir_once("orig");
	mkdir_once("ro");
	SAFE_MOUNT("ltp_robind", "orig", "tmpfs", 0, "size=4m");
	SAFE_MOUNT("orig", "ro", NULL, MS_BIND, NULL);

	for (i = 0; i < NOPS; i++)
		prepare(i);
	SAFE_MKDIR("orig/x", 0755);
	fd = SAFE_OPEN("orig/x/f", O_CREAT | O_WRONLY, 0644);
	SAFE_WRITE(1, fd, DATA, 10);
	SAFE_CLOSE(fd);

	/* The descriptors are opened while the bind is still writable. */
	for (i = 0; i < NOPS; i++) {
		open_ctx(&ro[i], "ro", i, rod[i]);
		open_ctx(&rw[i], "orig", i, rwd[i]);
	}
	SAFE_MOUNT(NULL, "ro", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL);

	for (i = 0; i < NOPS; i++) {
		check_op(i, &ro[i], &rw[i]);
		close_ctx(&ro[i]);
		close_ctx(&rw[i]);
	}
	check_fds();
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		child();
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

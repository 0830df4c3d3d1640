/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The body of nftw01 and nftw6401: the same walks with nftw() and
 * nftw64(). The test defines NFTW (the call), NFTW_STAT (its struct stat
 * type) and NFTW_NAME (the call's name as a string).
 *
 * Every walk is held against the kernel's own answer: a reference walk of
 * the same tree made with the raw getdents64 and newfstatat syscalls (and
 * openat for the directories), which gives each object's path, type flag,
 * stat, level and base as nftw() must report them (POSIX, and the C
 * library's documented rules: a directory reached again through a
 * symbolic link is not walked twice, FTW_SLN for a dangling link when
 * links are followed, FTW_DNR for a directory that cannot be read,
 * FTW_NS when stat() is refused, FTW_MOUNT leaves out what is on another
 * filesystem).
 */
#ifndef NFTW_TEST_H
#define NFTW_TEST_H

#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "lapi/dirent.h"

#define MAXOBJ 64
#define BIGSIZE (5ULL * 1024 * 1024 * 1024 + 1)

struct obj {
	char path[PATH_MAX];
	int flag;
	int level;
	int base;
	dev_t dev;
	ino_t ino;
	mode_t mode;
	nlink_t nlink;
	off_t size;
	uid_t uid;
	dev_t cwd_dev;		/* FTW_CHDIR: the working directory seen */
	ino_t cwd_ino;
	int extra_fds;		/* descriptors open beyond the baseline */
};

static struct obj want[MAXOBJ], got[MAXOBJ];
static int nwant, ngot, got_overflow;
static int walk_flags;
static int stop_at;		/* the callback returns stop_ret at call n */
static int stop_ret;
static const char *skip_subtree;
static int count_fds;
static int baseline_fds;
static int have_big, mounted;

static int sys_fstatat(int dirfd, const char *path, struct stat *st,
		       int flags)
{
	return syscall(__NR_newfstatat, dirfd, path, st, flags);
}

/* Descriptors open in this process, by getdents64 of /proc/self/fd. */
static int open_fds(void)
{
	char buf[4096];
	int fd, n = 0;
	long len, off;

	fd = open("/proc/self/fd", O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(/proc/self/fd)");
	while ((len = syscall(__NR_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (off = 0; off < len;) {
			struct linux_dirent64 *d = (void *)(buf + off);

			if (strcmp(d->d_name, ".") && strcmp(d->d_name, ".."))
				n++;
			off += d->d_reclen;
		}
	}
	close(fd);
	return n - 1;	/* not the one just read */
}

/* ---- the reference walk, from the kernel's answers ---- */

struct seen {
	dev_t dev;
	ino_t ino;
};
static struct seen seen[MAXOBJ];
static int nseen;
static dev_t root_dev;

/*
 * One object as a walk reports it: the reference walk's struct stat and
 * nftw()'s NFTW_STAT alike (no stat for FTW_NS).
 */
#define OBJ_SET(o, path_, flag_, base_, level_, st) do { \
	memset((o), 0, sizeof(*(o))); \
	snprintf((o)->path, sizeof((o)->path), "%s", (path_)); \
	(o)->flag = (flag_); \
	(o)->base = (base_); \
	(o)->level = (level_); \
	if ((flag_) != FTW_NS) { \
		(o)->dev = (st)->st_dev; \
		(o)->ino = (st)->st_ino; \
		(o)->mode = (st)->st_mode; \
		(o)->nlink = (st)->st_nlink; \
		(o)->size = (st)->st_size; \
		(o)->uid = (st)->st_uid; \
	} \
} while (0)

static void add_want(const char *path, int base, int level, int flag,
		     const struct stat *st)
{
	struct obj *o;

	if (nwant == MAXOBJ)
		tst_brk(TBROK, "more than %d objects in the tree", MAXOBJ);
	o = &want[nwant++];
	OBJ_SET(o, path, flag, base, level, st);
}

static int was_seen(const struct stat *st)
{
	int i;

	for (i = 0; i < nseen; i++)
		if (seen[i].dev == st->st_dev && seen[i].ino == st->st_ino)
			return 1;
	if (nseen < MAXOBJ) {
		seen[nseen].dev = st->st_dev;
		seen[nseen++].ino = st->st_ino;
	}
	return 0;
}

static void ref_visit(int dirfd, const char *name, const char *path,
		      int base, int level)
{
	int phys = walk_flags & FTW_PHYS, flag, fd;
	char buf[4096], sub[PATH_MAX];
	struct stat st;
	long len, off;

	if (sys_fstatat(dirfd, name, &st, phys ? AT_SYMLINK_NOFOLLOW : 0)) {
		if (errno != EACCES && errno != ENOENT)
			tst_brk(TBROK | TERRNO, "stat of %s", path);
		flag = FTW_NS;
		if (!phys && !sys_fstatat(dirfd, name, &st,
					  AT_SYMLINK_NOFOLLOW) &&
		    S_ISLNK(st.st_mode))
			flag = FTW_SLN;
	} else if (S_ISDIR(st.st_mode)) {
		flag = FTW_D;
	} else if (S_ISLNK(st.st_mode)) {
		flag = FTW_SL;
	} else {
		flag = FTW_F;
	}
	if ((walk_flags & FTW_MOUNT) && flag != FTW_NS &&
	    st.st_dev != root_dev)
		return;
	if (flag != FTW_D) {
		add_want(path, base, level, flag, &st);
		return;
	}
	if (!phys && was_seen(&st))
		return;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY);
	if (fd < 0) {
		if (errno != EACCES)
			tst_brk(TBROK | TERRNO, "open of %s", path);
		add_want(path, base, level, FTW_DNR, &st);
		return;
	}
	add_want(path, base, level,
		 walk_flags & FTW_DEPTH ? FTW_DP : FTW_D, &st);
	while ((len = syscall(__NR_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (off = 0; off < len;) {
			struct linux_dirent64 *d = (void *)(buf + off);

			off += d->d_reclen;
			if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
				continue;
			snprintf(sub, sizeof(sub), "%s/%s", path, d->d_name);
			ref_visit(fd, d->d_name, sub, strlen(path) + 1,
				  level + 1);
		}
	}
	if (len < 0)
		tst_brk(TBROK | TERRNO, "getdents64 of %s", path);
	close(fd);
}

static void ref_walk(const char *root, int flags)
{
	struct stat st;

	walk_flags = flags;
	nwant = nseen = 0;
	if (sys_fstatat(AT_FDCWD, root, &st, 0))
		tst_brk(TBROK | TERRNO, "stat of %s", root);
	root_dev = st.st_dev;
	ref_visit(AT_FDCWD, root, root, 0, 0);
}

/* ---- nftw()'s walk ---- */

static int callback(const char *path, const NFTW_STAT *st, int flag,
		    struct FTW *ftw)
{
	struct stat cwd;
	struct obj *o;

	if (ngot == MAXOBJ) {
		got_overflow = 1;
		return 0;
	}
	o = &got[ngot++];
	OBJ_SET(o, path, flag, ftw->base, ftw->level, st);
	if ((walk_flags & FTW_CHDIR) && !sys_fstatat(AT_FDCWD, ".", &cwd, 0)) {
		o->cwd_dev = cwd.st_dev;
		o->cwd_ino = cwd.st_ino;
	}
	if (count_fds)
		o->extra_fds = open_fds() - baseline_fds;
	if (skip_subtree && !strcmp(path, skip_subtree))
		return FTW_SKIP_SUBTREE;
	if (stop_at && ngot == stop_at)
		return stop_ret;
	return 0;
}

static int do_walk(const char *root, int flags, int nopenfd)
{
	walk_flags = flags;
	ngot = got_overflow = 0;
	return NFTW(root, callback, nopenfd, flags);
}

static const char *flag_name(int flag)
{
	switch (flag) {
	case FTW_F: return "FTW_F";
	case FTW_D: return "FTW_D";
	case FTW_DNR: return "FTW_DNR";
	case FTW_NS: return "FTW_NS";
	case FTW_SL: return "FTW_SL";
	case FTW_DP: return "FTW_DP";
	case FTW_SLN: return "FTW_SLN";
	}
	return "?";
}

static int same_obj(const struct obj *w, const struct obj *g,
		    const char *walk)
{
	if (w->flag != g->flag || w->base != g->base ||
	    w->level != g->level) {
		tst_res(TFAIL, "%s: %s reported as %s, base %d, level %d; the "
			"kernel says %s, base %d, level %d", walk, w->path,
			flag_name(g->flag), g->base, g->level,
			flag_name(w->flag), w->base, w->level);
		return 0;
	}
	if (w->flag != FTW_NS && (w->dev != g->dev || w->ino != g->ino ||
	    w->mode != g->mode || w->nlink != g->nlink ||
	    w->size != g->size || w->uid != g->uid)) {
		tst_res(TFAIL, "%s: %s: stat (ino %lu, mode %o, nlink %lu, size "
			"%lld) is not the kernel's (ino %lu, mode %o, nlink %lu, "
			"size %lld)", walk, w->path, (unsigned long)g->ino,
			g->mode, (unsigned long)g->nlink, (long long)g->size,
			(unsigned long)w->ino, w->mode,
			(unsigned long)w->nlink, (long long)w->size);
		return 0;
	}
	return 1;
}

/* got[] holds exactly the objects of want[] (in any order). */
static int same_set(const char *walk)
{
	int i, j, found;

	if (got_overflow) {
		tst_res(TFAIL, "%s: more than %d objects reported", walk,
			MAXOBJ);
		return 0;
	}
	for (i = 0; i < nwant; i++) {
		for (found = 0, j = 0; j < ngot; j++) {
			if (strcmp(want[i].path, got[j].path))
				continue;
			if (found++ || !same_obj(&want[i], &got[j], walk))
				goto bad;
		}
		if (!found) {
			tst_res(TFAIL, "%s: %s (%s) not reported", walk,
				want[i].path, flag_name(want[i].flag));
			return 0;
		}
	}
	if (ngot != nwant) {
		for (j = 0; j < ngot; j++) {
			for (i = 0; i < nwant; i++)
				if (!strcmp(want[i].path, got[j].path))
					break;
			if (i == nwant)
				tst_res(TINFO, "reported but not expected: %s "
					"(%s)", got[j].path,
					flag_name(got[j].flag));
		}
		tst_res(TFAIL, "%s: %d objects reported, the kernel has %d",
			walk, ngot, nwant);
		return 0;
	}
	return 1;
bad:
	if (found > 1)
		tst_res(TFAIL, "%s: %s reported twice", walk, want[i].path);
	return 0;
}

static int is_below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && path[n] == '/';
}

/* Directories before their contents, or after them with FTW_DEPTH. */
static int right_order(const char *walk, int depth)
{
	int i, j;

	for (i = 0; i < ngot; i++) {
		if (got[i].flag != FTW_D && got[i].flag != FTW_DP)
			continue;
		for (j = 0; j < ngot; j++) {
			if (!is_below(got[j].path, got[i].path))
				continue;
			if (depth ? j > i : j < i) {
				tst_res(TFAIL, "%s: %s reported %s %s", walk,
					got[j].path, depth ? "after" :
					"before", got[i].path);
				return 0;
			}
		}
	}
	return 1;
}

static void walk_and_check(const char *root, int flags, int nopenfd,
			   const char *walk)
{
	int ret;

	ref_walk(root, flags);
	ret = do_walk(root, flags, nopenfd);
	if (ret) {
		tst_res(TFAIL | TERRNO, "%s returned %d", walk, ret);
		return;
	}
	if (same_set(walk) && right_order(walk, flags & FTW_DEPTH))
		tst_res(TPASS, "%s: the %d objects the kernel lists, each with "
			"its type, stat, base and level, %s", walk, nwant,
			flags & FTW_DEPTH ? "directories after their contents" :
			"directories before their contents");
}

/* ---- the tree ---- */

static void make_file(const char *path, const char *data)
{
	int fd = SAFE_OPEN(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);

	SAFE_WRITE(1, fd, data, strlen(data));
	SAFE_CLOSE(fd);
}

static void make_tree(void)
{
	int fd;

	SAFE_MKDIR("tree", 0755);
	make_file("tree/f1", "file one\n");
	SAFE_MKDIR("tree/d1", 0755);
	make_file("tree/d1/f2", "two\n");
	SAFE_MKDIR("tree/d1/d2", 0755);
	make_file("tree/d1/d2/f3", "three, the longest of them\n");
	SAFE_MKDIR("tree/d1/d2/d3", 0755);
	if (link("tree/d1/f2", "tree/d1/d2/hardlink"))
		tst_brk(TBROK | TERRNO, "link()");
	/* back to tree/d1: followed, it is a directory seen already */
	if (symlink("../..", "tree/d1/d2/up") ||
	    symlink("d1/f2", "tree/sl_file") ||
	    symlink("../outside", "tree/sl_dir") ||
	    symlink("nowhere", "tree/sl_dangling"))
		tst_brk(TBROK | TERRNO, "symlink()");
	SAFE_MKDIR("outside", 0755);
	make_file("outside/of", "outside\n");
	/* nobody may search it but not read it: FTW_DNR */
	SAFE_MKDIR("tree/noread", 0711);
	make_file("tree/noread/hidden", "x");
	/* nobody may read it but not search it: FTW_NS for what is in it */
	SAFE_MKDIR("tree/nosearch", 0744);
	make_file("tree/nosearch/inner", "y");
	fd = SAFE_OPEN("tree/big", O_CREAT | O_WRONLY, 0644);
	have_big = !ftruncate(fd, BIGSIZE);
	if (!have_big)
		tst_res(TINFO | TERRNO, "no %llu-byte file here",
			(unsigned long long)BIGSIZE);
	SAFE_CLOSE(fd);
	SAFE_MKDIR("tree/mnt", 0755);
	SAFE_MOUNT("ltp-nftw", "tree/mnt", "tmpfs", 0, "size=64k");
	mounted = 1;
	make_file("tree/mnt/m1", "on tmpfs\n");
	if (symlink("loop", "loop"))
		tst_brk(TBROK | TERRNO, "symlink()");
}

/* ---- the checks ---- */

static void test_walks(void)
{
	walk_and_check("tree", 0, 16, NFTW_NAME "(tree, 0)");
	walk_and_check("tree", FTW_PHYS, 16, NFTW_NAME "(tree, FTW_PHYS)");
	walk_and_check("tree", FTW_DEPTH, 16, NFTW_NAME "(tree, FTW_DEPTH)");
	walk_and_check("tree", FTW_PHYS | FTW_DEPTH, 16,
		       NFTW_NAME "(tree, FTW_PHYS | FTW_DEPTH)");
	walk_and_check("tree", FTW_PHYS | FTW_MOUNT, 16,
		       NFTW_NAME "(tree, FTW_PHYS | FTW_MOUNT)");
}

static void test_big(void)
{
	int i;

	if (!have_big) {
		tst_res(TCONF, "no file of %llu bytes on this filesystem",
			(unsigned long long)BIGSIZE);
		return;
	}
	if (do_walk("tree", FTW_PHYS, 16))
		tst_brk(TBROK | TERRNO, NFTW_NAME "()");
	for (i = 0; i < ngot; i++)
		if (!strcmp(got[i].path, "tree/big"))
			break;
	TST_EXP_EXPR(i < ngot && (unsigned long long)got[i].size == BIGSIZE,
		     NFTW_NAME "() reports the 64-bit size %llu of tree/big "
		     "(%lld)", (unsigned long long)BIGSIZE,
		     i < ngot ? (long long)got[i].size : -1LL);
}

static void test_chdir(void)
{
	struct stat before, after, parent;
	char dir[PATH_MAX], *slash;
	int i, ok = 1;

	if (sys_fstatat(AT_FDCWD, ".", &before, 0))
		tst_brk(TBROK | TERRNO, "stat(.)");
	ref_walk("tree", FTW_PHYS | FTW_CHDIR);
	if (do_walk("tree", FTW_PHYS | FTW_CHDIR, 16)) {
		tst_res(TFAIL | TERRNO, NFTW_NAME "(FTW_CHDIR)");
		return;
	}
	if (!same_set(NFTW_NAME "(tree, FTW_PHYS | FTW_CHDIR)"))
		return;
	for (i = 0; i < ngot && ok; i++) {
		strcpy(dir, got[i].path);
		slash = strrchr(dir, '/');
		if (slash)
			*slash = 0;
		else
			strcpy(dir, ".");
		if (sys_fstatat(AT_FDCWD, dir, &parent, 0))
			tst_brk(TBROK | TERRNO, "stat(%s)", dir);
		if (got[i].cwd_dev != parent.st_dev ||
		    got[i].cwd_ino != parent.st_ino) {
			tst_res(TFAIL, NFTW_NAME "(FTW_CHDIR): the working "
				"directory for %s is not %s", got[i].path, dir);
			ok = 0;
		}
	}
	if (ok)
		tst_res(TPASS, NFTW_NAME "(FTW_CHDIR): for each of the %d "
			"objects the working directory is the directory "
			"holding it", ngot);
	if (sys_fstatat(AT_FDCWD, ".", &after, 0))
		tst_brk(TBROK | TERRNO, "stat(.)");
	TST_EXP_EXPR(after.st_dev == before.st_dev &&
		     after.st_ino == before.st_ino, NFTW_NAME "(FTW_CHDIR) "
		     "gives the working directory back");
}

static void test_fds(void)
{
	int i, most = 0;

	baseline_fds = open_fds();
	count_fds = 1;
	if (do_walk("tree", FTW_PHYS, 1))
		tst_res(TFAIL | TERRNO, NFTW_NAME "(nopenfd 1)");
	count_fds = 0;
	for (i = 0; i < ngot; i++)
		if (got[i].extra_fds > most)
			most = got[i].extra_fds;
	TST_EXP_EXPR(most <= 1, NFTW_NAME "(tree, nopenfd 1) held at most %d "
		     "descriptor(s) open beyond the caller's", most);
	TST_EXP_EXPR(open_fds() == baseline_fds, NFTW_NAME "() closed every "
		     "descriptor it opened (%d open, %d before)", open_fds(),
		     baseline_fds);
}

static void test_stop(void)
{
	int ret, i;

	stop_at = 3;
	stop_ret = 42;
	ret = do_walk("tree", FTW_PHYS, 16);
	TST_EXP_EXPR(ret == 42 && ngot == 3, NFTW_NAME "() stops at the "
		     "callback's nonzero return and returns it (%d after %d "
		     "calls)", ret, ngot);
	stop_ret = FTW_STOP;
	ret = do_walk("tree", FTW_PHYS | FTW_ACTIONRETVAL, 16);
	TST_EXP_EXPR(ret == FTW_STOP && ngot == 3, NFTW_NAME
		     "(FTW_ACTIONRETVAL) stops at FTW_STOP and returns it "
		     "(%d after %d calls)", ret, ngot);
	stop_at = 0;

	skip_subtree = "tree/d1";
	ref_walk("tree", FTW_PHYS);
	ret = do_walk("tree", FTW_PHYS | FTW_ACTIONRETVAL, 16);
	skip_subtree = NULL;
	for (i = 0; i < nwant; i++) {
		if (is_below(want[i].path, "tree/d1"))
			want[i--] = want[--nwant];
	}
	if (!ret && same_set(NFTW_NAME "(FTW_ACTIONRETVAL, FTW_SKIP_SUBTREE"
			     " at tree/d1)"))
		tst_res(TPASS, NFTW_NAME "(FTW_ACTIONRETVAL): FTW_SKIP_SUBTREE "
			"at tree/d1 leaves out what is below it, and only that");
}

/* nftw() fails like the kernel's stat() of the path */
static void expect_errno(const char *path, int flags, int err,
			 const char *what)
{
	struct stat st;
	int kret, kerr, ret;

	errno = 0;
	kret = sys_fstatat(AT_FDCWD, path, &st,
			   flags & FTW_PHYS ? AT_SYMLINK_NOFOLLOW : 0);
	kerr = errno;
	ret = do_walk(path, flags, 16);
	TST_EXP_EXPR(ret == -1 && errno == err && !ngot && kret == -1 &&
		     kerr == err, NFTW_NAME "(%s) fails with %s, as the kernel "
		     "says (%d %s, %d calls; stat: %s)", what,
		     tst_strerrno(err), ret, tst_strerrno(errno), ngot,
		     tst_strerrno(kerr));
}

static void test_errors(void)
{
	static char name[NAME_MAX + 2], path[PATH_MAX + 2];
	int i;

	expect_errno("", 0, ENOENT, "\"\"");
	expect_errno("missing", 0, ENOENT, "a missing path");
	expect_errno("tree/f1/x", 0, ENOTDIR, "a file as a directory");
	memset(name, 'n', NAME_MAX + 1);
	expect_errno(name, 0, ENAMETOOLONG, "a name of NAME_MAX + 1 bytes");
	memset(path, 'p', PATH_MAX);
	for (i = 1; i < PATH_MAX - 1; i += 2)
		path[i] = '/';
	expect_errno(path, 0, ENAMETOOLONG, "a path of PATH_MAX bytes");
	expect_errno("loop", 0, ELOOP, "a symbolic link loop, followed");
	TST_EXP_EXPR(!do_walk("loop", FTW_PHYS, 16) && ngot == 1 &&
		     got[0].flag == FTW_SL, NFTW_NAME "(a symbolic link loop, "
		     "FTW_PHYS) reports it once as FTW_SL");
	TST_EXP_EXPR(!do_walk("tree/sl_dangling", 0, 16) && ngot == 1 &&
		     got[0].flag == FTW_SLN, NFTW_NAME "(a dangling symbolic "
		     "link) reports it once as FTW_SLN");
}

static void as_nobody(void)
{
	walk_and_check("tree", 0, 16, NFTW_NAME "(tree, 0) as nobody");
	walk_and_check("tree", FTW_PHYS | FTW_DEPTH, 16,
		       NFTW_NAME "(tree, FTW_PHYS | FTW_DEPTH) as nobody");
	expect_errno("tree/nosearch/inner", 0, EACCES,
		     "below a directory nobody may not search");
	TST_EXP_EXPR(!do_walk("tree/noread", FTW_PHYS, 16) && ngot == 1 &&
		     got[0].flag == FTW_DNR, NFTW_NAME "(a directory nobody "
		     "may not read) reports it once as FTW_DNR");
}

static void nftw_run(void)
{
	test_walks();
	test_big();
	test_chdir();
	test_fds();
	test_stop();
	test_errors();
	run_in_nobody_child(as_nobody, "the walks as nobody");
}

static void nftw_setup(void)
{
	make_tree();
}

static void nftw_cleanup(void)
{
	if (mounted)
		SAFE_UMOUNT("tree/mnt");
}

#endif /* NFTW_TEST_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * When making a mount read-only is refused with EBUSY, and where the
 * read-only state shows. A tmpfs is mounted on orig, with a bind mount
 * of it on b.
 *
 * Bind remount (MS_REMOUNT | MS_BIND | MS_RDONLY of b): writers count
 * per mount (mnt_make_readonly() in fs/namespace.c), so a file open for
 * writing through b makes it EBUSY: O_WRONLY, O_RDWR, and a mapping of
 * an O_RDWR descriptor (MAP_SHARED or MAP_PRIVATE) after close(), which
 * still holds the file. An O_RDONLY or O_PATH descriptor, a read-only
 * mapping, an unlinked file held open and an O_RDWR descriptor through
 * orig do not. While EBUSY, b stays writable; once the holder is gone the
 * remount succeeds.
 *
 * Superblock remount (MS_REMOUNT | MS_RDONLY of orig): a writer through
 * either mount and an unlinked file still open are EBUSY
 * (sb_prepare_remount_readonly()); afterwards both mounts are read-only.
 *
 * Across mount namespaces (B a copy of A by unshare(), b shared in A so
 * B's copy is its peer): B's copy of a read-only bind is read-only; the
 * read-only flag of a mount does not propagate (B remounting its b
 * read-only leaves A's writable, B remounting its copy read-write leaves
 * A's read-only), a read-only mount that propagates from A into B is
 * read-only there, a later remount in A does not reach B's copy; a writer in A makes a superblock remount in B EBUSY,
 * and a superblock remount in B makes A's mounts read-only too.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include "tst_test.h"
#include "mount_ns.h"

#define BIND_RO (MS_REMOUNT | MS_BIND | MS_RDONLY)
#define BIND_RW (MS_REMOUNT | MS_BIND)

enum how { H_WRONLY, H_RDWR, H_RDONLY, H_PATH, H_MAP_SHARED, H_MAP_PRIVATE,
	   H_MAP_READ, H_ORIG_RDWR, H_UNLINKED };

struct holder {
	const char *name;
	enum how how;
	int bind_busy, sb_busy;
};

static const struct holder holders[] = {
	{"O_WRONLY descriptor through b", H_WRONLY, 1, 1},
	{"O_RDWR descriptor through b", H_RDWR, 1, 1},
	{"O_RDONLY descriptor through b", H_RDONLY, 0, 0},
	{"O_PATH descriptor through b", H_PATH, 0, 0},
	{"MAP_SHARED PROT_WRITE mapping through b, fd closed",
	 H_MAP_SHARED, 1, 1},
	{"MAP_PRIVATE mapping of an O_RDWR fd through b, fd closed",
	 H_MAP_PRIVATE, 1, 1},
	{"MAP_SHARED PROT_READ mapping of an O_RDONLY fd, fd closed",
	 H_MAP_READ, 0, 0},
	{"O_RDWR descriptor through orig", H_ORIG_RDWR, 0, 1},
	{"unlinked file held open (O_RDONLY) through b", H_UNLINKED, 0, 1},
};

static int hold_fd = -1;
static void *hold_map;

static void hold(enum how how)
{
	int fd;

	switch (how) {
	case H_WRONLY:
		hold_fd = SAFE_OPEN("b/f", O_WRONLY);
		break;
	case H_RDWR:
		hold_fd = SAFE_OPEN("b/f", O_RDWR);
		break;
	case H_RDONLY:
		hold_fd = SAFE_OPEN("b/f", O_RDONLY);
		break;
	case H_PATH:
		hold_fd = SAFE_OPEN("b/f", O_PATH);
		break;
	case H_MAP_SHARED:
	case H_MAP_PRIVATE:
		fd = SAFE_OPEN("b/f", O_RDWR);
		hold_map = SAFE_MMAP(NULL, 4096, PROT_READ | PROT_WRITE,
				     how == H_MAP_SHARED ? MAP_SHARED :
				     MAP_PRIVATE, fd, 0);
		SAFE_CLOSE(fd);
		break;
	case H_MAP_READ:
		fd = SAFE_OPEN("b/f", O_RDONLY);
		hold_map = SAFE_MMAP(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
		SAFE_CLOSE(fd);
		break;
	case H_ORIG_RDWR:
		hold_fd = SAFE_OPEN("orig/f", O_RDWR);
		break;
	case H_UNLINKED:
		SAFE_FILE_PRINTF("b/gone", "x");
		hold_fd = SAFE_OPEN("b/gone", O_RDONLY);
		SAFE_UNLINK("b/gone");
		break;
	}
}

static void release(void)
{
	if (hold_fd >= 0)
		SAFE_CLOSE(hold_fd);
	if (hold_map) {
		SAFE_MUNMAP(hold_map, 4096);
		hold_map = NULL;
	}
}

static int is_ro(const char *path)
{
	struct statvfs sv;

	if (statvfs(path, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", path);
	return !!(sv.f_flag & ST_RDONLY);
}

/* A new file through dir: 0 when it worked, else the errno */
static int try_create(const char *dir)
{
	char p[PATH_MAX];
	int fd;

	snprintf(p, sizeof(p), "%s/new", dir);
	fd = open(p, O_CREAT | O_WRONLY, 0644);
	if (fd < 0)
		return errno;
	SAFE_CLOSE(fd);
	SAFE_UNLINK(p);
	return 0;
}

static void expect_writable(const char *dir, int want, const char *why)
{
	int err = try_create(dir);
	int ro = is_ro(dir);

	if (want && !err && !ro)
		tst_res(TPASS, "%s is writable %s", dir, why);
	else if (!want && err == EROFS && ro)
		tst_res(TPASS, "%s is read-only %s (EROFS, ST_RDONLY)", dir,
			why);
	else
		tst_res(TFAIL, "%s %s: create gives %s, ST_RDONLY %d, "
			"expected %s", dir, why, err ? tst_strerrno(err) : "0",
			ro, want ? "writable" : "read-only");
}

/* Remount target read-only with flags while h holds; then without. */
static void remount_row(const struct holder *h, const char *target,
			unsigned long flags, int busy)
{
	const char *kind = flags & MS_BIND ? "bind" : "superblock";

	hold(h->how);
	TEST(mount(NULL, target, NULL, flags, NULL));
	if (busy) {
		if (TST_RET == -1 && TST_ERR == EBUSY)
			tst_res(TPASS, "%s remount read-only of %s with %s: "
				"EBUSY", kind, target, h->name);
		else
			tst_res(TFAIL | TTERRNO, "%s remount read-only of %s "
				"with %s returned %ld, expected EBUSY", kind,
				target, h->name, TST_RET);
		if (TST_RET == -1) {
			expect_writable("b", 1, "after the refusal");
			release();
			TEST(mount(NULL, target, NULL, flags, NULL));
		}
	} else if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "%s remount read-only of %s with %s",
			kind, target, h->name);
	} else {
		tst_res(TPASS, "%s remount read-only of %s with %s succeeds",
			kind, target, h->name);
	}
	release();
	if (TST_RET)
		tst_brk(TBROK | TTERRNO, "%s remount read-only of %s without "
			"a holder", kind, target);

	if (flags & MS_BIND) {
		expect_writable("b", 0, "after the bind remount");
		expect_writable("orig", 1, "beside it");
		SAFE_MOUNT(NULL, "b", NULL, BIND_RW, NULL);
	} else {
		expect_writable("b", 0, "after the superblock remount");
		expect_writable("orig", 0, "after the superblock remount");
		SAFE_MOUNT(NULL, "orig", NULL, MS_REMOUNT, NULL);
	}
	TST_EXP_EXPR(!try_create("b") && !try_create("orig"),
		     "both writable again");
}

static void mkdir_once(const char *path)
{
	if (mkdir(path, 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", path);
}

static void make_fs(void)
{
	mnt_private_ns();
	mkdir_once("orig");
	mkdir_once("b");
	mkdir_once("r");
	SAFE_MOUNT("ltp_robind", "orig", "tmpfs", 0, "size=4m");
	SAFE_MKDIR("orig/x", 0755);
	SAFE_MKDIR("orig/y", 0755);
	SAFE_FILE_PRINTF("orig/f", "data");
	SAFE_MOUNT("orig", "b", NULL, MS_BIND, NULL);
}

static void holders_test(unsigned long flags)
{
	const char *target = flags & MS_BIND ? "b" : "orig";
	unsigned int i;

	make_fs();
	for (i = 0; i < ARRAY_SIZE(holders); i++)
		remount_row(&holders[i], target, flags, flags & MS_BIND ?
			    holders[i].bind_busy : holders[i].sb_busy);
}

static char top[PATH_MAX];
static int fd_a, fd_b;

/* setns() leaves us at the namespace's root: back to the tmpdir */
static void go_top(void)
{
	if (chdir(top))
		tst_brk(TBROK | TERRNO, "chdir(%s)", top);
}

static void enter(int fd)
{
	if (setns(fd, CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "setns(CLONE_NEWNS)");
	go_top();
}

static void namespaces_test(void)
{
	make_fs();
	SAFE_MOUNT(NULL, "b", NULL, MS_SHARED, NULL);
	SAFE_MOUNT("orig", "r", NULL, MS_BIND, NULL);
	SAFE_MOUNT(NULL, "r", NULL, BIND_RO, NULL);

	if (!getcwd(top, sizeof(top)))
		tst_brk(TBROK | TERRNO, "getcwd");
	fd_a = SAFE_OPEN("/proc/self/ns/mnt", O_RDONLY);
	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	fd_b = SAFE_OPEN("/proc/self/ns/mnt", O_RDONLY);
	go_top();

	tst_res(TINFO, "in B");
	expect_writable("r", 0, "in B, a copy of A's read-only bind");
	TST_EXP_PASS(mount(NULL, "b", NULL, BIND_RO, NULL),
		     "B remounts its copy of b read-only");
	TST_EXP_PASS(mount(NULL, "r", NULL, BIND_RW, NULL),
		     "B remounts its copy of r read-write");
	expect_writable("r", 1, "in B after that");
	enter(fd_a);
	tst_res(TINFO, "in A");
	expect_writable("b", 1, "in A, B's peer made read-only");
	expect_writable("r", 0, "in A, B's copy made read-write");

	/* A read-only mount propagates read-only, a later remount not */
	SAFE_MOUNT("r", "b/x", NULL, MS_BIND, NULL);
	SAFE_MOUNT("orig/x", "b/y", NULL, MS_BIND, NULL);
	SAFE_MOUNT(NULL, "b/y", NULL, BIND_RO, NULL);
	hold_fd = SAFE_OPEN("b/f", O_WRONLY);
	enter(fd_b);
	tst_res(TINFO, "in B");
	expect_writable("b/x", 0, "in B, a read-only mount propagated");
	expect_writable("b/y", 1, "in B, propagated before A's remount");
	TST_EXP_FAIL(mount(NULL, "orig", NULL, MS_REMOUNT | MS_RDONLY, NULL),
		     EBUSY, "superblock remount read-only in B while A has "
		     "a writer");
	enter(fd_a);
	SAFE_CLOSE(hold_fd);
	enter(fd_b);
	TST_EXP_PASS(mount(NULL, "orig", NULL, MS_REMOUNT | MS_RDONLY, NULL),
		     "superblock remount read-only in B after A closed it");
	enter(fd_a);
	tst_res(TINFO, "in A");
	expect_writable("orig", 0, "in A after B's superblock remount");
	expect_writable("b", 0, "in A, a bind of that superblock");
	enter(fd_b);
	SAFE_MOUNT(NULL, "orig", NULL, MS_REMOUNT, NULL);
	enter(fd_a);
	expect_writable("orig", 1, "in A after B's remount read-write");
	SAFE_CLOSE(fd_a);
	SAFE_CLOSE(fd_b);
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		switch (n) {
		case 0:
			tst_res(TINFO, "bind remount of b");
			holders_test(BIND_RO);
			break;
		case 1:
			tst_res(TINFO, "superblock remount of orig");
			holders_test(MS_REMOUNT | MS_RDONLY);
			break;
		case 2:
			tst_res(TINFO, "two mount namespaces");
			namespaces_test();
			break;
		}
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

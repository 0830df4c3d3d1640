// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The link and sticky-directory protections, fs.protected_symlinks,
 * protected_hardlinks, protected_fifos and protected_regular (saved, set
 * and restored). Objects belong to a uid A (chown, no process), the actor
 * is a child running as uid B, or root; dirs belong to root.
 *  - protected_symlinks 1: in a sticky world-writable dir (01777) B's
 *    open() and stat() through A's symlink are EACCES, also an O_DIRECTORY
 *    open() of A's link to a directory; lstat() and readlink() work;
 *    root is refused too (no capability overrides it); A itself, a link
 *    owned by the dir's owner, the same link in a 0777 dir without the
 *    sticky bit and one in a sticky dir that is not world-writable
 *    (01755) are followed; at 0 B follows A's link;
 *  - protected_hardlinks 1: B's link() to A's files is EPERM for mode
 *    0600 and 0644 (not readable and writable), a set-user-ID 04666 file,
 *    a set-group-ID group-executable 02676 file and a FIFO; it works for
 *    a 0666 file, for 02666 (set-group-ID, not executable), for B's own
 *    0600 file and for root (CAP_FOWNER); at 0 B links A's 0600 file;
 *  - protected_fifos / protected_regular 1: B's O_CREAT open() of A's
 *    existing FIFO or regular file in the 01777 dir is EACCES (root's
 *    too); without O_CREAT it opens; O_CREAT|O_EXCL stays EEXIST; A's
 *    own open and a file owned by the dir's owner are allowed; in a
 *    group-writable sticky dir (01770, B in its group) 1 allows and 2
 *    refuses; at 0 B opens.
 * These stop the /tmp races (symlink and hardlink planting, FIFO and file
 * squatting) privileged programs lose; a wrong answer is an escalation.
 */
#include <grp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"

#define SYML	"/proc/sys/fs/protected_symlinks"
#define HARD	"/proc/sys/fs/protected_hardlinks"
#define FIFOS	"/proc/sys/fs/protected_fifos"
#define REG	"/proc/sys/fs/protected_regular"

#define STICKY	"sticky"	/* 01777 root */
#define OPEN	"open"		/* 0777 root */
#define STNW	"stnw"		/* 01755 root */
#define GST	"gsticky"	/* 01770 root:gid_b */

static uid_t uid_a, uid_b;
static gid_t gid_b;

static void become(uid_t uid, gid_t gid)
{
	if (setgroups(0, NULL) || setresgid(gid, gid, gid) ||
	    setresuid(uid, uid, uid))
		tst_brk(TBROK | TERRNO, "dropping to uid %u", (unsigned int)uid);
}

/* Run fn in a child as uid (0: stays root). */
static void as(uid_t uid, void (*fn)(void))
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (uid)
			become(uid, uid == uid_b ? gid_b : uid);
		fn();
		exit(0);
	}
	reap_child(pid);
}

static void owned(const char *path, uid_t uid)
{
	if (lchown(path, uid, uid))
		tst_brk(TBROK | TERRNO, "lchown(%s, %u)", path, (unsigned int)uid);
}

static void exp_open(const char *path, int flags, int err, const char *who)
{
	int fd = open(path, flags, 0600);

	if (!err) {
		if (fd >= 0) {
			tst_res(TPASS, "%s: open(%s) works", who, path);
			SAFE_CLOSE(fd);
		} else {
			tst_res(TFAIL | TERRNO, "%s: open(%s)", who, path);
		}
		return;
	}
	if (fd >= 0) {
		tst_res(TFAIL, "%s: open(%s) succeeded, expected %s", who,
			path, tst_strerrno(err));
		SAFE_CLOSE(fd);
	} else if (errno != err) {
		tst_res(TFAIL | TERRNO, "%s: open(%s) expected %s", who, path,
			tst_strerrno(err));
	} else {
		tst_res(TPASS, "%s: open(%s): %s", who, path,
			tst_strerrno(err));
	}
}

static void exp_link(const char *src, int err, const char *who)
{
	TEST(link(src, OPEN "/hl"));
	if (!err) {
		if (TST_RET)
			tst_res(TFAIL | TTERRNO, "%s: link(%s)", who, src);
		else
			tst_res(TPASS, "%s: link(%s) works", who, src);
	} else if (!TST_RET) {
		tst_res(TFAIL, "%s: link(%s) succeeded, expected %s", who,
			src, tst_strerrno(err));
	} else if (TST_ERR != err) {
		tst_res(TFAIL | TTERRNO, "%s: link(%s) expected %s", who,
			src, tst_strerrno(err));
	} else {
		tst_res(TPASS, "%s: link(%s): %s", who, src,
			tst_strerrno(err));
	}
	if (!TST_RET)
		unlink(OPEN "/hl");
}

static void set(const char *path, int v)
{
	SAFE_FILE_PRINTF(path, "%d", v);
}

/* --- symlinks --- */

static void sym_b(void)
{
	struct stat st;
	char buf[64];
	ssize_t n;

	exp_open(STICKY "/ln_a", O_RDONLY, EACCES, "B, A's link");
	TST_EXP_FAIL(stat(STICKY "/ln_a", &st), EACCES,
		     "B: stat() through A's link");
	exp_open(STICKY "/dln_a", O_RDONLY | O_DIRECTORY, EACCES,
		 "B, A's link to a dir");
	TST_EXP_PASS(lstat(STICKY "/ln_a", &st), "B: lstat() of A's link");
	n = readlink(STICKY "/ln_a", buf, sizeof(buf) - 1);
	if (n == 6 && !memcmp(buf, "../tgt", 6))
		tst_res(TPASS, "B: readlink() of A's link reads ../tgt");
	else
		tst_res(TFAIL | TERRNO, "B: readlink() returned %zd", n);
	exp_open(STICKY "/ln_root", O_RDONLY, 0, "B, dir owner's link");
	exp_open(OPEN "/ln_a", O_RDONLY, 0, "B, A's link, not sticky");
	exp_open(STNW "/ln_a", O_RDONLY, 0, "B, A's link, sticky 01755");
}

static void sym_a(void)
{
	exp_open(STICKY "/ln_a", O_RDONLY, 0, "A, its own link");
}

static void sym_root(void)
{
	exp_open(STICKY "/ln_a", O_RDONLY, EACCES, "root, A's link");
}

static void sym_b_off(void)
{
	exp_open(STICKY "/ln_a", O_RDONLY, 0, "B, A's link, sysctl 0");
	exp_open(STICKY "/dln_a", O_RDONLY | O_DIRECTORY, 0,
		 "B, A's link to a dir, sysctl 0");
}

/* --- hardlinks --- */

static void hard_b(void)
{
	exp_link(OPEN "/a600", EPERM, "B, A's 0600");
	exp_link(OPEN "/a644", EPERM, "B, A's 0644");
	exp_link(OPEN "/a4666", EPERM, "B, A's set-uid 04666");
	exp_link(OPEN "/a2676", EPERM, "B, A's set-gid g+x 02676");
	exp_link(OPEN "/afifo", EPERM, "B, A's FIFO 0666");
	exp_link(OPEN "/a666", 0, "B, A's 0666");
	exp_link(OPEN "/a2666", 0, "B, A's set-gid 02666");
	exp_link(OPEN "/b600", 0, "B, its own 0600");
}

static void hard_root(void)
{
	exp_link(OPEN "/a600", 0, "root, A's 0600");
}

static void hard_b_off(void)
{
	exp_link(OPEN "/a600", 0, "B, A's 0600, sysctl 0");
}

/* --- fifos and regular files --- */

#define FIFO_O	(O_RDONLY | O_NONBLOCK | O_CREAT)
#define REG_O	(O_WRONLY | O_CREAT)

static void creat_b1(void)
{
	exp_open(STICKY "/fifo_a", FIFO_O, EACCES, "B, O_CREAT A's FIFO");
	exp_open(STICKY "/fifo_a", O_RDONLY | O_NONBLOCK, 0,
		 "B, A's FIFO without O_CREAT");
	exp_open(STICKY "/reg_a", REG_O, EACCES, "B, O_CREAT A's file");
	exp_open(STICKY "/reg_a", O_WRONLY, 0, "B, A's file without O_CREAT");
	exp_open(STICKY "/reg_a", REG_O | O_EXCL, EEXIST,
		 "B, O_CREAT|O_EXCL A's file");
	exp_open(STICKY "/fifo_root", FIFO_O, 0, "B, O_CREAT dir owner's FIFO");
	exp_open(STICKY "/reg_root", REG_O, 0, "B, O_CREAT dir owner's file");
	exp_open(GST "/fifo_a", FIFO_O, 0, "B, O_CREAT A's FIFO in 01770, 1");
	exp_open(GST "/reg_a", REG_O, 0, "B, O_CREAT A's file in 01770, 1");
}

static void creat_a(void)
{
	exp_open(STICKY "/fifo_a", FIFO_O, 0, "A, O_CREAT its FIFO");
	exp_open(STICKY "/reg_a", REG_O, 0, "A, O_CREAT its file");
}

static void creat_root(void)
{
	exp_open(STICKY "/fifo_a", FIFO_O, EACCES, "root, O_CREAT A's FIFO");
	exp_open(STICKY "/reg_a", REG_O, EACCES, "root, O_CREAT A's file");
}

static void creat_b2(void)
{
	exp_open(GST "/fifo_a", FIFO_O, EACCES,
		 "B, O_CREAT A's FIFO in 01770, 2");
	exp_open(GST "/reg_a", REG_O, EACCES,
		 "B, O_CREAT A's file in 01770, 2");
}

static void creat_b0(void)
{
	exp_open(STICKY "/fifo_a", FIFO_O, 0, "B, O_CREAT A's FIFO, sysctl 0");
	exp_open(STICKY "/reg_a", REG_O, 0, "B, O_CREAT A's file, sysctl 0");
}

static void mkfile(const char *path, mode_t mode, uid_t uid)
{
	SAFE_FILE_PRINTF(path, "x");
	owned(path, uid);
	SAFE_CHMOD(path, mode);
}

static void mkfifo_as(const char *path, uid_t uid)
{
	if (mkfifo(path, 0666))
		tst_brk(TBROK | TERRNO, "mkfifo(%s)", path);
	owned(path, uid);
	SAFE_CHMOD(path, 0666);
}

static void mksym(const char *target, const char *path)
{
	if (symlink(target, path))
		tst_brk(TBROK | TERRNO, "symlink(%s)", path);
}

static void mkdir_mode(const char *path, mode_t mode, gid_t gid)
{
	SAFE_MKDIR(path, 0700);
	SAFE_CHOWN(path, 0, gid);
	SAFE_CHMOD(path, mode);
}

static void setup(void)
{
	const char *dirs[] = {STICKY, OPEN, STNW};
	char path[64];
	unsigned int i;

	uid_a = 0x40000000u + getpid();
	uid_b = 0x48000000u + getpid();
	gid_b = uid_b;

	mkdir_mode(STICKY, 01777, 0);
	mkdir_mode(OPEN, 0777, 0);
	mkdir_mode(STNW, 01755, 0);
	mkdir_mode(GST, 01770, gid_b);
	mkdir_mode("tdir", 0755, 0);
	SAFE_FILE_PRINTF("tgt", "target");
	SAFE_CHMOD("tgt", 0644);

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s/ln_a", dirs[i]);
		mksym("../tgt", path);
		owned(path, uid_a);
	}
	mksym("../tdir", STICKY "/dln_a");
	owned(STICKY "/dln_a", uid_a);
	mksym("../tgt", STICKY "/ln_root");

	mkfile(OPEN "/a600", 0600, uid_a);
	mkfile(OPEN "/a644", 0644, uid_a);
	mkfile(OPEN "/a666", 0666, uid_a);
	mkfile(OPEN "/a4666", 04666, uid_a);
	mkfile(OPEN "/a2676", 02676, uid_a);
	mkfile(OPEN "/a2666", 02666, uid_a);
	mkfile(OPEN "/b600", 0600, uid_b);
	mkfifo_as(OPEN "/afifo", uid_a);

	mkfifo_as(STICKY "/fifo_a", uid_a);
	mkfifo_as(STICKY "/fifo_root", 0);
	mkfile(STICKY "/reg_a", 0666, uid_a);
	mkfile(STICKY "/reg_root", 0666, 0);
	mkfifo_as(GST "/fifo_a", uid_a);
	mkfile(GST "/reg_a", 0666, uid_a);
}

static void run(void)
{
	set(SYML, 1);
	as(uid_b, sym_b);
	as(uid_a, sym_a);
	as(0, sym_root);
	set(SYML, 0);
	as(uid_b, sym_b_off);

	set(HARD, 1);
	as(uid_b, hard_b);
	as(0, hard_root);
	set(HARD, 0);
	as(uid_b, hard_b_off);

	set(FIFOS, 1);
	set(REG, 1);
	as(uid_b, creat_b1);
	as(uid_a, creat_a);
	as(0, creat_root);
	set(FIFOS, 2);
	set(REG, 2);
	as(uid_b, creat_b2);
	set(FIFOS, 0);
	set(REG, 0);
	as(uid_b, creat_b0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ SYML, NULL, 0 },
		{ HARD, NULL, 0 },
		{ FIFOS, NULL, 0 },
		{ REG, NULL, 0 },
		{ NULL, NULL, 0 }
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mknod(2), the raw system call (glibc's mknod() is mknodat on x86-64),
 * makes each kind of node with the mode and device number asked for:
 * - S_IFIFO: a FIFO, mode & ~umask, owned by the caller, st_rdev 0 even
 *   when a device number is passed, and data written to it reads back;
 * - S_IFREG, and type bits 0: an empty regular file;
 * - S_IFCHR 1:3: a character device with st_rdev 1:3 that behaves as
 *   /dev/null (a write is taken, a read gives EOF);
 * - S_IFBLK 259:70000: a block device whose st_rdev keeps the 20-bit
 *   minor (the new_encode_dev layout);
 * - S_IFSOCK: a socket node, which refuses connect() (ECONNREFUSED) as
 *   nothing listens on it;
 * - umask 0: mode 0777 is kept whole;
 * - as nobody: a FIFO and a regular file owned by nobody, and a whiteout
 *   (S_IFCHR, device 0:0), which needs no CAP_MKNOD since Linux 5.8
 *   ("vfs: allow unprivileged whiteout creation").
 * Device nodes need CAP_MKNOD: without it those cases are TCONF.
 */
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "cap_check.h"
#include "fsmeta.h"

static long sys_mknod(const char *path, mode_t mode, dev_t dev)
{
	return tst_syscall(__NR_mknod, path, mode, (unsigned int)dev);
}

static void expect_node(const char *path, mode_t mode, dev_t rdev)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(st.st_mode == mode && st.st_rdev == rdev &&
		     st.st_uid == geteuid() && st.st_size == 0,
		     "%s: st_mode 0%o (want 0%o), st_rdev %u:%u (want %u:%u), "
		     "uid %u, size %ld", path, (unsigned int)st.st_mode,
		     (unsigned int)mode, major(st.st_rdev), minor(st.st_rdev),
		     major(rdev), minor(rdev), (unsigned int)st.st_uid,
		     (long)st.st_size);
	SAFE_UNLINK(path);
}

static void check_fifo(void)
{
	char buf[4] = "";
	int fd;

	TST_EXP_PASS(sys_mknod("fifo", S_IFIFO | 0666, makedev(1, 3)),
		     "mknod(fifo, S_IFIFO | 0666, 1:3)");
	if (!TST_PASS)
		return;
	fd = SAFE_OPEN("fifo", O_RDWR);
	SAFE_WRITE(1, fd, "abc", 3);
	SAFE_READ(1, fd, buf, 3);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!memcmp(buf, "abc", 3), "the FIFO passes data through");
	expect_node("fifo", S_IFIFO | 0644, 0);
}

static void check_reg(void)
{
	TST_EXP_PASS(sys_mknod("reg", S_IFREG | 0640, 0),
		     "mknod(reg, S_IFREG | 0640)");
	if (TST_PASS)
		expect_node("reg", S_IFREG | 0640, 0);
	TST_EXP_PASS(sys_mknod("reg0", 0600, 0), "mknod(reg0, 0600)");
	if (TST_PASS)
		expect_node("reg0", S_IFREG | 0600, 0);
}

static void check_chr(void)
{
	struct statvfs sv;
	char buf[4];
	int fd;

	TST_EXP_PASS(sys_mknod("chr", S_IFCHR | 0666, makedev(1, 3)),
		     "mknod(chr, S_IFCHR | 0666, 1:3)");
	if (!TST_PASS)
		return;
	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs(.)");
	if (sv.f_flag & ST_NODEV) {
		tst_res(TCONF, "the tmpdir is mounted nodev: the node is not "
			"opened");
	} else {
		fd = SAFE_OPEN("chr", O_RDWR);
		TST_EXP_VAL(write(fd, "abc", 3), 3, "write() to the 1:3 node");
		TST_EXP_VAL(read(fd, buf, sizeof(buf)), 0,
			    "read() of the 1:3 node is EOF");
		SAFE_CLOSE(fd);
	}
	expect_node("chr", S_IFCHR | 0644, makedev(1, 3));
}

static void check_blk(void)
{
	TST_EXP_PASS(sys_mknod("blk", S_IFBLK | 0600, makedev(259, 70000)),
		     "mknod(blk, S_IFBLK | 0600, 259:70000)");
	if (TST_PASS)
		expect_node("blk", S_IFBLK | 0600, makedev(259, 70000));
}

static void check_sock(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd;

	TST_EXP_PASS(sys_mknod("sock", S_IFSOCK | 0666, 0),
		     "mknod(sock, S_IFSOCK | 0666)");
	if (!TST_PASS)
		return;
	strcpy(sun.sun_path, "sock");
	fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	TST_EXP_FAIL(connect(fd, (struct sockaddr *)&sun, sizeof(sun)),
		     ECONNREFUSED, "connect() to the socket node");
	SAFE_CLOSE(fd);
	expect_node("sock", S_IFSOCK | 0644, 0);
}

static void check_umask0(void)
{
	umask(0);
	TST_EXP_PASS(sys_mknod("fifo0", S_IFIFO | 0777, 0),
		     "mknod(fifo0, S_IFIFO | 0777) with umask 0");
	if (TST_PASS)
		expect_node("fifo0", S_IFIFO | 0777, 0);
	umask(022);
}

static void as_nobody(void)
{
	TST_EXP_PASS(sys_mknod("nb_fifo", S_IFIFO | 0600, 0),
		     "mknod(S_IFIFO) as nobody");
	if (TST_PASS)
		expect_node("nb_fifo", S_IFIFO | 0600, 0);
	TST_EXP_PASS(sys_mknod("nb_reg", S_IFREG | 0600, 0),
		     "mknod(S_IFREG) as nobody");
	if (TST_PASS)
		expect_node("nb_reg", S_IFREG | 0600, 0);
	TST_EXP_PASS(sys_mknod("nb_whiteout", S_IFCHR | 0600, makedev(0, 0)),
		     "mknod(S_IFCHR, 0:0), a whiteout, as nobody");
	if (TST_PASS)
		expect_node("nb_whiteout", S_IFCHR | 0600, 0);
}

static void check_nobody(void)
{
	fsm_as_nobody(as_nobody);
}

static const struct tcase {
	void (*fn)(void);
	int needs_mknod_cap;
} tcases[] = {
	{ check_fifo, 0 }, { check_reg, 0 }, { check_chr, 1 },
	{ check_blk, 1 }, { check_sock, 0 }, { check_umask0, 0 },
	{ check_nobody, 0 },
};

static void run(unsigned int n)
{
	if (tcases[n].needs_mknod_cap && !has_effective_cap(CAP_MKNOD)) {
		tst_res(TCONF, "no CAP_MKNOD: device nodes cannot be made");
		return;
	}
	tcases[n].fn();
}

static void setup(void)
{
	umask(022);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

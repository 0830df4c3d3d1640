// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getxattr() on XFS while another process sets, replaces and removes a
 * large extended attribute on the same file: setting the 512-byte
 * attribute moves the attribute fork out of the inode (shortform to
 * leaf) and removing it brings it back. Before 5a93790d4e2d ("xfs:
 * remove racy hasattr check from attr ops") a getxattr() of another,
 * small, attribute that exists throughout could see the fork in
 * transition and fail with ENODATA.
 *
 * Two readers run beside the writer, each until the writer is done
 * (400 rounds of create, replace, remove, each round's value one byte
 * value repeated): one reads trusted.small (32 bytes) with a buffer and
 * with size 0, which must always give exactly 32 and its bytes; the
 * other reads trusted.big, which must give ENODATA or exactly 512 bytes
 * of one of the values written, never a torn or short one. Each reader
 * must have read at least once while the writer ran (they start before
 * it), and the kernel must not gain the D or W taint.
 * Syscalls: getxattr, setxattr, removexattr
 */
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/xattr.h>
#include "tst_test.h"

#define MNT "mnt"
#define FILE_PATH MNT "/file"
#define SMALL "trusted.small"
#define BIG "trusted.big"
#define SMALL_LEN 32
#define BIG_LEN 512
#define ROUNDS 400

struct shared {
	volatile int stop;
	volatile int ready;
	volatile long reads[2];
};

static struct shared *sh;

static int all_bytes(const char *buf, int len, char lo, char hi)
{
	int i;

	if (buf[0] < lo || buf[0] > hi)
		return 0;
	for (i = 1; i < len; i++)
		if (buf[i] != buf[0])
			return 0;
	return 1;
}

static void read_small(void)
{
	char buf[BIG_LEN];
	ssize_t ret;

	__atomic_add_fetch(&sh->ready, 1, __ATOMIC_SEQ_CST);
	while (!sh->stop) {
		ret = getxattr(FILE_PATH, SMALL, buf, sizeof(buf));
		if (ret != SMALL_LEN || !all_bytes(buf, SMALL_LEN, 's', 's')) {
			tst_res(TFAIL | TERRNO,
				"getxattr(%s) returned %zd during the writes, expected %d bytes of 's'",
				SMALL, ret, SMALL_LEN);
			exit(0);
		}
		ret = getxattr(FILE_PATH, SMALL, NULL, 0);
		if (ret != SMALL_LEN) {
			tst_res(TFAIL | TERRNO,
				"getxattr(%s, size 0) returned %zd during the writes, expected %d",
				SMALL, ret, SMALL_LEN);
			exit(0);
		}
		sh->reads[0]++;
	}
	tst_res(TPASS, "%ld reads of the small attribute, all complete",
		sh->reads[0]);
	exit(0);
}

static void read_big(void)
{
	char buf[BIG_LEN + 64];
	ssize_t ret;
	long absent = 0;

	__atomic_add_fetch(&sh->ready, 1, __ATOMIC_SEQ_CST);
	while (!sh->stop) {
		ret = getxattr(FILE_PATH, BIG, buf, sizeof(buf));
		if (ret < 0 && errno == ENODATA) {
			absent++;
		} else if (ret != BIG_LEN || !all_bytes(buf, BIG_LEN, 'A', 'Z')) {
			tst_res(TFAIL | TERRNO,
				"getxattr(%s) returned %zd, expected ENODATA or %d bytes of one value",
				BIG, ret, BIG_LEN);
			exit(0);
		}
		sh->reads[1]++;
	}
	tst_res(TPASS, "%ld reads of the large attribute: ENODATA %ld times, else one whole value",
		sh->reads[1], absent);
	exit(0);
}

static void run(void)
{
	long long deadline;
	char val[BIG_LEN];
	pid_t small_pid, big_pid;
	long before[2];
	int i;

	memset((void *)sh, 0, sizeof(*sh));
	small_pid = SAFE_FORK();
	if (!small_pid)
		read_small();
	big_pid = SAFE_FORK();
	if (!big_pid)
		read_big();

	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	while (sh->ready < 2 || !sh->reads[0] || !sh->reads[1]) {
		if (tst_mono_ms() > deadline) {
			sh->stop = 1;
			tst_brk(TBROK, "readers did not start within %.0f s",
				10 * tst_timeout_mul());
		}
		sched_yield();
	}
	before[0] = sh->reads[0];
	before[1] = sh->reads[1];

	for (i = 0; i < ROUNDS; i++) {
		memset(val, 'A' + i % 26, sizeof(val));
		if (setxattr(FILE_PATH, BIG, val, sizeof(val), XATTR_CREATE))
			tst_brk(TBROK | TERRNO, "setxattr(%s, XATTR_CREATE)", BIG);
		memset(val, 'A' + (i + 13) % 26, sizeof(val));
		if (setxattr(FILE_PATH, BIG, val, sizeof(val), XATTR_REPLACE))
			tst_brk(TBROK | TERRNO, "setxattr(%s, XATTR_REPLACE)", BIG);
		if (removexattr(FILE_PATH, BIG))
			tst_brk(TBROK | TERRNO, "removexattr(%s)", BIG);
	}
	tst_res(TINFO, "%d rounds of create, replace, remove; reads meanwhile: %ld small, %ld large",
		ROUNDS, sh->reads[0] - before[0], sh->reads[1] - before[1]);
	TST_EXP_EXPR(sh->reads[0] > before[0] && sh->reads[1] > before[1],
		     "both readers read while the attribute changed");
	sh->stop = 1;
	reap_child(small_pid);
	reap_child(big_pid);
	TST_EXP_FAIL(getxattr(FILE_PATH, BIG, val, sizeof(val)), ENODATA,
		     "the large attribute is gone after the last removal");
}

static void setup(void)
{
	char val[SMALL_LEN];
	int fd;

	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	fd = SAFE_OPEN(FILE_PATH, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	memset(val, 's', sizeof(val));
	if (setxattr(FILE_PATH, SMALL, val, sizeof(val), XATTR_CREATE))
		tst_brk(TBROK | TERRNO, "setxattr(%s)", SMALL);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "xfs",
	.dev_min_size_mb = 300,
	.timeout = 60,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "5a93790d4e2d"},
		{}
	},
};

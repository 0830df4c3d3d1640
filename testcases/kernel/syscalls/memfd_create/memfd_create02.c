// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File seals of a memfd created with MFD_ALLOW_SEALING:
 *
 * - F_SEAL_WRITE: write()/pwrite() and a new MAP_SHARED PROT_WRITE mapping
 *   fail with EPERM; a MAP_PRIVATE writable mapping still works and its
 *   stores stay private; the size may still change.
 * - Adding F_SEAL_WRITE while a writable shared mapping exists fails with
 *   EBUSY; after munmap() it succeeds.
 * - F_SEAL_SHRINK: ftruncate() to a smaller size fails with EPERM, to a
 *   larger one works. F_SEAL_GROW: ftruncate() to a larger size, write()
 *   and fallocate() past the end fail with EPERM; writing within the size
 *   works.
 * - F_SEAL_FUTURE_WRITE (5.1): write() and new writable shared mappings
 *   fail with EPERM, an existing writable mapping keeps working, and a
 *   MAP_PRIVATE writable mapping does not change the file (05d351102dbe).
 * - F_SEAL_SEAL: every later F_ADD_SEALS fails with EPERM.
 * - F_ADD_SEALS through a read-only fd fails with EPERM, an unknown seal
 *   bit with EINVAL; a file that is not a memfd (or shmem) has no seals:
 *   F_GET_SEALS fails with EINVAL.
 */
#include "vm_helpers.h"
#include "lapi/fcntl.h"

#define FILE_NAME "memfd_create02_file"

static size_t pg;
static int fd = -1;

static void setup(void)
{
	pg = vm_page_size();
}

static void new_sealable(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	fd = memfd_create("memfd_create02", MFD_ALLOW_SEALING);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create(MFD_ALLOW_SEALING)");
	SAFE_FTRUNCATE(fd, 2 * pg);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static void test_seal_write(void)
{
	unsigned char *p;
	char c = 0;

	new_sealable();
	TST_EXP_PASS(fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE),
		     "F_ADD_SEALS(F_SEAL_WRITE)");
	TST_EXP_VAL(fcntl(fd, F_GET_SEALS), F_SEAL_WRITE, "F_GET_SEALS");
	TST_EXP_FAIL(write(fd, "x", 1), EPERM, "write() after F_SEAL_WRITE");
	TST_EXP_FAIL(pwrite(fd, "x", 1, pg), EPERM,
		     "pwrite() after F_SEAL_WRITE");
	TST_EXP_FAIL((long)mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED,
				fd, 0), EPERM,
		     "MAP_SHARED PROT_WRITE mmap() after F_SEAL_WRITE");

	p = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "MAP_PRIVATE PROT_WRITE mmap() after "
			"F_SEAL_WRITE");
	} else {
		p[0] = 'p';
		SAFE_PREAD(1, fd, &c, 1, 0);
		TST_EXP_EXPR(c == 0, "a MAP_PRIVATE writable mapping works and "
			     "its store stays private");
		SAFE_MUNMAP(p, pg);
	}
	TST_EXP_PASS(ftruncate(fd, 3 * pg), "growing after F_SEAL_WRITE");
	TST_EXP_PASS(ftruncate(fd, pg), "shrinking after F_SEAL_WRITE");
}

static void test_busy(void)
{
	unsigned char *p;

	new_sealable();
	p = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	TST_EXP_FAIL(fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE), EBUSY,
		     "F_SEAL_WRITE with a writable shared mapping");
	p[0] = 'w';
	SAFE_MUNMAP(p, pg);
	TST_EXP_PASS(fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE),
		     "F_SEAL_WRITE once it is unmapped");
}

static void test_shrink_grow(void)
{
	new_sealable();
	TST_EXP_PASS(fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK),
		     "F_ADD_SEALS(F_SEAL_SHRINK)");
	TST_EXP_FAIL(ftruncate(fd, pg), EPERM, "shrinking after F_SEAL_SHRINK");
	TST_EXP_PASS(ftruncate(fd, 3 * pg), "growing after F_SEAL_SHRINK");

	new_sealable();
	TST_EXP_PASS(fcntl(fd, F_ADD_SEALS, F_SEAL_GROW),
		     "F_ADD_SEALS(F_SEAL_GROW)");
	TST_EXP_FAIL(ftruncate(fd, 3 * pg), EPERM, "growing after F_SEAL_GROW");
	TST_EXP_FAIL(pwrite(fd, "xy", 2, 2 * pg), EPERM,
		     "pwrite() at the end after F_SEAL_GROW");
	TST_EXP_FAIL(fallocate(fd, 0, 2 * pg, pg), EPERM,
		     "fallocate() past the end after F_SEAL_GROW");
	TST_EXP_VAL(pwrite(fd, "in", 2, 2 * pg - 2), 2,
		    "pwrite() within the size after F_SEAL_GROW");
	TST_EXP_PASS(ftruncate(fd, pg), "shrinking after F_SEAL_GROW");
}

static void test_future_write(void)
{
	unsigned char *shared, *priv;
	char c = 0;

	new_sealable();
	shared = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	TEST(fcntl(fd, F_ADD_SEALS, F_SEAL_FUTURE_WRITE));
	if (TST_RET == -1 && TST_ERR == EINVAL && tst_kvercmp(5, 1, 0) < 0) {
		tst_res(TCONF, "F_SEAL_FUTURE_WRITE needs Linux 5.1");
		SAFE_MUNMAP(shared, pg);
		return;
	}
	TST_EXP_EXPR(TST_RET == 0, "F_SEAL_FUTURE_WRITE with a writable "
		     "mapping returned %ld (%s)", TST_RET,
		     tst_strerrno(TST_ERR));
	TST_EXP_FAIL(write(fd, "x", 1), EPERM,
		     "write() after F_SEAL_FUTURE_WRITE");
	TST_EXP_FAIL((long)mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED,
				fd, 0), EPERM,
		     "a new MAP_SHARED PROT_WRITE mapping");
	shared[0] = 's';
	SAFE_PREAD(1, fd, &c, 1, 0);
	TST_EXP_EXPR(c == 's', "the existing writable mapping still writes "
		     "to the file");

	priv = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (priv == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "MAP_PRIVATE PROT_WRITE mmap() after "
			"F_SEAL_FUTURE_WRITE");
	} else {
		priv[0] = 'p';
		SAFE_PREAD(1, fd, &c, 1, 0);
		TST_EXP_EXPR(c == 's' && shared[0] == 's',
			     "a store to a MAP_PRIVATE mapping stays private");
		SAFE_MUNMAP(priv, pg);
	}
	SAFE_MUNMAP(shared, pg);
}

static void test_seal_seal_and_errors(void)
{
	char path[64];
	int ro, plain;

	new_sealable();
	TST_EXP_FAIL(fcntl(fd, F_ADD_SEALS, 0x4000), EINVAL,
		     "F_ADD_SEALS of an unknown seal bit");

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	ro = SAFE_OPEN(path, O_RDONLY);
	TST_EXP_FAIL(fcntl(ro, F_ADD_SEALS, F_SEAL_SHRINK), EPERM,
		     "F_ADD_SEALS through a read-only fd");
	SAFE_CLOSE(ro);

	TST_EXP_PASS(fcntl(fd, F_ADD_SEALS, F_SEAL_SEAL),
		     "F_ADD_SEALS(F_SEAL_SEAL)");
	TST_EXP_FAIL(fcntl(fd, F_ADD_SEALS, F_SEAL_GROW), EPERM,
		     "F_ADD_SEALS after F_SEAL_SEAL");
	TST_EXP_VAL(fcntl(fd, F_GET_SEALS), F_SEAL_SEAL,
		    "F_GET_SEALS after F_SEAL_SEAL");

	plain = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT, 0600);
	TST_EXP_FAIL(fcntl(plain, F_GET_SEALS), EINVAL,
		     "F_GET_SEALS on a file in the test directory");
	SAFE_CLOSE(plain);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_seal_write();
		break;
	case 1:
		test_busy();
		break;
	case 2:
		test_shrink_grow();
		break;
	case 3:
		test_future_write();
		break;
	case 4:
		test_seal_seal_and_errors();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "05d351102dbe"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statx() STATX_ATTR_VERITY on ext4 made with the verity feature (4 KiB
 * blocks, the page size, which 6.1's fs-verity needs): a file of 10000
 * bytes (three data blocks) gets fs-verity with FS_IOC_ENABLE_VERITY
 * (SHA-256, 4096-byte Merkle tree blocks, no salt), then:
 * - statx() has STATX_ATTR_VERITY in stx_attributes and in
 *   stx_attributes_mask, FS_IOC_GETFLAGS has FS_VERITY_FL; a plain file
 *   beside it: in the mask, not set, and no FS_VERITY_FL;
 * - FS_IOC_MEASURE_VERITY gives SHA-256 (algorithm 1, 32 bytes) and the
 *   file digest computed here from the contents: SHA-256 of the
 *   fs-verity descriptor (version 1, algorithm, log2 block size 12, data
 *   size, root hash), whose root hash is the SHA-256 of the one tree
 *   block holding the three data blocks' hashes (the last block zero
 *   padded); a digest_size below 32 is EOVERFLOW;
 * - the contents read back; opening for writing is EPERM, and so is
 *   truncate(); a second FS_IOC_ENABLE_VERITY is EEXIST;
 * - FS_IOC_ENABLE_VERITY errors: 8 KiB blocks (larger than a page)
 *   EINVAL, version 2 EINVAL, a file descriptor open for writing
 *   ETXTBSY, a directory EISDIR.
 * Syscalls: statx, ioctl
 */
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include <linux/fsverity.h>
#include "tst_test.h"
#include "statx_attr.h"
#include "sha256.h"

#define MNT "mnt"
#define VFILE MNT "/verity"
#define PLAIN MNT "/plain"
#define FSIZE 10000
#define BLK 4096

#define check_attr(path, set) \
	statx_check_attr(path, set, STATX_ATTR_VERITY, FS_VERITY_FL)

static unsigned char contents[FSIZE];
static unsigned char expected_digest[32];

/* The fs-verity file digest of contents, as the kernel must compute it. */
static void compute_digest(void)
{
	static unsigned char block[BLK], tree[BLK];
	unsigned char desc[256];
	unsigned int i, nblocks = (FSIZE + BLK - 1) / BLK;
	uint64_t size = FSIZE;

	memset(tree, 0, sizeof(tree));
	for (i = 0; i < nblocks; i++) {
		size_t len = FSIZE - i * BLK < BLK ? FSIZE - i * BLK : BLK;

		memset(block, 0, sizeof(block));
		memcpy(block, contents + i * BLK, len);
		sha256(block, BLK, tree + 32 * i);
	}
	memset(desc, 0, sizeof(desc));
	desc[0] = 1;			/* version */
	desc[1] = FS_VERITY_HASH_ALG_SHA256;
	desc[2] = 12;			/* log2 of the block size */
	desc[3] = 0;			/* salt size */
	for (i = 0; i < 8; i++)		/* data_size, little endian */
		desc[8 + i] = size >> (8 * i);
	sha256(tree, BLK, desc + 16);	/* root hash */
	sha256(desc, sizeof(desc), expected_digest);
}

static int enable_verity(int fd, unsigned int version, unsigned int bsize)
{
	struct fsverity_enable_arg arg;

	memset(&arg, 0, sizeof(arg));
	arg.version = version;
	arg.hash_algorithm = FS_VERITY_HASH_ALG_SHA256;
	arg.block_size = bsize;
	return ioctl(fd, FS_IOC_ENABLE_VERITY, &arg);
}

static void run(void)
{
	struct {
		struct fsverity_digest d;
		unsigned char buf[64];
	} m;
	static unsigned char back[FSIZE + 1];
	int fd;

	check_attr(VFILE, 1);
	check_attr(PLAIN, 0);

	fd = SAFE_OPEN(VFILE, O_RDONLY);
	memset(&m, 0, sizeof(m));
	m.d.digest_size = sizeof(m.buf);
	TST_EXP_PASS(ioctl(fd, FS_IOC_MEASURE_VERITY, &m),
		     "FS_IOC_MEASURE_VERITY");
	if (TST_PASS) {
		TST_EXP_EXPR(m.d.digest_algorithm == FS_VERITY_HASH_ALG_SHA256 &&
			     m.d.digest_size == 32,
			     "digest algorithm %u (SHA-256 is %u), size %u",
			     m.d.digest_algorithm, FS_VERITY_HASH_ALG_SHA256,
			     m.d.digest_size);
		TST_EXP_EXPR(!memcmp(m.d.digest, expected_digest, 32),
			     "the file digest is the one computed from the contents");
	}
	m.d.digest_size = 31;
	TST_EXP_FAIL(ioctl(fd, FS_IOC_MEASURE_VERITY, &m), EOVERFLOW,
		     "FS_IOC_MEASURE_VERITY with a 31-byte buffer");
	TST_EXP_FAIL(enable_verity(fd, 1, BLK), EEXIST,
		     "FS_IOC_ENABLE_VERITY on a verity file");
	TST_EXP_VAL(read(fd, back, sizeof(back)), FSIZE,
		    "reading the verity file");
	TST_EXP_EXPR(!memcmp(back, contents, FSIZE),
		     "the verity file's contents read back");
	SAFE_CLOSE(fd);

	TST_EXP_FAIL(open(VFILE, O_WRONLY), EPERM,
		     "opening the verity file for writing");
	TST_EXP_FAIL(open(VFILE, O_RDWR), EPERM,
		     "opening the verity file for reading and writing");
	TST_EXP_FAIL(truncate(VFILE, 0), EPERM, "truncating the verity file");

	fd = SAFE_OPEN(PLAIN, O_RDONLY);
	TST_EXP_FAIL(enable_verity(fd, 1, 2 * BLK), EINVAL,
		     "FS_IOC_ENABLE_VERITY with blocks larger than a page");
	TST_EXP_FAIL(enable_verity(fd, 2, BLK), EINVAL,
		     "FS_IOC_ENABLE_VERITY version 2");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(PLAIN, O_RDWR);
	TST_EXP_FAIL(enable_verity(fd, 1, BLK), ETXTBSY,
		     "FS_IOC_ENABLE_VERITY on a descriptor open for writing");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(MNT, O_RDONLY | O_DIRECTORY);
	TST_EXP_FAIL(enable_verity(fd, 1, BLK), EISDIR,
		     "FS_IOC_ENABLE_VERITY on a directory");
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	unsigned int i;
	int fd;

	if (getpagesize() != BLK)
		tst_brk(TCONF, "page size %d: the test builds 4 KiB trees",
			getpagesize());
	for (i = 0; i < FSIZE; i++)
		contents[i] = (i * 31 + i / 251) & 0xff;
	compute_digest();

	fd = SAFE_OPEN(VFILE, O_CREAT | O_EXCL | O_WRONLY, 0644);
	SAFE_WRITE(1, fd, contents, FSIZE);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(PLAIN, O_CREAT | O_EXCL | O_WRONLY, 0644);
	SAFE_WRITE(1, fd, contents, FSIZE);
	SAFE_CLOSE(fd);

	fd = SAFE_OPEN(VFILE, O_RDONLY);
	if (enable_verity(fd, 1, BLK)) {
		if (errno == EOPNOTSUPP || errno == ENOTTY)
			tst_brk(TCONF | TERRNO,
				"fs-verity not supported by this kernel's ext4");
		tst_brk(TBROK | TERRNO, "FS_IOC_ENABLE_VERITY(%s)", VFILE);
	}
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.dev_fs_opts = (const char *const[]) {"-O", "verity", "-b", "4096",
					      NULL},
	.needs_kconfigs = (const char *const[]) {"CONFIG_FS_VERITY", NULL},
};

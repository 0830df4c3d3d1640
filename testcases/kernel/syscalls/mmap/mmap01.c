// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): who sees a store through a mapping.
 *
 * - File, MAP_SHARED: a store is seen by read() on the file, by another
 *   process's own mapping of the file, and a store by a child after fork()
 *   is seen by the parent.
 * - File, MAP_PRIVATE: a store is seen by neither read() nor another
 *   mapping of the file; after fork() parent and child each keep their own
 *   copy (copy-on-write both ways).
 * - Anonymous, MAP_SHARED: stores of a child are seen by the parent and the
 *   other way round.
 * - Anonymous, MAP_PRIVATE: after fork() neither sees the other's stores.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include "vm_helpers.h"

#define FILE_NAME "mmap01_file"
#define NPAGES 4

static size_t pg, len;
static int fd = -1;
static unsigned char *file_bytes;

static void setup(void)
{
	pg = vm_page_size();
	len = NPAGES * pg;
	file_bytes = SAFE_MALLOC(len);
	fill_pattern(file_bytes, len, 1);
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, file_bytes, len);
}

/* What read() returns for one byte of the file. */
static unsigned char file_byte(off_t off)
{
	unsigned char c;

	SAFE_PREAD(1, fd, &c, 1, off);
	return c;
}

static void restore_file(void)
{
	SAFE_PWRITE(1, fd, file_bytes, len, 0);
}

/* A child stores new at p[off] and exits. */
static void child_store(unsigned char *p, size_t off, unsigned char new)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		p[off] = new;
		_exit(0);
	}
	wait_child(pid);
}

static void test_file_shared(void)
{
	unsigned char *a = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_SHARED, fd, 0);
	unsigned char *b = SAFE_MMAP(NULL, len, PROT_READ, MAP_SHARED, fd, 0);

	a[pg + 3] = 0x5a;
	TST_EXP_EXPR(file_byte(pg + 3) == 0x5a,
		     "MAP_SHARED file: read() sees the store");
	TST_EXP_EXPR(b[pg + 3] == 0x5a,
		     "MAP_SHARED file: a second mapping sees the store");

	child_store(a, 2 * pg + 9, 0xc3);
	TST_EXP_EXPR(a[2 * pg + 9] == 0xc3 && file_byte(2 * pg + 9) == 0xc3,
		     "MAP_SHARED file: a child's store is seen by the parent "
		     "(mapping 0x%02x, read() 0x%02x)", a[2 * pg + 9],
		     file_byte(2 * pg + 9));

	SAFE_MUNMAP(a, len);
	SAFE_MUNMAP(b, len);
	restore_file();
}

static void test_file_private(void)
{
	unsigned char *a = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE, fd, 0);
	unsigned char *b = SAFE_MMAP(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	unsigned char orig = file_bytes[pg + 3];

	a[pg + 3] = orig ^ 0xff;
	TST_EXP_EXPR(a[pg + 3] == (orig ^ 0xff),
		     "MAP_PRIVATE file: the store is seen through the mapping");
	TST_EXP_EXPR(file_byte(pg + 3) == orig,
		     "MAP_PRIVATE file: read() does not see the store");
	TST_EXP_EXPR(b[pg + 3] == orig,
		     "MAP_PRIVATE file: a MAP_SHARED mapping does not see it");

	child_store(a, 3 * pg + 1, file_bytes[3 * pg + 1] ^ 0xff);
	TST_EXP_EXPR(a[3 * pg + 1] == file_bytes[3 * pg + 1] &&
		     file_byte(3 * pg + 1) == file_bytes[3 * pg + 1],
		     "MAP_PRIVATE file: neither the parent's mapping nor the "
		     "file sees a child's store");

	/* The parent's copied page stays its own in the child too. */
	TST_EXP_EXPR(probe_access(a + pg + 3, VM_READ_ACCESS).value ==
		     (orig ^ 0xff),
		     "MAP_PRIVATE file: a child inherits the parent's private "
		     "copy");

	SAFE_MUNMAP(a, len);
	SAFE_MUNMAP(b, len);
	restore_file();
}

static void test_anon(int type, const char *name)
{
	unsigned char *a = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     type | MAP_ANONYMOUS, -1, 0);
	int shared = type == MAP_SHARED;
	struct vm_fault f;

	memset(a, 0x11, len);
	child_store(a, pg + 5, 0x22);
	TST_EXP_EXPR(a[pg + 5] == (shared ? 0x22 : 0x11),
		     "%s anonymous: the parent %s a child's store (0x%02x)",
		     name, shared ? "sees" : "does not see", a[pg + 5]);

	/* A store by the parent after fork(), read by a later child. */
	a[2 * pg] = 0x33;
	f = probe_access(a + 2 * pg, VM_READ_ACCESS);
	TST_EXP_EXPR(!f.sig && f.value == 0x33,
		     "%s anonymous: a child forked after the store reads it",
		     name);

	SAFE_MUNMAP(a, len);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	free(file_bytes);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_file_shared();
		break;
	case 1:
		test_file_private();
		break;
	case 2:
		test_anon(MAP_SHARED, "MAP_SHARED");
		break;
	case 3:
		test_anon(MAP_PRIVATE, "MAP_PRIVATE");
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writes through a MAP_SHARED mapping of an ext4 file when the filesystem
 * is full (1 KiB blocks, smaller than a page; with delalloc and with
 * nodelalloc):
 * - a page whose blocks are all allocated takes stores, msync(MS_SYNC)
 *   succeeds and the data is there after a remount;
 * - a page that became writable while the file ended inside it (one
 *   block allocated), after ftruncate() extended the file across it,
 *   must fault again on the next store: the kernel then needs blocks it
 *   cannot get and the store gets SIGBUS. Losing the store silently at
 *   writeback (the store "works", the data is gone after a remount) is
 *   the data corruption fixed by d6320cbfc929 and 0572639ff66d.
 * Syscalls: mmap, msync
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tst_test.h"
#include "mount_ns.h"

#define MNT "mnt"
#define FULL MNT "/full"	/* fully allocated, written through a map */
#define PART MNT "/part"	/* one block, then extended */
#define FILL MNT "/fill"
#define BS 1024

static size_t pg;
static char *buf;

static void fill_fs(void)
{
	static char chunk[1 << 20];
	size_t sizes[] = { sizeof(chunk), BS };
	unsigned int i, round;
	long long total = 0;
	ssize_t ret;
	int fd;

	memset(chunk, 'f', sizeof(chunk));
	/*
	 * Until a write fails with ENOSPC right after fsync() and close():
	 * the writeback of delayed allocations and the release of the
	 * file's preallocation may give blocks back.
	 */
	for (round = 0; round < 100; round++) {
		fd = SAFE_OPEN(FILL, O_WRONLY | O_CREAT | O_APPEND, 0644);
		ret = write(fd, chunk, BS);
		if (ret < 0 && errno == ENOSPC && round) {
			SAFE_CLOSE(fd);
			break;
		}
		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			while ((ret = write(fd, chunk, sizes[i])) > 0)
				total += ret;
			if (errno != ENOSPC)
				tst_brk(TBROK | TERRNO, "write(" FILL ")");
		}
		SAFE_FSYNC(fd);
		SAFE_CLOSE(fd);
	}
	if (round == 100)
		tst_brk(TBROK, "still not full after 100 rounds");
	tst_res(TINFO, "filled the filesystem with %lld KiB", total >> 10);
}

static void check_full(const char *what)
{
	int fd = SAFE_OPEN(FULL, O_RDONLY);
	size_t i;

	SAFE_READ(1, fd, buf, 2 * pg);
	SAFE_CLOSE(fd);
	for (i = 0; i < 2 * pg; i++) {
		if (buf[i] != (i % BS ? 'a' : 'c')) {
			tst_res(TFAIL, "%s: byte %zu is 0x%02x after a remount",
				what, i, buf[i]);
			return;
		}
	}
	tst_res(TPASS, "%s: all there after a remount", what);
}

static void check_byte(const char *path, off_t off, char exp,
		       const char *what)
{
	char c = 0;
	int fd = SAFE_OPEN(path, O_RDONLY);

	SAFE_PREAD(1, fd, &c, 1, off);
	SAFE_CLOSE(fd);
	if (c == exp)
		tst_res(TPASS, "%s: byte %ld is '%c' after a remount", what,
			(long)off, exp);
	else
		tst_res(TFAIL, "%s: byte %ld is 0x%02x after a remount, "
			"expected '%c'", what, (long)off, c, exp);
}

static void run(unsigned int n)
{
	const char *opts = n ? "nodelalloc" : NULL;
	char *full, *part;
	int ffd, pfd, status;
	unsigned int i;
	pid_t pid;

	tst_res(TINFO, "ext4 with 1 KiB blocks, %s",
		n ? "nodelalloc" : "delalloc");
	SAFE_MOUNT(tst_device->dev, MNT, "ext4", 0, opts);

	ffd = SAFE_OPEN(FULL, O_RDWR | O_CREAT | O_TRUNC, 0644);
	memset(buf, 'a', 2 * pg);
	SAFE_WRITE(1, ffd, buf, 2 * pg);
	SAFE_FSYNC(ffd);
	full = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED,
			 ffd, 0);

	pfd = SAFE_OPEN(PART, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, pfd, buf, BS);
	SAFE_FSYNC(pfd);
	part = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED,
			 pfd, 0);
	part[0] = 'b';	/* the page is writable with one block behind it */
	SAFE_FTRUNCATE(pfd, 2 * pg);
	SAFE_MSYNC(part, pg, MS_SYNC);

	fill_fs();

	for (i = 0; i < 2 * pg; i += BS)
		full[i] = 'c';
	TST_EXP_PASS(msync(full, 2 * pg, MS_SYNC),
		     "msync() of stores into allocated blocks on a full fs");

	pid = SAFE_FORK();
	if (!pid) {
		part[BS] = 'x';
		part[2 * BS] = 'x';
		msync(part, pg, MS_SYNC);
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS)
		tst_res(TPASS, "a store needing blocks of the full fs got "
			"SIGBUS");
	else if (WIFSIGNALED(status))
		tst_res(TFAIL, "a store needing blocks of the full fs: killed "
			"by signal %d, expected SIGBUS", WTERMSIG(status));
	else
		tst_res(TFAIL, "a store needing blocks of the full fs did not "
			"fault (exit %d): the data would be lost at writeback",
			WEXITSTATUS(status));

	SAFE_MUNMAP(full, 2 * pg);
	SAFE_MUNMAP(part, 2 * pg);
	SAFE_CLOSE(ffd);
	SAFE_CLOSE(pfd);
	SAFE_UMOUNT(MNT);
	SAFE_MOUNT(tst_device->dev, MNT, "ext4", 0, opts);
	check_full("stores through the map into allocated blocks");
	check_byte(PART, 0, 'b', "the allocated block of the page");
	SAFE_UNLINK(FULL);
	SAFE_UNLINK(PART);
	SAFE_UNLINK(FILL);
	SAFE_UMOUNT(MNT);
}

static void setup(void)
{
	pg = getpagesize();
	if (pg <= BS)
		tst_brk(TCONF, "page size %zu is not above the 1 KiB block "
			"size", pg);
	buf = SAFE_MALLOC(2 * pg);
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
}

static void cleanup(void)
{
	free(buf);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.format_device = 1,
	.dev_fs_type = "ext4",
	.dev_fs_opts = (const char *const[]) { "-b", "1024", NULL },
	.dev_min_size_mb = 32,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "d6320cbfc929"},
		{"linux-git", "0572639ff66d"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lseek(2) errors, each exact, with the file offset unmoved:
 * - EBADF: fd -1, a closed fd;
 * - EINVAL: an unknown whence, a resulting negative offset with SEEK_SET,
 *   SEEK_CUR and SEEK_END;
 * - ESPIPE: a pipe, a FIFO, a socket (vfat and exFAT have no FIFOs:
 *   mkfifo() there is EPERM, the FIFO is made beside the mount);
 * - ENXIO: SEEK_DATA and SEEK_HOLE at the end of the file and past it,
 *   and SEEK_DATA with a negative offset (btrfs instead seeks from 0
 *   and returns 0, the start of the file's data);
 * - EOVERFLOW: on an ABI whose lseek() off_t is 32-bit, a file offset
 *   beyond 2 GiB cannot be returned. Elsewhere that case is TCONF: a
 *   64-bit off_t holds every offset.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "fileio.h"

#define FNAME "lseek02_file"
#define FSIZE 100
#define MARK 7

static int fd, closed_fd, pipe_fds[2], fifo_fd, sock_fds[2];
static int bad_fd = -1;

static struct tcase {
	int *fd;
	off_t off;
	int whence;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &bad_fd, 0, SEEK_SET, EBADF, "fd -1" },
	{ &closed_fd, 0, SEEK_SET, EBADF, "a closed fd" },
	{ &fd, 0, 5, EINVAL, "whence 5" },
	{ &fd, -1, SEEK_SET, EINVAL, "SEEK_SET -1" },
	{ &fd, -(MARK + 1), SEEK_CUR, EINVAL, "SEEK_CUR to -1" },
	{ &fd, -(FSIZE + 1), SEEK_END, EINVAL, "SEEK_END to -1" },
	{ &pipe_fds[0], 0, SEEK_CUR, ESPIPE, "a pipe" },
	{ &fifo_fd, 0, SEEK_SET, ESPIPE, "a FIFO" },
	{ &sock_fds[0], 0, SEEK_SET, ESPIPE, "a socket" },
	{ &fd, FSIZE, SEEK_DATA, ENXIO, "SEEK_DATA at the end" },
	{ &fd, FSIZE + 1, SEEK_DATA, ENXIO, "SEEK_DATA past the end" },
	{ &fd, FSIZE, SEEK_HOLE, ENXIO, "SEEK_HOLE at the end" },
	{ &fd, FSIZE + 1, SEEK_HOLE, ENXIO, "SEEK_HOLE past the end" },
	{ &fd, -1, SEEK_DATA, ENXIO, "SEEK_DATA -1" },
};

static void test_eoverflow(void)
{
#if defined(__NR__llseek) && __SIZEOF_LONG__ == 4
	loff_t res;

	/* Set the offset with the 64-bit call, read it with the 32-bit one. */
	if (syscall(__NR__llseek, fd, 1, 0x80000000UL, &res, SEEK_SET))
		tst_brk(TBROK | TERRNO, "_llseek(4 GiB + 2 GiB)");
	TST_EXP_FAIL(syscall(__NR_lseek, fd, 0, SEEK_CUR), EOVERFLOW,
		     "lseek(SEEK_CUR) at 6 GiB with a 32-bit off_t");
	SAFE_LSEEK(fd, MARK, SEEK_SET);
#else
	tst_res(TCONF, "lseek()'s off_t is 64-bit on this ABI: EOVERFLOW "
		"cannot happen");
#endif
}

static void run(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++) {
		struct tcase *tc = &tcases[i];

		/*
		 * btrfs seeks for data from offset 0 when the offset is
		 * negative (find_desired_extent() in fs/btrfs/file.c says
		 * so); the generic code, iomap and tmpfs answer ENXIO.
		 */
		if (tc->whence == SEEK_DATA && tc->off < 0 && fs_is("btrfs")) {
			TST_EXP_VAL(lseek(*tc->fd, tc->off, tc->whence), 0,
				    "btrfs lseek(%s): the data at 0", tc->desc);
			SAFE_LSEEK(fd, MARK, SEEK_SET);
			continue;
		}
		TST_EXP_FAIL(lseek(*tc->fd, tc->off, tc->whence),
			     tc->exp_errno, "lseek(%s)", tc->desc);
		TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), MARK);
	}
	test_eoverflow();
}

static void setup(void)
{
	char buf[FSIZE] = { 0 };
	const char *fifo = "fifo";
	char fifo_buf[64];

	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	SAFE_WRITE(1, fd, buf, FSIZE);
	SAFE_LSEEK(fd, MARK, SEEK_SET);
	SAFE_PIPE(pipe_fds);
	/*
	 * FAT and exFAT have no FIFOs (no ->mknod: EPERM); the FIFO then
	 * lives in the tmpdir above the mount, the mount's own seeks are
	 * those of the regular file.
	 */
	if (fs_is("vfat exfat")) {
		TST_EXP_FAIL(mkfifo("fifo", 0600), EPERM,
			     "mkfifo() on %s", tst_fs_type);
		snprintf(fifo_buf, sizeof(fifo_buf), "../lseek02_fifo_%s",
			 tst_fs_type);
		fifo = fifo_buf;
	}
	if (mkfifo(fifo, 0600))
		tst_brk(TBROK | TERRNO, "mkfifo(%s)", fifo);
	fifo_fd = SAFE_OPEN(fifo, O_RDWR);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sock_fds);
	closed_fd = sock_fds[1] + 100;
	if (fio_fd_is_open(closed_fd))
		tst_brk(TBROK, "fd %d is unexpectedly open", closed_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
};

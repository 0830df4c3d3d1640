// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_uring_register() of fixed files and fixed buffers, and what the
 * requests that use them see:
 *  - IORING_REGISTER_FILES of { dup of the file, -1 (a sparse slot) }
 *    returns 0 and holds its own reference: after the dup is closed, a
 *    READ with IOSQE_FIXED_FILE and index 0 reads the file's data (res
 *    the byte count); index 1 (sparse) and index 2 (past the table) give
 *    CQEs with -EBADF;
 *  - IORING_REGISTER_BUFFERS of one buffer returns 0 and an
 *    IORING_OP_READ_FIXED into it (fixed file too) reads the file's data;
 *  - registering either again while registered is EBUSY;
 *  - IORING_UNREGISTER_BUFFERS and IORING_UNREGISTER_FILES return 0, and
 *    then READ_FIXED gives a CQE with -EFAULT, a fixed-file READ -EBADF,
 *    and unregistering again is ENXIO (io_uring/rsrc.c, 6.1 and 6.12).
 */
#include <fcntl.h>
#include "io_uring_raw.h"

#define LEN	4096

static struct uring ring = { .fd = -1 };
static int fd = -1;
static char wbuf[LEN], rbuf[LEN];
static char *fixed_buf;

static void setup(void)
{
	int i;

	io_uring_require();
	uring_init(&ring, 8, 0);
	fixed_buf = SAFE_MMAP(NULL, LEN, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	for (i = 0; i < LEN; i++)
		wbuf[i] = 'A' + i % 23;
	fd = SAFE_OPEN("uring_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_PWRITE(1, fd, wbuf, LEN, 0);
}

/* Queue one read of LEN bytes at offset 0 and reap its CQE. */
static int read_req(uint8_t opcode, int fixed_idx, void *buf,
		    uint64_t user_data, int32_t res, const char *what)
{
	struct io_uring_sqe *sqe;

	sqe = uring_get_sqe(&ring, 0, opcode, fixed_idx, user_data);
	sqe->flags = IOSQE_FIXED_FILE;
	sqe->addr = (uintptr_t)buf;
	sqe->len = LEN;
	sqe->off = 0;
	sqe->buf_index = 0;
	uring_queue(&ring, 1);
	uring_submit_wait(&ring, 1);
	return uring_expect_cqe(&ring, user_data, res, what);
}

static void test_files(void)
{
	int fds[2] = { SAFE_OPEN("uring_file", O_RDONLY), -1 };

	TST_EXP_PASS(sys_io_uring_register(ring.fd, IORING_REGISTER_FILES,
					   fds, 2),
		     "IORING_REGISTER_FILES { fd, -1 }");
	SAFE_CLOSE(fds[0]);
	if (!TST_PASS)
		return;

	memset(rbuf, 0, LEN);
	if (read_req(IORING_OP_READ, 0, rbuf, 0x10, LEN,
		     "fixed-file READ, index 0, its fd closed"))
		TST_EXP_EXPR(!memcmp(rbuf, wbuf, LEN),
			     "the fixed-file READ read the file's data");
	read_req(IORING_OP_READ, 1, rbuf, 0x11, -EBADF,
		 "fixed-file READ, sparse index 1");
	read_req(IORING_OP_READ, 2, rbuf, 0x12, -EBADF,
		 "fixed-file READ, index 2 past the table");

	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_FILES,
					   &fd, 1), EBUSY,
		     "IORING_REGISTER_FILES while files are registered");
}

static void test_buffers(void)
{
	struct iovec iov = { fixed_buf, LEN };

	TST_EXP_PASS(sys_io_uring_register(ring.fd, IORING_REGISTER_BUFFERS,
					   &iov, 1),
		     "IORING_REGISTER_BUFFERS of one %d byte buffer", LEN);
	if (!TST_PASS)
		return;

	memset(fixed_buf, 0, LEN);
	if (read_req(IORING_OP_READ_FIXED, 0, fixed_buf, 0x20, LEN,
		     "READ_FIXED into buffer 0 from fixed file 0"))
		TST_EXP_EXPR(!memcmp(fixed_buf, wbuf, LEN),
			     "READ_FIXED read the file's data");

	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_BUFFERS,
					   &iov, 1), EBUSY,
		     "IORING_REGISTER_BUFFERS while buffers are registered");
}

static void test_unregister(void)
{
	TST_EXP_PASS(sys_io_uring_register(ring.fd, IORING_UNREGISTER_BUFFERS,
					   NULL, 0), "IORING_UNREGISTER_BUFFERS");
	read_req(IORING_OP_READ_FIXED, 0, fixed_buf, 0x30, -EFAULT,
		 "READ_FIXED after IORING_UNREGISTER_BUFFERS");
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_UNREGISTER_BUFFERS,
					   NULL, 0), ENXIO,
		     "IORING_UNREGISTER_BUFFERS with none registered");

	TST_EXP_PASS(sys_io_uring_register(ring.fd, IORING_UNREGISTER_FILES,
					   NULL, 0), "IORING_UNREGISTER_FILES");
	read_req(IORING_OP_READ, 0, rbuf, 0x31, -EBADF,
		 "fixed-file READ after IORING_UNREGISTER_FILES");
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_UNREGISTER_FILES,
					   NULL, 0), ENXIO,
		     "IORING_UNREGISTER_FILES with none registered");
}

static void run(void)
{
	test_files();
	test_buffers();
	test_unregister();
}

static void cleanup(void)
{
	uring_exit(&ring);
	if (fixed_buf)
		SAFE_MUNMAP(fixed_buf, LEN);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

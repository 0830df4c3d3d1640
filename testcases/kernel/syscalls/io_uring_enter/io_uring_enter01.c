// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_uring_enter() submits what the application queued in the SQ ring
 * and, with IORING_ENTER_GETEVENTS, waits for min_complete completions:
 *  - a NOP completes with res 0 and the SQE's user_data;
 *  - IORING_OP_WRITEV of two iovecs and IORING_OP_READV back, then
 *    IORING_OP_WRITE and IORING_OP_READ at an offset, on a temporary
 *    file: res is the byte count, user_data comes back, the file holds
 *    the written bytes and the read buffers the file's;
 *  - four NOPs submitted with min_complete 4: the call returns 4 and all
 *    four CQEs are in the CQ ring when it returns;
 *  - to_submit 8 with one SQE queued submits (and returns) 1;
 *  - a write submitted without GETEVENTS, then to_submit 0 with
 *    GETEVENTS and min_complete 1: returns 0 (nothing submitted) and only
 *    when the write's CQE is there, however long the write took.
 */
#include <fcntl.h>
#include "io_uring_raw.h"

#define LEN	4096
#define HALF	(LEN / 2)
#define OFF	(3 * LEN)

static struct uring ring = { .fd = -1 };
static int fd = -1;
static char wbuf[LEN], rbuf[LEN], fbuf[LEN];

static void setup(void)
{
	io_uring_require();
	uring_init(&ring, 8, 0);
	fd = SAFE_OPEN("uring_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
}

static void fill(unsigned int seed)
{
	int i;

	for (i = 0; i < LEN; i++)
		wbuf[i] = 'a' + (i + seed) % 26;
	memset(rbuf, 0, LEN);
}

static void test_nop(void)
{
	uring_get_sqe(&ring, 0, IORING_OP_NOP, -1, 0x1111);
	uring_queue(&ring, 1);
	TST_EXP_VAL(sys_io_uring_enter(ring.fd, 1, 1, IORING_ENTER_GETEVENTS,
				       NULL, 0), 1, "io_uring_enter(NOP)");
	uring_expect_cqe(&ring, 0x1111, 0, "NOP");
}

static void test_vectored(void)
{
	struct iovec wv[2] = {
		{ wbuf, HALF }, { wbuf + HALF, HALF },
	};
	struct iovec rv[2] = {
		{ rbuf, HALF }, { rbuf + HALF, HALF },
	};
	struct io_uring_sqe *sqe;

	fill(tst_iteration);
	sqe = uring_get_sqe(&ring, 0, IORING_OP_WRITEV, fd, 0x2222);
	sqe->addr = (uintptr_t)wv;
	sqe->len = 2;
	sqe->off = 0;
	uring_queue(&ring, 1);
	uring_submit_wait(&ring, 1);
	uring_expect_cqe(&ring, 0x2222, LEN, "WRITEV of 2 iovecs");
	SAFE_PREAD(1, fd, fbuf, LEN, 0);
	TST_EXP_EXPR(!memcmp(fbuf, wbuf, LEN),
		     "the file holds what WRITEV wrote");

	sqe = uring_get_sqe(&ring, 0, IORING_OP_READV, fd, 0x3333);
	sqe->addr = (uintptr_t)rv;
	sqe->len = 2;
	sqe->off = 0;
	uring_queue(&ring, 1);
	uring_submit_wait(&ring, 1);
	uring_expect_cqe(&ring, 0x3333, LEN, "READV of 2 iovecs");
	TST_EXP_EXPR(!memcmp(rbuf, wbuf, LEN), "READV read the file's data");
}

static void test_plain(void)
{
	struct io_uring_sqe *sqe;

	fill(tst_iteration + 7);
	sqe = uring_get_sqe(&ring, 0, IORING_OP_WRITE, fd, 0x4444);
	sqe->addr = (uintptr_t)wbuf;
	sqe->len = LEN;
	sqe->off = OFF;
	uring_queue(&ring, 1);
	uring_submit_wait(&ring, 1);
	uring_expect_cqe(&ring, 0x4444, LEN, "WRITE at offset 3 pages");
	SAFE_PREAD(1, fd, fbuf, LEN, OFF);
	TST_EXP_EXPR(!memcmp(fbuf, wbuf, LEN),
		     "the file holds what WRITE wrote at its offset");

	sqe = uring_get_sqe(&ring, 0, IORING_OP_READ, fd, 0x5555);
	sqe->addr = (uintptr_t)rbuf;
	sqe->len = LEN;
	sqe->off = OFF;
	uring_queue(&ring, 1);
	uring_submit_wait(&ring, 1);
	uring_expect_cqe(&ring, 0x5555, LEN, "READ at offset 3 pages");
	TST_EXP_EXPR(!memcmp(rbuf, wbuf, LEN), "READ read the file's data");
}

static void test_min_complete(void)
{
	struct io_uring_cqe cqe;
	unsigned int i, seen = 0;

	for (i = 0; i < 4; i++)
		uring_get_sqe(&ring, i, IORING_OP_NOP, -1, 0x100 + i);
	uring_queue(&ring, 4);
	TST_EXP_VAL(sys_io_uring_enter(ring.fd, 4, 4, IORING_ENTER_GETEVENTS,
				       NULL, 0), 4,
		    "io_uring_enter(4 NOPs, min_complete 4)");
	TST_EXP_EQ_LU(uring_cq_ready(&ring), 4);

	while (uring_pop_cqe(&ring, &cqe)) {
		if (cqe.user_data >= 0x100 && cqe.user_data < 0x104 &&
		    !cqe.res)
			seen |= 1 << (cqe.user_data - 0x100);
	}
	TST_EXP_EXPR(seen == 0xf, "one CQE with res 0 for each NOP's "
		     "user_data (seen mask 0x%x)", seen);

	uring_get_sqe(&ring, 0, IORING_OP_NOP, -1, 0x6666);
	uring_queue(&ring, 1);
	TST_EXP_VAL(sys_io_uring_enter(ring.fd, 8, 1, IORING_ENTER_GETEVENTS,
				       NULL, 0), 1,
		    "io_uring_enter(to_submit 8) with 1 SQE queued");
	uring_expect_cqe(&ring, 0x6666, 0, "the one queued NOP");
}

static void test_wait_only(void)
{
	struct io_uring_sqe *sqe;

	fill(tst_iteration + 13);
	sqe = uring_get_sqe(&ring, 0, IORING_OP_WRITE, fd, 0x7777);
	sqe->addr = (uintptr_t)wbuf;
	sqe->len = LEN;
	sqe->off = 0;
	uring_queue(&ring, 1);
	TST_EXP_VAL(sys_io_uring_enter(ring.fd, 1, 0, 0, NULL, 0), 1,
		    "io_uring_enter(WRITE) without GETEVENTS");
	TST_EXP_VAL(sys_io_uring_enter(ring.fd, 0, 1, IORING_ENTER_GETEVENTS,
				       NULL, 0), 0,
		    "io_uring_enter(to_submit 0, min_complete 1, GETEVENTS)");
	TST_EXP_EXPR(uring_cq_ready(&ring) >= 1,
		     "the write's CQE is posted when the wait returns");
	uring_expect_cqe(&ring, 0x7777, LEN, "WRITE reaped by a wait-only "
			 "call");
}

static void run(void)
{
	test_nop();
	test_vectored();
	test_plain();
	test_min_complete();
	test_wait_only();
	TST_EXP_EQ_LU(uring_cq_ready(&ring), 0);
}

static void cleanup(void)
{
	uring_exit(&ring);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

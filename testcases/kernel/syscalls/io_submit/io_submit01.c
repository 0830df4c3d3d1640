// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_submit() queues iocbs and returns how many it queued:
 *  - an IOCB_CMD_PWRITE and an IOCB_CMD_PREAD of a temporary file each
 *    return 1 and complete with one event (io_getevents) naming the iocb
 *    with res the byte count; the file holds the written data and the
 *    read buffer the file's;
 *  - IOCB_CMD_PWRITEV and IOCB_CMD_PREADV of two iovecs at an offset
 *    likewise, res the sum of the iovec lengths;
 *  - nr 0 returns 0;
 *  - in a batch of three whose second iocb has a closed descriptor, the
 *    call returns 1: the first is queued and completes, the failing one
 *    and the one after it are not (no second event);
 *  - with IOCB_FLAG_RESFD the completion also adds 1 to the eventfd.
 */
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include "aio_raw.h"
#include "fd_checks.h"

#define LEN	4096
#define HALF	(LEN / 2)
#define OFF	(2 * LEN)

static aio_context_t ctx;
static int fd = -1, closed_fd = -1, efd = -1;
static char wbuf[LEN], rbuf[LEN], fbuf[LEN];

static void setup(void)
{
	ctx = new_aio_context(8);
	fd = SAFE_OPEN("aio_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	efd = eventfd(0, 0);
	if (efd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	closed_fd = lowest_free_fd();
}

static void fill(unsigned int seed)
{
	int i;

	for (i = 0; i < LEN; i++)
		wbuf[i] = 'a' + (i + seed) % 26;
	memset(rbuf, 0, LEN);
}

static void test_pwrite_pread(void)
{
	struct iocb cb, *list[1] = { &cb };

	fill(tst_iteration);
	init_iocb(&cb, IOCB_CMD_PWRITE, fd, wbuf, LEN, 0, 0x1001);
	TST_EXP_VAL(sys_io_submit(ctx, 1, list), 1, "io_submit(PWRITE)");
	if (!TST_PASS)
		return;
	expect_one_event(ctx, &cb, LEN, "PWRITE");
	SAFE_PREAD(1, fd, fbuf, LEN, 0);
	TST_EXP_EXPR(!memcmp(fbuf, wbuf, LEN), "the file holds the data of "
		     "the PWRITE iocb");

	init_iocb(&cb, IOCB_CMD_PREAD, fd, rbuf, LEN, 0, 0x1002);
	TST_EXP_VAL(sys_io_submit(ctx, 1, list), 1, "io_submit(PREAD)");
	if (!TST_PASS)
		return;
	expect_one_event(ctx, &cb, LEN, "PREAD");
	TST_EXP_EXPR(!memcmp(rbuf, wbuf, LEN), "the PREAD iocb read the "
		     "file's data");
}

static void test_vectored(void)
{
	struct iovec wv[2] = { { wbuf, HALF }, { wbuf + HALF, HALF } };
	struct iovec rv[2] = { { rbuf, HALF }, { rbuf + HALF, HALF } };
	struct iocb cb, *list[1] = { &cb };

	fill(tst_iteration + 5);
	init_iocb(&cb, IOCB_CMD_PWRITEV, fd, wv, 2, OFF, 0x2001);
	TST_EXP_VAL(sys_io_submit(ctx, 1, list), 1, "io_submit(PWRITEV)");
	if (!TST_PASS)
		return;
	expect_one_event(ctx, &cb, LEN, "PWRITEV of 2 iovecs");
	SAFE_PREAD(1, fd, fbuf, LEN, OFF);
	TST_EXP_EXPR(!memcmp(fbuf, wbuf, LEN), "the file holds the data of "
		     "the PWRITEV iocb at its offset");

	init_iocb(&cb, IOCB_CMD_PREADV, fd, rv, 2, OFF, 0x2002);
	TST_EXP_VAL(sys_io_submit(ctx, 1, list), 1, "io_submit(PREADV)");
	if (!TST_PASS)
		return;
	expect_one_event(ctx, &cb, LEN, "PREADV of 2 iovecs");
	TST_EXP_EXPR(!memcmp(rbuf, wbuf, LEN), "the PREADV iocb read the "
		     "file's data");
}

static void test_partial(void)
{
	struct iocb cbs[3], *list[3] = { &cbs[0], &cbs[1], &cbs[2] };

	TST_EXP_VAL(sys_io_submit(ctx, 0, list), 0, "io_submit(nr 0)");

	init_iocb(&cbs[0], IOCB_CMD_PREAD, fd, rbuf, HALF, 0, 0x3001);
	init_iocb(&cbs[1], IOCB_CMD_PREAD, closed_fd, rbuf, HALF, 0, 0x3002);
	init_iocb(&cbs[2], IOCB_CMD_PREAD, fd, rbuf + HALF, HALF, 0, 0x3003);
	TST_EXP_VAL(sys_io_submit(ctx, 3, list), 1,
		    "io_submit({ good, closed fd, good })");
	expect_one_event(ctx, &cbs[0], HALF, "the first iocb of the batch");
	expect_no_event(ctx, "for the iocbs after the failing one");
}

static void test_resfd(void)
{
	struct iocb cb, *list[1] = { &cb };
	struct pollfd pfd = { .fd = efd, .events = POLLIN };
	uint64_t count = 0;

	init_iocb(&cb, IOCB_CMD_PREAD, fd, rbuf, LEN, 0, 0x4001);
	cb.aio_flags = IOCB_FLAG_RESFD;
	cb.aio_resfd = efd;
	TST_EXP_VAL(sys_io_submit(ctx, 1, list), 1,
		    "io_submit(PREAD with IOCB_FLAG_RESFD)");
	if (!TST_PASS)
		return;
	expect_one_event(ctx, &cb, LEN, "PREAD with IOCB_FLAG_RESFD");
	/*
	 * The kernel signals the eventfd right after it posted the event;
	 * the 10 s only bound a kernel that never does.
	 */
	if (poll(&pfd, 1, 10000) != 1) {
		tst_res(TFAIL, "the eventfd was not signalled");
		return;
	}
	SAFE_READ(1, efd, &count, sizeof(count));
	TST_EXP_EQ_LU(count, 1);
}

static void run(void)
{
	test_pwrite_pread();
	test_vectored();
	test_partial();
	test_resfd();
}

static void cleanup(void)
{
	if (ctx)
		sys_io_destroy(ctx);
	if (efd >= 0)
		SAFE_CLOSE(efd);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

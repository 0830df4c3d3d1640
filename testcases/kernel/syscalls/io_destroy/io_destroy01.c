// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_destroy() ends an AIO context:
 *  - an idle context: returns 0, its completion ring is unmapped from the
 *    process (msync() of its address is ENOMEM) and its id is dead
 *    (io_submit() and io_getevents() on it are EINVAL);
 *  - a context with a completed PWRITE nobody reaped: returns 0;
 *  - a context with an IOCB_CMD_POLL that would never complete (empty
 *    pipe): returns 0, the request is cancelled rather than waited for
 *    (a kernel that waits hangs here until the test timeout).
 */
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <time.h>
#include "aio_raw.h"

#define LEN	512

static int fd = -1, pipefd[2] = { -1, -1 };
static char buf[LEN];
static long page_size;

static void setup(void)
{
	page_size = sysconf(_SC_PAGESIZE);
	fd = SAFE_OPEN("aio_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_PIPE(pipefd);
}

static void check_dead(aio_context_t ctx)
{
	struct timespec zero = { 0, 0 };
	struct iocb cb, *list[1] = { &cb };
	struct io_event ev;

	TST_EXP_FAIL(msync((void *)(uintptr_t)ctx, page_size, MS_ASYNC),
		     ENOMEM, "msync() of the destroyed context's ring");
	init_iocb(&cb, IOCB_CMD_PWRITE, fd, buf, LEN, 0, 0);
	TST_EXP_FAIL(sys_io_submit(ctx, 1, list), EINVAL,
		     "io_submit() on the destroyed context");
	TST_EXP_FAIL(sys_io_getevents(ctx, 0, 1, &ev, &zero), EINVAL,
		     "io_getevents() on the destroyed context");
}

static void test_idle(void)
{
	aio_context_t ctx = new_aio_context(4);

	TST_EXP_PASS(sys_io_destroy(ctx), "io_destroy(idle context)");
	if (TST_PASS)
		check_dead(ctx);
}

static void test_unreaped(void)
{
	aio_context_t ctx = new_aio_context(4);
	volatile struct aio_ring_hdr *ring = (void *)(uintptr_t)ctx;
	struct timespec start, now;
	struct iocb cb;

	init_iocb(&cb, IOCB_CMD_PWRITE, fd, buf, LEN, 0, 0x1001);
	submit_one(ctx, &cb);
	/*
	 * Wait for its event in the ring without reaping it, 10 s times
	 * LTP_TIMEOUT_MUL on the clock (not a count of naps, which lasts no
	 * longer on a slow guest, where the write is slow too).
	 */
	clock_gettime(CLOCK_MONOTONIC, &start);
	while (ring->head == ring->tail) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec > 10 * tst_timeout_mul())
			tst_brk(TBROK, "the PWRITE did not complete in %.0f s",
				10 * tst_timeout_mul());
		usleep(1000);
	}
	TST_EXP_PASS(sys_io_destroy(ctx),
		     "io_destroy(context with an unreaped event)");
}

static void test_pending(void)
{
	aio_context_t ctx = new_aio_context(4);
	struct iocb cb;

	init_iocb(&cb, IOCB_CMD_POLL, pipefd[0], NULL, 0, 0, 0x2001);
	cb.aio_buf = POLLIN;
	submit_one(ctx, &cb);
	TST_EXP_PASS(sys_io_destroy(ctx),
		     "io_destroy(context with a pending POLL)");
}

static void run(void)
{
	test_idle();
	test_unreaped();
	test_pending();
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (pipefd[0] >= 0) {
		SAFE_CLOSE(pipefd[0]);
		SAFE_CLOSE(pipefd[1]);
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

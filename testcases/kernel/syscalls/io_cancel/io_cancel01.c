// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_cancel() of a request that can be cancelled, and of ones that
 * cannot any more (fs/aio.c, 6.1 and 6.12 alike: only requests on the
 * context's active list, IOCB_CMD_POLL ones here, are cancellable):
 *  - an IOCB_CMD_POLL for POLLIN on an empty pipe stays pending; io_cancel()
 *    of it fails with EINPROGRESS (the result argument is not used) and
 *    the cancelled request's event arrives on the ring with res 0;
 *  - io_cancel() of it again, now that it completed, is EINVAL;
 *  - a completed (and reaped) PWRITE: EINVAL (the kernel's answer for
 *    any request it does not find active, not the EAGAIN io_cancel(2)
 *    lists);
 *  - a poll that completed because the pipe became readable: its event
 *    has res POLLIN (maybe with POLLRDNORM), and io_cancel() of it is
 *    EINVAL.
 */
#include <fcntl.h>
#include <poll.h>
#include "aio_raw.h"

#define LEN	512

static aio_context_t ctx;
static int fd = -1, pipefd[2] = { -1, -1 };
static char buf[LEN];

static void setup(void)
{
	ctx = new_aio_context(4);
	fd = SAFE_OPEN("aio_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_PIPE(pipefd);
}

static void init_poll(struct iocb *cb, uint64_t data)
{
	init_iocb(cb, IOCB_CMD_POLL, pipefd[0], NULL, 0, 0, data);
	cb->aio_buf = POLLIN;
}

static void test_pending_poll(void)
{
	struct io_event result;
	struct iocb cb;

	init_poll(&cb, 0x1001);
	submit_one(ctx, &cb);
	expect_no_event(ctx, "for a poll of an empty pipe");

	TST_EXP_FAIL(sys_io_cancel(ctx, &cb, &result), EINPROGRESS,
		     "io_cancel(pending POLL)");
	expect_one_event(ctx, &cb, 0, "the cancelled POLL");
	TST_EXP_FAIL(sys_io_cancel(ctx, &cb, &result), EINVAL,
		     "io_cancel(the POLL again, after its completion)");
}

static void test_completed_pwrite(void)
{
	struct io_event result;
	struct iocb cb;

	init_iocb(&cb, IOCB_CMD_PWRITE, fd, buf, LEN, 0, 0x2001);
	submit_one(ctx, &cb);
	expect_one_event(ctx, &cb, LEN, "PWRITE");
	TST_EXP_FAIL(sys_io_cancel(ctx, &cb, &result), EINVAL,
		     "io_cancel(completed PWRITE)");
}

/*
 * The poll's res is the mask that completed it: POLLIN, with POLLRDNORM
 * too when the pipe's wake-up completed it directly (its wake-up key).
 */
static void expect_readable_event(const struct iocb *cb)
{
	struct timespec timeout = { .tv_sec = 10 };
	struct io_event ev;

	memset(&ev, 0, sizeof(ev));
	TST_EXP_VAL(sys_io_getevents(ctx, 1, 1, &ev, &timeout), 1,
		    "io_getevents() after the pipe became readable");
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(ev.obj == (uintptr_t)cb && ev.data == cb->aio_data &&
		     (ev.res & POLLIN) && !(ev.res & ~(POLLIN | POLLRDNORM)),
		     "POLL event: data 0x%llx res 0x%llx (POLLIN expected)",
		     (unsigned long long)ev.data, (long long)ev.res);
}

static void test_completed_poll(void)
{
	struct io_event result;
	struct iocb cb;
	char c = 'x';

	init_poll(&cb, 0x3001);
	submit_one(ctx, &cb);
	SAFE_WRITE(1, pipefd[1], &c, 1);
	expect_readable_event(&cb);
	SAFE_READ(1, pipefd[0], &c, 1);
	TST_EXP_FAIL(sys_io_cancel(ctx, &cb, &result), EINVAL,
		     "io_cancel(completed POLL)");
}

static void run(void)
{
	test_pending_poll();
	test_completed_pwrite();
	test_completed_poll();
}

static void cleanup(void)
{
	if (ctx)
		sys_io_destroy(ctx);
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

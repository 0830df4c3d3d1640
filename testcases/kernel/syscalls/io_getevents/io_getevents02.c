// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_getevents() returns the completion events of submitted iocbs: a
 * pwrite and then a pread of a temporary file each give one event whose
 * data and obj fields identify the iocb and whose res is the byte count,
 * the file and the read buffer hold the written bytes; two iocbs
 * submitted together give two events to one call with min_nr 2; and a
 * drained ring gives 0 events.
 */
#include "aio_raw.h"

#define LEN 4096
#define NEVENTS 4

static aio_context_t ctx;
static int fd = -1;
static char wbuf[LEN], rbuf[LEN], rbuf2[LEN], fbuf[LEN];

static void setup(void)
{
	ctx = new_aio_context(NEVENTS);
	fd = SAFE_OPEN("aio_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
}

static int is_event_of(const struct io_event *ev, const struct iocb *cb)
{
	return ev->obj == (uintptr_t)cb && ev->data == cb->aio_data &&
	       ev->res == LEN && ev->res2 == 0;
}

/* Expect exactly one event, for cb, with res == LEN. */
static void expect_event(struct iocb *cb, const char *what)
{
	struct timespec timeout = { .tv_sec = 10 };
	struct io_event ev[2];

	memset(ev, 0, sizeof(ev));
	TST_EXP_VAL(sys_io_getevents(ctx, 1, 2, ev, &timeout), 1,
		    "io_getevents() after one %s", what);
	if (!TST_PASS)
		return;

	if (is_event_of(&ev[0], cb))
		tst_res(TPASS, "%s event names its iocb, res %d", what, LEN);
	else
		tst_res(TFAIL, "%s event: data 0x%llx obj 0x%llx res %lld "
			"res2 %lld, expected 0x%llx 0x%llx %d 0", what,
			(unsigned long long)ev[0].data,
			(unsigned long long)ev[0].obj, (long long)ev[0].res,
			(long long)ev[0].res2,
			(unsigned long long)cb->aio_data,
			(unsigned long long)(uintptr_t)cb, LEN);
}

/* Both iocbs were submitted together: one call must return both. */
static void expect_two_events(struct iocb *cb1, struct iocb *cb2)
{
	struct timespec timeout = { .tv_sec = 10 };
	struct io_event ev[NEVENTS];

	memset(ev, 0, sizeof(ev));
	TST_EXP_VAL(sys_io_getevents(ctx, 2, NEVENTS, ev, &timeout), 2,
		    "io_getevents(min_nr 2) after two preads");
	if (!TST_PASS)
		return;

	TST_EXP_EXPR((is_event_of(&ev[0], cb1) && is_event_of(&ev[1], cb2)) ||
		     (is_event_of(&ev[0], cb2) && is_event_of(&ev[1], cb1)),
		     "one complete event for each pread");
	TST_EXP_EXPR(!memcmp(rbuf, wbuf, LEN) && !memcmp(rbuf2, wbuf, LEN),
		     "both preads read back the written data");
}

static void run(void)
{
	struct timespec zero = { 0, 0 };
	struct iocb wcb, rcb, rcb2, *both[2] = { &rcb, &rcb2 };
	struct io_event ev[NEVENTS];
	int i;

	for (i = 0; i < LEN; i++)
		wbuf[i] = 'a' + (i + tst_iteration) % 26;
	memset(rbuf, 0, LEN);
	memset(rbuf2, 0, LEN);

	init_iocb(&wcb, IOCB_CMD_PWRITE, fd, wbuf, LEN, 0, 0x1111);
	submit_one(ctx, &wcb);
	expect_event(&wcb, "pwrite");
	SAFE_PREAD(1, fd, fbuf, LEN, 0);
	TST_EXP_EXPR(!memcmp(fbuf, wbuf, LEN), "the file holds the data "
		     "written by the pwrite iocb");

	init_iocb(&rcb, IOCB_CMD_PREAD, fd, rbuf, LEN, 0, 0x2222);
	submit_one(ctx, &rcb);
	expect_event(&rcb, "pread");
	TST_EXP_EXPR(!memcmp(rbuf, wbuf, LEN), "the pread iocb read back "
		     "the written data");

	memset(rbuf, 0, LEN);
	init_iocb(&rcb, IOCB_CMD_PREAD, fd, rbuf, LEN, 0, 0x3333);
	init_iocb(&rcb2, IOCB_CMD_PREAD, fd, rbuf2, LEN, 0, 0x4444);
	TST_EXP_VAL(sys_io_submit(ctx, 2, both), 2, "io_submit(2 preads)");
	if (TST_PASS)
		expect_two_events(&rcb, &rcb2);

	TST_EXP_VAL(sys_io_getevents(ctx, 1, NEVENTS, ev, &zero), 0,
		    "io_getevents() on the drained ring");
}

static void cleanup(void)
{
	if (ctx)
		sys_io_destroy(ctx);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

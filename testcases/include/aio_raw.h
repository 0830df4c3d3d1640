/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Raw native AIO syscalls (no libaio: the tests talk to the kernel only),
 * an iocb builder and an event checker shared by the io_setup, io_submit,
 * io_getevents, io_pgetevents, io_cancel and io_destroy tests.
 */
#ifndef AIO_RAW_H
#define AIO_RAW_H

#include <stdint.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <linux/aio_abi.h>
#include "tst_test.h"
#include "lapi/aio.h"
#include "lapi/signal.h"

static inline long sys_io_setup(unsigned int nr_events, aio_context_t *ctx)
{
	return tst_syscall(__NR_io_setup, nr_events, ctx);
}

static inline long sys_io_destroy(aio_context_t ctx)
{
	return tst_syscall(__NR_io_destroy, ctx);
}

static inline long sys_io_submit(aio_context_t ctx, long nr,
				 struct iocb **iocbs)
{
	return tst_syscall(__NR_io_submit, ctx, nr, iocbs);
}

static inline long sys_io_cancel(aio_context_t ctx, struct iocb *cb,
				 struct io_event *result)
{
	return tst_syscall(__NR_io_cancel, ctx, cb, result);
}

static inline long sys_io_getevents(aio_context_t ctx, long min_nr, long nr,
				    struct io_event *events,
				    struct timespec *timeout)
{
	return tst_syscall(__NR_io_getevents, ctx, min_nr, nr, events,
			   timeout);
}

static inline long sys_io_pgetevents(aio_context_t ctx, long min_nr, long nr,
				     struct io_event *events,
				     struct timespec *timeout,
				     const struct aio_sigset_arg *usig)
{
	return tst_syscall(__NR_io_pgetevents, ctx, min_nr, nr, events,
			   timeout, usig);
}

/* A context for nr_events; set-up step, so a failure is TBROK. */
static inline aio_context_t new_aio_context(unsigned int nr_events)
{
	aio_context_t ctx = 0;

	if (sys_io_setup(nr_events, &ctx))
		tst_brk(TBROK | TERRNO, "io_setup(%u)", nr_events);
	return ctx;
}

static inline void init_iocb(struct iocb *cb, int opcode, int fd, void *buf,
			     size_t len, off_t off, uint64_t data)
{
	memset(cb, 0, sizeof(*cb));
	cb->aio_data = data;
	cb->aio_lio_opcode = opcode;
	cb->aio_fildes = fd;
	cb->aio_buf = (uintptr_t)buf;
	cb->aio_nbytes = len;
	cb->aio_offset = off;
}

/* Submit one iocb; set-up step, so anything but 1 submitted is TBROK. */
static inline void submit_one(aio_context_t ctx, struct iocb *cb)
{
	struct iocb *list[1] = { cb };
	long ret = sys_io_submit(ctx, 1, list);

	if (ret != 1)
		tst_brk(TBROK | TERRNO, "io_submit(1 iocb) returned %ld", ret);
}

/*
 * TPASS when ev is cb's completion (obj and data name the iocb) with
 * result res, TFAIL with both sides printed otherwise.
 */
static inline int check_event(const struct io_event *ev,
			      const struct iocb *cb, long long res,
			      const char *what)
{
	if (ev->obj == (uintptr_t)cb && ev->data == cb->aio_data &&
	    ev->res == res) {
		tst_res(TPASS, "%s: event names its iocb, res %lld", what, res);
		return 1;
	}
	tst_res(TFAIL, "%s: event data 0x%llx obj 0x%llx res %lld, expected "
		"0x%llx 0x%llx %lld", what, (unsigned long long)ev->data,
		(unsigned long long)ev->obj, (long long)ev->res,
		(unsigned long long)cb->aio_data,
		(unsigned long long)(uintptr_t)cb, res);
	return 0;
}

/*
 * Reap exactly one event for cb with result res; no tight timing: the
 * 10 s timeout only bounds a kernel that lost the completion.
 */
static inline void expect_one_event(aio_context_t ctx, const struct iocb *cb,
				    long long res, const char *what)
{
	struct timespec timeout = { .tv_sec = 10 };
	struct io_event ev[2];

	memset(ev, 0, sizeof(ev));
	TST_EXP_VAL(sys_io_getevents(ctx, 1, 2, ev, &timeout), 1,
		    "io_getevents() after %s", what);
	if (TST_PASS)
		check_event(&ev[0], cb, res, what);
}

/* No event may be waiting: a zero timeout returns 0 at once. */
static inline void expect_no_event(aio_context_t ctx, const char *what)
{
	struct timespec zero = { 0, 0 };
	struct io_event ev;

	TST_EXP_VAL(sys_io_getevents(ctx, 0, 1, &ev, &zero), 0,
		    "no completion event %s", what);
}

#endif /* AIO_RAW_H */

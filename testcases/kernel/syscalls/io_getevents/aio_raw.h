/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Raw native AIO syscalls (no libaio: the tests talk to the kernel only)
 * and an iocb builder shared by the io_getevents tests.
 */
#ifndef AIO_RAW_H
#define AIO_RAW_H

#include <stdint.h>
#include <string.h>
#include <time.h>
#include <linux/aio_abi.h>
#include "tst_test.h"

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

static inline long sys_io_getevents(aio_context_t ctx, long min_nr, long nr,
				    struct io_event *events,
				    struct timespec *timeout)
{
	return tst_syscall(__NR_io_getevents, ctx, min_nr, nr, events,
			   timeout);
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

#endif /* AIO_RAW_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Native AIO facts the C library does not publish: the ring header the
 * kernel maps at a context id (fs/aio.c) and io_pgetevents()'s signal
 * mask argument (struct __aio_sigset, include/uapi/linux/aio_abi.h).
 */
#ifndef LAPI_AIO_H
#define LAPI_AIO_H

#include <signal.h>
#include <stddef.h>

/* fs/aio.c: the ring header at the context id, read by libaio too */
#define AIO_RING_MAGIC		0xa10a10a1

struct aio_ring_hdr {
	unsigned int id;
	unsigned int nr;
	unsigned int head;
	unsigned int tail;
	unsigned int magic;
	unsigned int compat_features;
	unsigned int incompat_features;
	unsigned int header_length;
};

/* the kernel's struct __aio_sigset, io_pgetevents()'s last argument */
struct aio_sigset_arg {
	const sigset_t *sigmask;
	size_t sigsetsize;
};

#endif /* LAPI_AIO_H */

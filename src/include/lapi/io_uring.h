/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The io_uring ABI the tests use (include/uapi/linux/io_uring.h, the same
 * in 6.1 and 6.12) and the kernel's ring limits (io_uring/io_uring.c,
 * rsrc.c). <linux/io_uring.h> is not included: the build host's copy may
 * be older or newer than what the tests need, so a test includes one or
 * the other, never both.
 */
#ifndef LAPI_IO_URING_H
#define LAPI_IO_URING_H

#include <stdint.h>

/* io_uring/io_uring.c */
#define IORING_MAX_ENTRIES		32768
#define IORING_MAX_CQ_ENTRIES		(2 * IORING_MAX_ENTRIES)
/* io_uring/rsrc.c */
#define IORING_MAX_REG_BUFFERS		(1U << 14)

struct io_uring_sqe {
	uint8_t opcode;
	uint8_t flags;
	uint16_t ioprio;
	int32_t fd;
	uint64_t off;
	uint64_t addr;
	uint32_t len;
	uint32_t rw_flags;
	uint64_t user_data;
	uint16_t buf_index;
	uint16_t personality;
	int32_t splice_fd_in;
	uint64_t addr3;
	uint64_t pad2;
};

struct io_uring_cqe {
	uint64_t user_data;
	int32_t res;
	uint32_t flags;
};

struct io_sqring_offsets {
	uint32_t head;
	uint32_t tail;
	uint32_t ring_mask;
	uint32_t ring_entries;
	uint32_t flags;
	uint32_t dropped;
	uint32_t array;
	uint32_t resv1;
	uint64_t resv2;
};

struct io_cqring_offsets {
	uint32_t head;
	uint32_t tail;
	uint32_t ring_mask;
	uint32_t ring_entries;
	uint32_t overflow;
	uint32_t cqes;
	uint32_t flags;
	uint32_t resv1;
	uint64_t resv2;
};

struct io_uring_params {
	uint32_t sq_entries;
	uint32_t cq_entries;
	uint32_t flags;
	uint32_t sq_thread_cpu;
	uint32_t sq_thread_idle;
	uint32_t features;
	uint32_t wq_fd;
	uint32_t resv[3];
	struct io_sqring_offsets sq_off;
	struct io_cqring_offsets cq_off;
};

struct io_uring_getevents_arg {
	uint64_t sigmask;
	uint32_t sigmask_sz;
	uint32_t pad;
	uint64_t ts;
};

_Static_assert(sizeof(struct io_uring_sqe) == 64, "io_uring_sqe is 64 bytes");
_Static_assert(sizeof(struct io_uring_cqe) == 16, "io_uring_cqe is 16 bytes");
_Static_assert(sizeof(struct io_uring_params) == 120,
	       "io_uring_params is 120 bytes");

#define IORING_OFF_SQ_RING		0ULL
#define IORING_OFF_CQ_RING		0x8000000ULL
#define IORING_OFF_SQES			0x10000000ULL

#define IORING_SETUP_CQSIZE		(1U << 3)
#define IORING_SETUP_CLAMP		(1U << 4)
#define IORING_SETUP_R_DISABLED		(1U << 6)

#define IORING_FEAT_SINGLE_MMAP		(1U << 0)
#define IORING_FEAT_NODROP		(1U << 1)

#define IORING_ENTER_GETEVENTS		(1U << 0)
#define IORING_ENTER_EXT_ARG		(1U << 3)

#define IOSQE_FIXED_FILE		(1U << 0)
/* always punt the request to an io-wq worker (5.6) */
#define IOSQE_ASYNC			(1U << 4)

enum {
	IORING_OP_NOP = 0,
	IORING_OP_READV = 1,
	IORING_OP_WRITEV = 2,
	IORING_OP_READ_FIXED = 4,
	IORING_OP_WRITE_FIXED = 5,
	IORING_OP_SENDMSG = 9,	/* addr: struct msghdr, msg_flags */
	IORING_OP_OPENAT = 18,	/* addr path, len mode, rw_flags: open flags */
	IORING_OP_READ = 22,
	IORING_OP_WRITE = 23,
};

enum {
	IORING_REGISTER_BUFFERS = 0,
	IORING_UNREGISTER_BUFFERS = 1,
	IORING_REGISTER_FILES = 2,
	IORING_UNREGISTER_FILES = 3,
	IORING_REGISTER_ENABLE_RINGS = 12,
};

#endif /* LAPI_IO_URING_H */

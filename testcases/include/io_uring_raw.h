/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * io_uring without liburing: the three raw syscalls, and a ring mapped by
 * hand with mmap() of IORING_OFF_SQ_RING, IORING_OFF_CQ_RING and
 * IORING_OFF_SQES, shared by the io_uring_setup, io_uring_enter and
 * io_uring_register tests. The ABI is lapi/io_uring.h's.
 *
 * io_uring can be switched off (CONFIG_IO_URING=n: ENOSYS; since 6.6
 * kernel.io_uring_disabled, or an LSM: EPERM): io_uring_require() ends
 * the test with TCONF and the reason then.
 */
#ifndef IO_URING_RAW_H
#define IO_URING_RAW_H

#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include "tst_test.h"
#include "lapi/io_uring.h"

static inline int sys_io_uring_setup(unsigned int entries,
				     struct io_uring_params *p)
{
	return tst_syscall(__NR_io_uring_setup, entries, p);
}

static inline int sys_io_uring_enter(int fd, unsigned int to_submit,
				     unsigned int min_complete,
				     unsigned int flags, const void *arg,
				     size_t argsz)
{
	return tst_syscall(__NR_io_uring_enter, fd, to_submit, min_complete,
			   flags, arg, argsz);
}

static inline int sys_io_uring_register(int fd, unsigned int opcode,
					const void *arg, unsigned int nr_args)
{
	return tst_syscall(__NR_io_uring_register, fd, opcode, arg, nr_args);
}

/*
 * Is io_uring usable here? A probe ring of one entry: ENOSYS (through
 * tst_syscall) and EPERM end the test with TCONF and the reason, any
 * other failure is TBROK. Call it from setup().
 */
static inline void io_uring_require(void)
{
	struct io_uring_params p;
	long disabled = 0;
	int fd;

	memset(&p, 0, sizeof(p));
	fd = sys_io_uring_setup(1, &p);
	if (fd >= 0) {
		SAFE_CLOSE(fd);
		return;
	}
	if (errno != EPERM)
		tst_brk(TBROK | TERRNO, "io_uring_setup(1) probe");
	if (tst_file_read_long("/proc/sys/kernel/io_uring_disabled",
			       &disabled) && disabled)
		tst_brk(TCONF, "io_uring is disabled: "
			"/proc/sys/kernel/io_uring_disabled is %ld", disabled);
	tst_brk(TCONF | TERRNO, "io_uring_setup() is refused (an LSM?)");
}

/* A ring set up and mapped by hand: the three mmap() areas of its fd. */
struct uring {
	int fd;
	struct io_uring_params p;
	void *sq_ptr, *cq_ptr;
	size_t sq_len, cq_len, sqes_len;
	uint32_t *sq_head, *sq_tail, *sq_mask, *sq_entries, *sq_array;
	uint32_t *cq_head, *cq_tail, *cq_mask, *cq_entries;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
};

/* Map the rings of an io_uring fd set up with p; set-up step: TBROK. */
static inline void uring_map(struct uring *r, int fd,
			     const struct io_uring_params *p)
{
	char *sq, *cq;

	r->fd = fd;
	r->p = *p;
	r->sq_len = p->sq_off.array + p->sq_entries * sizeof(uint32_t);
	r->cq_len = p->cq_off.cqes +
		    p->cq_entries * sizeof(struct io_uring_cqe);
	r->sqes_len = p->sq_entries * sizeof(struct io_uring_sqe);

	r->sq_ptr = SAFE_MMAP(NULL, r->sq_len, PROT_READ | PROT_WRITE,
			      MAP_SHARED | MAP_POPULATE, fd,
			      IORING_OFF_SQ_RING);
	r->cq_ptr = SAFE_MMAP(NULL, r->cq_len, PROT_READ | PROT_WRITE,
			      MAP_SHARED | MAP_POPULATE, fd,
			      IORING_OFF_CQ_RING);
	r->sqes = SAFE_MMAP(NULL, r->sqes_len, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQES);

	sq = r->sq_ptr;
	cq = r->cq_ptr;
	r->sq_head = (uint32_t *)(sq + p->sq_off.head);
	r->sq_tail = (uint32_t *)(sq + p->sq_off.tail);
	r->sq_mask = (uint32_t *)(sq + p->sq_off.ring_mask);
	r->sq_entries = (uint32_t *)(sq + p->sq_off.ring_entries);
	r->sq_array = (uint32_t *)(sq + p->sq_off.array);
	r->cq_head = (uint32_t *)(cq + p->cq_off.head);
	r->cq_tail = (uint32_t *)(cq + p->cq_off.tail);
	r->cq_mask = (uint32_t *)(cq + p->cq_off.ring_mask);
	r->cq_entries = (uint32_t *)(cq + p->cq_off.ring_entries);
	r->cqes = (struct io_uring_cqe *)(cq + p->cq_off.cqes);
}

/* Set up a ring of entries with flags and map it; TBROK on failure. */
static inline void uring_init(struct uring *r, unsigned int entries,
			      unsigned int flags)
{
	struct io_uring_params p;
	int fd;

	memset(&p, 0, sizeof(p));
	p.flags = flags;
	fd = sys_io_uring_setup(entries, &p);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "io_uring_setup(%u, flags 0x%x)",
			entries, flags);
	uring_map(r, fd, &p);
}

/* Unmap and close; a struct uring that was never set up has fd -1. */
static inline void uring_exit(struct uring *r)
{
	if (r->fd < 0)
		return;
	SAFE_MUNMAP(r->sqes, r->sqes_len);
	SAFE_MUNMAP(r->cq_ptr, r->cq_len);
	SAFE_MUNMAP(r->sq_ptr, r->sq_len);
	SAFE_CLOSE(r->fd);
	r->fd = -1;
}

/*
 * The next free SQE, zeroed, with opcode, fd and user_data filled in;
 * queued (visible to the kernel) only by uring_queue(). Full ring: TBROK.
 */
static inline struct io_uring_sqe *uring_get_sqe(struct uring *r,
						 unsigned int pending,
						 uint8_t opcode, int fd,
						 uint64_t user_data)
{
	uint32_t head = __atomic_load_n(r->sq_head, __ATOMIC_ACQUIRE);
	uint32_t tail = *r->sq_tail + pending;
	struct io_uring_sqe *sqe;

	if (tail - head >= *r->sq_entries)
		tst_brk(TBROK, "SQ ring full (head %u tail %u)", head, tail);
	sqe = &r->sqes[tail & *r->sq_mask];
	memset(sqe, 0, sizeof(*sqe));
	sqe->opcode = opcode;
	sqe->fd = fd;
	sqe->user_data = user_data;
	r->sq_array[tail & *r->sq_mask] = tail & *r->sq_mask;
	return sqe;
}

/* Publish n SQEs filled by uring_get_sqe(): the kernel sees them now. */
static inline void uring_queue(struct uring *r, unsigned int n)
{
	__atomic_store_n(r->sq_tail, *r->sq_tail + n, __ATOMIC_RELEASE);
}

/* CQEs the kernel posted and we did not consume yet */
static inline unsigned int uring_cq_ready(struct uring *r)
{
	return __atomic_load_n(r->cq_tail, __ATOMIC_ACQUIRE) - *r->cq_head;
}

/* Pop the oldest CQE into *cqe; 0 when the CQ ring is empty. */
static inline int uring_pop_cqe(struct uring *r, struct io_uring_cqe *cqe)
{
	uint32_t head = *r->cq_head;

	if (head == __atomic_load_n(r->cq_tail, __ATOMIC_ACQUIRE))
		return 0;
	*cqe = r->cqes[head & *r->cq_mask];
	__atomic_store_n(r->cq_head, head + 1, __ATOMIC_RELEASE);
	return 1;
}

/*
 * Submit what is queued and wait for that many completions; the call
 * must report every SQE submitted (TBROK otherwise: a set-up step).
 */
static inline void uring_submit_wait(struct uring *r, unsigned int n)
{
	int ret = sys_io_uring_enter(r->fd, n, n, IORING_ENTER_GETEVENTS,
				     NULL, 0);

	if (ret != (int)n)
		tst_brk(TBROK | TERRNO, "io_uring_enter(%u, %u, GETEVENTS) "
			"returned %d", n, n, ret);
}

/*
 * TPASS when the next CQE carries user_data and res, TFAIL with what it
 * holds otherwise (or when there is none).
 */
static inline int uring_expect_cqe(struct uring *r, uint64_t user_data,
				   int32_t res, const char *what)
{
	struct io_uring_cqe cqe;

	if (!uring_pop_cqe(r, &cqe)) {
		tst_res(TFAIL, "%s: no CQE posted", what);
		return 0;
	}
	if (cqe.user_data == user_data && cqe.res == res) {
		tst_res(TPASS, "%s: CQE user_data 0x%llx res %d", what,
			(unsigned long long)user_data, res);
		return 1;
	}
	tst_res(TFAIL, "%s: CQE user_data 0x%llx res %d (%s), expected "
		"0x%llx res %d", what, (unsigned long long)cqe.user_data,
		cqe.res, cqe.res < 0 ? tst_strerrno(-cqe.res) : "-",
		(unsigned long long)user_data, res);
	return 0;
}

#endif /* IO_URING_RAW_H */

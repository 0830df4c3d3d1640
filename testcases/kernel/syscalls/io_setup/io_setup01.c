// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_setup() creates an AIO context able to hold nr_events requests:
 * for nr_events 1, 4 and 64 it returns 0 and stores a non-zero context
 * id, distinct from another live context's; the id is the address of
 * the completion ring the kernel mapped into the process (what libaio
 * reads): its header has AIO_RING_MAGIC, room for at least nr_events
 * events, header_length 32 and head == tail (empty); and the context
 * accepts nr_events pwrite iocbs in one io_submit() and completes each.
 */
#include <fcntl.h>
#include "aio_raw.h"

#define CHUNK	512
#define MAX_NR	64

static const unsigned int nr_events[] = { 1, 4, MAX_NR };

static aio_context_t other_ctx;
static int fd = -1;
static char wbuf[MAX_NR][CHUNK];

static void setup(void)
{
	int i;

	for (i = 0; i < MAX_NR; i++)
		memset(wbuf[i], 'a' + i % 26, CHUNK);
	other_ctx = new_aio_context(1);
	fd = SAFE_OPEN("aio_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
}

static void check_ring(aio_context_t ctx, unsigned int nr)
{
	const struct aio_ring_hdr *ring = (const void *)(uintptr_t)ctx;

	TST_EXP_EXPR(ring->magic == AIO_RING_MAGIC,
		     "ring header magic 0x%x", ring->magic);
	TST_EXP_EXPR(ring->nr >= nr, "ring holds %u events, asked for %u",
		     ring->nr, nr);
	TST_EXP_EXPR(ring->header_length == sizeof(struct aio_ring_hdr) &&
		     ring->head == ring->tail,
		     "header_length %u, empty ring (head %u tail %u)",
		     ring->header_length, ring->head, ring->tail);
}

static void fill_ring(aio_context_t ctx, unsigned int nr)
{
	static struct iocb cbs[MAX_NR];
	struct iocb *list[MAX_NR];
	struct io_event ev[MAX_NR];
	struct timespec timeout = { .tv_sec = 10 };
	unsigned int i, good = 0;
	long got = 0, ret;

	for (i = 0; i < nr; i++) {
		init_iocb(&cbs[i], IOCB_CMD_PWRITE, fd, wbuf[i], CHUNK,
			  i * CHUNK, i);
		list[i] = &cbs[i];
	}
	TST_EXP_VAL(sys_io_submit(ctx, nr, list), nr,
		    "io_submit() of %u pwrites to a context of %u", nr, nr);
	if (!TST_PASS)
		return;

	/* one call may return fewer than nr: collect until all are in */
	while (got < nr) {
		ret = sys_io_getevents(ctx, 1, nr - got, ev + got, &timeout);
		if (ret <= 0)
			break;
		got += ret;
	}
	for (i = 0; i < got; i++) {
		if (ev[i].data < nr && ev[i].res == CHUNK &&
		    ev[i].obj == (uintptr_t)&cbs[ev[i].data])
			good++;
	}
	TST_EXP_EXPR(good == nr, "%u of %u pwrites completed with res %d",
		     good, nr, CHUNK);
}

static void run(unsigned int n)
{
	unsigned int nr = nr_events[n];
	aio_context_t ctx = 0;

	TST_EXP_PASS(sys_io_setup(nr, &ctx), "io_setup(%u)", nr);
	if (!TST_PASS)
		return;

	TST_EXP_EXPR(ctx && ctx != other_ctx,
		     "context id 0x%llx, non-zero, not the other's 0x%llx",
		     (unsigned long long)ctx, (unsigned long long)other_ctx);
	check_ring(ctx, nr);
	fill_ring(ctx, nr);

	if (sys_io_destroy(ctx))
		tst_brk(TBROK | TERRNO, "io_destroy()");
}

static void cleanup(void)
{
	if (other_ctx)
		sys_io_destroy(other_ctx);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = sizeof(nr_events) / sizeof(nr_events[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

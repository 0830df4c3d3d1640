// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lio_listio(): the error statuses of its requests are those aio_read()
 * and aio_write() give for the same aiocb. Each faulty request (a write
 * on a read-only descriptor, a read on a write-only one, a negative
 * aio_offset for a read and a write, aio_reqprio -1) is run once through
 * lio_listio(LIO_WAIT) (which fails with [EIO]) and once through
 * aio_read()/aio_write(); the statuses must match (where aio_*() refuse
 * the call, its errno is compared), as must a good read's count.
 */
#include "pts_aiopend.h"

static char buf[8];

/* the error status of cb run through aio_read()/aio_write() */
static int direct(struct aiocb *cb)
{
	int e;

	errno = 0;
	if ((cb->aio_lio_opcode == LIO_READ ? aio_read : aio_write)(cb))
		return errno;
	pts_aio_wait(cb, &e);
	return e;
}

static void same(int fd, int op, off_t off, int prio, int want,
		 const char *what)
{
	struct aiocb cb, *list[1] = { &cb };
	int e, r, d;

	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = buf;
	cb.aio_nbytes = 4;
	cb.aio_offset = off;
	cb.aio_reqprio = prio;
	cb.aio_lio_opcode = op;
	errno = 0;
	r = lio_listio(LIO_WAIT, list, 1, NULL);
	e = r ? errno : 0;
	if (want && r != -1)
		PTS_FAILED("%s: lio_listio() returned %d", what, r);
	if (!r || e == EIO)
		e = aio_error(&cb);
	d = direct(&cb);
	printf("%s: lio_listio %s, aio_%s %s\n", what, strerrorname_np(e),
	       op == LIO_READ ? "read" : "write", strerrorname_np(d));
	if (e != want || d != want)
		PTS_FAILED("%s: statuses %d (lio_listio) and %d, expected %d",
			   what, e, d, want);
}

int main(void)
{
	char path[64];
	int fd, ro, wo;

	snprintf(path, sizeof(path), "/tmp/pts_lio15_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	ro = open(path, O_RDONLY);
	wo = open(path, O_WRONLY);
	unlink(path);
	if (fd < 0 || ro < 0 || wo < 0 || write(fd, "abcdefgh", 8) != 8)
		PTS_UNRES("set-up: %m");
	same(ro, LIO_WRITE, 0, 0, EBADF, "write on O_RDONLY");
	same(wo, LIO_READ, 0, 0, EBADF, "read on O_WRONLY");
	same(fd, LIO_READ, -1, 0, EINVAL, "read at offset -1");
	same(fd, LIO_WRITE, -1, 0, EINVAL, "write at offset -1");
	same(fd, LIO_READ, 0, -1, EINVAL, "aio_reqprio -1");
	same(fd, LIO_READ, 2, 0, 0, "a good read");
	PTS_PASSED("lio_listio() statuses match aio_read()/aio_write()");
}

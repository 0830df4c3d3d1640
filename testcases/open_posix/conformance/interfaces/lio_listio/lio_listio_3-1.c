// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lio_listio(): "If the mode argument has the value LIO_NOWAIT, the
 * function shall return immediately" with 0: a list holding NULL
 * entries (ignored), an LIO_NOP entry and an LIO_READ of an empty pipe
 * returns at once with the read pending (EINPROGRESS), the NOP's buffer
 * untouched; the read completes with the data written later. With
 * LIO_WAIT "the sig argument shall be ignored": a list of one write to
 * a file with a SIGEV_SIGNAL sigevent returns 0 with the write done and
 * no signal generated. An empty list (nent 0) with LIO_WAIT returns 0.
 */
#include <aio.h>

#include "pts_helpers.h"

int main(void)
{
	struct timespec zero = { 0, 0 }, lim = pts_ns_ts(pts_bound_ns(30));
	struct aiocb rd, nop, wr, *list[4];
	char buf[8], nbuf[4] = "nnn", path[64];
	struct sigevent sev;
	sigset_t set;
	siginfo_t si;
	int p[2], fd;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigprocmask(SIG_BLOCK, &set, NULL) || pipe(p))
		PTS_UNRES("set-up: %m");
	memset(&rd, 0, sizeof(rd));
	rd.aio_fildes = p[0];
	rd.aio_buf = buf;
	rd.aio_nbytes = 4;
	rd.aio_lio_opcode = LIO_READ;
	memset(&nop, 0, sizeof(nop));
	nop.aio_fildes = p[0];
	nop.aio_buf = nbuf;
	nop.aio_nbytes = 3;
	nop.aio_lio_opcode = LIO_NOP;
	list[0] = NULL;
	list[1] = &nop;
	list[2] = &rd;
	list[3] = NULL;
	if (lio_listio(LIO_NOWAIT, list, 4, NULL))
		PTS_FAILED("lio_listio(LIO_NOWAIT): %m");
	if (aio_error(&rd) != EINPROGRESS)
		PTS_FAILED("LIO_NOWAIT: the pipe read is not pending (%d)",
			   aio_error(&rd));
	if (write(p[1], "abcd", 4) != 4)
		PTS_UNRES("write(): %m");
	{
		const struct aiocb *l[1] = { &rd };

		while (aio_error(&rd) == EINPROGRESS)
			if (aio_suspend(l, 1, &lim) && errno != EINTR)
				PTS_FAILED("aio_suspend(): %m");
	}
	if (aio_error(&rd) || aio_return(&rd) != 4 || memcmp(buf, "abcd", 4))
		PTS_FAILED("the listed read did not complete with the data");
	if (memcmp(nbuf, "nnn", 3))
		PTS_FAILED("the LIO_NOP entry's buffer was written");

	snprintf(path, sizeof(path), "/tmp/pts_lio3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	memset(&wr, 0, sizeof(wr));
	wr.aio_fildes = fd;
	wr.aio_buf = "wxyz";
	wr.aio_nbytes = 4;
	wr.aio_lio_opcode = LIO_WRITE;
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN;
	list[0] = &wr;
	if (lio_listio(LIO_WAIT, list, 1, &sev))
		PTS_FAILED("lio_listio(LIO_WAIT): %m");
	if (aio_error(&wr) || aio_return(&wr) != 4 ||
	    pread(fd, buf, 4, 0) != 4 || memcmp(buf, "wxyz", 4))
		PTS_FAILED("LIO_WAIT returned before the write was done");
	PTS_EXPECT_ERRNO(sigtimedwait(&set, &si, &zero), EAGAIN,
			 "a signal generated for LIO_WAIT's sig");
	if (lio_listio(LIO_WAIT, list, 0, NULL))
		PTS_FAILED("lio_listio(LIO_WAIT) of 0 entries: %m");
	PTS_PASSED("LIO_NOWAIT returns at once (NULL and NOP ignored); LIO_WAIT ignores sig");
}

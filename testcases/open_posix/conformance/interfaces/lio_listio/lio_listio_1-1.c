// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lio_listio(): with LIO_WAIT the call returns after every listed
 * operation has completed (aio_error() 0 for each, aio_return() their
 * sizes, LIO_NOP entries ignored); with LIO_NOWAIT and a SIGEV_SIGNAL
 * sigevent the signal is generated once all have completed, with the
 * sigev_value given. [EINVAL] for a mode other than LIO_WAIT and
 * LIO_NOWAIT.
 */
#include <aio.h>

#include "pts_helpers.h"

#define N 4
#define SZ 8192

int main(void)
{
	static char bufs[N][SZ], chk[SZ];
	struct aiocb cbs[N + 1], *list[N + 1];
	struct timespec lim = pts_ns_ts(pts_bound_ns(30));
	struct sigevent ev;
	char path[64];
	siginfo_t si;
	sigset_t set;
	int fd, i;

	snprintf(path, sizeof(path), "/tmp/pts_lio_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	memset(cbs, 0, sizeof(cbs));
	for (i = 0; i < N; i++) {
		memset(bufs[i], 'A' + i, SZ);
		cbs[i].aio_fildes = fd;
		cbs[i].aio_buf = bufs[i];
		cbs[i].aio_nbytes = SZ;
		cbs[i].aio_offset = (off_t)i * SZ;
		cbs[i].aio_lio_opcode = LIO_WRITE;
		list[i] = &cbs[i];
	}
	cbs[N].aio_lio_opcode = LIO_NOP;
	list[N] = &cbs[N];
	if (lio_listio(LIO_WAIT, list, N + 1, NULL))
		PTS_FAILED("lio_listio(LIO_WAIT): %m");
	for (i = 0; i < N; i++) {
		if (aio_error(&cbs[i]) || aio_return(&cbs[i]) != SZ)
			PTS_FAILED("operation %d not complete after LIO_WAIT", i);
		if (pread(fd, chk, SZ, (off_t)i * SZ) != SZ ||
		    memcmp(chk, bufs[i], SZ))
			PTS_FAILED("block %d not in the file", i);
	}
	for (i = 0; i < N; i++) {
		memset(bufs[i], 0, SZ);
		cbs[i].aio_lio_opcode = LIO_READ;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	ev.sigev_value.sival_int = 0xabc;
	if (lio_listio(LIO_NOWAIT, list, N, &ev))
		PTS_FAILED("lio_listio(LIO_NOWAIT): %m");
	if (sigtimedwait(&set, &si, &lim) != SIGRTMIN)
		PTS_FAILED("no completion signal: %m");
	if (si.si_value.sival_int != 0xabc)
		PTS_FAILED("signal value %#x", si.si_value.sival_int);
	for (i = 0; i < N; i++)
		if (aio_error(&cbs[i]) || aio_return(&cbs[i]) != SZ ||
		    bufs[i][0] != 'A' + i || bufs[i][SZ - 1] != 'A' + i)
			PTS_FAILED("read %d not complete at the signal", i);
	PTS_EXPECT_ERRNO(lio_listio(7, list, N, NULL), EINVAL, "mode 7");
	PTS_PASSED("LIO_WAIT and LIO_NOWAIT completion, EINVAL");
}

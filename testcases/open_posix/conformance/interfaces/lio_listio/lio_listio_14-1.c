// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lio_listio(): the failure of one request does not prevent the others
 * from completing. A LIO_NOWAIT list of five writes, the middle one on
 * a read-only descriptor, notifies by SIGRTMIN with sival_int 77 when
 * all are done: the signal comes exactly once (SI_ASYNCIO, the value),
 * and by then the failed one reports [EBADF] (aio_return() -1) and the
 * four others 0 with their bytes at their offsets.
 */
#include "pts_aiopend.h"
#include "pts_sigkit.h"

static struct aiocb cb[5];

int main(void)
{
	struct aiocb *list[5];
	struct sigevent sev;
	struct timespec to;
	char path[64], back[4];
	siginfo_t si;
	sigset_t set;
	int fd, ro, i;

	snprintf(path, sizeof(path), "/tmp/pts_lio14_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	ro = open(path, O_RDONLY);
	unlink(path);
	if (fd < 0 || ro < 0)
		PTS_UNRES("open(): %m");
	pts_mask1(SIG_BLOCK, SIGRTMIN);
	for (i = 0; i < 5; i++) {
		cb[i].aio_fildes = i == 2 ? ro : fd;
		cb[i].aio_buf = "0123456789" + 2 * i;
		cb[i].aio_nbytes = 2;
		cb[i].aio_offset = 2 * i;
		cb[i].aio_lio_opcode = LIO_WRITE;
		list[i] = &cb[i];
	}
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN;
	sev.sigev_value.sival_int = 77;
	if (lio_listio(LIO_NOWAIT, list, 5, &sev))
		printf("lio_listio(LIO_NOWAIT): %s (queued still)\n",
		       strerrorname_np(errno));
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	to = pts_ns_ts(pts_bound_ns(30));
	if (sigtimedwait(&set, &si, &to) != SIGRTMIN)
		PTS_FAILED("no completion signal for the list: %m");
	if (si.si_code != SI_ASYNCIO || si.si_value.sival_int != 77)
		PTS_FAILED("signal with si_code %d value %d", si.si_code,
			   si.si_value.sival_int);
	for (i = 0; i < 5; i++) {
		int want = i == 2 ? EBADF : 0;

		if (aio_error(&cb[i]) != want ||
		    aio_return(&cb[i]) != (want ? -1 : 2))
			PTS_FAILED("request %d: status %d when the list signalled",
				   i, aio_error(&cb[i]));
		if (!want && (pread(fd, back, 2, 2 * i) != 2 ||
			      memcmp(back, "0123456789" + 2 * i, 2)))
			PTS_FAILED("request %d: its bytes are not in the file", i);
	}
	to.tv_sec = 0;
	to.tv_nsec = 0;
	if (sigtimedwait(&set, &si, &to) == SIGRTMIN)
		PTS_FAILED("a second completion signal");
	PTS_PASSED("one failed request, four completed, one signal for the list");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_fsync(): of the control block only aio_fildes and aio_sigevent
 * are used; the other members are ignored. A block with aio_buf NULL,
 * aio_nbytes SIZE_MAX, aio_offset -1, aio_reqprio -1 and
 * aio_lio_opcode 77 (each of which would fail a read or a write:
 * [EINVAL] or [EFAULT]) is queued for O_SYNC and for
 * O_DSYNC and completes with status 0 and return 0, and its
 * SIGEV_SIGNAL notification (SIGRTMIN, SI_ASYNCIO, the value) arrives;
 * the file's data and size are unchanged.
 */
#include <stdint.h>
#include <sys/stat.h>

#include "pts_aiowait.h"

int main(void)
{
	static const int ops[] = { O_SYNC, O_DSYNC };
	struct timespec lim = pts_ns_ts(pts_bound_ns(30));
	char path[64], back[16];
	struct aiocb cb;
	struct stat st;
	siginfo_t si;
	sigset_t set;
	unsigned int i;
	ssize_t n;
	int fd, e;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	snprintf(path, sizeof(path), "/tmp/pts_aio_fsync8_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || write(fd, "synced data", 11) != 11)
		PTS_UNRES("file: %m");
	for (i = 0; i < 2; i++) {
		memset(&cb, 0, sizeof(cb));
		cb.aio_fildes = fd;
		cb.aio_buf = NULL;
		cb.aio_nbytes = SIZE_MAX;
		cb.aio_offset = -1;
		cb.aio_lio_opcode = 77;
		cb.aio_reqprio = -1;
		cb.aio_sigevent.sigev_notify = SIGEV_SIGNAL;
		cb.aio_sigevent.sigev_signo = SIGRTMIN;
		cb.aio_sigevent.sigev_value.sival_int = 800 + i;
		if (aio_fsync(ops[i], &cb))
			PTS_FAILED("aio_fsync(%#x) of a block with invalid transfer members: %m",
				   ops[i]);
		n = pts_aio_wait(&cb, &e);
		if (e || n)
			PTS_FAILED("aio_fsync(%#x): status %d, return %zd; expected 0, 0",
				   ops[i], e, n);
		if (sigtimedwait(&set, &si, &lim) != SIGRTMIN ||
		    si.si_code != SI_ASYNCIO || si.si_value.sival_int != 800 + (int)i)
			PTS_FAILED("aio_fsync(%#x): no SIGRTMIN SI_ASYNCIO with value %u",
				   ops[i], 800 + i);
	}
	if (fstat(fd, &st) || st.st_size != 11 ||
	    pread(fd, back, sizeof(back), 0) != 11 || memcmp(back, "synced data", 11))
		PTS_FAILED("the file changed (size %ld)", (long)st.st_size);
	PTS_PASSED("only aio_fildes and aio_sigevent used: both syncs completed with 0, notified");
}

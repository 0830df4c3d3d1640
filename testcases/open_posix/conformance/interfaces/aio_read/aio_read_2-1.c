// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_read(), aio_write() with aio_sigevent SIGEV_SIGNAL: the signal is
 * generated when the request completes, with si_code SI_ASYNCIO and the
 * application's sigev_value. An aio_read() of an empty pipe is pending
 * (aio_error() EINPROGRESS) and its signal, SIGRTMIN (blocked), is not
 * pending yet; once data is written sigtimedwait() takes it with
 * SI_ASYNCIO and sival_ptr the aiocb, by which time aio_error() is 0 and
 * aio_return() the count, the data in the buffer. An aio_write() to a
 * file signals SIGRTMIN + 1 with the int value given, the data written
 * at aio_offset.
 */
#include <aio.h>

#include "pts_helpers.h"

static void take(sigset_t *set, int sig, siginfo_t *si, const char *what)
{
	struct timespec to = pts_ns_ts(pts_bound_ns(30));
	int r;

	r = sigtimedwait(set, si, &to);
	if (r != sig)
		PTS_FAILED("%s: sigtimedwait() returned %d (%m), expected %d",
			   what, r, sig);
	if (si->si_code != SI_ASYNCIO)
		PTS_FAILED("%s: si_code %d, expected SI_ASYNCIO (%d)", what,
			   si->si_code, SI_ASYNCIO);
}

int main(void)
{
	struct timespec zero = { 0, 0 };
	char buf[8] = "", path[64];
	struct aiocb rd, wr;
	sigset_t set;
	siginfo_t si;
	int p[2], fd;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGRTMIN + 1);
	if (sigprocmask(SIG_BLOCK, &set, NULL) || pipe(p))
		PTS_UNRES("set-up: %m");
	memset(&rd, 0, sizeof(rd));
	rd.aio_fildes = p[0];
	rd.aio_buf = buf;
	rd.aio_nbytes = 5;
	rd.aio_sigevent.sigev_notify = SIGEV_SIGNAL;
	rd.aio_sigevent.sigev_signo = SIGRTMIN;
	rd.aio_sigevent.sigev_value.sival_ptr = &rd;
	if (aio_read(&rd))
		PTS_FAILED("aio_read(): %m");
	if (aio_error(&rd) != EINPROGRESS)
		PTS_FAILED("pending read: aio_error() %d", aio_error(&rd));
	PTS_EXPECT_ERRNO(sigtimedwait(&set, &si, &zero), EAGAIN,
			 "the completion signal before completion");
	if (write(p[1], "hello", 5) != 5)
		PTS_UNRES("write(): %m");
	take(&set, SIGRTMIN, &si, "aio_read()");
	if (si.si_value.sival_ptr != &rd)
		PTS_FAILED("aio_read(): sival_ptr %p, expected %p",
			   si.si_value.sival_ptr, (void *)&rd);
	if (aio_error(&rd) != 0 || aio_return(&rd) != 5 ||
	    memcmp(buf, "hello", 5))
		PTS_FAILED("aio_read() signalled but status %d, data \"%.5s\"",
			   aio_error(&rd), buf);
	printf("read: SI_ASYNCIO, sival_ptr the aiocb, si_pid %d (ours %d)\n",
	       (int)si.si_pid, (int)getpid());

	snprintf(path, sizeof(path), "/tmp/pts_aio_read2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	memset(&wr, 0, sizeof(wr));
	wr.aio_fildes = fd;
	wr.aio_buf = "world";
	wr.aio_nbytes = 5;
	wr.aio_offset = 3;
	wr.aio_sigevent.sigev_notify = SIGEV_SIGNAL;
	wr.aio_sigevent.sigev_signo = SIGRTMIN + 1;
	wr.aio_sigevent.sigev_value.sival_int = 0x5eed;
	if (aio_write(&wr))
		PTS_FAILED("aio_write(): %m");
	take(&set, SIGRTMIN + 1, &si, "aio_write()");
	if (si.si_value.sival_int != 0x5eed)
		PTS_FAILED("aio_write(): sival_int %#x, expected 0x5eed",
			   si.si_value.sival_int);
	if (aio_error(&wr) != 0 || aio_return(&wr) != 5)
		PTS_FAILED("aio_write() signalled but status %d", aio_error(&wr));
	memset(buf, 'x', sizeof(buf));
	if (pread(fd, buf, 8, 0) != 8 || memcmp(buf, "\0\0\0world", 8))
		PTS_FAILED("aio_write() did not write at aio_offset 3");
	PTS_PASSED("SIGEV_SIGNAL at completion only, SI_ASYNCIO with the sigev_value");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_write(), aio_read() with aio_sigevent SIGEV_THREAD: at completion
 * sigev_notify_function is called as the start of a new thread (not the
 * submitting one) with sigev_value as its argument. The notification of
 * an aio_write() finds the data in the file and aio_error() 0; that of
 * an aio_read() of an empty pipe does not come while the read is
 * pending (aio_error() EINPROGRESS), and comes with the data once it is
 * written. Waits are bounded.
 */
#include <aio.h>
#include <pthread.h>

#include "pts_helpers.h"

static pthread_t main_thread;
static struct aiocb wr, rd;
static volatile int done_w, done_r, bad_thread, value_w, status_w;
static char got[8], path[64];

static void notified_w(union sigval v)
{
	char buf[4];
	int fd = open(path, O_RDONLY);

	if (pthread_equal(pthread_self(), main_thread))
		bad_thread = 1;
	value_w = v.sival_int;
	status_w = aio_error(&wr);
	if (fd < 0 || pread(fd, buf, 4, 0) != 4 || memcmp(buf, "data", 4))
		status_w = -2;
	if (fd >= 0)
		close(fd);
	__atomic_store_n(&done_w, 1, __ATOMIC_RELEASE);
}

static void notified_r(union sigval v)
{
	if (pthread_equal(pthread_self(), main_thread) || v.sival_ptr != &rd)
		bad_thread = 1;
	memcpy(got, (void *)rd.aio_buf, 5);
	__atomic_store_n(&done_r, 1, __ATOMIC_RELEASE);
}

int main(void)
{
	char buf[8];
	int fd, p[2];

	main_thread = pthread_self();
	snprintf(path, sizeof(path), "/tmp/pts_aio_write2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %m");
	wr.aio_fildes = fd;
	wr.aio_buf = "data";
	wr.aio_nbytes = 4;
	wr.aio_sigevent.sigev_notify = SIGEV_THREAD;
	wr.aio_sigevent.sigev_notify_function = notified_w;
	wr.aio_sigevent.sigev_value.sival_int = 4242;
	if (aio_write(&wr)) {
		unlink(path);
		PTS_FAILED("aio_write(): %m");
	}
	pts_wait_flag(&done_w, "the aio_write() notification");
	unlink(path);
	if (bad_thread)
		PTS_FAILED("the notification ran in the submitting thread");
	if (value_w != 4242)
		PTS_FAILED("notification argument %d, expected 4242", value_w);
	if (status_w)
		PTS_FAILED("at notification: aio_error() %d (-2: data missing)",
			   status_w);

	rd.aio_fildes = p[0];
	rd.aio_buf = buf;
	rd.aio_nbytes = 5;
	rd.aio_sigevent.sigev_notify = SIGEV_THREAD;
	rd.aio_sigevent.sigev_notify_function = notified_r;
	rd.aio_sigevent.sigev_value.sival_ptr = &rd;
	if (aio_read(&rd))
		PTS_FAILED("aio_read(): %m");
	if (aio_error(&rd) != EINPROGRESS || done_r)
		PTS_FAILED("pending read: aio_error() %d, notified %d",
			   aio_error(&rd), done_r);
	if (write(p[1], "pipe!", 5) != 5)
		PTS_UNRES("write(): %m");
	pts_wait_flag(&done_r, "the aio_read() notification");
	if (bad_thread || memcmp(got, "pipe!", 5))
		PTS_FAILED("read notification: wrong thread/argument or data \"%.5s\"",
			   got);
	if (aio_error(&rd) || aio_return(&rd) != 5)
		PTS_FAILED("read status %d after notification", aio_error(&rd));
	PTS_PASSED("SIGEV_THREAD: a new thread with sigev_value, after completion");
}

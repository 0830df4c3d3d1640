/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * POSIX AIO requests that stay pending: reads of an empty pipe, which
 * glibc's worker thread for that descriptor runs one at a time (the
 * first blocks in read(), the rest wait in glibc's queue, so they are
 * the ones aio_cancel() can still cancel). pts_aio_worker_in() waits,
 * bounded, until a thread of the process other than the caller sleeps
 * in a given system call: the first request has really started.
 */
#ifndef PTS_AIOPEND_H
#define PTS_AIOPEND_H

#include <aio.h>
#include <dirent.h>

#include "pts_aiowait.h"

/* submit an aio_read() of n bytes of fd into buf, sigevent SIGEV_NONE */
static inline void pts_aio_read_on(struct aiocb *cb, int fd, void *buf,
				   size_t n)
{
	memset(cb, 0, sizeof(*cb));
	cb->aio_fildes = fd;
	cb->aio_buf = buf;
	cb->aio_nbytes = n;
	cb->aio_sigevent.sigev_notify = SIGEV_NONE;
	if (aio_read(cb))
		PTS_UNRES("aio_read(): %s", strerror(errno));
}

/* 1 when some thread other than the caller's sleeps in system call nr */
static inline int pts_other_thread_in(long nr)
{
	DIR *d = opendir("/proc/self/task");
	pid_t self = pts_gettid();
	char path[300], buf[64];
	struct dirent *e;
	int found = 0;
	long got;
	FILE *f;

	if (!d)
		PTS_UNRES("opendir(/proc/self/task): %s", strerror(errno));
	while (!found && (e = readdir(d))) {
		if (e->d_name[0] == '.' || atoi(e->d_name) == self)
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/syscall",
			 e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(buf, sizeof(buf), f) && sscanf(buf, "%ld", &got) == 1 &&
		    got == nr)
			found = 1;
		fclose(f);
	}
	closedir(d);
	return found;
}

static inline void pts_aio_worker_in(long nr)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);

	while (!pts_other_thread_in(nr)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("no AIO worker thread ever blocked in syscall %ld",
				  nr);
		pts_nap();
	}
}

/*
 * Queue eight 1 MiB aio_write()s at consecutive offsets of fd, then
 * aio_fsync(op); once the fsync request has completed (status 0,
 * return 0) every write queued before it must have completed too,
 * with its full count, and the data be in the file. Returns the number
 * of writes found still pending (0 on a conforming system). The writes
 * are large enough that a fsync run beside them rather than after them
 * is seen to finish first.
 */
#define PTS_AIO_FSYNC_N 8
#define PTS_AIO_FSYNC_SZ (1 << 20)

static inline int pts_aio_fsync_after_writes(int fd, int op)
{
	static char data[PTS_AIO_FSYNC_N][PTS_AIO_FSYNC_SZ];
	static char back[PTS_AIO_FSYNC_SZ];
	static struct aiocb w[PTS_AIO_FSYNC_N], s;
	int i, e, pending = 0;

	for (i = 0; i < PTS_AIO_FSYNC_N; i++) {
		memset(data[i], 'a' + i, PTS_AIO_FSYNC_SZ);
		memset(&w[i], 0, sizeof(w[i]));
		w[i].aio_fildes = fd;
		w[i].aio_buf = data[i];
		w[i].aio_nbytes = PTS_AIO_FSYNC_SZ;
		w[i].aio_offset = (off_t)i * PTS_AIO_FSYNC_SZ;
		if (aio_write(&w[i]))
			PTS_UNRES("aio_write(): %s", strerror(errno));
	}
	memset(&s, 0, sizeof(s));
	s.aio_fildes = fd;
	if (aio_fsync(op, &s))
		PTS_FAILED("aio_fsync(): %s", strerror(errno));
	if (pts_aio_wait(&s, &e) != 0 || e)
		PTS_FAILED("the aio_fsync() request: status %d", e);
	for (i = 0; i < PTS_AIO_FSYNC_N; i++)
		if (aio_error(&w[i]) == EINPROGRESS)
			pending++;
	for (i = 0; i < PTS_AIO_FSYNC_N; i++) {
		if (pts_aio_wait(&w[i], &e) != PTS_AIO_FSYNC_SZ || e)
			PTS_FAILED("write %d: status %d", i, e);
		if (pread(fd, back, PTS_AIO_FSYNC_SZ, w[i].aio_offset) !=
		    PTS_AIO_FSYNC_SZ || memcmp(back, data[i], PTS_AIO_FSYNC_SZ))
			PTS_FAILED("write %d: the data is not in the file", i);
	}
	return pending;
}

#endif /* PTS_AIOPEND_H */

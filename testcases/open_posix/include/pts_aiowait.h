/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Waiting for one POSIX AIO request: aio_suspend() bounded by
 * pts_bound_ns() until aio_error() stops reporting EINPROGRESS (a
 * caught signal may end a suspend early, so it is looped), then the
 * error status and the return status, each fetched once.
 */
#ifndef PTS_AIOWAIT_H
#define PTS_AIOWAIT_H

#include <aio.h>

#include "pts_helpers.h"

/* the request's return status; its error status in *err */
static inline ssize_t pts_aio_wait(struct aiocb *cb, int *err)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	const struct aiocb *list[1] = { cb };
	struct timespec to;
	int e;

	while ((e = aio_error(cb)) == EINPROGRESS) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the AIO request never completed");
		to = pts_ns_ts(end - pts_now(CLOCK_MONOTONIC));
		if (aio_suspend(list, 1, &to) && errno != EINTR &&
		    errno != EAGAIN)
			PTS_UNRES("aio_suspend(): %s", strerror(errno));
	}
	*err = e;
	return aio_return(cb);
}

#endif /* PTS_AIOWAIT_H */

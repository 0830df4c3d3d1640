/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A clock in seconds: CLOCK_MONOTONIC for timeouts and durations,
 * CLOCK_REALTIME for the start times the records carry.
 */
#ifndef CLOCK_SECS_H
#define CLOCK_SECS_H

#include <time.h>

static inline double clock_secs(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline double mono_secs(void)
{
	return clock_secs(CLOCK_MONOTONIC);
}

static inline double wall_secs(void)
{
	return clock_secs(CLOCK_REALTIME);
}

#endif /* CLOCK_SECS_H */

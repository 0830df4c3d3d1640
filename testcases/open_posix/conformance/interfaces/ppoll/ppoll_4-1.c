// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ppoll() fails with [EINVAL] for a timeout whose tv_nsec is negative or
 * at least 1000 million, or whose tv_sec is negative, and for nfds above
 * the process's RLIMIT_NOFILE ({OPEN_MAX}); revents is not written by a
 * failed call, and nothing is waited for.
 */
#include "pts_p20.h"

int main(void)
{
	struct timespec bad[] = { { 0, 1000000000 }, { 0, -1 }, { -1, 0 } };
	struct pollfd *many;
	struct rlimit rl;
	struct pollfd pfd;
	unsigned int i;
	int p[2];

	if (pipe(p) || write(p[1], "x", 1) != 1)
		PTS_UNRES("pipe: %s", strerror(errno));
	for (i = 0; i < 3; i++) {
		pfd.fd = p[0];
		pfd.events = POLLIN;
		pfd.revents = 0x5a5a;
		PTS_EXPECT_ERRNO(ppoll(&pfd, 1, &bad[i], NULL), EINVAL, "bad timeout");
		if (pfd.revents != 0x5a5a)
			PTS_FAILED("timeout %d: revents written by a failed call", i);
	}
	if (getrlimit(RLIMIT_NOFILE, &rl))
		PTS_UNRES("getrlimit: %s", strerror(errno));
	if (rl.rlim_cur > 1 << 20)
		PTS_UNRES("RLIMIT_NOFILE %llu too large to test", (unsigned long long)rl.rlim_cur);
	many = calloc(rl.rlim_cur + 1, sizeof(*many));
	if (!many)
		PTS_UNRES("calloc failed");
	for (i = 0; i <= rl.rlim_cur; i++)
		many[i].fd = -1;
	PTS_EXPECT_ERRNO(ppoll(many, rl.rlim_cur + 1, &(struct timespec){ 0, 0 }, NULL), EINVAL,
			 "nfds RLIMIT_NOFILE + 1");
	if (ppoll(many, rl.rlim_cur, &(struct timespec){ 0, 0 }, NULL) != 0)
		PTS_FAILED("nfds RLIMIT_NOFILE of ignored entries did not return 0");
	PTS_PASSED("EINVAL for bad timespecs and nfds above RLIMIT_NOFILE, revents untouched");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() "does not add messages to the queue or remove messages
 * from the queue": a queue holding three messages (priorities 1, 9, 4)
 * is opened again O_RDONLY, O_WRONLY, O_RDWR | O_CREAT (an existing
 * queue), O_RDONLY | O_NONBLOCK and by a child process; after each
 * open mq_curmsgs is still 3, and the three messages then come out
 * whole in priority order, nothing after them.
 */
#include <mqueue.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

static char name[64];

static int curmsgs(mqd_t q)
{
	struct mq_attr got;

	if (mq_getattr(q, &got))
		PTS_UNRES("mq_getattr(): %m");
	return (int)got.mq_curmsgs;
}

static int child(void)
{
	mqd_t q = mq_open(name, O_RDWR);

	if (q == (mqd_t)-1)
		PTS_UNRES("child: mq_open(): %m");
	if (curmsgs(q) != 3)
		PTS_FAILED("child: %d messages after its open", curmsgs(q));
	return PTS_PASS;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 5, .mq_msgsize = 8 };
	static const int flags[] = { O_RDONLY, O_WRONLY, O_RDWR | O_CREAT,
				     O_RDONLY | O_NONBLOCK };
	static const char *const want[] = { "nine", "four", "one" };
	static const unsigned int wprio[] = { 9, 4, 1 };
	unsigned int i, prio;
	char buf[8];
	mqd_t q, o;

	snprintf(name, sizeof(name), "/pts_mq_open19_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "one", 3, 1) || mq_send(q, "nine", 4, 9) ||
	    mq_send(q, "four", 4, 4)) {
		mq_unlink(name);
		PTS_UNRES("mq_send(): %m");
	}
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		o = mq_open(name, flags[i], 0600, &at);
		if (o == (mqd_t)-1) {
			mq_unlink(name);
			PTS_UNRES("mq_open(flags %#x): %m", flags[i]);
		}
		if (curmsgs(o) != 3 || curmsgs(q) != 3) {
			mq_unlink(name);
			PTS_FAILED("%d messages after an open with flags %#x",
				   curmsgs(q), flags[i]);
		}
		mq_close(o);
	}
	pts_reap(pts_fork_fn(child), "the child opener");
	mq_unlink(name);

	for (i = 0; i < 3; i++) {
		if (mq_receive(q, buf, sizeof(buf), &prio) != (ssize_t)strlen(want[i]) ||
		    memcmp(buf, want[i], strlen(want[i])) || prio != wprio[i])
			PTS_FAILED("message %u is not \"%s\" with priority %u", i,
				   want[i], wprio[i]);
	}
	if (curmsgs(q) != 0)
		PTS_FAILED("%d messages left after the three", curmsgs(q));
	PTS_PASSED("five opens neither added nor removed a message");
}

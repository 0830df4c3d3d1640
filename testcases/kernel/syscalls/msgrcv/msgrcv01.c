// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgrcv() picks the message by msgtyp. The queue holds, in this order,
 * messages of types 3, 1, 2, 1, 5 ("m0" .. "m4"):
 *  - msgtyp 0 takes the first message (m0);
 *  - msgtyp > 0 the first of that type (1: m1, 2: m2, 5: m4), messages of
 *    one type in the order sent (1 again: m3);
 *  - msgtyp < 0 the first of the lowest type <= |msgtyp| (-3: m1, not the
 *    earlier m0 of type 3; -2: m1);
 *  - MSG_EXCEPT with msgtyp > 0 the first of any other type (3: m1,
 *    1: m0);
 *  - no match with IPC_NOWAIT: ENOMSG (type 4, and type 1 once both are
 *    taken);
 *  - msgtyp LONG_MIN, whose negation overflows, means every type, lowest
 *    first (m1, m3, m2), as -LONG_MAX would (ipc/msg.c convert_mode());
 *  - MSG_EXCEPT is ignored for msgtyp < 0 (LONG_MIN: m1, m3, m2; -1: m1,
 *    m3, then ENOMSG).
 * A taken message leaves the queue (msg_qnum drops, msg_lrpid is the
 * receiver, msg_rtime the time of the call) and the others stay in order.
 */
#include <limits.h>
#include "sysv_ipc.h"

#define NMSGS 5

static const long types[NMSGS] = { 3, 1, 2, 1, 5 };

static const struct testcase {
	long msgtyp;
	int flags;
	const char *expect[3];	/* the texts of successive calls, NULL: ENOMSG */
} cases[] = {
	{ 0, 0, { "m0", "m1", "m2" } },
	{ 1, 0, { "m1", "m3", NULL } },
	{ 2, 0, { "m2", NULL } },
	{ 5, 0, { "m4", NULL } },
	{ 4, 0, { NULL } },
	{ -3, 0, { "m1", "m3", "m2" } },
	{ -2, 0, { "m1", "m3", "m2" } },
	{ 3, MSG_EXCEPT, { "m1", "m2", "m3" } },
	{ 1, MSG_EXCEPT, { "m0", "m2", "m4" } },
	{ LONG_MIN, 0, { "m1", "m3", "m2" } },
	{ LONG_MIN, MSG_EXCEPT, { "m1", "m3", "m2" } },
	{ -1, MSG_EXCEPT, { "m1", "m3", NULL } },
};

struct msg {
	long mtype;
	char mtext[8];
};

static int queue_id = -1;

static void fill(void)
{
	struct msg msg;
	int i;

	for (i = 0; i < NMSGS; i++) {
		msg.mtype = types[i];
		snprintf(msg.mtext, sizeof(msg.mtext), "m%d", i);
		if (msgsnd(queue_id, &msg, 3, IPC_NOWAIT))
			tst_brk(TBROK | TERRNO, "msgsnd(type %ld)", types[i]);
	}
}

static void receive(const struct testcase *tc, int call, unsigned int *left)
{
	const char *want = tc->expect[call];
	struct msqid_ds ds;
	struct msg msg;
	time_t before, after;

	memset(&msg, 0, sizeof(msg));
	if (!want) {
		TST_EXP_FAIL(msgrcv(queue_id, &msg, sizeof(msg.mtext),
				    tc->msgtyp, tc->flags | IPC_NOWAIT), ENOMSG,
			     "msgrcv(msgtyp %ld, flags 0x%x) with no match",
			     tc->msgtyp, tc->flags);
		return;
	}

	before = time(NULL);
	TEST(msgrcv(queue_id, &msg, sizeof(msg.mtext), tc->msgtyp,
		    tc->flags | IPC_NOWAIT));
	after = time(NULL);
	if (TST_RET != 3) {
		tst_res(TFAIL | TTERRNO, "msgrcv(msgtyp %ld, flags 0x%x) call "
			"%d returned %ld, expected 3", tc->msgtyp, tc->flags,
			call + 1, TST_RET);
		return;
	}
	TST_EXP_EXPR(!strcmp(msg.mtext, want) &&
		     msg.mtype == types[want[1] - '0'],
		     "msgrcv(msgtyp %ld, flags 0x%x) call %d got %s (type %ld),"
		     " expected %s", tc->msgtyp, tc->flags, call + 1,
		     msg.mtext, msg.mtype, want);

	(*left)--;
	ds = msgq_stat(queue_id);
	if (ds.msg_qnum != *left || ds.msg_lrpid != getpid() ||
	    ds.msg_rtime < before || ds.msg_rtime > after)
		tst_res(TFAIL, "after the receive: msg_qnum %lu (expected %u), "
			"msg_lrpid %d (expected %d), msg_rtime %ld outside "
			"[%ld, %ld]", (unsigned long)ds.msg_qnum, *left,
			(int)ds.msg_lrpid, (int)getpid(), (long)ds.msg_rtime,
			(long)before, (long)after);
}

static void run(unsigned int n)
{
	const struct testcase *tc = &cases[n];
	unsigned int left = NMSGS;
	int call;

	queue_id = new_msgq(IPC_PRIVATE, 0600);
	fill();
	for (call = 0; call < 3; call++) {
		receive(tc, call, &left);
		if (!tc->expect[call])
			break;
	}
	rm_msgq(&queue_id);
}

static void cleanup(void)
{
	rm_msgq(&queue_id);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.cleanup = cleanup,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The message queue limits and the next-id control of an IPC namespace,
 * in a new one (unshare(CLONE_NEWIPC)), so no other queue counts:
 * - kernel.msgmni 3: three queues are made, the fourth msgget() (also a
 *   keyed IPC_CREAT one) fails with ENOSPC; removing one lets one more in;
 *   msgmni 0: ENOSPC at once;
 * - kernel.msg_next_id reads -1; set to 1234 the next queue gets exactly
 *   id 1234 and the file reads -1 again; set to 65536 * 3 + 7 (index 7,
 *   sequence 3) the id is exactly that; set to the id of a queue in use,
 *   msgget() still succeeds with another id and the file reads -1;
 *   -1 and values above INT_MAX are EINVAL to write.
 * Syscalls: msgget
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/msg.h>
#include "tst_test.h"

#define MSGMNI "/proc/sys/kernel/msgmni"
#define NEXT_ID "/proc/sys/kernel/msg_next_id"

static int write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY);
	ssize_t ret;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s)", path);
	ret = write(fd, val, strlen(val));
	close(fd);
	return ret < 0 ? -1 : 0;
}

static long next_id(void)
{
	long v;

	SAFE_FILE_SCANF(NEXT_ID, "%ld", &v);
	return v;
}

static void limits(void)
{
	int ids[4], i, id;

	SAFE_FILE_PRINTF(MSGMNI, "3");
	for (i = 0; i < 3; i++) {
		ids[i] = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
		if (ids[i] < 0)
			tst_res(TFAIL | TERRNO, "queue %d of 3", i + 1);
	}
	TST_EXP_FAIL(msgget(IPC_PRIVATE, IPC_CREAT | 0600), ENOSPC,
		     "a 4th queue with msgmni 3");
	TST_EXP_FAIL(msgget(0x5eed, IPC_CREAT | 0600), ENOSPC,
		     "a keyed 4th queue with msgmni 3");
	TST_EXP_PASS(msgctl(ids[0], IPC_RMID, NULL), "remove one");
	id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	TST_EXP_EXPR(id >= 0, "then a queue can be made again");
	ids[0] = id;
	for (i = 0; i < 3; i++)
		if (ids[i] >= 0)
			msgctl(ids[i], IPC_RMID, NULL);
	SAFE_FILE_PRINTF(MSGMNI, "0");
	TST_EXP_FAIL(msgget(IPC_PRIVATE, IPC_CREAT | 0600), ENOSPC,
		     "msgget() with msgmni 0");
	SAFE_FILE_PRINTF(MSGMNI, "32000");
}

static void next_ids(void)
{
	int id, used;

	TST_EXP_EQ_LI(next_id(), -1);
	SAFE_FILE_PRINTF(NEXT_ID, "1234");
	TST_EXP_EQ_LI(next_id(), 1234);
	TST_EXP_VAL(msgget(IPC_PRIVATE, IPC_CREAT | 0600), 1234,
		    "msgget() after msg_next_id 1234");
	TST_EXP_EQ_LI(next_id(), -1);

	SAFE_FILE_PRINTF(NEXT_ID, "%d", 65536 * 3 + 7);
	TST_EXP_VAL(msgget(IPC_PRIVATE, IPC_CREAT | 0600), 65536 * 3 + 7,
		    "msgget() after msg_next_id 65536 * 3 + 7");

	used = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	if (used < 0)
		tst_brk(TBROK | TERRNO, "msgget()");
	SAFE_FILE_PRINTF(NEXT_ID, "%d", used);
	id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	TST_EXP_EXPR(id >= 0 && id != used, "msg_next_id naming a used id "
		     "(%d): msgget() gives %d", used, id);
	TST_EXP_EQ_LI(next_id(), -1);

	TST_EXP_FAIL(write_str(NEXT_ID, "-1"), EINVAL, "write -1");
	TST_EXP_FAIL(write_str(NEXT_ID, "2147483648"), EINVAL,
		     "write INT_MAX + 1");
	TST_EXP_EQ_LI(next_id(), -1);
}

static void in_new_ns(void (*fn)(void))
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (unshare(CLONE_NEWIPC))
			tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWIPC)");
		fn();
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	if (!n) {
		in_new_ns(limits);
		return;
	}
	if (access(NEXT_ID, F_OK)) {
		tst_res(TCONF, "no %s (CONFIG_CHECKPOINT_RESTORE)", NEXT_ID);
		return;
	}
	in_new_ns(next_ids);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
};

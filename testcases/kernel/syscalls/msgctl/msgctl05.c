// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgctl(IPC_SET) changes exactly the owner, group, permission bits and
 * msg_qbytes:
 *  - root gives a queue to nobody with mode 07640: IPC_STAT then shows
 *    the new uid and gid, mode 0640 (only the 9 permission bits are
 *    taken), the new msg_qbytes, the creator unchanged and msg_ctime set
 *    to the time of the call;
 *  - nobody, now the owner, may lower msg_qbytes and change the mode, but
 *    raising msg_qbytes above kernel.msgmnb needs CAP_SYS_RESOURCE: EPERM,
 *    and the queue keeps its old value;
 *  - root may raise msg_qbytes above kernel.msgmnb if it holds
 *    CAP_SYS_RESOURCE (a container's root may not: then EPERM);
 *  - the owner may remove the queue.
 */
#include <pwd.h>
#include "sysv_ipc.h"
#include "cap_check.h"

static int queue_id = -1;
static long msgmnb;
static uid_t nobody_uid;
static gid_t nobody_gid;

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	nobody_uid = pw ? pw->pw_uid : 65534;
	nobody_gid = pw ? pw->pw_gid : 65534;
	if (!tst_file_read_long("/proc/sys/kernel/msgmnb", &msgmnb))
		tst_brk(TBROK, "/proc/sys/kernel/msgmnb missing");
}

static void as_owner(void)
{
	struct msqid_ds ds = msgq_stat(queue_id);

	ds.msg_qbytes = 100;
	ds.msg_perm.mode = 0600;
	TST_EXP_PASS(msgctl(queue_id, IPC_SET, &ds),
		     "nobody (owner): IPC_SET msg_qbytes 100, mode 0600");
	ds = msgq_stat(queue_id);
	TST_EXP_EQ_LU(ds.msg_qbytes, 100);
	TST_EXP_EQ_LU(ds.msg_perm.mode & 0777, 0600);

	ds.msg_qbytes = msgmnb + 1;
	TST_EXP_FAIL(msgctl(queue_id, IPC_SET, &ds), EPERM,
		     "nobody (owner): IPC_SET msg_qbytes msgmnb + 1");
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qbytes, 100);

	TST_EXP_PASS(msgctl(queue_id, IPC_RMID, NULL),
		     "nobody (owner): IPC_RMID of a queue root created");
}

static void run(void)
{
	struct msqid_ds ds;
	time_t before, after;

	queue_id = new_msgq(IPC_PRIVATE, 0600);

	ds = msgq_stat(queue_id);
	ds.msg_perm.uid = nobody_uid;
	ds.msg_perm.gid = nobody_gid;
	ds.msg_perm.mode = 07640;
	ds.msg_qbytes = 1000;
	before = time(NULL);
	TST_EXP_PASS(msgctl(queue_id, IPC_SET, &ds),
		     "root: IPC_SET uid nobody, mode 07640, msg_qbytes 1000");
	after = time(NULL);
	ds = msgq_stat(queue_id);
	TST_EXP_EQ_LU(ds.msg_perm.uid, nobody_uid);
	TST_EXP_EQ_LU(ds.msg_perm.gid, nobody_gid);
	TST_EXP_EQ_LU(ds.msg_perm.cuid, 0);
	TST_EXP_EQ_LU(ds.msg_perm.cgid, getegid());
	TST_EXP_EQ_LU(ds.msg_perm.mode, 0640);
	TST_EXP_EQ_LU(ds.msg_qbytes, 1000);
	TST_EXP_EXPR(ds.msg_ctime >= before && ds.msg_ctime <= after,
		     "msg_ctime %ld within the IPC_SET call [%ld, %ld]",
		     (long)ds.msg_ctime, (long)before, (long)after);

	ds.msg_qbytes = msgmnb + 1;
	if (has_effective_cap(CAP_SYS_RESOURCE)) {
		TST_EXP_PASS(msgctl(queue_id, IPC_SET, &ds),
			     "root: IPC_SET msg_qbytes msgmnb + 1 = %ld",
			     msgmnb + 1);
		TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qbytes, msgmnb + 1);
	} else {
		TST_EXP_FAIL(msgctl(queue_id, IPC_SET, &ds), EPERM,
			     "root without CAP_SYS_RESOURCE: IPC_SET "
			     "msg_qbytes msgmnb + 1 = %ld", msgmnb + 1);
		TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qbytes, 1000);
	}

	run_as_nobody(as_owner);
	TST_EXP_FAIL(msgctl(queue_id, IPC_STAT, &ds), EINVAL,
		     "IPC_STAT after the owner removed the queue");
	if (TST_PASS)
		queue_id = -1;
}

static void cleanup(void)
{
	rm_msgq(&queue_id);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};

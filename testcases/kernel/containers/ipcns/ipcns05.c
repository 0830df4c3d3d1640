// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The IPC limits a new ipc namespace starts with are the kernel's
 * defaults, not its parent's values, and each limit binds exactly at its
 * value there (ipc/msg.c msg_init_ns(), do_msgsnd(), msg_fits_inqueue();
 * ipc/shm.c shm_init_ns(), newseg(); ipc/sem.c newary(); ipc/mqueue.c
 * mq_init_ns(), mqueue_get_inode(), mqueue_create_attr();
 * ipc/mq_sysctl.c). The test's own namespace is given odd values of every
 * limit (restored after). A child A in a new ipc namespace:
 *  - reads shmmax and shmall 2^64 - 2^24 - 1, shmmni 4096, msgmax 8192,
 *    msgmnb 16384, msgmni 32000, sem "32000 1024000000 500 32000",
 *    queues_max 256, msg_max 10, msgsize_max 8192, msg_default 10,
 *    msgsize_default 8192;
 *  - msgmax 200, msgmnb 300: a new queue's msg_qbytes is 300, 201 bytes
 *    EINVAL, 200 + 100 bytes fill it (msg_cbytes 300), one byte more is
 *    EAGAIN (IPC_NOWAIT), an empty message still fits; without
 *    CAP_SYS_RESOURCE IPC_SET of msg_qbytes 301 is EPERM (300 works),
 *    root's 301 takes one byte more, then EAGAIN; msgmni 2: the third
 *    queue ENOSPC;
 *  - shmmax 2 pages + 1 byte: one byte more EINVAL, size 0 EINVAL; shmall
 *    3 pages: the 3-page segment fits, one more page ENOSPC; shmmni 3:
 *    the fourth segment ENOSPC;
 *  - sem "4 5 4 2": 5 semaphores EINVAL, 4 + 2 ENOSPC (semmns), 4 + 1
 *    fit, then under semmns 100 the third set ENOSPC (semmni);
 *  - msg_max takes 1..65536 and msgsize_max 128..16777216 (one past
 *    either end EINVAL);
 *  - msg_max 5, msgsize_max 128, queues_max 2, msg_default 7,
 *    msgsize_default 256; without CAP_SYS_RESOURCE: maxmsg 6, msgsize
 *    129, and maxmsg or msgsize 0 EINVAL; under RLIMIT_MSGQUEUE 0 EMFILE
 *    (no queue left behind, and no slot of queues_max used); two queues,
 *    the third ENOSPC; after mq_unlink() of one exactly one more fits;
 *  - as root: a queue made without attributes gets min(default, max):
 *    5 x 128; maxmsg 65536 and msgsize 16777216 work (beyond the
 *    namespace's limits), 65537 and 16777217 are EINVAL.
 * The test's namespace still reads its odd values afterwards.
 * A kernel that copies the parent's limits, shares them between
 * namespaces, checks one off by one, or leaks or double-counts a queue
 * slot on a failed mq_open() fails here.
 */
#include <fcntl.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include "tst_test.h"
#include "lapi/mqueue.h"
#include "ns_helpers.h"
#include "caps_raw.h"

#define KSYS "/proc/sys/kernel/"
#define MQSYS "/proc/sys/fs/mqueue/"

/* The odd values the test's namespace holds; none is a default. */
static const struct {
	const char *path;
	const char *val;
} outer[] = {
	{KSYS "shmmax", "33554431"},
	{KSYS "shmall", "1048573"},
	{KSYS "shmmni", "1021"},
	{KSYS "msgmax", "4093"},
	{KSYS "msgmnb", "8191"},
	{KSYS "msgmni", "1019"},
	{KSYS "sem", "251\t32003\t31\t127"},
	{MQSYS "queues_max", "253"},
	{MQSYS "msg_max", "9"},
	{MQSYS "msgsize_max", "4097"},
	{MQSYS "msg_default", "7"},
	{MQSYS "msgsize_default", "4095"},
};

/* What a new namespace must read (include/uapi/linux/{shm,msg,sem}.h) */
static const struct {
	const char *path;
	const char *val;
} dflt[] = {
	{KSYS "shmmax", "18446744073692774399"},
	{KSYS "shmall", "18446744073692774399"},
	{KSYS "shmmni", "4096"},
	{KSYS "msgmax", "8192"},
	{KSYS "msgmnb", "16384"},
	{KSYS "msgmni", "32000"},
	{KSYS "sem", "32000\t1024000000\t500\t32000"},
	{MQSYS "queues_max", "256"},
	{MQSYS "msg_max", "10"},
	{MQSYS "msgsize_max", "8192"},
	{MQSYS "msg_default", "10"},
	{MQSYS "msgsize_default", "8192"},
};

static struct {
	long mtype;
	char mtext[256];
} msg = {1, ""};

static long page;

/* ipc_ctl(): a set-up IPC control call that must succeed */
static void ipc_ctl(int ret, const char *what)
{
	if (ret < 0)
		tst_brk(TBROK | TERRNO, "%s", what);
}

static void check_values(const char *who, const char *path,
			 const char *want)
{
	char buf[128];

	SAFE_FILE_SCANF(path, "%127[^\n]", buf);
	if (strcmp(buf, want))
		tst_res(TFAIL, "%s: %s reads '%s', expected '%s'", who, path,
			buf, want);
	else
		tst_res(TPASS, "%s: %s reads '%s'", who, path, buf);
}

/* write() a sysctl, returning 0 or the errno of the write */
static int sysctl_write(const char *path, const char *val)
{
	int fd = SAFE_OPEN(path, O_WRONLY);
	int err = 0;

	if (write(fd, val, strlen(val)) < 0)
		err = errno;
	SAFE_CLOSE(fd);
	return err;
}

static void sysctl_expect(const char *path, const char *val, int want)
{
	int err = sysctl_write(path, val);

	if (err == want)
		tst_res(TPASS, "write '%s' to %s: %s", val, path,
			want ? tst_strerrno(err) : "accepted");
	else
		tst_res(TFAIL, "write '%s' to %s: %s, expected %s", val, path,
			err ? tst_strerrno(err) : "accepted",
			want ? tst_strerrno(want) : "success");
}

static int set_qbytes(int q, unsigned long qbytes)
{
	struct msqid_ds ds;

	ipc_ctl(msgctl(q, IPC_STAT, &ds), "msgctl(IPC_STAT)");
	ds.msg_qbytes = qbytes;
	return msgctl(q, IPC_SET, &ds);
}

/* Without CAP_SYS_RESOURCE msg_qbytes may not be raised above msgmnb */
static void msg_qbytes_unprivileged(int q)
{
	drop_eff_caps(CAP_BIT(CAP_SYS_RESOURCE));
	TST_EXP_FAIL(set_qbytes(q, 301), EPERM,
		     "unprivileged IPC_SET msg_qbytes 301 over msgmnb 300");
	TST_EXP_PASS(set_qbytes(q, 300), "IPC_SET msg_qbytes 300");
	exit(0);
}

static void sysv_msg(void)
{
	struct msqid_ds ds;
	pid_t pid;
	int q;

	SAFE_FILE_PRINTF(KSYS "msgmax", "200");
	SAFE_FILE_PRINTF(KSYS "msgmnb", "300");
	SAFE_FILE_PRINTF(KSYS "msgmni", "2");
	q = msgget(IPC_PRIVATE, 0600);
	if (q < 0)
		tst_brk(TBROK | TERRNO, "msgget()");
	ipc_ctl(msgctl(q, IPC_STAT, &ds), "msgctl(IPC_STAT)");
	TST_EXP_EQ_LI(ds.msg_qbytes, 300);
	TST_EXP_FAIL(msgsnd(q, &msg, 201, IPC_NOWAIT), EINVAL,
		     "msgsnd() of 201 bytes under msgmax 200");
	TST_EXP_PASS(msgsnd(q, &msg, 200, IPC_NOWAIT), "msgsnd() of 200 bytes");
	TST_EXP_PASS(msgsnd(q, &msg, 100, IPC_NOWAIT),
		     "msgsnd() of 100 bytes up to msgmnb 300");
	TST_EXP_FAIL(msgsnd(q, &msg, 1, IPC_NOWAIT), EAGAIN,
		     "msgsnd() of one byte into a full queue");
	/* msg_fits_inqueue(): 0 + 300 <= 300 bytes, 3 messages <= 300 */
	TST_EXP_PASS(msgsnd(q, &msg, 0, IPC_NOWAIT),
		     "msgsnd() of an empty message into a full queue");
	ipc_ctl(msgctl(q, IPC_STAT, &ds), "msgctl(IPC_STAT)");
	TST_EXP_EQ_LI(ds.msg_cbytes, 300);
	TST_EXP_EQ_LI(ds.msg_qnum, 3);

	pid = SAFE_FORK();
	if (!pid)
		msg_qbytes_unprivileged(q);
	NS_REAP(pid);
	TST_EXP_PASS(set_qbytes(q, 301), "root's IPC_SET msg_qbytes 301");
	TST_EXP_PASS(msgsnd(q, &msg, 1, IPC_NOWAIT),
		     "msgsnd() of one byte under msg_qbytes 301");
	TST_EXP_FAIL(msgsnd(q, &msg, 1, IPC_NOWAIT), EAGAIN,
		     "msgsnd() of one more byte under msg_qbytes 301");
	if (msgget(IPC_PRIVATE, 0600) < 0)
		tst_brk(TBROK | TERRNO, "second msgget()");
	TST_EXP_FAIL(msgget(IPC_PRIVATE, 0600), ENOSPC,
		     "a third msgget() under msgmni 2");
}

static void sysv_shm(void)
{
	struct shmid_ds ds;
	int id, i;

	SAFE_FILE_PRINTF(KSYS "shmmax", "%ld", 2 * page + 1);
	SAFE_FILE_PRINTF(KSYS "shmall", "3");
	SAFE_FILE_PRINTF(KSYS "shmmni", "3");
	TST_EXP_FAIL(shmget(IPC_PRIVATE, 2 * page + 2, 0600), EINVAL,
		     "shmget() of shmmax + 1 bytes");
	TST_EXP_FAIL(shmget(IPC_PRIVATE, 0, 0600), EINVAL, "shmget() of 0");
	id = shmget(IPC_PRIVATE, 2 * page + 1, 0600);
	TST_EXP_EXPR(id >= 0, "shmget() of shmmax bytes, 3 pages: %s",
		     id >= 0 ? "made" : tst_strerrno(errno));
	if (id < 0)
		return;
	ipc_ctl(shmctl(id, IPC_STAT, &ds), "shmctl(IPC_STAT)");
	TST_EXP_EQ_LI(ds.shm_segsz, 2 * page + 1);
	TST_EXP_FAIL(shmget(IPC_PRIVATE, 1, 0600), ENOSPC,
		     "shmget() of one more page over shmall 3");
	ipc_ctl(shmctl(id, IPC_RMID, NULL), "shmctl(IPC_RMID)");

	SAFE_FILE_PRINTF(KSYS "shmall", "100");
	for (i = 0; i < 3; i++) {
		if (shmget(IPC_PRIVATE, page, 0600) < 0)
			tst_brk(TBROK | TERRNO, "shmget() %d of 3", i + 1);
	}
	TST_EXP_FAIL(shmget(IPC_PRIVATE, page, 0600), ENOSPC,
		     "a fourth shmget() under shmmni 3");
}

static void sysv_sem(void)
{
	struct semid_ds ds;
	int id;

	SAFE_FILE_PRINTF(KSYS "sem", "4 5 4 2");
	TST_EXP_FAIL(semget(IPC_PRIVATE, 5, 0600), EINVAL,
		     "semget() of 5 under semmsl 4");
	id = semget(IPC_PRIVATE, 4, 0600);
	if (id < 0)
		tst_brk(TBROK | TERRNO, "semget() of 4");
	ipc_ctl(semctl(id, 0, IPC_STAT, &ds), "semctl(IPC_STAT)");
	TST_EXP_EQ_LI(ds.sem_nsems, 4);
	TST_EXP_FAIL(semget(IPC_PRIVATE, 2, 0600), ENOSPC,
		     "semget() of 2 with 4 of semmns 5 used");
	TST_EXP_POSITIVE(semget(IPC_PRIVATE, 1, 0600),
			 "semget() of 1 up to semmns 5");
	SAFE_FILE_PRINTF(KSYS "sem", "4 100 4 2");
	TST_EXP_FAIL(semget(IPC_PRIVATE, 1, 0600), ENOSPC,
		     "a third semget() under semmni 2");
}

static mqd_t mq_make(const char *name, long maxmsg, long msgsize)
{
	struct mq_attr attr = {.mq_maxmsg = maxmsg, .mq_msgsize = msgsize};

	return mq_open(name, O_CREAT | O_EXCL | O_RDWR, 0600, &attr);
}

static void mq_expect(const char *name, long maxmsg, long msgsize, int want)
{
	mqd_t q = mq_make(name, maxmsg, msgsize);

	if (q != (mqd_t)-1 && !want) {
		tst_res(TPASS, "mq_open(%s, %ld x %ld) made", name, maxmsg,
			msgsize);
		mq_close(q);
		return;
	}
	if (q == (mqd_t)-1 && errno == want) {
		tst_res(TPASS | TERRNO, "mq_open(%s, %ld x %ld)", name, maxmsg,
			msgsize);
		return;
	}
	if (q == (mqd_t)-1)
		tst_res(TFAIL | TERRNO, "mq_open(%s, %ld x %ld), expected %s",
			name, maxmsg, msgsize, want ? tst_strerrno(want) : "success");
	else
		tst_res(TFAIL, "mq_open(%s, %ld x %ld) made, expected %s",
			name, maxmsg, msgsize, tst_strerrno(want));
}

static void set_msgqueue_cur(rlim_t cur)
{
	struct rlimit rl = {.rlim_cur = cur, .rlim_max = RLIM_INFINITY};

	if (setrlimit(RLIMIT_MSGQUEUE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_MSGQUEUE)");
}

/* Runs without CAP_SYS_RESOURCE: the namespace's limits bind it. */
static void mq_unprivileged(void)
{
	drop_eff_caps(CAP_BIT(CAP_SYS_RESOURCE));
	mq_expect("/ltp_u0", 6, 128, EINVAL);
	mq_expect("/ltp_u0", 5, 129, EINVAL);
	mq_expect("/ltp_u0", 0, 128, EINVAL);
	mq_expect("/ltp_u0", 5, 0, EINVAL);
	set_msgqueue_cur(0);
	mq_expect("/ltp_u0", 5, 128, EMFILE);
	set_msgqueue_cur(RLIM_INFINITY);
	TST_EXP_FAIL(mq_open("/ltp_u0", O_RDONLY), ENOENT,
		     "the queue refused with EMFILE");
	mq_expect("/ltp_u1", 5, 128, 0);
	mq_expect("/ltp_u2", 5, 128, 0);
	mq_expect("/ltp_u3", 5, 128, ENOSPC);
	exit(0);
}

static void mq_unprivileged_after_unlink(void)
{
	drop_eff_caps(CAP_BIT(CAP_SYS_RESOURCE));
	mq_expect("/ltp_u3", 5, 128, 0);
	mq_expect("/ltp_u4", 5, 128, ENOSPC);
	exit(0);
}

static void posix_mq(void)
{
	static const char *const made[] = {
		"/ltp_u2", "/ltp_u3", "/ltp_root_dflt", "/ltp_root_a",
		"/ltp_root_b",
	};
	struct mq_attr attr;
	size_t i;
	pid_t pid;
	mqd_t q;

	sysctl_expect(MQSYS "msg_max", "0", EINVAL);
	sysctl_expect(MQSYS "msg_max", "65537", EINVAL);
	sysctl_expect(MQSYS "msg_max", "65536", 0);
	check_values("A", MQSYS "msg_max", "65536");
	sysctl_expect(MQSYS "msgsize_max", "127", EINVAL);
	sysctl_expect(MQSYS "msgsize_max", "16777217", EINVAL);
	sysctl_expect(MQSYS "msgsize_max", "16777216", 0);
	check_values("A", MQSYS "msgsize_max", "16777216");

	SAFE_FILE_PRINTF(MQSYS "msg_max", "5");
	SAFE_FILE_PRINTF(MQSYS "msgsize_max", "128");
	SAFE_FILE_PRINTF(MQSYS "queues_max", "2");
	SAFE_FILE_PRINTF(MQSYS "msg_default", "7");
	SAFE_FILE_PRINTF(MQSYS "msgsize_default", "256");
	/* RLIMIT_MSGQUEUE is per user, shared with other tests: lift it */
	set_msgqueue_cur(RLIM_INFINITY);

	pid = SAFE_FORK();
	if (!pid)
		mq_unprivileged();
	NS_REAP(pid);
	if (mq_unlink("/ltp_u1"))
		tst_brk(TBROK | TERRNO, "mq_unlink(/ltp_u1)");
	pid = SAFE_FORK();
	if (!pid)
		mq_unprivileged_after_unlink();
	NS_REAP(pid);

	q = mq_open("/ltp_root_dflt", O_CREAT | O_RDWR, 0600, NULL);
	if (q == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(NULL attr) as root");
	if (mq_getattr(q, &attr))
		tst_brk(TBROK | TERRNO, "mq_getattr()");
	/* min(msg_default 7, msg_max 5), min(msgsize_default 256, 128) */
	TST_EXP_EXPR(attr.mq_maxmsg == 5 && attr.mq_msgsize == 128,
		     "queue without attributes: %ld x %ld, expected 5 x 128",
		     attr.mq_maxmsg, attr.mq_msgsize);
	mq_close(q);
	mq_expect("/ltp_root_a", MQ_HARD_MSGMAX + 1, 1, EINVAL);
	mq_expect("/ltp_root_a", MQ_HARD_MSGMAX, 1, 0);
	mq_expect("/ltp_root_b", 1, MQ_HARD_MSGSIZEMAX + 1, EINVAL);
	mq_expect("/ltp_root_b", 1, MQ_HARD_MSGSIZEMAX, 0);

	/*
	 * The big queues are charged to root's RLIMIT_MSGQUEUE count, which
	 * all tests share: unlink (closed, so freed at once) rather than
	 * leave them to the deferred teardown of the namespace.
	 */
	for (i = 0; i < ARRAY_SIZE(made); i++) {
		if (mq_unlink(made[i]) && errno != ENOENT)
			tst_brk(TBROK | TERRNO, "mq_unlink(%s)", made[i]);
	}
}

static void ns_a(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dflt); i++)
		check_values("new namespace", dflt[i].path, dflt[i].val);
	sysv_msg();
	sysv_shm();
	sysv_sem();
	posix_mq();
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWIPC);
	size_t i;

	if (!pid)
		ns_a();
	NS_REAP(pid);
	for (i = 0; i < ARRAY_SIZE(outer); i++)
		check_values("test's namespace", outer[i].path, outer[i].val);
}

static void setup(void)
{
	size_t i;

	page = getpagesize();
	for (i = 0; i < ARRAY_SIZE(outer); i++)
		SAFE_FILE_PRINTF(outer[i].path, "%s", outer[i].val);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_IPC_NS", "CONFIG_POSIX_MQUEUE", "CONFIG_SYSVIPC", NULL
	},
	.save_restore = (const struct tst_path_val[]) {
		{KSYS "shmmax", NULL, 0},
		{KSYS "shmall", NULL, 0},
		{KSYS "shmmni", NULL, 0},
		{KSYS "msgmax", NULL, 0},
		{KSYS "msgmnb", NULL, 0},
		{KSYS "msgmni", NULL, 0},
		{KSYS "sem", NULL, 0},
		{MQSYS "queues_max", NULL, 0},
		{MQSYS "msg_max", NULL, 0},
		{MQSYS "msgsize_max", NULL, 0},
		{MQSYS "msg_default", NULL, 0},
		{MQSYS "msgsize_default", NULL, 0},
		{NULL, NULL, 0}
	},
};

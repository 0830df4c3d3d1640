// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() creates and opens queues by name:
 *  - O_CREAT with attributes: mq_getattr shows them and no message; the
 *    mode is applied through the umask (0666 under 022 gives 0644); the
 *    descriptor is close-on-exec;
 *  - O_CREAT with no attributes: the limits are fs.mqueue.msg_default and
 *    msgsize_default (each capped by msg_max, msgsize_max);
 *  - the name then opens the same queue, also with O_CREAT (whose
 *    attributes are then ignored); O_CREAT | O_EXCL fails with EEXIST;
 *  - without O_CREAT an unknown name: ENOENT;
 *  - mq_maxmsg or mq_msgsize 0 or negative, mq_maxmsg above both
 *    msg_max and the hard limit 65536, or O_WRONLY | O_RDWR: EINVAL;
 *  - a name of 256 bytes: ENAMETOOLONG (255 passes); a name holding a
 *    second '/', "." or "..": EACCES;
 *  - with RLIMIT_MSGQUEUE 0 nothing can be created: EMFILE.
 */
#include <sys/resource.h>
#include <sys/stat.h>
#include "posix_mq.h"

static char name[MQ_NAME_MAX_TEST], unused[MQ_NAME_MAX_TEST];
static char defaults[MQ_NAME_MAX_TEST], rlimited[MQ_NAME_MAX_TEST];
static char long_name[258];
static mqd_t q = -1, q2 = -1;

static void setup(void)
{
	mq_test_name(name, "mq_open01", 0);
	mq_test_name(unused, "mq_open01", 1);
	mq_test_name(defaults, "mq_open01", 2);
	mq_test_name(rlimited, "mq_open01", 3);
	/* "/" and 256 more bytes: one too many for NAME_MAX */
	memset(long_name, 'n', sizeof(long_name) - 1);
	long_name[0] = '/';
	long_name[sizeof(long_name) - 1] = '\0';
}

static long read_limit(const char *file)
{
	char path[64];
	long val;

	snprintf(path, sizeof(path), "/proc/sys/fs/mqueue/%s", file);
	if (!tst_file_read_long(path, &val))
		tst_brk(TBROK, "%s missing", path);
	return val;
}

static void test_create(void)
{
	struct mq_attr attr = { .mq_maxmsg = 4, .mq_msgsize = 64 };
	struct stat st;
	mode_t old_mask = umask(022);

	TEST(mq_open(name, O_CREAT | O_EXCL | O_RDWR, 0666, &attr));
	umask(old_mask);
	if (TST_RET == -1) {
		tst_res(TFAIL | TTERRNO, "mq_open(O_CREAT, maxmsg 4, msgsize 64)");
		return;
	}
	tst_res(TPASS, "mq_open(O_CREAT | O_EXCL, maxmsg 4, msgsize 64)");
	q = TST_RET;
	attr = mq_attr_of(q);
	TST_EXP_EXPR(attr.mq_maxmsg == 4 && attr.mq_msgsize == 64 &&
		     !attr.mq_curmsgs && !attr.mq_flags,
		     "mq_getattr: maxmsg %ld, msgsize %ld, curmsgs %ld, flags "
		     "0x%lx", attr.mq_maxmsg, attr.mq_msgsize,
		     attr.mq_curmsgs, attr.mq_flags);
	SAFE_FSTAT(q, &st);
	TST_EXP_EQ_LU(st.st_mode & 07777, 0644);
	TST_EXP_EXPR(fcntl(q, F_GETFD) & FD_CLOEXEC,
		     "the queue descriptor is close-on-exec");

	attr.mq_maxmsg = 2;
	attr.mq_msgsize = 8;
	TST_EXP_FD(mq_open(name, O_CREAT | O_RDONLY, 0600, &attr),
		   "mq_open(existing name, O_CREAT, other attributes)");
	if (TST_PASS) {
		q2 = TST_RET;
		attr = mq_attr_of(q2);
		TST_EXP_EXPR(attr.mq_maxmsg == 4 && attr.mq_msgsize == 64,
			     "it opened the queue as created (maxmsg %ld, "
			     "msgsize %ld)", attr.mq_maxmsg, attr.mq_msgsize);
		mq_close_q(&q2);
	}
	TST_EXP_FD(mq_open(name, O_WRONLY), "mq_open(existing name)");
	if (TST_PASS) {
		q2 = TST_RET;
		mq_close_q(&q2);
	}
	TST_EXP_FAIL(mq_open(name, O_CREAT | O_EXCL | O_RDWR, 0600, NULL),
		     EEXIST, "mq_open(existing name, O_CREAT | O_EXCL)");
	TST_EXP_FAIL(mq_open(name, O_RDWR | O_WRONLY), EINVAL,
		     "mq_open(existing name, O_WRONLY | O_RDWR)");
}

static void test_defaults(void)
{
	long maxmsg = read_limit("msg_default");
	long msgsize = read_limit("msgsize_default");
	struct mq_attr attr;

	if (read_limit("msg_max") < maxmsg)
		maxmsg = read_limit("msg_max");
	if (read_limit("msgsize_max") < msgsize)
		msgsize = read_limit("msgsize_max");
	q2 = mq_open(defaults, O_CREAT | O_EXCL | O_RDWR, 0600, NULL);
	if (q2 == (mqd_t)-1) {
		tst_res(TFAIL | TERRNO, "mq_open(O_CREAT, attr NULL)");
		return;
	}
	attr = mq_attr_of(q2);
	TST_EXP_EXPR(attr.mq_maxmsg == maxmsg && attr.mq_msgsize == msgsize,
		     "attr NULL: maxmsg %ld, msgsize %ld (expected %ld, %ld)",
		     attr.mq_maxmsg, attr.mq_msgsize, maxmsg, msgsize);
	mq_close_q(&q2);
	mq_unlink(defaults);
}

static void bad_attr(long maxmsg, long msgsize)
{
	struct mq_attr attr = { .mq_maxmsg = maxmsg, .mq_msgsize = msgsize };

	TST_EXP_FAIL(mq_open(unused, O_CREAT | O_RDWR, 0600, &attr), EINVAL,
		     "mq_open(O_CREAT, maxmsg %ld, msgsize %ld)", maxmsg,
		     msgsize);
}

static void test_errors(void)
{
	long too_many = read_limit("msg_max");

	if (too_many < 65536)
		too_many = 65536;
	TST_EXP_FAIL(mq_open(unused, O_RDWR), ENOENT,
		     "mq_open(unknown name, no O_CREAT)");
	bad_attr(0, 64);
	bad_attr(4, 0);
	bad_attr(-1, 64);
	bad_attr(4, -1);
	bad_attr(too_many + 1, 8);

	TST_EXP_FAIL(mq_open(long_name, O_CREAT | O_RDWR, 0600, NULL),
		     ENAMETOOLONG, "mq_open(name of 256 bytes)");
	long_name[256] = '\0';
	TST_EXP_FD(mq_open(long_name, O_CREAT | O_EXCL | O_RDWR, 0600, NULL),
		   "mq_open(name of 255 bytes)");
	if (TST_PASS) {
		q2 = TST_RET;
		mq_close_q(&q2);
		mq_unlink(long_name);
	}
	long_name[256] = 'n';

	TST_EXP_FAIL(mq_open("/ltp_dir/queue", O_CREAT | O_RDWR, 0600, NULL),
		     EACCES, "mq_open(\"/ltp_dir/queue\")");
	TST_EXP_FAIL(mq_open("/.", O_CREAT | O_RDWR, 0600, NULL), EACCES,
		     "mq_open(\"/.\")");
	TST_EXP_FAIL(mq_open("/..", O_CREAT | O_RDWR, 0600, NULL), EACCES,
		     "mq_open(\"/..\")");
}

static void test_rlimit(void)
{
	struct rlimit rl = { 0, 0 };
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (setrlimit(RLIMIT_MSGQUEUE, &rl))
			tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_MSGQUEUE, 0)");
		TST_EXP_FAIL(mq_open(rlimited, O_CREAT | O_RDWR, 0600, NULL),
			     EMFILE, "mq_open(O_CREAT) with RLIMIT_MSGQUEUE 0");
		exit(0);
	}
	reap_child(pid);
}

static void run(void)
{
	test_create();
	test_defaults();
	test_errors();
	test_rlimit();
	mq_close_q(&q);
	mq_unlink(name);
}

static void cleanup(void)
{
	mq_close_q(&q);
	mq_close_q(&q2);
	mq_unlink_quiet(name);
	mq_unlink_quiet(unused);
	mq_unlink_quiet(defaults);
	mq_unlink_quiet(rlimited);
	long_name[256] = '\0';
	mq_unlink_quiet(long_name);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

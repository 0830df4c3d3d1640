// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A cgroup v1 hierarchy with no controller ("none,name=ltp<pid>"),
 * mounted in the test's private mount namespace:
 * - notify_on_release is inherited at mkdir(): with the root's set to 1
 *   a new child reads 1; with that child's set to 0 its own new child
 *   reads 0 (the flag was not inherited before bc231d2a0480, the fix
 *   upstream LTP's cgroup_regression_test.sh names); release_agent
 *   exists in the root only (a child has none: ENOENT);
 * - cgroupstats over taskstats generic netlink (CGROUPSTATS_CMD_GET with
 *   the descriptor of a directory): the cgroup holding one child that
 *   sleeps in pause() counts nr_sleeping 1 and nothing else, an empty
 *   cgroup all 0; the descriptor of a control file of the hierarchy
 *   (cgroup.procs) and of a directory that is not cgroupfs give EINVAL.
 *   The descriptor of a control file used to oops the kernel (fixed by
 *   33d283bef231, as upstream LTP's cgroup_regression_test.sh names
 *   it).
 * TCONF when the kernel cannot mount a v1 hierarchy (EINVAL, ENODEV,
 * e.g. cgroup_no_v1=named) or has no TASKSTATS family (the second part).
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <linux/cgroupstats.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/taskstats.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "task_wait.h"

#define MNT "v1"

static char name[32];
static int mounted;
static pid_t sleeper;

static void check_file(const char *path, const char *want)
{
	char buf[16] = "";

	SAFE_FILE_SCANF(path, "%15s", buf);
	TST_EXP_EXPR(!strcmp(buf, want), "%s reads %s (want %s)", path, buf,
		     want);
}

static void notify_inherit(void)
{
	SAFE_FILE_PRINTF(MNT "/notify_on_release", "1");
	SAFE_MKDIR(MNT "/n1", 0755);
	check_file(MNT "/n1/notify_on_release", "1");
	SAFE_FILE_PRINTF(MNT "/n1/notify_on_release", "0");
	SAFE_MKDIR(MNT "/n1/n2", 0755);
	check_file(MNT "/n1/n2/notify_on_release", "0");
	SAFE_FILE_PRINTF(MNT "/notify_on_release", "0");
	SAFE_MKDIR(MNT "/n3", 0755);
	check_file(MNT "/n3/notify_on_release", "0");
	TST_EXP_EXPR(!access(MNT "/release_agent", F_OK) &&
		     access(MNT "/n1/release_agent", F_OK) && errno == ENOENT,
		     "release_agent is in the root only");
	SAFE_RMDIR(MNT "/n1/n2");
	SAFE_RMDIR(MNT "/n1");
	SAFE_RMDIR(MNT "/n3");
}

struct genl_req {
	struct nlmsghdr nh;
	struct genlmsghdr gh;
	char attrs[64];
};

static void genl_put(struct genl_req *r, int type, const void *data,
		     int len)
{
	struct nlattr *na = (void *)((char *)r + NLMSG_ALIGN(r->nh.nlmsg_len));

	na->nla_type = type;
	na->nla_len = NLA_HDRLEN + len;
	memcpy((char *)na + NLA_HDRLEN, data, len);
	r->nh.nlmsg_len = NLMSG_ALIGN(r->nh.nlmsg_len) + NLA_ALIGN(na->nla_len);
}

/* one request, its answer into buf: the answer's length, or -errno */
static int genl_talk(int fd, int family, int cmd, int attr, const void *data,
		     int len, char *buf, size_t size)
{
	struct genl_req r = {
		.nh = {
			.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN),
			.nlmsg_type = family,
			.nlmsg_flags = NLM_F_REQUEST,
		},
		.gh = { .cmd = cmd, .version = 1 },
	};
	struct nlmsghdr *nh = (void *)buf;
	ssize_t n;

	genl_put(&r, attr, data, len);
	if (send(fd, &r, r.nh.nlmsg_len, 0) != (ssize_t)r.nh.nlmsg_len)
		tst_brk(TBROK | TERRNO, "send() on the generic netlink socket");
	n = recv(fd, buf, size, 0);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recv() on the generic netlink socket");
	if (!NLMSG_OK(nh, n))
		tst_brk(TBROK, "short generic netlink answer (%zd)", n);
	if (nh->nlmsg_type == NLMSG_ERROR)
		return ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
	return n;
}

/* the attribute type of an answer (first level), or NULL */
static struct nlattr *genl_attr(char *buf, int type)
{
	struct nlmsghdr *nh = (void *)buf;
	struct nlattr *na = (void *)((char *)NLMSG_DATA(nh) + GENL_HDRLEN);
	int left = nh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);

	while (left >= NLA_HDRLEN && na->nla_len >= NLA_HDRLEN &&
	       na->nla_len <= left) {
		if ((na->nla_type & NLA_TYPE_MASK) == type)
			return na;
		left -= NLA_ALIGN(na->nla_len);
		na = (void *)((char *)na + NLA_ALIGN(na->nla_len));
	}
	return NULL;
}

/* cgroupstats of the directory or file at path: 0 or -errno */
static int cgstats(int fd, int family, const char *path, int flags,
		   struct cgroupstats *st)
{
	char buf[1024];
	struct nlattr *na;
	int pfd = SAFE_OPEN(path, flags), ret;
	uint32_t val = pfd;

	ret = genl_talk(fd, family, CGROUPSTATS_CMD_GET,
			CGROUPSTATS_CMD_ATTR_FD, &val, sizeof(val), buf,
			sizeof(buf));
	SAFE_CLOSE(pfd);
	if (ret < 0)
		return ret;
	na = genl_attr(buf, CGROUPSTATS_TYPE_CGROUP_STATS);
	if (!na || na->nla_len < NLA_HDRLEN + sizeof(*st))
		tst_brk(TBROK, "no cgroupstats in the answer for %s", path);
	memcpy(st, (char *)na + NLA_HDRLEN, sizeof(*st));
	return 0;
}

static void stats_ok(int fd, int family, const char *path, int sleeping)
{
	struct cgroupstats st = {0};
	int ret = cgstats(fd, family, path, O_RDONLY | O_DIRECTORY, &st);

	if (ret) {
		tst_res(TFAIL, "cgroupstats of %s: %s", path,
			tst_strerrno(-ret));
		return;
	}
	TST_EXP_EXPR(st.nr_sleeping == (uint64_t)sleeping && !st.nr_running &&
		     !st.nr_stopped && !st.nr_uninterruptible &&
		     !st.nr_io_wait, "cgroupstats of %s: sleeping %llu "
		     "(want %d), running %llu, stopped %llu, "
		     "uninterruptible %llu, io_wait %llu", path,
		     (unsigned long long)st.nr_sleeping, sleeping,
		     (unsigned long long)st.nr_running,
		     (unsigned long long)st.nr_stopped,
		     (unsigned long long)st.nr_uninterruptible,
		     (unsigned long long)st.nr_io_wait);
}

static void stats_fail(int fd, int family, const char *path, int flags)
{
	struct cgroupstats st;
	int ret = cgstats(fd, family, path, flags, &st);

	TST_EXP_EXPR(ret == -EINVAL, "cgroupstats of %s: EINVAL (%s)", path,
		     ret ? tst_strerrno(-ret) : "answered");
}

static void cgroupstats(void)
{
	char buf[1024];
	struct nlattr *na;
	int fd, family, ret;

	fd = SAFE_SOCKET(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	ret = genl_talk(fd, GENL_ID_CTRL, CTRL_CMD_GETFAMILY,
			CTRL_ATTR_FAMILY_NAME, TASKSTATS_GENL_NAME,
			sizeof(TASKSTATS_GENL_NAME), buf, sizeof(buf));
	if (ret == -ENOENT) {
		SAFE_CLOSE(fd);
		tst_res(TCONF, "no " TASKSTATS_GENL_NAME " generic netlink "
			"family (CONFIG_TASKSTATS)");
		return;
	}
	if (ret < 0)
		tst_brk(TBROK, "CTRL_CMD_GETFAMILY: %s", tst_strerrno(-ret));
	na = genl_attr(buf, CTRL_ATTR_FAMILY_ID);
	if (!na)
		tst_brk(TBROK, "no family id for " TASKSTATS_GENL_NAME);
	family = *(uint16_t *)((char *)na + NLA_HDRLEN);

	SAFE_MKDIR(MNT "/busy", 0755);
	SAFE_MKDIR(MNT "/empty", 0755);
	sleeper = SAFE_FORK();
	if (!sleeper) {
		for (;;)
			pause();
	}
	SAFE_FILE_PRINTF(MNT "/busy/cgroup.procs", "%d", sleeper);
	wait_task_state(sleeper, sleeper, "S");

	stats_ok(fd, family, MNT "/busy", 1);
	stats_ok(fd, family, MNT "/empty", 0);
	stats_fail(fd, family, MNT "/busy/cgroup.procs", O_RDONLY);
	stats_fail(fd, family, ".", O_RDONLY | O_DIRECTORY);

	SAFE_KILL(sleeper, SIGKILL);
	reap_child_killed(sleeper, SIGKILL);
	sleeper = 0;
	SAFE_CLOSE(fd);
	SAFE_RMDIR(MNT "/busy");
	SAFE_RMDIR(MNT "/empty");
}

static void run(unsigned int n)
{
	if (n == 0)
		notify_inherit();
	else
		cgroupstats();
}

static void setup(void)
{
	char opts[64];

	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	snprintf(name, sizeof(name), "ltp%d", getpid());
	snprintf(opts, sizeof(opts), "none,name=%s", name);
	if (mount("ltp_cgroup_v1", MNT, "cgroup", 0, opts)) {
		if (errno == EINVAL || errno == ENODEV || errno == EPERM)
			tst_brk(TCONF | TERRNO, "cannot mount a cgroup v1 "
				"hierarchy (%s)", opts);
		tst_brk(TBROK | TERRNO, "mount(cgroup, %s)", opts);
	}
	mounted = 1;
}

static void cleanup(void)
{
	if (sleeper > 0) {
		kill(sleeper, SIGKILL);
		waitpid(sleeper, NULL, 0);
	}
	if (mounted) {
		rmdir(MNT "/busy");
		rmdir(MNT "/empty");
		rmdir(MNT "/n1/n2");
		rmdir(MNT "/n1");
		rmdir(MNT "/n3");
		umount2(MNT, MNT_DETACH);
	}
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	/* Its v1 hierarchy is a line in every process's /proc/PID/cgroup */
	.exclusive = 1,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		/* a new cgroup inherits notify_on_release (upstream LTP
		 * cgroup_regression_test.sh, test2) */
		{"linux-git", "bc231d2a0480"},
		/* no oops for cgroupstats of a control file (ibid., test8) */
		{"linux-git", "33d283bef231"},
		{}
	},
};

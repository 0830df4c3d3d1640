// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cgroup v1 release agent, in a named hierarchy of the test's own
 * (mounted in its private mount namespace):
 * - with release_agent set to a script of the tmpdir that appends its
 *   argument to a file (polled up to 10 s, then exact; a call that must
 *   not come is given until a sentinel cgroup's call, released after
 *   it, has arrived): the last process
 *   of y (notify_on_release 0) leaves no call; the last process of x
 *   (notify_on_release 1) none while x has the child cgroup x/z; the
 *   last process of x/z one call "/x/z"; removing x/z then releases x
 *   ("/x"); removing x and y adds nothing; release_agent reads back;
 * - CVE-2022-0492: a process with uid 0 mapped to 0 in a user namespace
 *   of its own (so it may open the root-owned file for writing) writes
 *   release_agent: EPERM, the value kept (24f600856418 requires
 *   CAP_SYS_ADMIN in the initial user namespace; before it, a container
 *   could make the kernel run any program as root on the host).
 * TCONF without v1 named hierarchies, or for the second part without
 * user namespaces.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "ns_helpers.h"
#include "cgroup_v1.h"

#define MNT "v1"

static char agent[PATH_MAX], calls[PATH_MAX];
static const char *const dirs[] = {
	MNT "/x", MNT "/x/z", MNT "/y", MNT "/s1", MNT "/s2", MNT "/s3"
};
static int sentinels;
static int mounted;

/* the last process of dir: a child moved there, reaped */
static void last_exit(const char *dir)
{
	char path[64];
	pid_t pid;
	int err;

	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	pid = SAFE_FORK();
	if (!pid) {
		err = cg1_write(path, "0");
		exit(err ? 1 : 0);
	}
	reap_child(pid);
}

static void read_calls(char *buf, size_t size)
{
	int fd = open(calls, O_RDONLY);
	ssize_t len = 0;

	if (fd >= 0) {
		len = read(fd, buf, size - 1);
		close(fd);
	}
	buf[len > 0 ? len : 0] = 0;
}

/* the calls as one line for a message: newlines become spaces */
static void one_line(char *dst, const char *src, size_t size)
{
	size_t i;

	for (i = 0; i + 1 < size && src[i]; i++)
		dst[i] = src[i] == '\n' ? ' ' : src[i];
	dst[i] = 0;
}

/* got without the sentinels' lines (they start with "/s") */
static void drop_sentinels(char *got)
{
	char *src = got, *dst = got, *end;
	size_t len;

	while (*src) {
		end = strchr(src, '\n');
		len = end ? (size_t)(end - src + 1) : strlen(src);
		if (strncmp(src, "/s", 2)) {
			memmove(dst, src, len);
			dst += len;
		}
		src += len;
	}
	*dst = 0;
}

/*
 * Poll the calls file for up to 10 s until it holds the sentinel's call
 * and, besides the sentinels' lines, at least as much as want.
 */
static void wait_for_calls(const char *sentinel, const char *want,
			   char *got, size_t size)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	int seen;

	for (;;) {
		read_calls(got, size);
		seen = strstr(got, sentinel) != NULL;
		drop_sentinels(got);
		if ((seen && strlen(got) >= strlen(want)) ||
		    tst_mono_ms() > deadline)
			break;
		usleep(10000);
	}
	TST_EXP_EXPR(seen, "sentinel call %.3s came", sentinel);
}

/*
 * The calls must be exactly want. A call that must not come was queued
 * before the sentinel's release, so it has had the time the sentinel's
 * call took (agents run asynchronously, so this is a bound of the
 * host's own making, not a fixed sleep).
 */
static void expect_calls(const char *want, const char *why)
{
	char got[256], shown[256], wanted[256], sentinel[16], notify[64];
	const char *dir = dirs[3 + sentinels];

	SAFE_MKDIR(dir, 0755);
	snprintf(notify, sizeof(notify), "%s/notify_on_release", dir);
	SAFE_FILE_PRINTF(notify, "1");
	last_exit(dir);
	snprintf(sentinel, sizeof(sentinel), "/s%d\n", ++sentinels);
	wait_for_calls(sentinel, want, got, sizeof(got));
	SAFE_RMDIR(dir);
	one_line(shown, got, sizeof(shown));
	one_line(wanted, want, sizeof(wanted));
	TST_EXP_EXPR(!strcmp(got, want), "%s: agent calls '%s' (want '%s')",
		     why, shown, wanted);
}

static void agent_runs(void)
{
	char cur[PATH_MAX] = "";

	/* a fresh record of calls each iteration */
	sentinels = 0;
	if (unlink(calls) && errno != ENOENT)
		tst_brk(TBROK | TERRNO, "unlink(%s)", calls);
	SAFE_FILE_PRINTF(MNT "/release_agent", "%s", agent);
	SAFE_FILE_SCANF(MNT "/release_agent", "%4095s", cur);
	TST_EXP_EXPR(!strcmp(cur, agent), "release_agent reads %s", cur);

	SAFE_MKDIR(dirs[0], 0755);
	SAFE_MKDIR(dirs[1], 0755);
	SAFE_MKDIR(dirs[2], 0755);
	SAFE_FILE_PRINTF(MNT "/y/notify_on_release", "0");
	SAFE_FILE_PRINTF(MNT "/x/notify_on_release", "1");
	SAFE_FILE_PRINTF(MNT "/x/z/notify_on_release", "1");
	last_exit(dirs[2]);
	/* x still has the child cgroup z: not released */
	last_exit(dirs[0]);
	last_exit(dirs[1]);
	expect_calls("/x/z\n", "last process of y (notify 0), x (has z) "
		     "and x/z gone");
	/* removing z leaves x empty and childless: released now */
	SAFE_RMDIR(dirs[1]);
	expect_calls("/x/z\n/x\n", "x/z removed");
	SAFE_RMDIR(dirs[0]);
	SAFE_RMDIR(dirs[2]);
	expect_calls("/x/z\n/x\n", "x and y removed");
}

static void userns_writer(void)
{
	int err;

	if (unshare(CLONE_NEWUSER)) {
		if (errno == EINVAL || errno == EPERM || errno == ENOSPC)
			exit(2);
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	}
	ns_map_self_root(0, 0);
	err = cg1_write(MNT "/release_agent", "/bin/true");
	TST_EXP_EXPR(err == EPERM, "release_agent written from a user "
		     "namespace (uid 0 mapped to 0): %s (want EPERM)",
		     err ? tst_strerrno(err) : "done");
	exit(0);
}

static void cve_2022_0492(void)
{
	char cur[PATH_MAX] = "";
	int status;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		userns_writer();
	SAFE_WAITPID(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 2) {
		tst_res(TCONF, "no user namespaces: CVE-2022-0492 part skipped");
		return;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "user namespace writer ended with 0x%x", status);
	SAFE_FILE_SCANF(MNT "/release_agent", "%4095s", cur);
	TST_EXP_EXPR(!strcmp(cur, agent), "release_agent kept: %s", cur);
}

static void run(void)
{
	agent_runs();
	cve_2022_0492();
}

static void setup(void)
{
	char cwd[PATH_MAX - 16], opts[64];
	int fd;

	if (!getcwd(cwd, sizeof(cwd)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	snprintf(agent, sizeof(agent), "%s/agent.sh", cwd);
	snprintf(calls, sizeof(calls), "%s/calls", cwd);
	/* the agent runs in init's namespaces: absolute paths only */
	fd = SAFE_OPEN(agent, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	dprintf(fd, "#!/bin/sh\necho \"$1\" >> %s\n", calls);
	SAFE_CLOSE(fd);

	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	snprintf(opts, sizeof(opts), "none,name=ltp%d", getpid());
	if (mount("ltp_cgroup_v1", MNT, "cgroup", 0, opts)) {
		if (errno == EINVAL || errno == ENODEV || errno == ENOENT)
			tst_brk(TCONF | TERRNO, "cannot mount a cgroup v1 "
				"hierarchy (%s)", opts);
		tst_brk(TBROK | TERRNO, "mount(cgroup, %s)", opts);
	}
	mounted = 1;
}

static void cleanup(void)
{
	if (!mounted)
		return;
	/* no agent left behind for a hierarchy that may linger */
	cg1_write(MNT "/release_agent", "\n");
	cg1_rmdir_all(dirs, ARRAY_SIZE(dirs));
	umount2(MNT, MNT_DETACH);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	/* its v1 hierarchy is a line in every process's /proc/PID/cgroup */
	.exclusive = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "24f600856418"},
		{"CVE", "2022-0492"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v1 mount options and thread granularity, in the test's private
 * mount namespace:
 * - options (cgroup1_parse_param()/check_cgroupfs_options()): "none"
 *   without a name, an empty name, a name with '!', a name of 64
 *   characters, "name=" twice, "noprefix" with freezer, "none" with
 *   freezer, "all" with freezer and an unknown controller are EINVAL; a
 *   name of 63 characters mounts; "name=X" alone joins the existing
 *   hierarchy X (a directory made through one mount is seen through the
 *   other) and is EINVAL for a name no hierarchy has; "freezer,name=X"
 *   for the controller-less X is EBUSY; with freezer bound to a
 *   hierarchy, freezer under a new name is EBUSY;
 * - in a named hierarchy, a thread of a two-thread process written to
 *   "tasks" moves alone: a's tasks lists just its tid, a's cgroup.procs
 *   the tgid, the root's tasks still the leader, /proc/PID/task/TID/cgroup
 *   of each thread its own path; any tid written to cgroup.procs moves
 *   the whole process; a missing pid is ESRCH, "-1" and a word are
 *   EINVAL, a per-CPU kernel thread (ksoftirqd/0) is EINVAL.
 * Catches option checks lost or moved (a hierarchy made with a bad name
 * or mixed "none"), hierarchies rebound to a second root, and cgroup.procs
 * and tasks confused (a thread write moving the process or the reverse).
 * TCONF without v1 named hierarchies (cgroup_no_v1=named); the freezer
 * cases TCONF without a free v1 freezer.
 */
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "task_wait.h"
#include "cgroup_v1.h"

#define M1 "m1"
#define M2 "m2"
#define MT "mt"

static char name[32], name63[64], name64[72];
static int m1, m2, freezer_ok;
static pid_t worker;

static int try_mount(const char *dir, const char *opts)
{
	return mount("ltp_cgroup_v1", dir, "cgroup", 0, opts) ? errno : 0;
}

static void expect_mount_err(const char *opts, int err)
{
	int ret = try_mount(MT, opts);

	if (!ret)
		umount2(MT, MNT_DETACH);
	TST_EXP_EXPR(ret == err, "mount -o %s: %s (want %s)", opts,
		     ret ? tst_strerrno(ret) : "mounted", tst_strerrno(err));
}

static void options(void)
{
	char opts[160];

	expect_mount_err("none", EINVAL);
	expect_mount_err("none,name=", EINVAL);
	snprintf(opts, sizeof(opts), "none,name=%s!", name);
	expect_mount_err(opts, EINVAL);
	snprintf(opts, sizeof(opts), "none,name=%s", name64);
	expect_mount_err(opts, EINVAL);
	snprintf(opts, sizeof(opts), "none,name=%s,name=%sb", name, name);
	expect_mount_err(opts, EINVAL);
	expect_mount_err("freezer,noprefix", EINVAL);
	expect_mount_err("none,freezer", EINVAL);
	expect_mount_err("all,freezer", EINVAL);
	expect_mount_err("ltp_no_such_controller", EINVAL);
	snprintf(opts, sizeof(opts), "name=%sz", name);
	expect_mount_err(opts, EINVAL);

	snprintf(opts, sizeof(opts), "none,name=%s", name63);
	TST_EXP_EXPR(!try_mount(MT, opts), "mount -o none,name=<63 "
		     "characters> mounts");
	umount2(MT, MNT_DETACH);

	/* M1 holds the test's named hierarchy for the rest of the test */
	snprintf(opts, sizeof(opts), "name=%s", name);
	TST_EXP_EXPR(!try_mount(M2, opts), "mount -o %s joins the "
		     "hierarchy", opts);
	m2 = 1;
	SAFE_MKDIR(M1 "/seen", 0755);
	TST_EXP_EXPR(!access(M2 "/seen", F_OK), "a cgroup made through one "
		     "mount is seen through the other");
	SAFE_RMDIR(M1 "/seen");
	umount2(M2, MNT_DETACH);
	m2 = 0;

	if (freezer_ok) {
		snprintf(opts, sizeof(opts), "freezer,name=%s", name);
		expect_mount_err(opts, EBUSY);
	}
}

static void freezer_rebind(void)
{
	char opts[64];
	int ret = try_mount(M2, "freezer");

	if (ret) {
		tst_res(TCONF, "mount -o freezer: %s: no free v1 freezer, "
			"rebinding not checked", tst_strerrno(ret));
		return;
	}
	m2 = 1;
	freezer_ok = 1;
	snprintf(opts, sizeof(opts), "freezer,name=%sf", name);
	expect_mount_err(opts, EBUSY);
	umount2(M2, MNT_DETACH);
	m2 = 0;
}

static void *idle_thread(void *arg)
{
	int *tid = arg;

	*tid = syscall(SYS_gettid);
	for (;;)
		pause();
	return NULL;
}

/* the worker: a thread besides the leader; its tid on stdout (a pipe) */
static void run_worker(int fd)
{
	pthread_t th;
	volatile int tid = 0;

	if (pthread_create(&th, NULL, idle_thread, (void *)&tid))
		tst_brk(TBROK, "pthread_create()");
	while (!tid)
		usleep(1000);
	SAFE_WRITE(1, fd, (void *)&tid, sizeof(tid));
	for (;;)
		pause();
}

/* the ids listed in a tasks or cgroup.procs file, as a sorted string */
static void list_of(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	int id, n = 0, ids[8], i, j, t;
	size_t len = 0;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (n < 8 && fscanf(f, "%d", &id) == 1)
		ids[n++] = id;
	fclose(f);
	for (i = 0; i < n; i++) {
		for (j = i + 1; j < n; j++) {
			if (ids[j] < ids[i]) {
				t = ids[i];
				ids[i] = ids[j];
				ids[j] = t;
			}
		}
	}
	buf[0] = 0;
	for (i = 0; i < n && len < size; i++)
		len += snprintf(buf + len, size - len, "%s%d", i ? " " : "",
				ids[i]);
}

static int listed(const char *path, int want)
{
	FILE *f = fopen(path, "r");
	int id, found = 0;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (!found && fscanf(f, "%d", &id) == 1)
		found = id == want;
	fclose(f);
	return found;
}

static void expect_list(const char *path, const char *want)
{
	char got[128];

	list_of(path, got, sizeof(got));
	TST_EXP_EXPR(!strcmp(got, want), "%s lists '%s' (want '%s')", path,
		     got, want);
}

/* the path of the test's named hierarchy in /proc/PID/task/TID/cgroup */
static void expect_thread_path(pid_t pid, int tid, const char *want)
{
	char path[64], line[256], key[48], got[256] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/cgroup", (int)pid, tid);
	snprintf(key, sizeof(key), ":name=%s:", name);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, key);

		if (p) {
			p += strlen(key);
			p[strcspn(p, "\n")] = 0;
			snprintf(got, sizeof(got), "%s", p);
		}
	}
	fclose(f);
	TST_EXP_EXPR(!strcmp(got, want), "thread %d in %s of name=%s (want "
		     "%s)", tid, got, name, want);
}

static void expect_write(const char *path, const char *val, int err)
{
	int ret = cg1_write(path, val);

	TST_EXP_EXPR(ret == err, "write '%s' to %s: %s (want %s)", val, path,
		     ret ? tst_strerrno(ret) : "done",
		     err ? tst_strerrno(err) : "done");
}

/* the pid of the per-CPU kernel thread ksoftirqd/0, or 0 */
static pid_t ksoftirqd0(void)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	char path[300], comm[32];
	pid_t pid = 0;
	FILE *f;

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(/proc)");
	while (!pid && (de = readdir(d))) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) &&
		    !strcmp(comm, "ksoftirqd/0\n"))
			pid = atoi(de->d_name);
		fclose(f);
	}
	closedir(d);
	return pid;
}

static void threads(void)
{
	char leader[16], other[16], both[40], buf[32];
	int fds[2], tid;
	pid_t kthread;

	SAFE_MKDIR(M1 "/a", 0755);
	SAFE_MKDIR(M1 "/b", 0755);
	SAFE_PIPE(fds);
	worker = SAFE_FORK();
	if (!worker) {
		SAFE_CLOSE(fds[0]);
		run_worker(fds[1]);
	}
	SAFE_CLOSE(fds[1]);
	SAFE_READ(1, fds[0], &tid, sizeof(tid));
	SAFE_CLOSE(fds[0]);
	snprintf(leader, sizeof(leader), "%d", (int)worker);
	snprintf(other, sizeof(other), "%d", tid);
	snprintf(both, sizeof(both), "%d %d", (int)worker, tid);

	expect_write(M1 "/a/tasks", other, 0);
	expect_list(M1 "/a/tasks", other);
	expect_list(M1 "/a/cgroup.procs", leader);
	expect_thread_path(worker, worker, "/");
	expect_thread_path(worker, tid, "/a");
	TST_EXP_EXPR(listed(M1 "/tasks", worker) && !listed(M1 "/tasks", tid),
		     "the root's tasks holds the leader, not the moved thread");

	expect_write(M1 "/b/cgroup.procs", other, 0);
	expect_list(M1 "/b/tasks", both);
	expect_list(M1 "/b/cgroup.procs", leader);
	expect_list(M1 "/a/tasks", "");
	expect_list(M1 "/a/cgroup.procs", "");
	expect_thread_path(worker, worker, "/b");
	expect_thread_path(worker, tid, "/b");

	expect_write(M1 "/a/cgroup.procs", "-1", EINVAL);
	expect_write(M1 "/a/tasks", "thread", EINVAL);
	snprintf(buf, sizeof(buf), "%d", (int)unused_pid());
	expect_write(M1 "/a/cgroup.procs", buf, ESRCH);
	expect_write(M1 "/a/tasks", buf, ESRCH);
	kthread = ksoftirqd0();
	if (kthread) {
		snprintf(buf, sizeof(buf), "%d", (int)kthread);
		expect_write(M1 "/a/tasks", buf, EINVAL);
	} else {
		tst_res(TINFO, "no ksoftirqd/0 thread: kernel thread case "
			"skipped");
	}
	expect_list(M1 "/b/tasks", both);

	SAFE_KILL(worker, SIGKILL);
	reap_child_killed(worker, SIGKILL);
	worker = 0;
	SAFE_RMDIR(M1 "/a");
	SAFE_RMDIR(M1 "/b");
}

static void run(void)
{
	freezer_rebind();
	options();
	threads();
}

static void setup(void)
{
	char opts[64];
	int ret;

	snprintf(name, sizeof(name), "ltp%d", getpid());
	/* names of 63 and 64 characters: the test's name padded with 0s */
	memset(name64, '0', 64);
	memcpy(name64, name, strlen(name));
	memcpy(name63, name64, 63);
	mnt_private_ns();
	SAFE_MKDIR(M1, 0755);
	SAFE_MKDIR(M2, 0755);
	SAFE_MKDIR(MT, 0755);
	snprintf(opts, sizeof(opts), "none,name=%s", name);
	ret = try_mount(M1, opts);
	if (ret == EINVAL || ret == ENODEV || ret == ENOENT)
		tst_brk(TCONF, "mount -o %s: %s: no v1 named hierarchies",
			opts, tst_strerrno(ret));
	if (ret)
		tst_brk(TBROK, "mount -o %s: %s", opts, tst_strerrno(ret));
	m1 = 1;
}

static void cleanup(void)
{
	if (worker > 0) {
		kill(worker, SIGKILL);
		waitpid(worker, NULL, 0);
	}
	if (m1) {
		rmdir(M1 "/a");
		rmdir(M1 "/b");
		rmdir(M1 "/seen");
		umount2(M1, MNT_DETACH);
	}
	if (m2)
		umount2(M2, MNT_DETACH);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	/* its v1 hierarchies are lines in every process's /proc/PID/cgroup */
	.exclusive = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 hierarchy limits, cgroup.stat and threaded subtrees
 * (kernel/cgroup/cgroup.c):
 *  - cgroup.max.descendants 2: two nested mkdir()s succeed, a third one
 *    anywhere below fails with EAGAIN; cgroup.stat nr_descendants reads
 *    2; after an rmdir() nr_descendants drops at once, a new mkdir()
 *    succeeds at once (dying cgroups do not count against the limit),
 *    and nr_dying_descendants goes back to 0 (bounded wait);
 *  - cgroup.max.depth 1: a child can be made, a grandchild is EAGAIN;
 *    depth 0 forbids any child;
 *  - both refuse -1 with ERANGE and "abc" with EINVAL, and read "max"
 *    back after "max";
 *  - cgroup.type: only "threaded" can be written ("domain" is EINVAL);
 *    it is EOPNOTSUPP while the parent has a domain controller (memory)
 *    in subtree_control; once threaded, the child reads "threaded" and
 *    the parent "domain threaded"; a domain controller can no longer be
 *    enabled in the thread root (EOPNOTSUPP), a threaded one (pids) can;
 *  - a domain child of the thread root or of the threaded cgroup reads
 *    "domain invalid" and a process cannot join it (EOPNOTSUPP);
 *  - a process may join the threaded cgroup; one of its threads moves on
 *    its own through cgroup.threads to the thread root (seen in
 *    /proc/self/task/TID/cgroup) but not to a cgroup of another domain
 *    (EOPNOTSUPP).
 */
#include <pthread.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "cgroup2.h"

static int try_mkdir(const char *rel)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), rel, NULL);
	return mkdir(path, 0755);
}

static void check_type(const char *rel, const char *want)
{
	char path[PATH_MAX], buf[64] = "";

	cg_path(path, sizeof(path), rel, "cgroup.type");
	SAFE_FILE_SCANF(path, "%63[^\n]", buf);
	TST_EXP_EXPR(!strcmp(buf, want), "%s/cgroup.type reads '%s' ('%s')",
		     rel, buf, want);
}

static void check_knob_errors(const char *file)
{
	char path[PATH_MAX];

	TST_EXP_FAIL(cg_try_write("lim", file, "-1"), ERANGE, "%s -1", file);
	TST_EXP_FAIL(cg_try_write("lim", file, "abc"), EINVAL, "%s abc",
		     file);
	TST_EXP_PASS(cg_try_write("lim", file, "max"), "%s max", file);
	cg_path(path, sizeof(path), "lim", file);
	TST_EXP_EXPR(cg_has_word(path, "max"), "%s reads back 'max'", file);
}

static void limits(void)
{
	long long deadline;

	cg_mkdir("lim");
	CG_WRITE("lim", "cgroup.max.descendants", "2");
	TST_EXP_PASS(try_mkdir("lim/a"), "mkdir lim/a (1 of 2)");
	TST_EXP_PASS(try_mkdir("lim/a/b"), "mkdir lim/a/b (2 of 2)");
	TST_EXP_FAIL(try_mkdir("lim/c"), EAGAIN, "mkdir lim/c over "
		     "max.descendants 2");
	TST_EXP_FAIL(try_mkdir("lim/a/b/c"), EAGAIN, "mkdir lim/a/b/c over "
		     "an ancestor's max.descendants 2");
	TST_EXP_EQ_LI(cg_read_key("lim", "cgroup.stat", "nr_descendants"), 2);
	cg_rmdir("lim/a/b");
	TST_EXP_EQ_LI(cg_read_key("lim", "cgroup.stat", "nr_descendants"), 1);
	TST_EXP_PASS(try_mkdir("lim/c"), "mkdir lim/c right after an rmdir");
	TST_EXP_FAIL(try_mkdir("lim/d"), EAGAIN, "mkdir lim/d at the limit");
	cg_rmdir("lim/c");
	cg_rmdir("lim/a");
	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	while (cg_read_key("lim", "cgroup.stat", "nr_dying_descendants") &&
	       tst_mono_ms() < deadline)
		usleep(1000);
	TST_EXP_EQ_LI(cg_read_key("lim", "cgroup.stat", "nr_dying_descendants"),
		      0);
	TST_EXP_EQ_LI(cg_read_key("lim", "cgroup.stat", "nr_descendants"), 0);
	check_knob_errors("cgroup.max.descendants");

	CG_WRITE("lim", "cgroup.max.depth", "1");
	TST_EXP_PASS(try_mkdir("lim/a"), "mkdir lim/a under max.depth 1");
	TST_EXP_FAIL(try_mkdir("lim/a/b"), EAGAIN, "mkdir lim/a/b under "
		     "max.depth 1");
	CG_WRITE("lim/a", "cgroup.max.depth", "0");
	CG_WRITE("lim", "cgroup.max.depth", "max");
	TST_EXP_FAIL(try_mkdir("lim/a/b"), EAGAIN, "mkdir under max.depth 0");
	CG_WRITE("lim/a", "cgroup.max.depth", "max");
	TST_EXP_PASS(try_mkdir("lim/a/b"), "mkdir with both depths 'max'");
	check_knob_errors("cgroup.max.depth");
	cg_rmdir("lim/a/b");
	cg_rmdir("lim/a");
	cg_rmdir("lim");
}

static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static volatile pid_t thread_tid;

static void *thread_fn(void *arg)
{
	(void)arg;
	thread_tid = syscall(__NR_gettid);
	pthread_mutex_lock(&mtx);
	pthread_mutex_unlock(&mtx);
	return NULL;
}

static void member(void)
{
	char path[64], want[PATH_MAX], line[PATH_MAX];
	pthread_t th;

	TST_EXP_FAIL(cg_try_write("tr/th/sub", "cgroup.procs", "0"),
		     EOPNOTSUPP, "join a 'domain invalid' cgroup below the "
		     "threaded one");
	TST_EXP_FAIL(cg_try_write("tr/dom", "cgroup.procs", "0"),
		     EOPNOTSUPP, "join a 'domain invalid' child of the "
		     "thread root");
	TST_EXP_PASS(cg_try_write("tr/th", "cgroup.procs", "0"),
		     "join the threaded cgroup");
	pthread_mutex_lock(&mtx);
	if (pthread_create(&th, NULL, thread_fn, NULL))
		tst_brk(TBROK, "pthread_create()");
	while (!thread_tid)
		usleep(100);
	TST_EXP_PASS(cg_try_write("tr", "cgroup.threads", "%d", thread_tid),
		     "move one thread to the thread root");
	snprintf(path, sizeof(path), "/proc/self/task/%d/cgroup", thread_tid);
	snprintf(want, sizeof(want), "0::%s/tr", cg_base + strlen(cg_root));
	cg_v2_line(path, line, sizeof(line));
	TST_EXP_EXPR(!strcmp(line, want), "the thread's cgroup is tr: %s",
		     line);
	snprintf(path, sizeof(path), "/proc/self/task/%d/cgroup",
		 (int)syscall(__NR_gettid));
	cg_v2_line(path, line, sizeof(line));
	snprintf(want, sizeof(want), "0::%s/tr/th",
		 cg_base + strlen(cg_root));
	TST_EXP_EXPR(!strcmp(line, want), "the main thread stays in tr/th: %s",
		     line);
	TST_EXP_FAIL(cg_try_write("other", "cgroup.threads", "%d",
				  thread_tid), EOPNOTSUPP,
		     "move one thread to a cgroup of another domain");
	pthread_mutex_unlock(&mtx);
	pthread_join(th, NULL);
	exit(0);
}

static void threaded(void)
{
	pid_t pid;

	cg_mkdir("tr");
	cg_mkdir("tr/th");
	cg_mkdir("other");
	check_type("tr/th", "domain");
	TST_EXP_FAIL(cg_try_write("tr/th", "cgroup.type", "domain"), EINVAL,
		     "cgroup.type 'domain'");
	CG_WRITE("tr", "cgroup.subtree_control", "+memory");
	TST_EXP_FAIL(cg_try_write("tr/th", "cgroup.type", "threaded"),
		     EOPNOTSUPP, "cgroup.type 'threaded' with memory enabled "
		     "in the parent");
	CG_WRITE("tr", "cgroup.subtree_control", "-memory");
	TST_EXP_PASS(cg_try_write("tr/th", "cgroup.type", "threaded"),
		     "cgroup.type 'threaded'");
	check_type("tr/th", "threaded");
	check_type("tr", "domain threaded");
	TST_EXP_PASS(cg_try_write("tr/th", "cgroup.type", "threaded"),
		     "cgroup.type 'threaded' again");
	TST_EXP_FAIL(cg_try_write("tr/th", "cgroup.type", "domain"), EINVAL,
		     "cgroup.type 'domain' on a threaded cgroup");
	TST_EXP_FAIL(cg_try_write("tr", "cgroup.subtree_control", "+memory"),
		     EOPNOTSUPP, "+memory in a thread root");
	TST_EXP_PASS(cg_try_write("tr", "cgroup.subtree_control", "+pids"),
		     "+pids (threaded controller) in a thread root");
	cg_mkdir("tr/th/sub");
	cg_mkdir("tr/dom");
	check_type("tr/th/sub", "domain invalid");
	check_type("tr/dom", "domain invalid");

	pid = SAFE_FORK();
	if (!pid)
		member();
	reap_child(pid);
	CG_WRITE("tr", "cgroup.subtree_control", "-pids");
	cg_rmdir("tr/dom");
	cg_rmdir("tr/th/sub");
	cg_rmdir("tr/th");
	cg_rmdir("tr");
	cg_rmdir("other");
}

static void run(void)
{
	limits();
	threaded();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", "pids", NULL};

	cg_setup(ctrls, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_MEMCG", "CONFIG_CGROUP_PIDS", NULL
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 freezer (cgroup.freeze, cgroup.events "frozen"):
 *  - writing 1 freezes every process of the cgroup and of its
 *    descendants: cgroup.events reads "frozen 1" in both, and spinning
 *    workers make no progress over an observation window; the child
 *    cgroup's own cgroup.freeze still reads 0;
 *  - a process migrated into the frozen cgroup is frozen too;
 *  - writing 0 thaws them all: "frozen 0" and every worker advances;
 *  - each change of "frozen" is notified: inotify on cgroup.events
 *    reports IN_MODIFY (kernfs delivers it from a work item: waited for,
 *    bounded);
 *  - a frozen process still dies of SIGKILL;
 *  - cgroup.freeze accepts only 0 and 1 (ERANGE for 2 and -1, EINVAL for
 *    a word).
 */
#include <poll.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "task_wait.h"

#define NWORK 3

static volatile unsigned long *count;
static pid_t pids[NWORK];

static void worker(int i)
{
	for (;;)
		count[i]++;
}

static int ifd = -1;

static void watch_events(const char *rel)
{
	char path[PATH_MAX];

	if (ifd >= 0)
		SAFE_CLOSE(ifd);
	ifd = inotify_init1(IN_NONBLOCK);
	if (ifd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1");
	cg_path(path, sizeof(path), rel, "cgroup.events");
	if (inotify_add_watch(ifd, path, IN_MODIFY) < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch(%s)", path);
}

/* An IN_MODIFY of cgroup.events arrives; then drain the queue. */
static void expect_notified(const char *what)
{
	struct pollfd pfd = {.fd = ifd, .events = POLLIN};
	char buf[4096] __attribute__((aligned(8)));
	struct inotify_event *ev = (void *)buf;
	int ret = poll(&pfd, 1, 10000 * tst_timeout_mul());
	ssize_t len;

	if (ret <= 0) {
		tst_res(TFAIL, "no inotify event for %s within 10 s", what);
		return;
	}
	len = read(ifd, buf, sizeof(buf));
	TST_EXP_EXPR(len >= (ssize_t)sizeof(*ev) && (ev->mask & IN_MODIFY),
		     "inotify: cgroup.events IN_MODIFY on %s", what);
	while (read(ifd, buf, sizeof(buf)) > 0)
		;
}

/* Drain until 200 ms pass without an event (the migration's may lag). */
static void drain_quiet(void)
{
	struct pollfd pfd = {.fd = ifd, .events = POLLIN};
	char buf[4096];

	while (poll(&pfd, 1, 200) > 0)
		while (read(ifd, buf, sizeof(buf)) > 0)
			;
}

static void wait_frozen(const char *rel, int val)
{
	cg_wait_event(rel, "frozen", val);
	tst_res(TPASS, "cgroup.events of '%s' reads frozen %d", rel, val);
}

/* Workers first..last-1 stay put (frozen) or all advance (thawed). */
static void check_progress(int first, int last, int frozen)
{
	unsigned long before[NWORK];
	long long deadline;
	int i, moved;

	for (i = first; i < last; i++)
		before[i] = count[i];
	if (frozen) {
		/* An observation window: a frozen task never runs. */
		usleep(300000);
		for (i = first; i < last; i++)
			TST_EXP_EXPR(count[i] == before[i],
				     "frozen worker %d made no progress "
				     "(%lu -> %lu)", i, before[i], count[i]);
		return;
	}
	deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	do {
		for (moved = 0, i = first; i < last; i++)
			moved += count[i] != before[i];
		if (moved == last - first)
			break;
		usleep(1000);
	} while (task_wait_now_ms() < deadline);
	TST_EXP_EXPR(moved == last - first,
		     "%d of %d thawed workers advanced", moved, last - first);
}

static void refused(const char *val, int exp)
{
	int err = cg_write_err("f", "cgroup.freeze", val);

	TST_EXP_EXPR(err == exp, "cgroup.freeze refuses '%s' with %s (%s)",
		     val, tst_strerrno(exp), tst_strerrno(err));
}

static pid_t start_worker(int i, const char *rel)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		worker(i);
	if (rel)
		CG_WRITE(rel, "cgroup.procs", "%d", pid);
	return pid;
}

static void run(void)
{
	int i;

	memset((void *)count, 0, sizeof(*count) * NWORK);
	cg_mkdir("f");
	cg_mkdir("f/sub");
	pids[0] = start_worker(0, "f");
	pids[1] = start_worker(1, "f/sub");

	check_progress(0, 2, 0);
	watch_events("f");
	CG_WRITE("f", "cgroup.freeze", "1");
	wait_frozen("f", 1);
	expect_notified("freeze");
	wait_frozen("f/sub", 1);
	TST_EXP_EQ_LI(cg_read_num("f/sub", "cgroup.freeze"), 0);
	check_progress(0, 2, 1);

	/* A worker started outside and moved in freezes on arrival. */
	pids[2] = start_worker(2, NULL);
	check_progress(2, 3, 0);
	CG_WRITE("f", "cgroup.procs", "%d", pids[2]);
	wait_frozen("f", 1);
	check_progress(0, 3, 1);

	drain_quiet();
	CG_WRITE("f", "cgroup.freeze", "0");
	wait_frozen("f", 0);
	expect_notified("thaw");
	wait_frozen("f/sub", 0);
	check_progress(0, 3, 0);

	CG_WRITE("f", "cgroup.freeze", "1");
	wait_frozen("f", 1);
	for (i = 0; i < NWORK; i++) {
		SAFE_KILL(pids[i], SIGKILL);
		reap_child_killed(pids[i], SIGKILL);
	}
	tst_res(TPASS, "frozen workers died of SIGKILL");

	refused("2", ERANGE);
	refused("-1", ERANGE);
	refused("yes", EINVAL);
	SAFE_CLOSE(ifd);
	cg_rmdir("f/sub");
	cg_rmdir("f");
}

static void setup(void)
{
	count = SAFE_MMAP(NULL, sizeof(*count) * NWORK,
			  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
			  -1, 0);
	cg_setup(NULL, 0);
	cg_require_file("cgroup.freeze", "kernel before 5.2");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", NULL
	},
};

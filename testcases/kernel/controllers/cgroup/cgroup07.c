// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 cgroup.subtree_control parsing and propagation, thread ids in
 * cgroup.procs, and populated notifications (kernel/cgroup/cgroup.c:
 * cgroup_subtree_control_write(), cgroup_procs_write_start(),
 * cgroup_update_populated()):
 *  - a child's cgroup.controllers reads exactly what its parent's
 *    cgroup.subtree_control reads, before and after enabling memory and
 *    pids, and the controllers' files appear in the child;
 *  - in one write the last of "+memory" and "-memory" wins: "+memory
 *    -memory" leaves memory disabled, "-memory +memory" enables it;
 *  - a write with one unknown name ("+pids +ltp_nosuch") or a name
 *    without + or - is EINVAL and enables nothing, not even the valid
 *    part before it; enabling what is enabled and disabling what is not
 *    succeed and change nothing;
 *  - disabling a controller that a child still has in its own
 *    subtree_control is EBUSY and keeps it; once the child drops it,
 *    the grandchild's files of that controller are gone (ENOENT);
 *  - writing the id of a non-leader thread to cgroup.procs moves the
 *    whole process: both threads' /proc/.../task/TID/cgroup name the
 *    cgroup, cgroup.procs lists only the process id, cgroup.threads both
 *    ids;
 *  - a cgroup.events descriptor opened while the cgroup is empty is
 *    woken by poll() with POLLPRI when a process enters ("populated 1")
 *    and again when it exits ("populated 0").
 */

#include <poll.h>
#include <pthread.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "cgroup2.h"

static void read_file(const char *rel, const char *file, char *buf, size_t n)
{
	char path[PATH_MAX];
	int fd, len;

	cg_path(path, sizeof(path), rel, file);
	fd = SAFE_OPEN(path, O_RDONLY);
	len = SAFE_READ(0, fd, buf, n - 1);
	buf[len] = 0;
	SAFE_CLOSE(fd);
}

static int has_ctrl(const char *rel, const char *file, const char *word)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), rel, file);
	return cg_has_word(path, word);
}

static int exists(const char *rel, const char *file)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), rel, file);
	return !access(path, F_OK);
}

static void check_inherited(const char *parent, const char *child)
{
	char pbuf[256], cbuf[256];

	read_file(parent, "cgroup.subtree_control", pbuf, sizeof(pbuf));
	read_file(child, "cgroup.controllers", cbuf, sizeof(cbuf));
	pbuf[strcspn(pbuf, "\n")] = 0;
	cbuf[strcspn(cbuf, "\n")] = 0;
	TST_EXP_EXPR(!strcmp(pbuf, cbuf), "%s/cgroup.controllers '%s' == "
		     "%s/cgroup.subtree_control '%s'", *child ? child : ".",
		     cbuf, *parent ? parent : ".", pbuf);
}

static void subtree_control(void)
{
	cg_mkdir("a");
	cg_mkdir("a/b");

	check_inherited("", "a");
	TST_EXP_PASS(cg_try_write("", "cgroup.subtree_control",
				  "+memory +pids"), "enable memory and pids");
	check_inherited("", "a");
	TST_EXP_EXPR(exists("a", "memory.max") && exists("a", "pids.max"),
		     "a has memory.max and pids.max");

	TST_EXP_PASS(cg_try_write("a", "cgroup.subtree_control",
				  "+memory -memory"), "'+memory -memory' in a");
	TST_EXP_EXPR(!has_ctrl("a", "cgroup.subtree_control", "memory") &&
		     !exists("a/b", "memory.max"),
		     "the later -memory won: memory not enabled in a");
	TST_EXP_PASS(cg_try_write("a", "cgroup.subtree_control",
				  "-memory +memory"), "'-memory +memory' in a");
	TST_EXP_EXPR(has_ctrl("a", "cgroup.subtree_control", "memory") &&
		     exists("a/b", "memory.max"),
		     "the later +memory won: memory enabled in a");
	check_inherited("a", "a/b");

	TST_EXP_FAIL(cg_try_write("a", "cgroup.subtree_control",
				  "+pids +ltp_nosuch"), EINVAL,
		     "'+pids +ltp_nosuch'");
	TST_EXP_FAIL(cg_try_write("a", "cgroup.subtree_control", "pids"),
		     EINVAL, "'pids' without + or -");
	TST_EXP_EXPR(!has_ctrl("a", "cgroup.subtree_control", "pids") &&
		     !exists("a/b", "pids.max"),
		     "the refused writes enabled no pids in a");
	TST_EXP_PASS(cg_try_write("a", "cgroup.subtree_control", "-pids"),
		     "disable pids, which a does not have");
	TST_EXP_PASS(cg_try_write("a", "cgroup.subtree_control", "+memory"),
		     "enable memory again in a");
	check_inherited("a", "a/b");

	TST_EXP_FAIL(cg_try_write("", "cgroup.subtree_control", "-memory"),
		     EBUSY, "disable memory while child a has it enabled");
	TST_EXP_EXPR(has_ctrl("", "cgroup.subtree_control", "memory") &&
		     exists("a", "memory.max"), "memory kept after EBUSY");

	TST_EXP_PASS(cg_try_write("a", "cgroup.subtree_control", "-memory"),
		     "disable memory in a");
	{
		char path[PATH_MAX];

		cg_path(path, sizeof(path), "a/b", "memory.max");
		TST_EXP_FAIL(access(path, F_OK), ENOENT,
			     "a/b/memory.max after memory was disabled in a");
	}
	check_inherited("a", "a/b");
	TST_EXP_PASS(cg_try_write("", "cgroup.subtree_control",
				  "-memory -pids"), "disable both again");
	TST_EXP_EXPR(!exists("a", "memory.max") && !exists("a", "pids.max"),
		     "a has neither memory.max nor pids.max");
	check_inherited("", "a");
	cg_rmdir("a/b");
	cg_rmdir("a");
}

static int tid_pipe[2];

static void *thread_fn(void *arg)
{
	pid_t tid = syscall(SYS_gettid);

	(void)arg;
	SAFE_WRITE(1, tid_pipe[1], &tid, sizeof(tid));
	for (;;)
		pause();
	return NULL;
}

static int task_in(pid_t pid, pid_t tid, const char *rel)
{
	char path[64], line[PATH_MAX], want[PATH_MAX];

	snprintf(path, sizeof(path), "/proc/%d/task/%d/cgroup", pid, tid);
	cg_v2_line(path, line, sizeof(line));
	snprintf(want, sizeof(want), "0::%s/%s", cg_base + strlen(cg_root),
		 rel);
	return !strcmp(line, want);
}

static int count_ids(const char *rel, const char *file, pid_t id, int *n)
{
	char path[PATH_MAX];
	int p, found = 0;
	FILE *f;

	cg_path(path, sizeof(path), rel, file);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	*n = 0;
	while (fscanf(f, "%d", &p) == 1) {
		(*n)++;
		found |= p == id;
	}
	fclose(f);
	return found;
}

static void thread_id_moves_process(void)
{
	pid_t pid, tid;
	int n = 0, m = 0, found;

	cg_mkdir("t");
	SAFE_PIPE(tid_pipe);
	pid = SAFE_FORK();
	if (!pid) {
		pthread_t th;

		int err = pthread_create(&th, NULL, thread_fn, NULL);

		if (err)
			tst_brk(TBROK, "pthread_create(): %s", strerror(err));
		for (;;)
			pause();
	}
	SAFE_READ(1, tid_pipe[0], &tid, sizeof(tid));
	SAFE_CLOSE(tid_pipe[0]);
	SAFE_CLOSE(tid_pipe[1]);
	if (tid == pid)
		tst_brk(TBROK, "the thread reported the leader's id");

	TST_EXP_PASS(cg_try_write("t", "cgroup.procs", "%d", (int)tid),
		     "write the non-leader thread id %d to t/cgroup.procs",
		     (int)tid);
	TST_EXP_EXPR(task_in(pid, pid, "t") && task_in(pid, tid, "t"),
		     "leader %d and thread %d are both in t", (int)pid,
		     (int)tid);
	found = count_ids("t", "cgroup.procs", pid, &n);
	TST_EXP_EXPR(found && n == 1,
		     "t/cgroup.procs lists the process id only (%d entries)",
		     n);
	found = count_ids("t", "cgroup.threads", pid, &n) &&
		count_ids("t", "cgroup.threads", tid, &m);
	TST_EXP_EXPR(found && n == 2 && m == 2,
		     "t/cgroup.threads lists both ids (%d entries)", n);

	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	cg_wait_event("t", "populated", 0);
	cg_rmdir("t");
}

/* Wait for POLLPRI on fd until cgroup.events reads "populated want". */
static void poll_populated(int fd, int want)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	char buf[256], *p;
	struct pollfd pfd = {.fd = fd, .events = POLLPRI};
	int woken = 0, ret, val = -1;

	for (;;) {
		ret = poll(&pfd, 1, 100);
		if (ret < 0)
			tst_brk(TBROK | TERRNO, "poll(cgroup.events)");
		if (ret > 0) {
			woken++;
			ret = SAFE_PREAD(0, fd, buf, sizeof(buf) - 1, 0);
			buf[ret] = 0;
			p = strstr(buf, "populated ");
			val = p ? atoi(p + 10) : -1;
			if (val == want)
				break;
		}
		if (tst_mono_ms() > deadline) {
			tst_res(TFAIL, "no POLLPRI with 'populated %d' on "
				"cgroup.events in 10 s (%d wake-ups, last %d)",
				want, woken, val);
			return;
		}
	}
	tst_res(TPASS, "poll() woke with POLLPRI (revents 0x%x) and "
		"cgroup.events reads 'populated %d'", pfd.revents, want);
}

static void populated_poll(void)
{
	char path[PATH_MAX], buf[256];
	int fd, ret, pfd[2];
	pid_t pid;

	cg_mkdir("p");
	cg_path(path, sizeof(path), "p", "cgroup.events");
	fd = SAFE_OPEN(path, O_RDONLY);
	ret = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	buf[ret] = 0;
	if (!strstr(buf, "populated 0"))
		tst_brk(TBROK, "new cgroup p is not 'populated 0': %s", buf);

	SAFE_PIPE(pfd);
	pid = SAFE_FORK();
	if (!pid) {
		char c;

		SAFE_CLOSE(pfd[1]);
		SAFE_READ(1, pfd[0], &c, 1);
		exit(0);
	}
	SAFE_CLOSE(pfd[0]);
	CG_WRITE("p", "cgroup.procs", "%d", (int)pid);
	poll_populated(fd, 1);
	SAFE_WRITE(1, pfd[1], "x", 1);
	SAFE_CLOSE(pfd[1]);
	reap_child(pid);
	poll_populated(fd, 0);
	SAFE_CLOSE(fd);
	cg_rmdir("p");
}

static void run(void)
{
	subtree_control();
	thread_id_moves_process();
	populated_poll();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", "pids", NULL};

	cg_setup(ctrls, 0);
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

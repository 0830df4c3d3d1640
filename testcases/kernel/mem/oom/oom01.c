// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The OOM killer's choice of victim inside a memory cgroup (memory.max
 * 64 MiB, no swap, memory.oom.group 0) follows oom_score_adj; the test
 * names the process that died and reads the status of every one:
 *  - holders of 16 MiB with adj 1000 and 0 and an eater growing to
 *    40 MiB: the adj-1000 holder is killed (SIGKILL) although it is not
 *    the biggest, the eater completes and exits 0, the other holder
 *    lives; memory.events counts one oom_kill;
 *  - a 32 MiB holder with adj -1000 is never chosen although the
 *    biggest: the eater going to 48 MiB is the one killed, the protected
 *    holder and a 4 MiB one live;
 *  - oom_score_adj accepts -1000..1000 only (EINVAL past either end),
 *    and a process without CAP_SYS_RESOURCE cannot go below the last
 *    value a privileged writer set (EACCES), while raising it is allowed.
 */
#include <pwd.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "cgroup2.h"

#define MB (1024 * 1024)

static const char *const names[] = {"holder", "holder", "eater"};

static pid_t start(const char *rel, int adj, size_t size, int eater)
{
	pid_t pid = SAFE_FORK();
	size_t i;
	char *m;

	if (!pid) {
		SAFE_FILE_PRINTF("/proc/self/oom_score_adj", "%d", adj);
		cg_enter(rel);
		if (eater)
			TST_CHECKPOINT_WAIT(1);
		m = SAFE_MMAP(NULL, size, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		for (i = 0; i < size; i += getpagesize())
			m[i] = 1;
		if (eater)
			exit(0);
		TST_CHECKPOINT_WAKE(0);
		for (;;)
			pause();
	}
	if (!eater)
		TST_CHECKPOINT_WAIT(0);
	return pid;
}

static int alive(pid_t pid)
{
	return waitpid(pid, NULL, WNOHANG) == 0;
}

static void scenario(const char *rel, int adj0, size_t hold0, size_t hold1,
		     size_t eat)
{
	pid_t p[3];
	int i;

	cg_mkdir(rel);
	CG_WRITE(rel, "memory.max", "%d", 64 * MB);
	if (cg_try_write(rel, "memory.swap.max", "0") && errno != ENOENT)
		tst_brk(TBROK | TERRNO, "memory.swap.max");
	p[0] = start(rel, adj0, hold0, 0);
	p[1] = start(rel, 0, hold1, 0);
	p[2] = start(rel, 0, eat, 1);
	for (i = 0; i < 3; i++)
		tst_res(TINFO, "%s %d: pid %d", names[i], i, p[i]);
	TST_CHECKPOINT_WAKE(1);

	if (adj0 > 0) {
		reap_child_killed(p[0], SIGKILL);
		tst_res(TINFO, "holder 0 (adj %d) died of SIGKILL", adj0);
		reap_child(p[2]);
		tst_res(TINFO, "eater exited (status read)");
		TST_EXP_EXPR(alive(p[1]), "holder 1 (adj 0) lives");
	} else {
		reap_child_killed(p[2], SIGKILL);
		tst_res(TINFO, "eater died of SIGKILL");
		TST_EXP_EXPR(alive(p[0]) && alive(p[1]),
			     "holder 0 (adj %d) and holder 1 live", adj0);
	}
	TST_EXP_EQ_LI(cg_read_key(rel, "memory.events", "oom_kill"), 1);
	for (i = 0; i < 2; i++) {
		if ((adj0 > 0 && !i) || !alive(p[i]))
			continue;
		SAFE_KILL(p[i], SIGTERM);
		reap_child_killed(p[i], SIGTERM);
	}
	cg_rmdir(rel);
}

static int adj_write(int val)
{
	int fd = open("/proc/self/oom_score_adj", O_WRONLY), ret, err;
	char buf[16];

	if (fd < 0)
		return -1;
	snprintf(buf, sizeof(buf), "%d", val);
	ret = write(fd, buf, strlen(buf));
	err = errno;
	close(fd);
	errno = err;
	return ret < 0 ? -1 : 0;
}

static void limits(void)
{
	struct passwd *pw = getpwnam("nobody");
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	TST_EXP_FAIL(adj_write(1001), EINVAL, "oom_score_adj 1001");
	TST_EXP_FAIL(adj_write(-1001), EINVAL, "oom_score_adj -1001");
	TST_EXP_PASS(adj_write(300), "root sets oom_score_adj 300");
	if (!pw) {
		tst_res(TCONF, "no user nobody");
		exit(0);
	}
	SAFE_SETUID(pw->pw_uid);
	/* Owner of its /proc files again after the uid change. */
	prctl(PR_SET_DUMPABLE, 1);
	TST_EXP_PASS(adj_write(500), "nobody raises oom_score_adj to 500");
	TST_EXP_PASS(adj_write(300), "nobody back to 300 (the set minimum)");
	TST_EXP_FAIL(adj_write(299), EACCES, "nobody below the minimum");
	exit(0);
}

static void run(void)
{
	scenario("a", 1000, 16 * MB, 16 * MB, 40 * MB);
	scenario("b", -1000, 32 * MB, 4 * MB, 48 * MB);
	limits();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	cg_setup(ctrls, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.min_mem_avail_mb = 256,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_MEMCG", NULL
	},
};

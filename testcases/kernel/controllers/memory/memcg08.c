// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory.oom.group in a nested hierarchy
 * (mm/memcontrol.c: mem_cgroup_get_oom_group()): the group killed is the
 * highest cgroup with oom.group set between the victim's cgroup and the
 * cgroup whose limit was hit, never above that one. Cgroups p, p/c and
 * p/d, no swap; a process in p/c touches 64 MiB (the victim), an idle
 * one sits in p/c and another in p/d:
 *  - p.oom.group 1, the OOM at p's memory.max 32 MiB: all three are
 *    killed with SIGKILL, p's memory.events.local counts oom_group_kill
 *    1 and c's 0;
 *  - p.oom.group 1, the OOM at c's memory.max 16 MiB: p is above the
 *    OOM domain, so only the victim dies, the idle processes of c and d
 *    live on, no oom_group_kill anywhere;
 *  - c.oom.group 1 and p.oom.group 0, the OOM at p's limit: c's group is
 *    killed (the victim and the idle process in c), the process in d
 *    lives on; c's memory.events.local counts oom_group_kill 1 and p's 0,
 *    while p's hierarchical memory.events counts it (unless cgroup2 is
 *    mounted with memory_localevents).
 */

#include "tst_test.h"
#include "cgroup2.h"

#define MB (1024 * 1024)

static pid_t spawn(const char *rel, int hog, int ready)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		cg_enter(rel);
		if (hog) {
			char *p = SAFE_MMAP(NULL, 64 * MB,
					    PROT_READ | PROT_WRITE,
					    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			long off;

			for (off = 0; off < 64 * MB; off += 4096)
				p[off] = 1;
			exit(0);
		}
		SAFE_WRITE(1, ready, "r", 1);
		for (;;)
			pause();
	}
	return pid;
}

static void one_case(const char *name, const char *max_rel, int max_mb,
		     const char *group_rel, int c_idle_dies, int d_idle_dies)
{
	pid_t hog, ci, di;
	int pfd[2], st;
	char c;

	tst_res(TINFO, "%s", name);
	cg_mkdir("p");
	cg_no_swap("p");
	CG_WRITE("p", "cgroup.subtree_control", "+memory");
	cg_mkdir("p/c");
	cg_mkdir("p/d");
	CG_WRITE(max_rel, "memory.max", "%d", max_mb * MB);
	if (group_rel)
		CG_WRITE(group_rel, "memory.oom.group", "1");

	SAFE_PIPE(pfd);
	ci = spawn("p/c", 0, pfd[1]);
	di = spawn("p/d", 0, pfd[1]);
	SAFE_READ(1, pfd[0], &c, 1);
	SAFE_READ(1, pfd[0], &c, 1);
	SAFE_CLOSE(pfd[0]);
	SAFE_CLOSE(pfd[1]);
	hog = spawn("p/c", 1, -1);
	reap_child_killed(hog, SIGKILL);

	if (c_idle_dies) {
		reap_child_killed(ci, SIGKILL);
	} else {
		TST_EXP_EQ_LI(waitpid(ci, &st, WNOHANG), 0);
		SAFE_KILL(ci, SIGTERM);
		reap_child_killed(ci, SIGTERM);
	}
	if (d_idle_dies) {
		reap_child_killed(di, SIGKILL);
	} else {
		TST_EXP_EQ_LI(waitpid(di, &st, WNOHANG), 0);
		SAFE_KILL(di, SIGTERM);
		reap_child_killed(di, SIGTERM);
	}
}

static int local_events(void)
{
	struct mntent *mnt;
	int ret = 0;
	FILE *f = setmntent("/proc/self/mounts", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "setmntent(/proc/self/mounts)");
	while ((mnt = getmntent(f)))
		if (!strcmp(mnt->mnt_dir, cg_root) &&
		    hasmntopt(mnt, "memory_localevents"))
			ret = 1;
	endmntent(f);
	return ret;
}

static long long loc(const char *rel, const char *key)
{
	return cg_read_key(rel, "memory.events.local", key);
}

static void clean(void)
{
	cg_rmdir("p/c");
	cg_rmdir("p/d");
	cg_rmdir("p");
}

static void run(void)
{
	one_case("p.oom.group 1, OOM at p's limit", "p", 32, "p", 1, 1);
	TST_EXP_EQ_LI(cg_read_key("p", "memory.events.local",
				  "oom_group_kill"), 1);
	TST_EXP_EQ_LI(cg_read_key("p/c", "memory.events.local",
				  "oom_group_kill"), 0);
	TST_EXP_EXPR(loc("p", "oom_kill") == 0 &&
		     loc("p/c", "oom_kill") >= 2 && loc("p/d", "oom_kill") >= 1,
		     "oom_kill counted in c (>= 2) and d (>= 1), not in p");
	clean();

	one_case("p.oom.group 1, OOM at c's limit", "p/c", 16, "p", 0, 0);
	TST_EXP_EQ_LI(cg_read_key("p", "memory.events", "oom_group_kill"), 0);
	TST_EXP_EQ_LI(cg_read_key("p/c", "memory.events.local", "oom_kill"),
		      1);
	clean();

	one_case("c.oom.group 1, OOM at p's limit", "p", 32, "p/c", 1, 0);
	TST_EXP_EQ_LI(cg_read_key("p/c", "memory.events.local",
				  "oom_group_kill"), 1);
	TST_EXP_EQ_LI(cg_read_key("p", "memory.events.local",
				  "oom_group_kill"), 0);
	TST_EXP_EQ_LI(cg_read_key("p", "memory.events", "oom_group_kill"),
		      local_events() ? 0 : 1);
	TST_EXP_EXPR(loc("p/c", "oom_kill") >= 2 &&
		     loc("p/d", "oom_kill") == 0,
		     "oom_kill counted in c (>= 2), not in d");
	clean();
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
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_MEMCG", NULL
	},
};

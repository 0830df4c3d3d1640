// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An OOM inside a memory cgroup that is also a cpuset (upstream oom05's
 * setup: memory and cpuset controllers on one cgroup "m", cpuset.cpus 0,
 * cpuset.mems 0, memory.max 32 MiB, no swap) stays inside that cgroup,
 * under vm.overcommit_memory 0 and then 1:
 *  - memory.oom.group 0: with an 8 MiB holder and an eater growing to
 *    64 MiB in m, and a 48 MiB holder with oom_score_adj 1000 outside m,
 *    the eater alone dies of SIGKILL; the holder in m and the one outside
 *    live; m's memory.events counts oom_kill 1 and oom_group_kill 0
 *    exactly; /proc/vmstat oom_kill grows by exactly 1;
 *  - memory.oom.group 1: the eater and the holder in m both die of
 *    SIGKILL, the outside holder lives; oom_group_kill 1 exactly, and
 *    oom_kill (and vmstat oom_kill's growth) 2 or 3: the group walk
 *    kills the victim once more, and counts it, while it still has its
 *    mm (__oom_kill_process() after oom_kill_memcg_member()), which
 *    depends on how fast the first SIGKILL is acted upon;
 *  - every process in m runs only on CPU 0 with memory of node 0
 *    (Cpus_allowed_list, Mems_allowed_list of the holder).
 * Would catch: a memcg OOM choosing a victim outside the memcg (the
 * global badness list of a cpuset-constrained OOM instead of the memcg's),
 * the group kill missing members or reaching outside the cgroup, OOM
 * counters not or doubly counted.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "cgroup2.h"

#define MB (1024 * 1024)

/* Fault in size bytes of private anonymous memory, page by page. */
static void touch(size_t size)
{
	char *m = SAFE_MMAP(NULL, size, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	size_t i;

	for (i = 0; i < size; i += getpagesize())
		m[i] = 1;
}

/*
 * A holder of size bytes in the cgroup rel with oom_score_adj adj, waited
 * for until its memory is in; it then sleeps until killed.
 */
static pid_t holder(const char *rel, int adj, size_t size)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		SAFE_FILE_PRINTF("/proc/self/oom_score_adj", "%d", adj);
		cg_enter(rel);
		touch(size);
		TST_CHECKPOINT_WAKE(0);
		for (;;)
			pause();
	}
	TST_CHECKPOINT_WAIT(0);
	return pid;
}

static pid_t eater(const char *rel, size_t size)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		cg_enter(rel);
		TST_CHECKPOINT_WAIT(1);
		touch(size);
		exit(0);
	}
	return pid;
}

static int alive(pid_t pid)
{
	return waitpid(pid, NULL, WNOHANG) == 0;
}

/* The value of a "Key:\tvalue" line of /proc/pid/status, as text. */
static void status_str(pid_t pid, const char *key, char buf[256])
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	buf[0] = 0;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, strlen(key)) || line[strlen(key)] != ':')
			continue;
		sscanf(line + strlen(key) + 1, "%255s", buf);
	}
	fclose(f);
}

static void scenario(const char *rel, int group)
{
	char buf[256];
	long kills0 = tst_read_vmstat("oom_kill");
	long long kills;
	pid_t in, out, eat;

	cg_mkdir(rel);
	CG_WRITE(rel, "cpuset.cpus", "0");
	CG_WRITE(rel, "cpuset.mems", "0");
	CG_WRITE(rel, "memory.max", "%d", 32 * MB);
	cg_no_swap(rel);
	CG_WRITE(rel, "memory.oom.group", "%d", group);

	out = holder("out", 1000, 48 * MB);
	in = holder(rel, 0, 8 * MB);
	eat = eater(rel, 64 * MB);

	status_str(in, "Cpus_allowed_list", buf);
	TST_EXP_EXPR(!strcmp(buf, "0"), "holder in m: Cpus_allowed_list %s",
		     buf);
	status_str(in, "Mems_allowed_list", buf);
	TST_EXP_EXPR(!strcmp(buf, "0"), "holder in m: Mems_allowed_list %s",
		     buf);

	TST_CHECKPOINT_WAKE(1);
	reap_child_killed(eat, SIGKILL);
	tst_res(TINFO, "oom.group %d: eater died of SIGKILL", group);
	if (group) {
		reap_child_killed(in, SIGKILL);
		tst_res(TINFO, "oom.group 1: holder in m died of SIGKILL");
	} else {
		TST_EXP_EXPR(alive(in), "oom.group 0: holder in m lives");
	}
	TST_EXP_EXPR(alive(out), "holder outside m (adj 1000) lives");

	kills = cg_read_key(rel, "memory.events", "oom_kill");
	TST_EXP_EXPR(kills >= 1 + group && kills <= 1 + 2 * group,
		     "memory.events oom_kill %lld in [%d, %d]", kills,
		     1 + group, 1 + 2 * group);
	TST_EXP_EQ_LI(cg_read_key(rel, "memory.events", "oom_group_kill"),
		      group);
	TST_EXP_EXPR(cg_read_key(rel, "memory.events", "oom") >= 1,
		     "memory.events oom >= 1");
	TST_EXP_EQ_LI(tst_read_vmstat("oom_kill") - kills0, kills);

	if (!group && alive(in)) {
		SAFE_KILL(in, SIGTERM);
		reap_child_killed(in, SIGTERM);
	}
	SAFE_KILL(out, SIGTERM);
	reap_child_killed(out, SIGTERM);
	cg_wait_event(rel, "populated", 0);
	cg_rmdir(rel);
}

static void run(void)
{
	static const char *const modes[] = {"0", "1"};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		SAFE_FILE_PRINTF("/proc/sys/vm/overcommit_memory", "%s",
				 modes[i]);
		tst_res(TINFO, "vm.overcommit_memory %s", modes[i]);
		scenario("m", 0);
		scenario("m", 1);
	}
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", "cpuset", NULL};

	cg_setup(ctrls, 1);
	cg_mkdir("out");
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
	.exclusive = 1,
	.timeout = 180,
	.save_restore = (const struct tst_path_val[]) {
		{"/proc/sys/vm/overcommit_memory", NULL, TST_SR_TBROK_MISSING},
		{"/proc/sys/vm/panic_on_oom", "0", TST_SR_TBROK_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_MEMCG", "CONFIG_CPUSETS", NULL
	},
	.taint_check = TST_TAINT_D,
};

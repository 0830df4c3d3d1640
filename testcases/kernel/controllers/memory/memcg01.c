// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cgroup v2 memory controller enforces memory.max on anonymous
 * memory (with memory.swap.max 0, or no swap, so nothing can go to
 * swap):
 *  - a process of the cgroup that touches 16 MiB under a 32 MiB limit
 *    keeps running, and memory.current counts at least those 16 MiB;
 *  - one that touches 64 MiB is killed with SIGKILL by the cgroup's OOM
 *    killer; memory.events counts one oom_kill and at least one "max"
 *    event, and memory.peak, when the kernel has it, never passed
 *    memory.max;
 *  - processes outside the cgroup are unaffected (the test lives on).
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "cgroup2.h"

#define MB (1024 * 1024)
#define LIMIT (32 * MB)

/* Enter the cgroup, touch size bytes, report, and wait to be ended. */
static void eat(size_t size, int report)
{
	size_t i, page = getpagesize();
	char *mem;

	cg_enter("");
	mem = SAFE_MMAP(NULL, size, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < size; i += page)
		mem[i] = 1;
	if (report) {
		TST_EXP_EXPR(cg_read_num("", "memory.current") >= (long)size,
			     "memory.current %lld >= the %zu bytes touched",
			     cg_read_num("", "memory.current"), size);
		TST_CHECKPOINT_WAKE(0);
		TST_CHECKPOINT_WAIT(1);
	}
	exit(0);
}

static void run(void)
{
	long long oom_kills, max_events;
	char path[PATH_MAX];
	int status;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		eat(16 * MB, 1);
	TST_CHECKPOINT_WAIT(0);
	TST_CHECKPOINT_WAKE(1);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "a process using 16 MiB under a 32 MiB memory.max lived");

	oom_kills = cg_read_key("", "memory.events", "oom_kill");
	max_events = cg_read_key("", "memory.events", "max");
	pid = SAFE_FORK();
	if (!pid)
		eat(64 * MB, 0);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		     "a process touching 64 MiB under a 32 MiB memory.max "
		     "was killed by SIGKILL (status 0x%x)", status);
	TST_EXP_EQ_LI(cg_read_key("", "memory.events", "oom_kill") - oom_kills,
		      1);
	TST_EXP_EXPR(cg_read_key("", "memory.events", "max") > max_events,
		     "memory.events counted hitting memory.max");
	cg_path(path, sizeof(path), "", "memory.peak");
	if (access(path, F_OK) == 0)
		TST_EXP_EXPR(cg_read_num("", "memory.peak") <= LIMIT,
			     "memory.peak %lld <= memory.max %d",
			     cg_read_num("", "memory.peak"), LIMIT);
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	cg_setup(ctrls, 0);
	CG_WRITE("", "memory.max", "%d", LIMIT);
	cg_no_swap("");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_checkpoints = 1,
	.min_mem_avail_mb = 128,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_MEMCG", NULL
	},
};

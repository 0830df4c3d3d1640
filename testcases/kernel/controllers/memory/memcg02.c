// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory controller, memory.oom.group and memory.high:
 *  - with memory.oom.group 1, an OOM inside the cgroup (64 MiB touched
 *    under a 32 MiB memory.max, no swap) kills every process of it with
 *    SIGKILL, idle ones too, except one with oom_score_adj -1000 (which
 *    the group kill must skip); memory.events counts one oom_group_kill
 *    and at least one oom_kill per process killed;
 *  - with memory.oom.group 0 only the allocating process dies and its
 *    idle siblings live on (oom_kill 1, oom_group_kill 0);
 *  - memory.oom.group refuses 2 (EINVAL);
 *  - memory.high throttles and reclaims but never kills: a process
 *    reading 48 MiB of a file through the page cache under an 8 MiB
 *    memory.high gets correct data, exits 0, memory.events "high" grows,
 *    no "oom" event, and memory.current is pulled back near the limit.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "vm_helpers.h"

#define MB (1024 * 1024)
#define FILE_SIZE (48 * MB)
#define HIGH (8 * MB)

static void no_swap(const char *rel)
{
	if (cg_try_write(rel, "memory.swap.max", "0") && errno != ENOENT)
		tst_brk(TBROK | TERRNO, "write 0 to %s/memory.swap.max", rel);
}

static void eat(void)
{
	size_t i, size = 64 * MB, page = getpagesize();
	char *mem = SAFE_MMAP(NULL, size, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	for (i = 0; i < size; i += page)
		mem[i] = 1;
	exit(0);
}

static pid_t start(const char *rel, int adj, int eater)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (adj)
			SAFE_FILE_PRINTF("/proc/self/oom_score_adj", "%d", adj);
		cg_enter(rel);
		TST_CHECKPOINT_WAKE(0);
		if (eater) {
			TST_CHECKPOINT_WAIT(1);
			eat();
		}
		for (;;)
			pause();
	}
	TST_CHECKPOINT_WAIT(0);
	return pid;
}

static void oom_group(int group)
{
	const char *rel = group ? "g" : "n";
	pid_t idle1, idle2, keep = 0, eater;

	cg_mkdir(rel);
	CG_WRITE(rel, "memory.max", "%d", 32 * MB);
	no_swap(rel);
	CG_WRITE(rel, "memory.oom.group", "%d", group);
	idle1 = start(rel, 0, 0);
	idle2 = start(rel, 0, 0);
	if (group)
		keep = start(rel, -1000, 0);
	eater = start(rel, 0, 1);
	TST_CHECKPOINT_WAKE(1);

	reap_child_killed(eater, SIGKILL);
	if (group) {
		reap_child_killed(idle1, SIGKILL);
		reap_child_killed(idle2, SIGKILL);
		tst_res(TPASS, "oom.group 1: the eater and both idle "
			"processes were reaped, killed by SIGKILL");
		TST_EXP_EQ_LI(cg_read_key(rel, "memory.events",
					  "oom_group_kill"), 1);
		/* the chosen victim may be counted twice */
		TST_EXP_EXPR(cg_read_key(rel, "memory.events", "oom_kill") >= 3,
			     "memory.events oom_kill %lld >= 3",
			     cg_read_key(rel, "memory.events", "oom_kill"));
		TST_EXP_EXPR(kill(keep, 0) == 0 &&
			     waitpid(keep, NULL, WNOHANG) == 0,
			     "oom_score_adj -1000 process spared by the "
			     "group kill");
		SAFE_KILL(keep, SIGTERM);
		reap_child_killed(keep, SIGTERM);
	} else {
		TST_EXP_EQ_LI(cg_read_key(rel, "memory.events", "oom_kill"),
			      1);
		TST_EXP_EQ_LI(cg_read_key(rel, "memory.events",
					  "oom_group_kill"), 0);
		TST_EXP_EXPR(waitpid(idle1, NULL, WNOHANG) == 0 &&
			     waitpid(idle2, NULL, WNOHANG) == 0,
			     "oom.group 0: the idle processes live on");
		SAFE_KILL(idle1, SIGTERM);
		SAFE_KILL(idle2, SIGTERM);
		reap_child_killed(idle1, SIGTERM);
		reap_child_killed(idle2, SIGTERM);
	}
	if (group) {
		int err = cg_write_err(rel, "memory.oom.group", "2");

		TST_EXP_EXPR(err == EINVAL, "memory.oom.group refuses 2 with "
			     "EINVAL (%s)", tst_strerrno(err));
	}
	cg_rmdir(rel);
}

static void high(void)
{
	long long high0;
	char *buf;
	pid_t pid;
	int fd;

	cg_mkdir("h");
	CG_WRITE("h", "memory.high", "%d", HIGH);
	no_swap("h");
	high0 = cg_read_key("h", "memory.events", "high");

	pid = SAFE_FORK();
	if (!pid) {
		long off, bad = -1;
		ssize_t n;

		cg_enter("h");
		buf = SAFE_MALLOC(MB);
		fd = SAFE_OPEN("data", O_RDONLY);
		for (off = 0; off < FILE_SIZE; off += MB) {
			n = SAFE_READ(1, fd, buf, MB);
			if (n != MB)
				tst_brk(TBROK, "short read");
			if (bad < 0 && check_pattern(buf, MB, off / MB) >= 0)
				bad = off;
		}
		SAFE_CLOSE(fd);
		TST_EXP_EXPR(bad < 0, "48 MiB read under memory.high intact "
			     "(first bad MiB at %ld)", bad);
		TST_EXP_EXPR(cg_read_num("h", "memory.current") <=
			     2 * HIGH,
			     "memory.current %lld at most twice memory.high %d",
			     cg_read_num("h", "memory.current"), HIGH);
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EXPR(cg_read_key("h", "memory.events", "high") > high0,
		     "memory.events high grew (%lld -> %lld)", high0,
		     cg_read_key("h", "memory.events", "high"));
	TST_EXP_EQ_LI(cg_read_key("h", "memory.events", "oom"), 0);
	TST_EXP_EQ_LI(cg_read_key("h", "memory.events", "oom_kill"), 0);
	cg_rmdir("h");
}

static void run(void)
{
	oom_group(1);
	oom_group(0);
	high();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};
	char *buf = SAFE_MALLOC(MB);
	char path[PATH_MAX];
	int fd, i;

	cg_setup(ctrls, 1);
	cg_path(path, sizeof(path), "", "memory.swap.max");
	if (access(path, F_OK) && tst_read_meminfo("SwapTotal:"))
		tst_brk(TCONF, "swap is on and no memory.swap.max");
	cg_require_file("memory.oom.group", "kernel before 4.19");

	/* Written and dropped from the cache before the child reads it. */
	fd = SAFE_OPEN("data", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	for (i = 0; i < FILE_SIZE / MB; i++) {
		fill_pattern(buf, MB, i);
		SAFE_WRITE(1, fd, buf, MB);
	}
	SAFE_FSYNC(fd);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	SAFE_CLOSE(fd);
	free(buf);
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
	.timeout = 180,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_MEMCG", NULL
	},
};

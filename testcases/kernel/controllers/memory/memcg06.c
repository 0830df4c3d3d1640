// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory controller: hierarchical and local events, lowering
 * memory.max below the usage, memory.peak (mm/memcontrol.c), no swap:
 *  - an OOM kill in p/c (64 MiB touched under a 16 MiB memory.max) is
 *    counted in c's memory.events and memory.events.local (oom_kill 1,
 *    "max" and "oom" > 0) and, through memcg_memory_event(), in the
 *    parent p's memory.events with exactly c's counts, while p's
 *    memory.events.local stays all 0 (with the memory_localevents mount
 *    option memory.events is local: p's reads 0 too);
 *  - memory.max written below the usage of clean page cache (a 32 MiB
 *    file written and fsync()ed from the cgroup) succeeds and returns
 *    with memory.current at or below the new 8 MiB limit, without an OOM
 *    event: the writer reclaims;
 *  - memory.max written below the usage of anonymous memory that cannot
 *    go anywhere (32 MiB touched by an idle process, memory.swap.max 0)
 *    succeeds too: the writer's reclaim fails and it OOM-kills the
 *    process (SIGKILL, oom_kill 1), after which memory.current is at or
 *    below the limit;
 *  - memory.peak keeps the high-water mark (>= 32 MiB after 32 MiB was
 *    touched and unmapped, while memory.current is back under 4 MiB);
 *    from 6.12 a write to memory.peak resets the mark for the writing
 *    descriptor only: it then reads the usage since the write (under
 *    4 MiB, then >= 16 MiB and < 32 MiB after another 16 MiB touched),
 *    while an older descriptor and a new one still read >= 32 MiB
 *    (before 6.12 the file has no write permission bit: TCONF for that
 *    part).
 */

#include <mntent.h>
#include <sys/statfs.h>
#include "tst_test.h"
#include "cgroup2.h"

#define MB (1024 * 1024)
#define TMPFS_MAGIC_ 0x01021994

static int local_events;

static void touch_anon(size_t size, int unmap)
{
	char *p = SAFE_MMAP(NULL, size, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	size_t off;

	for (off = 0; off < size; off += 4096)
		p[off] = 1;
	if (unmap)
		SAFE_MUNMAP(p, size);
}

static void events(void)
{
	static const char *const keys[] = {"max", "oom", "oom_kill"};
	long long c_ev[3];
	unsigned int i;
	pid_t pid;

	cg_mkdir("p");
	CG_WRITE("p", "cgroup.subtree_control", "+memory");
	cg_mkdir("p/c");
	CG_WRITE("p/c", "memory.max", "%d", 16 * MB);
	cg_no_swap("p/c");

	pid = SAFE_FORK();
	if (!pid) {
		cg_enter("p/c");
		touch_anon(64 * MB, 0);
		exit(0);
	}
	reap_child_killed(pid, SIGKILL);

	TST_EXP_EQ_LI(cg_read_key("p/c", "memory.events", "oom_kill"), 1);
	TST_EXP_EQ_LI(cg_read_key("p/c", "memory.events.local", "oom_kill"),
		      1);
	for (i = 0; i < 3; i++) {
		c_ev[i] = cg_read_key("p/c", "memory.events.local", keys[i]);
		TST_EXP_EXPR(c_ev[i] > 0 && c_ev[i] ==
			     cg_read_key("p/c", "memory.events", keys[i]),
			     "c: %s %lld in events.local and events", keys[i],
			     c_ev[i]);
		TST_EXP_EQ_LI(cg_read_key("p", "memory.events.local", keys[i]),
			      0);
		if (local_events)
			TST_EXP_EQ_LI(cg_read_key("p", "memory.events",
						  keys[i]), 0);
		else
			TST_EXP_EQ_LI(cg_read_key("p", "memory.events",
						  keys[i]), c_ev[i]);
	}
	cg_rmdir("p/c");
	cg_rmdir("p");
}

static void lower_max_page_cache(void)
{
	struct statfs sfs;
	long long cur;

	if (statfs(".", &sfs))
		tst_brk(TBROK | TERRNO, "statfs(.)");
	if (sfs.f_type == TMPFS_MAGIC_) {
		tst_res(TCONF, "the tmpdir is on tmpfs: its pages are not "
			"reclaimable page cache without swap");
		return;
	}
	cg_mkdir("f");
	cg_no_swap("f");
	cg_page_cache("f", "cache", 32, 0x5a);
	cur = cg_read_num("f", "memory.current");
	if (cur < 24 * MB)
		tst_brk(TBROK, "f holds only %lld bytes after writing 32 MiB",
			cur);
	TST_EXP_PASS(cg_try_write("f", "memory.max", "%d", 8 * MB),
		     "memory.max 8 MiB under %lld bytes of page cache", cur);
	cur = cg_read_num("f", "memory.current");
	TST_EXP_EXPR(cur <= 8 * MB, "memory.current %lld <= 8 MiB when the "
		     "write returned", cur);
	TST_EXP_EQ_LI(cg_read_key("f", "memory.events", "oom"), 0);
	SAFE_UNLINK("cache");
	cg_rmdir("f");
}

static void lower_max_anon(void)
{
	int pfd[2];
	long long cur;
	pid_t pid;
	char c;

	cg_mkdir("g");
	cg_no_swap("g");
	SAFE_PIPE(pfd);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(pfd[0]);
		cg_enter("g");
		touch_anon(32 * MB, 0);
		SAFE_WRITE(1, pfd[1], "r", 1);
		for (;;)
			pause();
	}
	SAFE_CLOSE(pfd[1]);
	SAFE_READ(1, pfd[0], &c, 1);
	SAFE_CLOSE(pfd[0]);
	cur = cg_read_num("g", "memory.current");
	if (cur < 30 * MB)
		tst_brk(TBROK, "g holds only %lld bytes with 32 MiB touched",
			cur);
	TST_EXP_PASS(cg_try_write("g", "memory.max", "%d", 8 * MB),
		     "memory.max 8 MiB under %lld bytes of anon, no swap", cur);
	reap_child_killed(pid, SIGKILL);
	TST_EXP_EQ_LI(cg_read_key("g", "memory.events", "oom_kill"), 1);
	TST_EXP_EXPR(cg_read_key("g", "memory.events", "oom") > 0,
		     "memory.events oom %lld > 0",
		     cg_read_key("g", "memory.events", "oom"));
	cur = cg_read_num("g", "memory.current");
	TST_EXP_EXPR(cur <= 8 * MB, "memory.current %lld <= 8 MiB after the "
		     "kill", cur);
	cg_rmdir("g");
}

static long long read_fd_num(int fd)
{
	char buf[64];
	int len = SAFE_PREAD(0, fd, buf, sizeof(buf) - 1, 0);

	buf[len] = 0;
	return atoll(buf);
}

static void peak(void)
{
	char path[PATH_MAX];
	int old_fd, rst_fd, new_fd, pfd[2], gfd[2];
	struct stat st;
	long long v;
	pid_t pid;
	char c;

	cg_mkdir("h");
	cg_no_swap("h");
	cg_path(path, sizeof(path), "h", "memory.peak");
	if (access(path, F_OK)) {
		tst_res(TCONF, "no memory.peak (added in 5.19)");
		cg_rmdir("h");
		return;
	}
	SAFE_PIPE(pfd);
	SAFE_PIPE(gfd);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(pfd[0]);
		SAFE_CLOSE(gfd[1]);
		cg_enter("h");
		touch_anon(32 * MB, 1);
		SAFE_WRITE(1, pfd[1], "1", 1);
		SAFE_READ(1, gfd[0], &c, 1);
		touch_anon(16 * MB, 1);
		SAFE_WRITE(1, pfd[1], "2", 1);
		SAFE_READ(1, gfd[0], &c, 1);
		exit(0);
	}
	SAFE_CLOSE(pfd[1]);
	SAFE_CLOSE(gfd[0]);
	SAFE_READ(1, pfd[0], &c, 1);

	old_fd = SAFE_OPEN(path, O_RDONLY);
	v = read_fd_num(old_fd);
	TST_EXP_EXPR(v >= 32 * MB, "memory.peak %lld >= 32 MiB", v);
	v = cg_read_num("h", "memory.current");
	TST_EXP_EXPR(v < 4 * MB, "memory.current %lld < 4 MiB after munmap",
		     v);

	SAFE_STAT(path, &st);
	rst_fd = -1;
	if (!(st.st_mode & 0222)) {
		tst_res(TCONF, "memory.peak is read-only (mode %o): the "
			"per-descriptor reset is 6.12's", st.st_mode & 0777);
	} else {
		rst_fd = SAFE_OPEN(path, O_RDWR);
		TST_EXP_EQ_LI(write(rst_fd, "reset\n", 6), 6);
		v = read_fd_num(rst_fd);
		TST_EXP_EXPR(v < 4 * MB, "memory.peak on the reset descriptor "
			     "%lld < 4 MiB", v);
	}
	SAFE_WRITE(1, gfd[1], "g", 1);
	SAFE_READ(1, pfd[0], &c, 1);
	if (rst_fd >= 0) {
		v = read_fd_num(rst_fd);
		TST_EXP_EXPR(v >= 16 * MB && v < 32 * MB, "memory.peak on the "
			     "reset descriptor %lld in [16, 32) MiB after 16 "
			     "MiB more", v);
		SAFE_CLOSE(rst_fd);
	}
	v = read_fd_num(old_fd);
	TST_EXP_EXPR(v >= 32 * MB, "memory.peak on the older descriptor %lld "
		     ">= 32 MiB", v);
	new_fd = SAFE_OPEN(path, O_RDONLY);
	v = read_fd_num(new_fd);
	TST_EXP_EXPR(v >= 32 * MB, "memory.peak on a new descriptor %lld >= "
		     "32 MiB", v);
	SAFE_CLOSE(new_fd);
	SAFE_CLOSE(old_fd);
	SAFE_WRITE(1, gfd[1], "g", 1);
	SAFE_CLOSE(gfd[1]);
	SAFE_CLOSE(pfd[0]);
	reap_child(pid);
	cg_rmdir("h");
}

static void run(void)
{
	events();
	lower_max_page_cache();
	lower_max_anon();
	peak();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};
	struct mntent *mnt;
	FILE *f;

	cg_setup(ctrls, 1);
	f = setmntent("/proc/self/mounts", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "setmntent(/proc/self/mounts)");
	while ((mnt = getmntent(f)))
		if (!strcmp(mnt->mnt_dir, cg_root) &&
		    hasmntopt(mnt, "memory_localevents"))
			local_events = 1;
	endmntent(f);
	if (local_events)
		tst_res(TINFO, "cgroup2 is mounted with memory_localevents");
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

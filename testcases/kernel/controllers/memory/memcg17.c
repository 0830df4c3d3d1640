// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory.numa_stat against memory.stat: a cgroup p/c holds a
 * sleeping process with 8 MiB of touched anonymous memory (no THP) and a
 * 4 MiB memfd, and 8 MiB of clean page cache in the tmpdir. For every
 * key memory.numa_stat has, the sum of its per-node "N<id>=" values
 * equals the value of the same key in memory.stat (both in bytes, both
 * read after the same per-CPU flush: the pair is read again until they
 * agree, bounded by 10 s times LTP_TIMEOUT_MUL, since the 2 s periodic
 * flush may land between the two reads); in the parent p as well. The
 * node sums show what was made: anon >= 8 MiB, shmem >= 4 MiB,
 * file >= 12 MiB (page cache + memfd).
 * Catches: per-node (lruvec) memcg statistics not updated or not
 * propagated up the hierarchy where the memcg-wide ones are, keys whose
 * units differ between the two files.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "vm_helpers.h"

#define MB (1024 * 1024)
#define NKEYS 64

struct stat_key {
	char name[64];
	long long numa_sum;
	long long stat;
};

static struct stat_key keys[NKEYS];
static int nkeys;

static void read_numa_stat(const char *rel)
{
	char path[PATH_MAX], line[1024], *tok, *save;
	FILE *f;

	cg_path(path, sizeof(path), rel, "memory.numa_stat");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	nkeys = 0;
	while (fgets(line, sizeof(line), f) && nkeys < NKEYS) {
		tok = strtok_r(line, " \n", &save);
		if (!tok)
			continue;
		snprintf(keys[nkeys].name, sizeof(keys[nkeys].name), "%s", tok);
		keys[nkeys].numa_sum = 0;
		while ((tok = strtok_r(NULL, " \n", &save))) {
			char *eq = strchr(tok, '=');

			if (tok[0] != 'N' || !eq)
				tst_brk(TBROK, "%s: bad field '%s'", path, tok);
			keys[nkeys].numa_sum += atoll(eq + 1);
		}
		nkeys++;
	}
	fclose(f);
	if (!nkeys)
		tst_brk(TBROK, "%s is empty", path);
}

/* Number of keys whose node sum differs from memory.stat's value. */
static int compare_once(const char *rel)
{
	int i, bad = 0;

	read_numa_stat(rel);
	for (i = 0; i < nkeys; i++) {
		keys[i].stat = cg_read_key(rel, "memory.stat", keys[i].name);
		bad += keys[i].stat != keys[i].numa_sum;
	}
	return bad;
}

static long long numa_sum_of(const char *name)
{
	int i;

	for (i = 0; i < nkeys; i++)
		if (!strcmp(keys[i].name, name))
			return keys[i].numa_sum;
	tst_brk(TBROK, "no '%s' in memory.numa_stat", name);
}

static void check_cgroup(const char *rel)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	int i, bad;

	while ((bad = compare_once(rel)) && tst_mono_ms() < deadline)
		usleep(100000);
	for (i = 0; i < nkeys && bad; i++)
		if (keys[i].stat != keys[i].numa_sum)
			tst_res(TINFO, "%s: %s: nodes sum %lld, memory.stat %lld",
				rel, keys[i].name, keys[i].numa_sum,
				keys[i].stat);
	TST_EXP_EXPR(!bad, "%s: %d keys of memory.numa_stat, %d node sums "
		     "differ from memory.stat", rel, nkeys, bad);
	TST_EXP_EXPR(numa_sum_of("anon") >= 8 * MB, "%s: anon %lld >= 8 MiB",
		     rel, numa_sum_of("anon"));
	TST_EXP_EXPR(numa_sum_of("shmem") >= 4 * MB, "%s: shmem %lld >= "
		     "4 MiB", rel, numa_sum_of("shmem"));
	TST_EXP_EXPR(numa_sum_of("file") >= 12 * MB, "%s: file %lld >= "
		     "12 MiB", rel, numa_sum_of("file"));
}

static void holder(int ready)
{
	size_t len = 8 * MB, i, page = vm_page_size();
	char *mem, *buf;
	int fd;

	cg_enter("p/c");
	mem = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	vm_no_thp(mem, len);
	for (i = 0; i < len; i += page)
		mem[i] = 1;
	fd = memfd_create("memcg17", 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create()");
	buf = SAFE_MALLOC(MB);
	memset(buf, 0x3c, MB);
	for (i = 0; i < 4; i++)
		SAFE_WRITE(1, fd, buf, MB);
	SAFE_WRITE(1, ready, "x", 1);
	pause();
	exit(0);
}

static void run(void)
{
	int pipefd[2];
	pid_t pid;
	char c;

	cg_page_cache("p/c", "cache", 8, 'c');
	SAFE_PIPE(pipefd);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(pipefd[0]);
		holder(pipefd[1]);
	}
	SAFE_CLOSE(pipefd[1]);
	if (SAFE_READ(0, pipefd[0], &c, 1) != 1)
		tst_brk(TBROK, "the holder ended before its memory was made");
	SAFE_CLOSE(pipefd[0]);
	check_cgroup("p/c");
	check_cgroup("p");
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	cg_setup(ctrls, 1);
	cg_no_swap("");
	cg_mkdir("p");
	CG_WRITE("p", "cgroup.subtree_control", "+memory");
	cg_mkdir("p/c");
	cg_require_file("memory.stat", "no memory controller files");
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
		"CONFIG_MEMCG", "CONFIG_NUMA", NULL
	},
};

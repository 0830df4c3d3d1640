// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 cpuset.mems on a machine with two memory nodes
 * (kernel/cgroup/cpuset.c, mm/mempolicy.c); TCONF with fewer:
 *  - a task of a cgroup with cpuset.mems "1" gets every page of a 16 MiB
 *    anonymous mapping it touches from node 1 (move_pages() status of
 *    each page), and memory.numa_stat "anon" of the cgroup grows by at
 *    least 15 MiB on N1 and by less than 1 MiB on N0;
 *  - inside it, set_mempolicy(MPOL_BIND) to node 0 alone is EINVAL (no
 *    allowed node is left), to nodes 0-1 is accepted;
 *  - writing cpuset.mems "0" migrates the task's memory (on the default
 *    hierarchy memory_migrate is always set, and the write waits for the
 *    migration): when the write returns every page is on node 0, the
 *    data intact, and Mems_allowed_list of the task reads "0";
 *  - pages touched afterwards come from node 0.
 */

#include <linux/mempolicy.h>
#include "tst_test.h"
#include "cgroup2.h"

#define MB (1024 * 1024)
#define SIZE (16 * MB)

static long psize;
static int npages;

/* how many of the child's pages at addr are on node, via move_pages() */
static int pages_on(pid_t pid, char *addr, int node, int *first_other)
{
	void **pages = SAFE_MALLOC(npages * sizeof(void *));
	int *status = SAFE_MALLOC(npages * sizeof(int));
	int i, n = 0;

	for (i = 0; i < npages; i++)
		pages[i] = addr + (long)i * psize;
	if (syscall(__NR_move_pages, pid, npages, pages, NULL, status, 0))
		tst_brk(TBROK | TERRNO, "move_pages(%d) query", pid);
	*first_other = 0;
	for (i = 0; i < npages; i++) {
		if (status[i] == node)
			n++;
		else if (!*first_other)
			*first_other = status[i] ? status[i] : -1000;
	}
	free(pages);
	free(status);
	return n;
}

static long long numa_anon(int node)
{
	char path[PATH_MAX], line[1024], key[8], *p;
	long long val = -1;
	FILE *f;

	cg_path(path, sizeof(path), "m", "memory.numa_stat");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	snprintf(key, sizeof(key), " N%d=", node);
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "anon ", 5))
			continue;
		p = strstr(line, key);
		if (p)
			val = atoll(p + strlen(key));
	}
	fclose(f);
	if (val < 0)
		tst_brk(TBROK, "no 'anon ... N%d=' in %s", node, path);
	return val;
}

static void mems_list(pid_t pid, char *buf, size_t size)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	buf[0] = 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Mems_allowed_list: %63s", buf) == 1)
			break;
	fclose(f);
	(void)size;
}

struct shared {
	char *addr;
	int bind0_err;
	int bind01_err;
	int bad;
};

static void child(struct shared *sh, int *req, int *ack)
{
	unsigned long mask;
	char *p;
	char c;
	long i;

	cg_enter("m");
	mask = 1;
	sh->bind0_err = syscall(__NR_set_mempolicy, MPOL_BIND, &mask,
				sizeof(mask) * 8) ? errno : 0;
	mask = 3;
	sh->bind01_err = syscall(__NR_set_mempolicy, MPOL_BIND, &mask,
				 sizeof(mask) * 8) ? errno : 0;
	syscall(__NR_set_mempolicy, MPOL_DEFAULT, NULL, 0);

	p = SAFE_MMAP(NULL, SIZE, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < SIZE; i += psize)
		memset(p + i, (char)(i / psize + 7), psize);
	sh->addr = p;
	SAFE_WRITE(1, ack[1], "1", 1);
	SAFE_READ(1, req[0], &c, 1);
	for (i = 0; i < SIZE; i += psize)
		if (p[i] != (char)(i / psize + 7) ||
		    p[i + psize - 1] != (char)(i / psize + 7)) {
			sh->bad = 1;
			break;
		}
	SAFE_MUNMAP(p, SIZE);
	p = SAFE_MMAP(NULL, SIZE, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(p, 1, SIZE);
	sh->addr = p;
	SAFE_WRITE(1, ack[1], "2", 1);
	SAFE_READ(1, req[0], &c, 1);
	exit(0);
}

static void run(void)
{
	struct shared *sh = SAFE_MMAP(NULL, sizeof(*sh),
				      PROT_READ | PROT_WRITE,
				      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int req[2], ack[2], n, other;
	long long n0, n1, d0, d1;
	char c, mems[64];
	pid_t pid;

	cg_mkdir("m");
	CG_WRITE("m", "cpuset.mems", "1");
	cg_no_swap("m");
	n0 = numa_anon(0);
	n1 = numa_anon(1);
	SAFE_PIPE(req);
	SAFE_PIPE(ack);
	pid = SAFE_FORK();
	if (!pid)
		child(sh, req, ack);
	SAFE_READ(1, ack[0], &c, 1);

	TST_EXP_EQ_LI(sh->bind0_err, EINVAL);
	TST_EXP_EQ_LI(sh->bind01_err, 0);
	n = pages_on(pid, sh->addr, 1, &other);
	TST_EXP_EXPR(n == npages, "%d of %d pages on node 1 under mems 1 "
		     "(another status: %d)", n, npages, other);
	d0 = numa_anon(0) - n0;
	d1 = numa_anon(1) - n1;
	TST_EXP_EXPR(d1 >= 15 * MB && d0 < MB, "memory.numa_stat anon grew "
		     "%lld on N1, %lld on N0", d1, d0);

	TST_EXP_PASS(cg_try_write("m", "cpuset.mems", "0"),
		     "cpuset.mems 1 -> 0 with the task's memory on node 1");
	n = pages_on(pid, sh->addr, 0, &other);
	TST_EXP_EXPR(n == npages, "%d of %d pages on node 0 when the write "
		     "returned (another status: %d)", n, npages, other);
	mems_list(pid, mems, sizeof(mems));
	TST_EXP_EXPR(!strcmp(mems, "0"), "Mems_allowed_list '%s'", mems);

	SAFE_WRITE(1, req[1], "c", 1);
	SAFE_READ(1, ack[0], &c, 1);
	TST_EXP_EQ_LI(sh->bad, 0);
	n = pages_on(pid, sh->addr, 0, &other);
	TST_EXP_EXPR(n == npages, "%d of %d newly touched pages on node 0 "
		     "(another status: %d)", n, npages, other);
	SAFE_WRITE(1, req[1], "e", 1);
	reap_child(pid);
	SAFE_CLOSE(req[0]);
	SAFE_CLOSE(req[1]);
	SAFE_CLOSE(ack[0]);
	SAFE_CLOSE(ack[1]);
	SAFE_MUNMAP(sh, sizeof(*sh));
	cg_rmdir("m");
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpuset", "memory", NULL};
	char path[PATH_MAX];

	psize = getpagesize();
	npages = SIZE / psize;
	if (access("/sys/devices/system/node/node1", F_OK))
		tst_brk(TCONF, "no NUMA node 1 (ltp-vm --numa 2 gives two)");
	if (syscall(__NR_move_pages, 0, 0, NULL, NULL, NULL, 0) &&
	    errno == ENOSYS)
		tst_brk(TCONF, "move_pages() not in this kernel (ENOSYS)");
	cg_setup(ctrls, 1);
	cg_path(path, sizeof(path), "", "cpuset.mems.effective");
	if (!cg_has_word(path, "0-1"))
		tst_brk(TCONF, "cpuset.mems.effective of the test's cgroup is "
			"not 0-1 (node 1 without memory?)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CPUSETS", "CONFIG_NUMA", "CONFIG_MEMCG", NULL
	},
};

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An OOM on one node of two, shared by the tests of how a constrained
 * OOM picks its victim (oom_mempolicy01: memory policy, oom_cpuset01:
 * cpuset). The test says how a task is kept to a node (place_a,
 * place_b); three children then:
 *  - a holder kept to node A with oom_score_adj 1000 touches 128 MiB,
 *    every page on A (move_pages status; a NUMA hinting entry is asked
 *    again, see oom_pages_on()), and keeps them until told;
 *  - a victim with MPOL_PREFERRED B (neither bound nor in a cpuset, so
 *    able to use B) and oom_score_adj 1000 touches 64 MiB, every page on
 *    B (its death must free memory on B: with its pages elsewhere the
 *    eater would be the next victim);
 *  - an eater kept to node B (oom_score_adj 0) touches up to node B's
 *    MemTotal + 64 MiB, stopping at the first OOM kill.
 * oom_nodes_run() judges: the victim dies of SIGKILL, the eater stops
 * then and exits 0, the holder lives with its pages intact on A, and
 * /proc/vmstat counts exactly one oom_kill. The test runs with
 * overcommit_memory 1, oom_kill_allocating_task 0, panic_on_oom 0 and
 * no swap.
 */
#ifndef OOM_NODES_H
#define OOM_NODES_H

#include <poll.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "numa_raw.h"
#include "pidfd_raw.h"
#include "task_wait.h"

#define MB (1024 * 1024)
#define HOLD_MB 128
#define VIC_MB 64

struct oom_nodes {
	/* Keep the calling child to node A, to node B */
	void (*place_a)(void);
	void (*place_b)(void);
	/* How, for the messages: "bound to", "in a cpuset of" */
	const char *how_kept;
};

static size_t psz;
static int na, nb;
static int go[2];

static inline void oom_policy(int mode, int node)
{
	struct numa_mask m = numa_mask_of(node);

	if (set_mempolicy_raw(mode, m.b, NUMA_MAXNODE_IN))
		tst_brk(TBROK | TERRNO, "set_mempolicy(%s, node %d)",
			numa_mode_name(mode), node);
}

/* n pages of content i + 1 in page i. */
static inline char *oom_touch(size_t n)
{
	char *m = SAFE_MMAP(NULL, n * psz, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	size_t i;

	for (i = 0; i < n; i++)
		m[i * psz] = i + 1;
	return m;
}

/* Status values seen, for the messages: node numbers and -errnos */
#define OOM_HIST 8

struct oom_hist {
	int val[OOM_HIST];
	size_t cnt[OOM_HIST];
	size_t other;
};

static inline void oom_hist_add(struct oom_hist *h, int v)
{
	int i;

	for (i = 0; i < OOM_HIST; i++) {
		if (h->cnt[i] && h->val[i] == v) {
			h->cnt[i]++;
			return;
		}
		if (!h->cnt[i]) {
			h->val[i] = v;
			h->cnt[i] = 1;
			return;
		}
	}
	h->other++;
}

static inline void oom_hist_print(const struct oom_hist *h, const char *what)
{
	char buf[256];
	int i, len = 0;

	buf[0] = 0;
	for (i = 0; i < OOM_HIST && h->cnt[i]; i++) {
		if (h->val[i] >= 0)
			len += snprintf(buf + len, sizeof(buf) - len,
					" node %d: %zu,", h->val[i], h->cnt[i]);
		else
			len += snprintf(buf + len, sizeof(buf) - len,
					" %s: %zu,", tst_strerrno(-h->val[i]),
					h->cnt[i]);
		if (len >= (int)sizeof(buf))
			break;
	}
	tst_res(TINFO, "%s:%s other: %zu", what, buf, h->other);
}

/*
 * How many of the n pages at m are on node; content checked too.
 *
 * move_pages() in query mode answers for all pages in one call, but on
 * 6.1 it does not see a present page whose entry NUMA balancing has
 * made PROT_NONE to catch the next access (task_numa_work() ->
 * change_prot_numa()): do_pages_stat_array() looks the page up with
 * follow_page(FOLL_GET | FOLL_DUMP), which refuses a protnone entry
 * unless FOLL_FORCE (gup_can_follow_protnone()): -EFAULT for a huge
 * page's PMD (follow_pmd_mask() -> no_page_table()), -ENOENT for a
 * PTE (follow_page_pte() returns NULL). The scanner may run on any
 * return of ours to user space, so reading the pages just before does
 * not prevent it. Only VMAs whose policy has MPOL_F_MOF are scanned
 * (vma_policy_mof()): the default policy has it, set_mempolicy(
 * MPOL_BIND) without MPOL_F_NUMA_BALANCING has not. The pages were
 * just read, so they are mapped: such a page is asked again with
 * get_mempolicy(MPOL_F_NODE | MPOL_F_ADDR), whose get_user_pages_fast()
 * takes the hinting fault and reports the node the page is really on,
 * so a page moved off the node still counts as moved.
 */
static inline size_t oom_pages_on(char *m, size_t n, int node, size_t *bad)
{
	void **addrs = SAFE_MALLOC(n * sizeof(*addrs));
	int *status = SAFE_MALLOC(n * sizeof(*status));
	struct oom_hist raw = {0}, real = {0};
	size_t i, on = 0;

	*bad = 0;
	for (i = 0; i < n; i++) {
		addrs[i] = m + i * psz;
		*bad += m[i * psz] != (char)(i + 1);
	}
	numa_where(addrs, n, status);
	for (i = 0; i < n; i++) {
		oom_hist_add(&raw, status[i]);
		if (status[i] == -EFAULT || status[i] == -ENOENT)
			status[i] = numa_node_of(addrs[i]);
		oom_hist_add(&real, status[i]);
		on += status[i] == node;
	}
	if (raw.cnt[0] != n || raw.val[0] != node)
		oom_hist_print(&raw, "move_pages() status");
	if (on != n)
		oom_hist_print(&real, "page nodes, -EFAULT and -ENOENT asked again");
	free(addrs);
	free(status);
	return on;
}

/* A byte on the pipe (however long the OOM took) ends the holder. */
static inline void oom_holder(const struct oom_nodes *t)
{
	size_t n = HOLD_MB * MB / psz, on, bad;
	char *m, c;

	SAFE_CLOSE(go[1]);
	t->place_a();
	SAFE_FILE_PRINTF("/proc/self/oom_score_adj", "1000");
	m = oom_touch(n);
	on = oom_pages_on(m, n, na, &bad);
	TST_EXP_EXPR(on == n && !bad, "holder: %zu of %zu pages on node %d, "
		     "%zu wrong", on, n, na, bad);
	TST_CHECKPOINT_WAKE(0);
	SAFE_READ(1, go[0], &c, 1);
	on = oom_pages_on(m, n, na, &bad);
	TST_EXP_EXPR(on == n && !bad, "holder after the OOM: %zu of %zu "
		     "pages on node %d, %zu wrong", on, n, na, bad);
	exit(0);
}

/*
 * MPOL_PREFERRED puts its pages on B, so that its death frees memory
 * where the eater needs it, without keeping it to B.
 */
static inline void oom_victim(void)
{
	size_t n = VIC_MB * MB / psz, on, bad;
	char *m;

	oom_policy(MPOL_PREFERRED, nb);
	SAFE_FILE_PRINTF("/proc/self/oom_score_adj", "1000");
	m = oom_touch(n);
	on = oom_pages_on(m, n, nb, &bad);
	TST_EXP_EXPR(on == n && !bad, "victim: %zu of %zu pages on node %d, "
		     "%zu wrong", on, n, nb, bad);
	TST_CHECKPOINT_WAKE(0);
	for (;;)
		pause();
}

/* A node's MemTotal and MemFree in bytes. */
static inline void oom_node_mem(int node, size_t *total, size_t *free_b)
{
	char path[64], line[256];
	unsigned long kb;
	int n;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/meminfo",
		 node);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	*total = *free_b = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Node %d MemTotal: %lu kB", &n, &kb) == 2)
			*total = kb * 1024;
		if (sscanf(line, "Node %d MemFree: %lu kB", &n, &kb) == 2)
			*free_b = kb * 1024;
	}
	fclose(f);
	if (!*total)
		tst_brk(TBROK, "no MemTotal in %s", path);
}

/*
 * The eater stops at the first OOM kill (vmstat oom_kill past kills0), not
 * at the victim's exit: once the OOM reaper has freed the victim's memory
 * the killer skips it (MMF_OOM_SKIP) although it may not have exited yet
 * (under TCG it can take a while to run), and an eater still allocating
 * then is rightly the next victim.
 */
static inline void oom_eater(const struct oom_nodes *t, pid_t vic,
			     long kills0)
{
	struct pollfd pfd = {.fd = pidfd_open_raw(vic, 0), .events = POLLIN};
	size_t total, free_b, limit, i;
	char *m;

	if (pfd.fd < 0)
		tst_brk(TBROK | TERRNO, "pidfd_open(%d)", (int)vic);
	t->place_b();
	oom_node_mem(nb, &total, &free_b);
	limit = total + 64 * MB;
	m = SAFE_MMAP(NULL, limit, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/* huge pages where they fit easily: fewer faults under TCG */
	if (free_b > 128 * MB)
		madvise(m, free_b - 128 * MB, MADV_HUGEPAGE);
	for (i = 0; i < limit; i += psz) {
		m[i] = 1;
		if (i % MB)
			continue;
		if (tst_read_vmstat("oom_kill") != kills0 ||
		    poll(&pfd, 1, 0) == 1) {
			tst_res(TINFO, "eater: an OOM kill at %zu MiB of node "
				"%d's %zu MiB", i / MB, nb, total / MB);
			exit(0);
		}
	}
	tst_res(TFAIL, "eater touched %zu MiB %s node %d and the victim "
		"still lives", limit / MB, t->how_kept, nb);
	exit(1);
}

static inline const char *oom_how(int st)
{
	static char buf[64];

	if (WIFSIGNALED(st))
		snprintf(buf, sizeof(buf), "killed by %s",
			 tst_strsig(WTERMSIG(st)));
	else
		snprintf(buf, sizeof(buf), "exited %d", WEXITSTATUS(st));
	return buf;
}

static inline void oom_nodes_run(const struct oom_nodes *t)
{
	pid_t hold, vic, eat, pid;
	int vst = -1, est = -1, st;
	long kills0;

	SAFE_PIPE(go);
	hold = SAFE_FORK();
	if (!hold)
		oom_holder(t);
	SAFE_CLOSE(go[0]);
	TST_CHECKPOINT_WAIT(0);
	vic = SAFE_FORK();
	if (!vic)
		oom_victim();
	TST_CHECKPOINT_WAIT(0);

	kills0 = tst_read_vmstat("oom_kill");
	eat = SAFE_FORK();
	if (!eat)
		oom_eater(t, vic, kills0);

	/* the victim and the eater, whichever ends first */
	while (vst == -1 || est == -1) {
		pid = SAFE_WAITPID(-1, &st, 0);
		if (pid == vic) {
			vst = st;
		} else if (pid == eat) {
			est = st;
			if (vst == -1 && (!WIFEXITED(st) || WEXITSTATUS(st)))
				SAFE_KILL(vic, SIGTERM);
		} else {
			tst_res(TFAIL, "holder %s node %d %s", t->how_kept,
				na, oom_how(st));
			hold = 0;
		}
	}
	TST_EXP_EXPR(WIFSIGNALED(vst) && WTERMSIG(vst) == SIGKILL,
		     "victim (MPOL_PREFERRED, adj 1000) %s", oom_how(vst));
	TST_EXP_EXPR(WIFEXITED(est) && !WEXITSTATUS(est),
		     "eater (%s node %d, adj 0) %s", t->how_kept, nb,
		     oom_how(est));
	TST_EXP_EQ_LI(tst_read_vmstat("oom_kill") - kills0, 1);
	if (hold) {
		SAFE_WRITE(1, go[1], "g", 1);
		reap_child(hold);
	}
	SAFE_CLOSE(go[1]);
}

/* Two nodes (TCONF otherwise) and no swap. */
static inline void oom_nodes_setup(void)
{
	psz = getpagesize();
	numa_two_nodes(&na, &nb);
	if (tst_read_meminfo("SwapTotal:"))
		tst_brk(TCONF, "swap is active: the OOM would come only once "
			"it is full");
}

#define OOM_NODES_SYSCTLS \
	{"/proc/sys/vm/overcommit_memory", "1", TST_SR_TBROK_MISSING}, \
	{"/proc/sys/vm/oom_kill_allocating_task", "0", TST_SR_TBROK_MISSING}, \
	{"/proc/sys/vm/panic_on_oom", "0", TST_SR_TBROK_MISSING}

#endif /* OOM_NODES_H */

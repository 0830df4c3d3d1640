// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listmount() lists the mounts below a mount, in unique id order, in one
 * call or in groups. In a private mount namespace the test builds a tree
 * of tmpfs mounts: R on root, A on root/a, C on root/a/c, B on root/b and
 * 40 more on root/b/mNN (ids from statx STATX_MNT_ID_UNIQUE), then:
 * - listmount(R) gives exactly A, C, B, m00..m39, in that (creation, id)
 *   order; listmount(A) gives C alone, listmount(C) nothing, listmount(B)
 *   the 40; a 5-id buffer gets the first 5;
 * - reading R's list 3 ids at a time, each call passing the last id it
 *   got, gives the same list (the iterator and the one-shot call agree),
 *   and the call after the last id gives 0;
 * - LISTMOUNT_REVERSE (6.11) gives the list backwards, in one call and 3
 *   at a time;
 * - LSMT_ROOT gives every mount of the namespace that mountinfo shows,
 *   no other and each once (matched by the mountinfo id statmount()
 *   gives for each), ascending;
 * - in a child chrooted to root (R is its root mount), LSMT_ROOT gives R
 *   and then R's list;
 * - after C is unmounted, A has nothing below it and R's list lacks C.
 * Linux 6.8 (listmount, statmount, STATX_MNT_ID_UNIQUE); TCONF before.
 * Syscalls: listmount, statmount
 */
#include <stdint.h>
#include "tst_test.h"
#include "mnt_query.h"
#include "mount_ns.h"

#define NSUB 40
#define NTREE (NSUB + 3)
#define MAXIDS 1024
#define GROUP 3

static uint64_t r_id, a_id, b_id, c_id;
static uint64_t tree[NTREE];	/* R's list: A, C, B, m00..m39 */
static uint64_t *ids, *ids2;
static int have_reverse;

/* got[0..n) against exp[0..m): TPASS when equal, else where they part. */
static void same_list(const char *what, const uint64_t *got, long n,
		      const uint64_t *exp, long m)
{
	long i;

	if (n != m) {
		tst_res(TFAIL, "%s: %ld ids, expected %ld", what, n, m);
		return;
	}
	for (i = 0; i < n && got[i] == exp[i]; i++)
		;
	if (i < n)
		tst_res(TFAIL, "%s: id %ld is %llu, expected %llu", what, i,
			(unsigned long long)got[i],
			(unsigned long long)exp[i]);
	else
		tst_res(TPASS, "%s: the %ld expected ids, in order", what, n);
}

static long list(uint64_t id, uint64_t last, uint64_t *out, size_t nr,
		 unsigned int flags)
{
	long n = listmount_raw(id, last, out, nr, flags);

	if (n < 0)
		tst_res(TFAIL | TERRNO, "listmount(%llu, last %llu, %zu, %#x)",
			(unsigned long long)id, (unsigned long long)last, nr,
			flags);
	return n;
}

/* R's list GROUP ids at a time; returns how many were read. */
static long list_by_groups(unsigned int flags)
{
	long n, total = 0;
	uint64_t last = 0;

	do {
		n = list(r_id, last, ids2 + total, GROUP, flags);
		if (n < 0)
			return -1;
		total += n;
		if (total)
			last = ids2[total - 1];
	} while (n == GROUP && total < MAXIDS - GROUP);
	return total;
}

static void reversed(const uint64_t *in, uint64_t *out, long n)
{
	long i;

	for (i = 0; i < n; i++)
		out[i] = in[n - 1 - i];
}

static void check_lists(void)
{
	uint64_t rev[NTREE];
	long n;

	n = list(r_id, 0, ids, MAXIDS, 0);
	same_list("listmount(R)", ids, n, tree, NTREE);
	n = list(a_id, 0, ids, MAXIDS, 0);
	same_list("listmount(A)", ids, n, &c_id, 1);
	n = list(c_id, 0, ids, MAXIDS, 0);
	same_list("listmount(C)", ids, n, NULL, 0);
	n = list(b_id, 0, ids, MAXIDS, 0);
	same_list("listmount(B)", ids, n, tree + 3, NSUB);
	n = list(r_id, 0, ids, 5, 0);
	same_list("listmount(R) into 5 ids", ids, n, tree, 5);

	n = list_by_groups(0);
	same_list("listmount(R), 3 ids at a time", ids2, n, tree, NTREE);
	n = list(r_id, tree[NTREE - 1], ids, MAXIDS, 0);
	same_list("listmount(R) after its last id", ids, n, NULL, 0);

	if (!have_reverse) {
		tst_res(TCONF, "LISTMOUNT_REVERSE unknown to the kernel "
			"(EINVAL): Linux 6.11 added it");
		return;
	}
	reversed(tree, rev, NTREE);
	n = list(r_id, 0, ids, MAXIDS, LISTMOUNT_REVERSE);
	same_list("listmount(R, LISTMOUNT_REVERSE)", ids, n, rev, NTREE);
	n = list_by_groups(LISTMOUNT_REVERSE);
	same_list("listmount(R, LISTMOUNT_REVERSE), 3 ids at a time", ids2,
		  n, rev, NTREE);
}

/* LSMT_ROOT against mountinfo: the same mounts, each once. */
static void check_root(void)
{
	static unsigned int info[MAXIDS];
	static char seen[MAXIDS];
	struct lapi_statmount sm;
	long n, i, j, ninfo, bad = 0;

	n = list(LSMT_ROOT, 0, ids, MAXIDS, 0);
	if (n < 0)
		return;
	ninfo = mq_info_ids(AT_FDCWD, info, MAXIDS);
	if (ninfo > MAXIDS)
		tst_brk(TBROK, "%ld mounts: more than %d", ninfo, MAXIDS);
	TST_EXP_EXPR(n == ninfo, "listmount(LSMT_ROOT) gives %ld ids, "
		     "mountinfo has %ld lines", n, ninfo);
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < n; i++) {
		if (i && ids[i] <= ids[i - 1])
			bad |= 1;
		if (statmount_raw(ids[i], STATMOUNT_MNT_BASIC, &sm,
				  sizeof(sm), 0)) {
			tst_res(TFAIL | TERRNO, "statmount(%llu)",
				(unsigned long long)ids[i]);
			return;
		}
		for (j = 0; j < ninfo && info[j] != sm.mnt_id_old; j++)
			;
		if (j == ninfo || seen[j])
			bad |= 2;
		else
			seen[j] = 1;
	}
	TST_EXP_EXPR(!(bad & 1), "listmount(LSMT_ROOT) ids ascend");
	TST_EXP_EXPR(!(bad & 2), "each id listed is a distinct mountinfo "
		     "mount");
}

static void in_chroot(void)
{
	uint64_t exp[NTREE + 1];
	long n;

	if (chroot("root") || chdir("/"))
		tst_brk(TBROK | TERRNO, "chroot(root)");
	exp[0] = r_id;
	memcpy(exp + 1, tree, sizeof(tree));
	TST_EXP_EXPR(mq_unique_id("/") == r_id, "R is the root mount");
	n = list(LSMT_ROOT, 0, ids, MAXIDS, 0);
	same_list("chrooted to root: listmount(LSMT_ROOT)", ids, n, exp,
		  NTREE + 1);
}

static void build_tree(void)
{
	char path[64];
	int i, k = 0;

	SAFE_MOUNT("ltp_listmount01", "root", "tmpfs", 0, NULL);
	SAFE_MKDIR("root/a", 0755);
	SAFE_MKDIR("root/b", 0755);
	SAFE_MOUNT("ltp_listmount01", "root/a", "tmpfs", 0, NULL);
	SAFE_MKDIR("root/a/c", 0755);
	SAFE_MOUNT("ltp_listmount01", "root/a/c", "tmpfs", 0, NULL);
	SAFE_MOUNT("ltp_listmount01", "root/b", "tmpfs", 0, NULL);
	r_id = mq_unique_id("root");
	tree[k++] = a_id = mq_unique_id("root/a");
	tree[k++] = c_id = mq_unique_id("root/a/c");
	tree[k++] = b_id = mq_unique_id("root/b");
	for (i = 0; i < NSUB; i++) {
		snprintf(path, sizeof(path), "root/b/m%02d", i);
		SAFE_MKDIR(path, 0755);
		SAFE_MOUNT("ltp_listmount01", path, "tmpfs", 0, NULL);
		tree[k++] = mq_unique_id(path);
	}
	for (i = 1; i < NTREE; i++)
		if (tree[i] <= tree[i - 1])
			tst_brk(TBROK, "mount ids do not grow as mounts are "
				"made: %llu after %llu",
				(unsigned long long)tree[i],
				(unsigned long long)tree[i - 1]);
}

static void run(void)
{
	uint64_t exp[NTREE];
	pid_t pid;
	long n;

	build_tree();
	TEST(listmount_raw(r_id, 0, ids, MAXIDS, LISTMOUNT_REVERSE));
	have_reverse = TST_RET >= 0;
	if (TST_RET < 0 && TST_ERR != EINVAL)
		tst_res(TFAIL | TTERRNO, "listmount(LISTMOUNT_REVERSE)");

	check_lists();
	check_root();
	pid = SAFE_FORK();
	if (!pid) {
		in_chroot();
		exit(0);
	}
	reap_child(pid);

	SAFE_UMOUNT("root/a/c");
	n = list(a_id, 0, ids, MAXIDS, 0);
	same_list("listmount(A) after C was unmounted", ids, n, NULL, 0);
	exp[0] = a_id;
	memcpy(exp + 1, tree + 2, (NTREE - 2) * sizeof(*exp));
	n = list(r_id, 0, ids, MAXIDS, 0);
	same_list("listmount(R) after C was unmounted", ids, n, exp,
		  NTREE - 1);
	if (umount2("root", MNT_DETACH))
		tst_brk(TBROK | TERRNO, "umount2(root, MNT_DETACH)");
}

static void setup(void)
{
	mq_require_listmount();
	mq_require_statmount();
	ids = SAFE_MALLOC(MAXIDS * sizeof(*ids));
	ids2 = SAFE_MALLOC(MAXIDS * sizeof(*ids2));
	mnt_private_ns();
	SAFE_MKDIR("root", 0755);
}

static void cleanup(void)
{
	umount2("root", MNT_DETACH);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

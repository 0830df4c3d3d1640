// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The edges of uid_map/gid_map extents, both ways, in both forms the
 * kernel keeps a map in (kernel/user_namespace.c): up to 5 extents are
 * searched linearly (map_id_range_down_base(), map_id_up_base()), more
 * are sorted copies searched with bsearch() (cmp_map_id()).
 *
 * L1 is a user namespace whose map (uid and gid) is "0 100000 100" and
 * "100 100100 100": two extents adjacent both inside and below; the
 * second run adds 4 extents of 10 ids (1000 + 1000k -> 201000 + 1000k),
 * written in reverse order, so the map is kept sorted (6 extents). For
 * every extent, inside ids first - 1, first, last, last + 1 and kernel
 * ids lower - 1, lower, last, last + 1 are probed:
 *  - from L1, a file owned by a kernel id shows its L1 id, or the overflow
 *    id when no extent holds it (map up);
 *  - L1's chown() of a file to an inside id works for a mapped id, and the
 *    file is then owned by exactly that id's kernel id, read from the
 *    initial namespace; an unmapped id is EINVAL (map down).
 * L1's root then writes the maps of L2, a user namespace of its own:
 *  - a range reaching one id past an extent of L1 ("0 199 2"), a range
 *    across the two adjacent extents ("0 99 2", "0 0 200": all its ids
 *    are mapped, but not by one extent) and an id in a hole of L1's map
 *    are EPERM (map_write() maps each range into the parent with
 *    map_id_range_down()), and none of them uses up the one write;
 *  - the identity map of L1's extents is accepted, and in L2 the same
 *    probes give the same results: two levels of translation.
 * An off-by-one in an extent's bounds, a range accepted across extents
 * of the parent, or a sorted map searched wrongly fails one of these.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <grp.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define UNMAPPED 0xffffffffU
#define MAX_EXTENTS 6
#define MAX_PROBES (4 * MAX_EXTENTS)

struct extent {
	unsigned int first, lower, count;
};

static const struct extent all_extents[MAX_EXTENTS] = {
	{0, 100000, 100},
	{100, 100100, 100},
	{1000, 201000, 10},
	{2000, 202000, 10},
	{3000, 203000, 10},
	{4000, 204000, 10},
};

static const unsigned int nr_extents[] = { 2, 6 };
static unsigned int extents, nr_in, nr_kern;
static unsigned int overflow_uid, overflow_gid;
/* inside ids probed (map down) and kernel ids probed (map up) */
static unsigned int in_probe[MAX_PROBES], kern_probe[MAX_PROBES];

/* The kernel id of an inside id, UNMAPPED when no extent holds it. */
static unsigned int map_down(unsigned int id)
{
	unsigned int i;

	for (i = 0; i < extents; i++) {
		const struct extent *e = &all_extents[i];

		if (id >= e->first && id - e->first < e->count)
			return e->lower + id - e->first;
	}
	return UNMAPPED;
}

static unsigned int map_up(unsigned int kid)
{
	unsigned int i;

	for (i = 0; i < extents; i++) {
		const struct extent *e = &all_extents[i];

		if (kid >= e->lower && kid - e->lower < e->count)
			return e->first + kid - e->lower;
	}
	return UNMAPPED;
}

static void make_probes(void)
{
	unsigned int i, j;

	nr_in = nr_kern = 0;
	for (i = 0; i < extents; i++) {
		const struct extent *e = &all_extents[i];
		const unsigned int last = e->count - 1;

		for (j = 0; j < 4; j++) {
			/* offsets -1, 0, last, last + 1 from the extent */
			unsigned int off = j == 0 ? -1U : j == 1 ? 0 :
					   j == 2 ? last : last + 1;

			kern_probe[nr_kern++] = e->lower + off;
			/* chown() takes (uid_t)-1 as "unchanged": not a probe */
			if (e->first + off != UNMAPPED)
				in_probe[nr_in++] = e->first + off;
		}
	}
}

/* The map of all extents: L1's in reverse order, or L2's identity map. */
static void format_map(char *buf, size_t size, int identity)
{
	size_t len = 0;
	unsigned int i, k;

	buf[0] = 0;
	for (i = 0; i < extents; i++) {
		k = identity ? i : extents - 1 - i;
		len += snprintf(buf + len, size - len, "%u %u %u\n",
				all_extents[k].first,
				identity ? all_extents[k].first :
				all_extents[k].lower, all_extents[k].count);
	}
}

/* Map up and map down probes run in L1 and again in L2. */
static void probe_ns(const char *level)
{
	unsigned int i, want, bad = 0;
	char name[64];
	struct stat st;
	int fd;

	for (i = 0; i < nr_kern; i++) {
		snprintf(name, sizeof(name), "up_%u", i);
		SAFE_STAT(name, &st);
		want = map_up(kern_probe[i]);
		if (st.st_uid != (want == UNMAPPED ? overflow_uid : want) ||
		    st.st_gid != (want == UNMAPPED ? overflow_gid : want)) {
			tst_res(TFAIL, "%s: kernel id %u shows as %u:%u, "
				"expected %d", level, kern_probe[i],
				(unsigned int)st.st_uid,
				(unsigned int)st.st_gid,
				want == UNMAPPED ? -1 : (int)want);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "%s: %u kernel ids at extent edges show their "
			"ids or the overflow id", level, nr_kern);

	bad = 0;
	for (i = 0; i < nr_in; i++) {
		snprintf(name, sizeof(name), "%s_%u", level, i);
		fd = SAFE_OPEN(name, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		SAFE_CLOSE(fd);
		TEST(chown(name, in_probe[i], in_probe[i]));
		if (map_down(in_probe[i]) == UNMAPPED) {
			if (TST_RET == -1 && TST_ERR == EINVAL)
				continue;
			tst_res(TFAIL | TTERRNO, "%s: chown() to unmapped "
				"id %u returned %ld, expected EINVAL", level,
				in_probe[i], TST_RET);
			bad++;
		} else if (TST_RET) {
			tst_res(TFAIL | TTERRNO, "%s: chown() to mapped id %u",
				level, in_probe[i]);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "%s: chown() to the %u ids at extent edges: "
			"mapped ones work, the others EINVAL", level,
			nr_in);
}

static void level2(void)
{
	TST_CHECKPOINT_WAIT(1);
	TST_EXP_EXPR(getuid() == 0 && getgid() == 0,
		     "L2 root: uid %u, gid %u", (unsigned int)getuid(),
		     (unsigned int)getgid());
	probe_ns("L2");
}

static void bad_l2_maps(pid_t pid)
{
	static const char *const bad[] = {
		"0 199 2", "0 99 2", "0 0 200", "0 200 1", "0 500 1",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		TST_EXP_FAIL(ns_write_proc(pid, "uid_map", bad[i]), EPERM,
			     "L2 uid_map '%s' (outside one extent of L1)",
			     bad[i]);
	}
	TST_EXP_FAIL(ns_write_proc(pid, "gid_map", "0 199 2"), EPERM,
		     "L2 gid_map '0 199 2'");
	if (extents > 2) {
		TST_EXP_FAIL(ns_write_proc(pid, "uid_map", "0 4009 2"), EPERM,
			     "L2 uid_map '0 4009 2' (one past the last "
			     "extent of L1)");
		TST_EXP_FAIL(ns_write_proc(pid, "uid_map", "0 1999 1"), EPERM,
			     "L2 uid_map '0 1999 1' (just below an extent "
			     "of L1)");
	}
}

static void level1(void)
{
	char map[512];
	pid_t pid;

	TST_CHECKPOINT_WAIT(0);
	/*
	 * Become L1's root (kernel 100000), then dumpable again: the id
	 * change made the /proc files of the task, and of L2, real root's.
	 */
	if (setgroups(0, NULL) || setresgid(0, 0, 0) || setresuid(0, 0, 0))
		tst_brk(TBROK | TERRNO, "becoming root of L1");
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_DUMPABLE)");
	probe_ns("L1");

	pid = SAFE_NS_FORK(CLONE_NEWUSER);
	if (!pid) {
		level2();
		exit(0);
	}
	bad_l2_maps(pid);
	format_map(map, sizeof(map), 1);
	TST_EXP_PASS(ns_write_proc(pid, "uid_map", map),
		     "L2 uid_map: identity of L1's %u extents", extents);
	TST_EXP_PASS(ns_write_proc(pid, "gid_map", map),
		     "L2 gid_map: identity of L1's %u extents", extents);
	TST_CHECKPOINT_WAKE(1);
	NS_REAP(pid);
}

/* Files chowned in L1 and L2 must belong to exactly the kernel ids. */
static void check_chowned(const char *level)
{
	unsigned int i, want, bad = 0;
	char name[64];
	struct stat st;

	for (i = 0; i < nr_in; i++) {
		snprintf(name, sizeof(name), "%s_%u", level, i);
		if (stat(name, &st)) {
			tst_res(TFAIL | TERRNO, "stat(%s)", name);
			bad++;
			continue;
		}
		want = map_down(in_probe[i]);
		/* a refused chown() leaves the creator's id: L1's root */
		if (want == UNMAPPED)
			want = all_extents[0].lower;
		if (st.st_uid != want || st.st_gid != want) {
			tst_res(TFAIL, "%s: file chowned to %u is %u:%u from "
				"the initial namespace, expected %u", level,
				in_probe[i], (unsigned int)st.st_uid,
				(unsigned int)st.st_gid, want);
			bad++;
		}
		SAFE_UNLINK(name);
	}
	if (!bad)
		tst_res(TPASS, "%s: the chowned files have exactly the kernel "
			"ids of their extents", level);
}

static void run(unsigned int n)
{
	char name[64], map[512];
	unsigned int i;
	pid_t pid;
	int fd;

	extents = nr_extents[n];
	make_probes();
	tst_res(TINFO, "L1 map of %u extents, %u + %u probes", extents, nr_kern,
		nr_in);
	for (i = 0; i < nr_kern; i++) {
		snprintf(name, sizeof(name), "up_%u", i);
		fd = SAFE_OPEN(name, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		SAFE_CLOSE(fd);
		SAFE_CHOWN(name, kern_probe[i], kern_probe[i]);
	}

	pid = SAFE_NS_FORK(CLONE_NEWUSER);
	if (!pid) {
		level1();
		exit(0);
	}
	format_map(map, sizeof(map), 0);
	SAFE_NS_WRITE_PROC(pid, "uid_map", map);
	SAFE_NS_WRITE_PROC(pid, "gid_map", map);
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(pid);

	check_chowned("L1");
	check_chowned("L2");
	for (i = 0; i < nr_kern; i++) {
		snprintf(name, sizeof(name), "up_%u", i);
		SAFE_UNLINK(name);
	}
}

static void setup(void)
{
	overflow_uid = ns_overflow_id("overflowuid");
	overflow_gid = ns_overflow_id("overflowgid");
	/* L1 and L2 make files here as kernel uid 100000 */
	SAFE_CHMOD(".", 0777);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(nr_extents),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_USER_NS", NULL},
};

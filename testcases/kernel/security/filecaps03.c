// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Namespaced file capabilities (security/commoncap.c cap_convert_nscap(),
 * cap_inode_getsecurity(), rootid_owns_currentns()) and the CAP_SETFCAP
 * rule for mapping uid 0 into a user namespace (kernel/user_namespace.c
 * verify_root_map()). Namespaces, each held by a sleeping process:
 * A maps "0 100000 1000", A1 (a child of A) maps A's "0 5 10" (its root
 * is kernel uid 100005), B (a sibling of A) maps "0 200000 1000".
 *  - A's root writes a v2 xattr (fP NET_RAW, effective) on a file A owns:
 *    the host reads v3 with rootid 100000, A and A1 read v2 (the
 *    rootid is their or an ancestor's root), B gets EOVERFLOW. A's root
 *    writes v3 rootid 5: the host reads rootid 100005, A reads v3
 *    rootid 5, A1 reads v2. EINVAL for rootid 5000 (unmapped in A), the
 *    xattr unchanged; EPERM for A's uid 5 without capabilities and for
 *    A's root on a file owned by host root (unmapped in A).
 *  - execve() by a non-root uid: the rootid-100000 file grants NET_RAW in
 *    A and in A1 (an ancestor's root counts), nothing in B or to host
 *    nobody; the rootid-100005 file only in A1; the plain helper nothing.
 *  - uid_map "0 0 1" or "5 0 1" written through a file opened without
 *    CAP_SETFCAP in the effective set: EPERM, even when the writer has
 *    it back by the write (the opener's credentials count); opened with
 *    it: accepted and read back; "0 100000 1000" needs no CAP_SETFCAP. A
 *    process that unshared without CAP_SETFCAP cannot map its own uid 0
 *    (EPERM), one that had it can (db2e718a4798).
 * A file capability valid in a namespace must not grant anything outside
 * it, and a namespace must not be able to forge one for its parent.
 */
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/xattr.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "caps_raw.h"
#include "ns_helpers.h"
#include "sec_exec.h"
#include "task_wait.h"

#define PLAIN	"plain"		/* the helper without an xattr */
#define F_A	"fcaps_a"	/* xattr written by A's root, v2 */
#define F_A1	"fcaps_a1"	/* xattr written by A's root, v3 rootid 5 */
#define F_HOST	"host_owned"	/* owned by host root */
#define CAPNAME	"security.capability"
#define A_BASE	100000
#define B_BASE	200000
#define NET_RAW	CAP_BIT(CAP_NET_RAW)

struct caps_xattr {
	uint32_t magic;
	uint32_t prm_lo, inh_lo, prm_hi, inh_hi;
	uint32_t rootid;
};

static pid_t a_pid = -1, a1_pid = -1, b_pid = -1;
static int nobody_uid = 65534;

static void map_or_brk(pid_t pid, const char *uid_map, const char *gid_map)
{
	if (ns_write_proc(pid, "uid_map", uid_map) ||
	    ns_write_proc(pid, "gid_map", gid_map))
		tst_brk(TBROK | TERRNO, "writing the maps of %d", (int)pid);
}

/*
 * In a child of the test: enter the user namespace of holder and become
 * uid (and gid) id there; a non-zero id also drops every capability.
 */
static void enter_ns(pid_t holder, int id)
{
	struct cap_sets none = {0, 0, 0};
	char path[64];
	int fd;

	if (holder > 0) {
		snprintf(path, sizeof(path), "/proc/%d/ns/user", (int)holder);
		fd = SAFE_OPEN(path, O_RDONLY);
		if (setns(fd, CLONE_NEWUSER))
			tst_brk(TBROK | TERRNO, "setns(%s)", path);
		SAFE_CLOSE(fd);
	}
	if (setgroups(0, NULL) || setresgid(id, id, id) ||
	    setresuid(id, id, id))
		tst_brk(TBROK | TERRNO, "becoming %d", id);
	if (id && capset_v3(&none))
		tst_brk(TBROK | TERRNO, "capset(none)");
}

/*
 * A child in a new user namespace that sleeps until killed. With parent
 * (a holder's pid), the namespace is made by parent's namespace root: a
 * namespace's creator must have a uid in the namespace above it.
 */
static pid_t ns_holder(pid_t parent)
{
	int p[2];
	char c = 'r';
	pid_t pid;

	SAFE_PIPE(p);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(p[0]);
		if (parent > 0) {
			enter_ns(parent, 0);
			/*
			 * The uid change made it non-dumpable, which gives
			 * its /proc files to host root: A's root could not
			 * open its uid_map.
			 */
			prctl(PR_SET_DUMPABLE, 1);
		}
		if (unshare(CLONE_NEWUSER))
			tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
		/* Set after unshare(): a credential change may clear it. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		SAFE_WRITE(1, p[1], &c, 1);
		for (;;)
			pause();
	}
	SAFE_CLOSE(p[1]);
	/* EOF: the child died before it was ready (its TBROK says why) */
	SAFE_READ(1, p[0], &c, 1);
	SAFE_CLOSE(p[0]);
	return pid;
}

static void write_a1_maps(void)
{
	/* Only a process of A (A1's parent) may write A1's maps. */
	enter_ns(a_pid, 0);
	map_or_brk(a1_pid, "0 5 10", "0 5 10");
}

struct where {
	const char *name;
	pid_t *holder;
	int id;
};

static void enter_where(void *arg)
{
	const struct where *w = arg;

	enter_ns(w->holder ? *w->holder : 0, w->id);
}

static void set_caps(const char *path, int v3, uint32_t rootid, int exp_err)
{
	struct caps_xattr x = {
		.magic = (v3 ? VFS_CAP_REVISION_3 : VFS_CAP_REVISION_2) |
			 VFS_CAP_FLAGS_EFFECTIVE,
		.prm_lo = NET_RAW,
		.rootid = rootid,
	};
	size_t size = v3 ? XATTR_CAPS_SZ_3 : XATTR_CAPS_SZ_2;

	if (!exp_err) {
		TST_EXP_PASS(setxattr(path, CAPNAME, &x, size, 0),
			     "setxattr(%s, v%d rootid %u) uid %d in its ns",
			     path, v3 ? 3 : 2, rootid, (int)getuid());
	} else {
		TST_EXP_FAIL(setxattr(path, CAPNAME, &x, size, 0), exp_err,
			     "setxattr(%s, v%d rootid %u) uid %d in its ns",
			     path, v3 ? 3 : 2, rootid, (int)getuid());
	}
}

/*
 * getxattr() of path as seen here: the size and revision expected, the
 * rootid (v3), the permitted bits and the effective flag.
 */
static void expect_caps(const char *where, const char *path, int v3,
			uint32_t rootid)
{
	struct caps_xattr x;
	ssize_t n;
	uint32_t rev = v3 ? VFS_CAP_REVISION_3 : VFS_CAP_REVISION_2;
	ssize_t size = v3 ? XATTR_CAPS_SZ_3 : XATTR_CAPS_SZ_2;

	memset(&x, 0, sizeof(x));
	n = getxattr(path, CAPNAME, &x, sizeof(x));
	if (n < 0) {
		tst_res(TFAIL | TERRNO, "%s: getxattr(%s)", where, path);
		return;
	}
	if (n == size && x.magic == (rev | VFS_CAP_FLAGS_EFFECTIVE) &&
	    x.prm_lo == NET_RAW && !x.prm_hi && !x.inh_lo &&
	    (!v3 || x.rootid == rootid))
		tst_res(TPASS, "%s: %s reads v%d, %zd bytes, rootid %u", where,
			path, v3 ? 3 : 2, n, v3 ? rootid : 0);
	else
		tst_res(TFAIL, "%s: %s reads %zd bytes magic %#x prm %#x "
			"rootid %u, expected v%d (%zd bytes) rootid %u", where,
			path, n, x.magic, x.prm_lo, n == XATTR_CAPS_SZ_3 ?
			x.rootid : 0, v3 ? 3 : 2, size, rootid);
}

static void in_a_root(void)
{
	struct caps_xattr x;

	enter_ns(a_pid, 0);
	set_caps(F_A, 0, 0, 0);
	expect_caps("A root", F_A, 0, 0);
	set_caps(F_A1, 1, 5, 0);
	expect_caps("A root", F_A1, 1, 5);
	set_caps(F_A1, 1, 5000, EINVAL);
	expect_caps("A root after the refused rootid 5000", F_A1, 1, 5);
	set_caps(F_HOST, 0, 0, EPERM);
	TST_EXP_FAIL(getxattr(F_HOST, CAPNAME, &x, sizeof(x)), ENODATA,
		     "A root: %s has no xattr", F_HOST);
}

static void in_a_uid5(void)
{
	enter_ns(a_pid, 5);
	set_caps(F_A, 0, 0, EPERM);
}

static void in_a1(void)
{
	enter_ns(a1_pid, 3);
	expect_caps("A1 uid 3", F_A, 0, 0);
	expect_caps("A1 uid 3", F_A1, 0, 0);
}

static void in_b(void)
{
	struct caps_xattr x;

	enter_ns(b_pid, 5);
	TST_EXP_FAIL(getxattr(F_A, CAPNAME, &x, sizeof(x)), EOVERFLOW,
		     "B uid 5: getxattr(%s) (rootid of no root of B's)", F_A);
}

static void check_exec(const char *path, struct where *w, uint64_t exp)
{
	struct sec_caps c;
	int ret = sec_run_caps(path, enter_where, w, &c);

	if (ret) {
		tst_res(TFAIL, "%s uid %d: execve(%s) failed (%d)", w->name,
			w->id, path, ret);
		return;
	}
	if (c.prm == exp && c.eff == exp && !c.amb)
		tst_res(TPASS, "%s uid %d: %s gives CapPrm = CapEff = %llx",
			w->name, w->id, path, (unsigned long long)exp);
	else
		tst_res(TFAIL, "%s uid %d: %s gives CapPrm %llx CapEff %llx "
			"CapAmb %llx, expected %llx", w->name, w->id, path,
			(unsigned long long)c.prm, (unsigned long long)c.eff,
			(unsigned long long)c.amb, (unsigned long long)exp);
}

/* Start the holders of A, A1 and B and write their maps. */
static void make_namespaces(void)
{
	a_pid = ns_holder(0);
	map_or_brk(a_pid, "0 100000 1000", "0 100000 1000");
	a1_pid = ns_holder(a_pid);
	run_in_child(write_a1_maps);
	b_pid = ns_holder(0);
	map_or_brk(b_pid, "0 200000 1000", "0 200000 1000");
}

/*
 * The holders never exit by themselves: they are killed here, and in
 * cleanup() after a tst_brk().
 */
static void kill_namespaces(void)
{
	pid_t *pids[] = {&a1_pid, &a_pid, &b_pid};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pids); i++) {
		if (*pids[i] <= 0)
			continue;
		kill(*pids[i], SIGKILL);
		waitpid(*pids[i], NULL, 0);
		*pids[i] = -1;
	}
}

static void xattrs_and_exec(void)
{
	struct where in_a = {"A", &a_pid, 7}, in_a1w = {"A1", &a1_pid, 3};
	struct where in_bw = {"B", &b_pid, 5};
	struct where host = {"host", NULL, nobody_uid};

	make_namespaces();
	run_in_child(in_a_root);
	expect_caps("host", F_A, 1, A_BASE);
	expect_caps("host", F_A1, 1, A_BASE + 5);
	run_in_child(in_a_uid5);
	expect_caps("host after A uid 5's try", F_A, 1, A_BASE);
	run_in_child(in_a1);
	run_in_child(in_b);

	check_exec(PLAIN, &in_a, 0);
	check_exec(F_A, &in_a, NET_RAW);
	check_exec(F_A, &in_a1w, NET_RAW);
	check_exec(F_A, &in_bw, 0);
	check_exec(F_A, &host, 0);
	check_exec(F_A1, &in_a, 0);
	check_exec(F_A1, &in_a1w, NET_RAW);
	check_exec(F_A1, &host, 0);
	kill_namespaces();
}

/* Raise or lower CAP_SETFCAP in CapEff (it stays in CapPrm). */
static void eff_setfcap(int on)
{
	struct cap_sets s;

	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget");
	if (on)
		s.eff |= CAP_BIT(CAP_SETFCAP);
	else
		s.eff &= ~CAP_BIT(CAP_SETFCAP);
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset(CapEff %llx)",
			(unsigned long long)s.eff);
}

/* Open /proc/pid/uid_map with or without CAP_SETFCAP in CapEff. */
static int open_map(pid_t pid, int setfcap)
{
	char path[64];

	eff_setfcap(setfcap);
	snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)pid);
	return SAFE_OPEN(path, O_WRONLY);
}

static void map_write(int fd, const char *map, int exp_err, const char *how)
{
	ssize_t len = strlen(map);

	if (exp_err) {
		TST_EXP_FAIL(write(fd, map, len), exp_err, "uid_map \"%s\" %s",
			     map, how);
	} else {
		TST_EXP_VAL(write(fd, map, len), len, "uid_map \"%s\" %s",
			    map, how);
	}
	SAFE_CLOSE(fd);
}

static void map_reads(pid_t pid, const char *exp)
{
	char path[64], buf[128];
	unsigned int a = 1, b = 1, n = 0;
	unsigned int ea, eb, en;

	snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)pid);
	SAFE_FILE_SCANF(path, "%u %u %u", &a, &b, &n);
	if (sscanf(exp, "%u %u %u", &ea, &eb, &en) != 3)
		tst_brk(TBROK, "bad expected map '%s'", exp);
	snprintf(buf, sizeof(buf), "%u %u %u", a, b, n);
	if (a == ea && b == eb && n == en)
		tst_res(TPASS, "%s reads \"%s\"", path, buf);
	else
		tst_res(TFAIL, "%s reads \"%s\", expected \"%s\"", path, buf,
			exp);
}

static void other_maps(void)
{
	pid_t c1 = ns_holder(0), c2 = ns_holder(0);
	int fd;

	map_write(open_map(c1, 0), "0 0 1", EPERM, "opened without SETFCAP");
	map_write(open_map(c1, 0), "5 0 1", EPERM, "opened without SETFCAP");
	/* The writer has CAP_SETFCAP again, the opener had not. */
	fd = open_map(c1, 0);
	eff_setfcap(1);
	map_write(fd, "0 0 1", EPERM, "opened without SETFCAP, written with it");
	map_write(open_map(c1, 1), "0 0 1", 0, "opened with SETFCAP");
	map_reads(c1, "0 0 1");
	map_write(open_map(c2, 0), "0 100000 1000", 0,
		  "(no uid 0 above) opened without SETFCAP");
	map_reads(c2, "0 100000 1000");

	SAFE_KILL(c1, SIGKILL);
	SAFE_KILL(c2, SIGKILL);
	SAFE_WAITPID(c1, NULL, 0);
	SAFE_WAITPID(c2, NULL, 0);
}

static void own_map(int setfcap)
{
	const char *map = "0 0 1";
	int fd;

	eff_setfcap(setfcap);
	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	fd = SAFE_OPEN("/proc/self/uid_map", O_WRONLY);
	if (!setfcap) {
		TST_EXP_FAIL(write(fd, map, strlen(map)), EPERM,
			     "own uid_map \"0 0 1\" after unshare() without "
			     "CAP_SETFCAP");
	} else {
		TST_EXP_VAL(write(fd, map, strlen(map)), (ssize_t)strlen(map),
			    "own uid_map \"0 0 1\" after unshare() with "
			    "CAP_SETFCAP");
		TST_EXP_VAL(getuid(), 0U, "getuid() in the namespace");
	}
	SAFE_CLOSE(fd);
}

static void own_map_without(void)
{
	own_map(0);
}

static void own_map_with(void)
{
	own_map(1);
}

static void root_maps(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		other_maps();
		exit(0);
	}
	reap_child(pid);
	run_in_child(own_map_without);
	run_in_child(own_map_with);
}

static void setup(void)
{
	if (access("/proc/self/ns/user", F_OK))
		tst_brk(TCONF, "no user namespaces (CONFIG_USER_NS)");
	SAFE_CHMOD(".", 0755);
	sec_copy_helper(PLAIN, 0755);
	sec_copy_helper(F_A, 0755);
	sec_copy_helper(F_A1, 0755);
	SAFE_FILE_PRINTF(F_HOST, "data");
	SAFE_CHOWN(F_A, A_BASE, A_BASE);
	SAFE_CHOWN(F_A1, A_BASE, A_BASE);
	if (setxattr(PLAIN, "user.sec_probe", "1", 1, 0) &&
	    errno == EOPNOTSUPP)
		tst_brk(TCONF, "the tmpdir's filesystem has no xattrs");
}

static void cleanup(void)
{
	kill_namespaces();
}

static void run(unsigned int n)
{
	if (n == 0)
		xattrs_and_exec();
	else
		root_maps();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "db2e718a4798"},
		{}
	},
};

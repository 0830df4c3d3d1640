// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What an id map looks like from where it is read, and capabilities
 * across execve() in a user namespace (kernel/user_namespace.c
 * uid_m_show(); security/commoncap.c handle_privileged_root()).
 * A's uid_map and gid_map are "0 100000 1000"; A1, a child namespace of
 * A, maps "0 7 3" of A's ids (kernel 100007); B, a sibling of A, maps
 * "0 100005 10":
 *  - read from the initial namespace, A's uid_map is "0 100000 1000" and
 *    A1's "0 100007 3" (kernel ids);
 *  - read from inside A, A's own map is still "0 100000 1000" (a
 *    namespace's own map is shown in its parent's ids) and A1's is
 *    "0 7 3"; read from A1 itself, "0 7 3";
 *  - read from B, A1's map is "0 2 3" (kernel 100007 is B's 2) and A's
 *    "0 4294967295 1000" (kernel 100000 has no id in B);
 *  - in A, a process that still has kernel uid 0 (unmapped there) has
 *    all capabilities in A but none after execve(); after setresuid(0)
 *    of A (kernel 100000) execve() keeps all of them; a process of A's
 *    uid 5 that kept its capabilities with PR_SET_KEEPCAPS loses the
 *    permitted and effective sets at execve().
 */
#include <fcntl.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "ns_helpers.h"

static int a_ready[2], b_ready[2];
static pid_t a_pid, a1_pid, b_pid;

static void map_line(pid_t pid, char *buf, size_t size)
{
	char path[64];
	int fd;
	ssize_t n;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/uid_map");
	fd = SAFE_OPEN(path, O_RDONLY);
	n = read(fd, buf, size - 1);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "read(%s)", path);
	buf[n] = 0;
	SAFE_CLOSE(fd);
}

static void expect_map(const char *who, pid_t pid, unsigned int first,
		       unsigned int lower, unsigned int count)
{
	unsigned int f = 1, l = 1, c = 0;
	char buf[256];

	map_line(pid, buf, sizeof(buf));
	sscanf(buf, "%u %u %u", &f, &l, &c);
	TST_EXP_EXPR(f == first && l == lower && c == count,
		     "%s reads uid_map of %d (0: its own) as '%u %u %u' "
		     "(expected '%u %u %u')", who, (int)pid, f, l, c, first,
		     lower, count);
}

/* CapPrm and CapEff of a child that execs cat /proc/self/status */
static void exec_caps(unsigned long long *prm, unsigned long long *eff)
{
	char buf[4096], *p;
	int fds[2], status;
	ssize_t n, len = 0;
	pid_t pid;

	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(fds[0]);
		if (dup2(fds[1], 1) < 0)
			_exit(1);
		execl("/bin/cat", "cat", "/proc/self/status", (char *)NULL);
		_exit(2);
	}
	SAFE_CLOSE(fds[1]);
	while ((n = read(fds[0], buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	buf[len] = 0;
	SAFE_CLOSE(fds[0]);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "cat /proc/self/status: status 0x%x", status);
	p = strstr(buf, "CapPrm:");
	if (!p || sscanf(p, "CapPrm: %llx", prm) != 1)
		tst_brk(TBROK, "no CapPrm line");
	p = strstr(buf, "CapEff:");
	if (!p || sscanf(p, "CapEff: %llx", eff) != 1)
		tst_brk(TBROK, "no CapEff line");
}

static unsigned long long own_cap(const char *name)
{
	char line[128], key[16];
	unsigned long long v = 0;
	FILE *f = fopen("/proc/self/status", "r");

	snprintf(key, sizeof(key), "%s: %%llx", name);
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, key, &v) == 1)
			break;
	if (f)
		fclose(f);
	return v;
}

static void caps_checks(void)
{
	unsigned long long full = own_cap("CapBnd"), prm, eff;
	pid_t pid;

	TST_EXP_EXPR(own_cap("CapEff") == full, "A, kernel uid 0, has all "
		     "capabilities in A");
	exec_caps(&prm, &eff);
	TST_EXP_EXPR(!prm && !eff, "after execve() as kernel uid 0 (not "
		     "mapped in A): CapPrm %llx CapEff %llx", prm, eff);
	pid = SAFE_FORK();
	if (!pid) {
		if (setresgid(0, 0, 0) || setresuid(0, 0, 0))
			tst_brk(TBROK | TERRNO, "setresuid(0) in A");
		exec_caps(&prm, &eff);
		TST_EXP_EXPR(prm == full && eff == full, "after execve() as "
			     "A's root: CapPrm %llx CapEff %llx (all %llx)",
			     prm, eff, full);
		if (prctl(PR_SET_KEEPCAPS, 1) || setresuid(5, 5, 5))
			tst_brk(TBROK | TERRNO, "keepcaps, setresuid(5)");
		TST_EXP_EXPR(own_cap("CapPrm") == full, "uid 5 kept CapPrm");
		exec_caps(&prm, &eff);
		TST_EXP_EXPR(!prm && !eff, "after execve() as A's uid 5: "
			     "CapPrm %llx CapEff %llx", prm, eff);
		exit(0);
	}
	reap_child(pid);
}

static void a1_main(int to_a, int from_a)
{
	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER) in A");
	ns_signal_fd(to_a);
	ns_wait_fd(from_a);
	expect_map("A1", 0, 0, 7, 3);
	TST_CHECKPOINT_WAIT(2);
	exit(0);
}

static void a_main(void)
{
	int up[2], down[2];

	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	caps_checks();
	/* A1's creator must be mapped in A */
	if (setresgid(0, 0, 0) || setresuid(0, 0, 0))
		tst_brk(TBROK | TERRNO, "setresuid(0) in A");
	/* the uid change made us undumpable: A1's /proc files root's */
	if (prctl(PR_SET_DUMPABLE, 1))
		tst_brk(TBROK | TERRNO, "PR_SET_DUMPABLE");
	SAFE_PIPE(up);
	SAFE_PIPE(down);
	a1_pid = SAFE_FORK();
	if (!a1_pid) {
		SAFE_CLOSE(up[0]);
		SAFE_CLOSE(down[1]);
		a1_main(up[1], down[0]);
	}
	SAFE_CLOSE(up[1]);
	SAFE_CLOSE(down[0]);
	ns_wait_fd(up[0]);
	SAFE_NS_WRITE_PROC(a1_pid, "uid_map", "0 7 3");
	SAFE_NS_WRITE_PROC(a1_pid, "gid_map", "0 7 3");
	ns_signal_fd(down[1]);
	expect_map("A", 0, 0, 100000, 1000);
	expect_map("A", a1_pid, 0, 7, 3);
	SAFE_WRITE(1, a_ready[1], &a1_pid, sizeof(a1_pid));
	reap_child(a1_pid);
	exit(0);
}

static void b_main(void)
{
	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	ns_signal_fd(b_ready[1]);
	TST_CHECKPOINT_WAIT(3);
	expect_map("B", a1_pid, 0, 2, 3);
	expect_map("B", a_pid, 0, 4294967295U, 1000);
	exit(0);
}

static void run(void)
{
	SAFE_PIPE(a_ready);
	SAFE_PIPE(b_ready);
	a_pid = SAFE_FORK();
	if (!a_pid) {
		SAFE_CLOSE(a_ready[0]);
		a_main();
	}
	SAFE_CLOSE(a_ready[1]);
	TST_CHECKPOINT_WAIT(0);
	SAFE_NS_WRITE_PROC(a_pid, "uid_map", "0 100000 1000");
	SAFE_NS_WRITE_PROC(a_pid, "gid_map", "0 100000 1000");
	TST_CHECKPOINT_WAKE(1);
	SAFE_READ(1, a_ready[0], &a1_pid, sizeof(a1_pid));

	b_pid = SAFE_FORK();
	if (!b_pid) {
		SAFE_CLOSE(b_ready[0]);
		b_main();
	}
	SAFE_CLOSE(b_ready[1]);
	ns_wait_fd(b_ready[0]);
	SAFE_NS_WRITE_PROC(b_pid, "uid_map", "0 100005 10");
	SAFE_NS_WRITE_PROC(b_pid, "gid_map", "0 100005 10");

	expect_map("the initial namespace", a_pid, 0, 100000, 1000);
	expect_map("the initial namespace", a1_pid, 0, 100007, 3);
	TST_CHECKPOINT_WAKE(3);
	reap_child(b_pid);
	TST_CHECKPOINT_WAKE(2);
	reap_child(a_pid);
	SAFE_CLOSE(a_ready[0]);
	SAFE_CLOSE(b_ready[0]);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_USER_NS", NULL},
};

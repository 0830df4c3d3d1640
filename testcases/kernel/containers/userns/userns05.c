// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The owner of a user namespace holds every capability in it from the
 * parent namespace (kernel/capability.c ns_capable() via
 * security/commoncap.c cap_capable(), kernel/user_namespace.c
 * userns_install(), new_idmap_permitted()). P1, uid 65534 made dumpable,
 * unshares a user namespace N and a uts namespace in it, and sets the
 * host name there. Then, with no capability in the initial namespace:
 *  - uid 65533: opening /proc/P1/ns/user is EACCES (ptrace check),
 *    setns() through a descriptor it inherited is EPERM;
 *  - uid 65534 (N's owner): CapEff 0; it writes N's setgroups "deny",
 *    uid_map and gid_map "0 65534 1"; setns() into N works and makes it
 *    uid 0, gid 0 with the full CapEff; setns() again into N (its own
 *    namespace now) is EINVAL; it then enters N's uts namespace, reads
 *    P1's host name and sets its own; setns() back into the initial user
 *    namespace is EPERM.
 */
#include <fcntl.h>
#include <grp.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define OWNER 65534
#define OTHER 65533

static unsigned long long cap_eff(void)
{
	unsigned long long eff = ~0ULL;
	char line[128];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1)
			break;
	fclose(f);
	return eff;
}

static void become(unsigned int id)
{
	if (setgroups(0, NULL) || setresgid(id, id, id) || setresuid(id, id, id))
		tst_brk(TBROK | TERRNO, "becoming uid %u", id);
	if (prctl(PR_SET_DUMPABLE, 1))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_DUMPABLE)");
}

static void p1(void)
{
	become(OWNER);
	if (unshare(CLONE_NEWUSER) || unshare(CLONE_NEWUTS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER, CLONE_NEWUTS)");
	if (sethostname("ltp-userns05", 12))
		tst_brk(TBROK | TERRNO, "sethostname() in N");
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	exit(0);
}

static void other(pid_t p, int nsfd)
{
	char path[64];

	become(OTHER);
	snprintf(path, sizeof(path), "/proc/%d/ns/user", (int)p);
	TST_EXP_FAIL(open(path, O_RDONLY), EACCES,
		     "uid %u opening %s", OTHER, path);
	TST_EXP_FAIL(setns(nsfd, CLONE_NEWUSER), EPERM,
		     "setns() into N by uid %u", OTHER);
	exit(0);
}

static void owner(pid_t p)
{
	unsigned long long full, eff;
	char path[64], host[65] = "";
	int initfd, fd, last;

	SAFE_FILE_SCANF("/proc/sys/kernel/cap_last_cap", "%d", &last);
	full = (1ULL << (last + 1)) - 1;
	initfd = SAFE_OPEN("/proc/self/ns/user", O_RDONLY);
	become(OWNER);
	TST_EXP_EQ_LI(cap_eff(), 0);
	TST_EXP_PASS(ns_write_proc(p, "setgroups", "deny"),
		     "the owner writes N's setgroups");
	TST_EXP_PASS(ns_write_proc(p, "uid_map", "0 65534 1"),
		     "the owner writes N's uid_map");
	TST_EXP_PASS(ns_write_proc(p, "gid_map", "0 65534 1"),
		     "the owner writes N's gid_map");
	snprintf(path, sizeof(path), "/proc/%d/ns/user", (int)p);
	fd = SAFE_OPEN(path, O_RDONLY);
	TST_EXP_PASS(setns(fd, CLONE_NEWUSER),
		     "setns() into N by its unprivileged owner");
	if (!TST_PASS)
		exit(0);
	eff = cap_eff();
	TST_EXP_EXPR(getuid() == 0 && getgid() == 0 && eff == full,
		     "in N: uid %d gid %d CapEff %llx (full %llx)",
		     (int)getuid(), (int)getgid(), eff, full);
	TST_EXP_FAIL(setns(fd, CLONE_NEWUSER), EINVAL,
		     "setns() into the caller's own user namespace");
	SAFE_CLOSE(fd);
	snprintf(path, sizeof(path), "/proc/%d/ns/uts", (int)p);
	fd = SAFE_OPEN(path, O_RDONLY);
	TST_EXP_PASS(setns(fd, CLONE_NEWUTS), "setns() into N's uts namespace");
	if (TST_PASS) {
		ns_gethostname(host, sizeof(host));
		TST_EXP_EXPR(!strcmp(host, "ltp-userns05"),
			     "N's uts namespace has P1's name '%s'", host);
		TST_EXP_PASS(sethostname("ltp-owner", 9),
			     "sethostname() in N's uts namespace");
	}
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(setns(initfd, CLONE_NEWUSER), EPERM,
		     "setns() from N back into the initial user namespace");
	exit(0);
}

static void run(void)
{
	char path[64];
	pid_t p, c;
	int nsfd;

	p = SAFE_FORK();
	if (!p)
		p1();
	TST_CHECKPOINT_WAIT(0);

	snprintf(path, sizeof(path), "/proc/%d/ns/user", (int)p);
	nsfd = SAFE_OPEN(path, O_RDONLY);
	c = SAFE_FORK();
	if (!c)
		other(p, nsfd);
	NS_REAP(c);
	SAFE_CLOSE(nsfd);

	c = SAFE_FORK();
	if (!c)
		owner(p);
	NS_REAP(c);
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(p);
}

static void setup(void)
{
	pid_t pid = SAFE_FORK();
	int status;

	if (!pid) {
		become(OWNER);
		_exit(unshare(CLONE_NEWUSER) ? errno : 0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == EPERM)
		tst_brk(TCONF, "unprivileged user namespaces are disabled "
			"(unshare(CLONE_NEWUSER) as uid %u: EPERM)", OWNER);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "probe of unshare(CLONE_NEWUSER) as uid %u: "
			"status 0x%x", OWNER, status);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", "CONFIG_UTS_NS", NULL
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Edges of the uts namespace (kernel/sys.c sethostname(), setdomainname(),
 * kernel/utsname.c utsns_install()). In C, a new uts namespace:
 *  - sethostname() and setdomainname() of 64 bytes work and uname()
 *    returns them whole and terminated; 65 bytes and a length of -1 are
 *    EINVAL and leave the names; a length of 0 sets an empty domain name;
 *  - G, a new uts namespace made from C, starts with C's 64-byte host
 *    name (not the test's), and G's new name is not seen in C;
 *  - a process of the namespace C was made from setns()es into C's through
 *    /proc/C/ns/uts and gethostname() gives C's name;
 *  - U, in a new user namespace (root mapped), gets EPERM from setns()
 *    into C's namespace (owned by the initial user namespace) and from
 *    sethostname() in its inherited one; after unshare(CLONE_NEWUTS) its
 *    sethostname() works, and the test's root enters U's namespace with
 *    setns() and sees U's name.
 */
#include <fcntl.h>
#include <sys/utsname.h>
#include "tst_test.h"
#include "ns_helpers.h"

static char name64[65], name65[66];

static void uts(struct utsname *u)
{
	if (uname(u))
		tst_brk(TBROK | TERRNO, "uname()");
}

static int nsfd_of(pid_t pid)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/ns/uts", (int)pid);
	return SAFE_OPEN(path, O_RDONLY);
}

static void ns_g(void)
{
	struct utsname u;

	uts(&u);
	TST_EXP_EXPR(!strcmp(u.nodename, name64),
		     "G starts with C's 64-byte host name");
	if (sethostname("ltp-g", 5))
		tst_brk(TBROK | TERRNO, "sethostname() in G");
	exit(0);
}

static void ns_c(void)
{
	struct utsname u;
	pid_t g;

	TST_EXP_PASS(sethostname(name64, 64), "sethostname() of 64 bytes");
	TST_EXP_PASS(setdomainname(name64, 64), "setdomainname() of 64 bytes");
	uts(&u);
	TST_EXP_EXPR(strlen(u.nodename) == 64 && !strcmp(u.nodename, name64) &&
		     !strcmp(u.domainname, name64),
		     "uname() returns both 64-byte names, terminated");
	TST_EXP_FAIL(sethostname(name65, 65), EINVAL,
		     "sethostname() of 65 bytes");
	TST_EXP_FAIL(setdomainname(name65, 65), EINVAL,
		     "setdomainname() of 65 bytes");
	TST_EXP_FAIL(syscall(__NR_sethostname, "x", -1), EINVAL,
		     "sethostname() of length -1");
	uts(&u);
	TST_EXP_EXPR(!strcmp(u.nodename, name64) &&
		     !strcmp(u.domainname, name64),
		     "the refused calls left the names");

	g = SAFE_NS_FORK(CLONE_NEWUTS);
	if (!g)
		ns_g();
	NS_REAP(g);
	uts(&u);
	TST_EXP_EXPR(!strcmp(u.nodename, name64),
		     "G's sethostname() is not seen in C");
	TST_EXP_PASS(setdomainname("", 0), "setdomainname() of length 0");
	uts(&u);
	TST_EXP_EXPR(u.domainname[0] == 0, "the domain name is empty ('%s')",
		     u.domainname);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	exit(0);
}

static void ns_u(int cfd)
{
	TST_CHECKPOINT_WAIT(1);
	TST_EXP_FAIL(setns(cfd, CLONE_NEWUTS), EPERM,
		     "setns() from a user namespace into C's uts namespace");
	TST_EXP_FAIL(sethostname("ltp-u", 5), EPERM,
		     "sethostname() in the inherited uts namespace");
	if (unshare(CLONE_NEWUTS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUTS) in U");
	TST_EXP_PASS(sethostname("ltp-u", 5),
		     "sethostname() in U's own uts namespace");
	TST_CHECKPOINT_WAKE_AND_WAIT(2);
	exit(0);
}

static void check_enter(pid_t pid, const char *expect, const char *what)
{
	pid_t j = SAFE_FORK();
	char host[128] = "";
	int fd;

	if (!j) {
		fd = nsfd_of(pid);
		TST_EXP_PASS(setns(fd, CLONE_NEWUTS), "setns() into %s", what);
		if (TST_PASS) {
			ns_gethostname(host, sizeof(host));
			TST_EXP_EXPR(!strcmp(host, expect),
				     "gethostname() there gives '%.10s...'",
				     host);
		}
		exit(0);
	}
	NS_REAP(j);
}

/* W: the test's own uts namespace, owned by the initial user namespace */
static void ns_w(void)
{
	pid_t c, u;
	char map[32];
	int cfd;

	c = SAFE_NS_FORK(CLONE_NEWUTS);
	if (!c)
		ns_c();
	TST_CHECKPOINT_WAIT(0);
	check_enter(c, name64, "C's namespace");

	cfd = nsfd_of(c);
	u = SAFE_NS_FORK(CLONE_NEWUSER);
	if (!u)
		ns_u(cfd);
	SAFE_CLOSE(cfd);
	snprintf(map, sizeof(map), "0 %u 1", (unsigned int)getuid());
	SAFE_NS_WRITE_PROC(u, "uid_map", map);
	SAFE_NS_WRITE_PROC(u, "gid_map", map);
	TST_CHECKPOINT_WAKE(1);
	TST_CHECKPOINT_WAIT(2);
	check_enter(u, "ltp-u", "U's own namespace");
	TST_CHECKPOINT_WAKE(2);
	NS_REAP(u);
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(c);
	exit(0);
}

static void run(void)
{
	pid_t w = SAFE_NS_FORK(CLONE_NEWUTS);

	if (!w)
		ns_w();
	NS_REAP(w);
}

static void setup(void)
{
	memset(name64, 'h', 64);
	memset(name65, 'i', 65);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_UTS_NS", "CONFIG_USER_NS", NULL
	},
};

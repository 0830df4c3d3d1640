// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * uname(2) reports the running kernel and the UTS namespace:
 * - sysname, release, version, nodename and domainname are the contents
 *   of /proc/sys/kernel/{ostype,osrelease,version,hostname,domainname};
 *   machine is not empty; every field is NUL-terminated;
 * - in a new UTS namespace (root), sethostname() changes nodename as
 *   uname() reports it there, while the parent's stays;
 * - a buffer in unmapped memory is EFAULT.
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include "tst_test.h"
#include "proc_ids.h"

static void proc_str(const char *name, char *buf, size_t size)
{
	char path[64];
	int fd;
	ssize_t len;

	snprintf(path, sizeof(path), "/proc/sys/kernel/%s", name);
	fd = SAFE_OPEN(path, O_RDONLY);
	len = SAFE_READ(0, fd, buf, size - 1);
	SAFE_CLOSE(fd);
	if (len > 0 && buf[len - 1] == '\n')
		len--;
	buf[len] = '\0';
}

static void check_field(const char *field, const char *got, size_t size,
			const char *procname)
{
	char want[512];

	proc_str(procname, want, sizeof(want));
	TST_EXP_EXPR(memchr(got, '\0', size) && !strcmp(got, want),
		     "%s '%s' is /proc/sys/kernel/%s", field, got, procname);
}

static void matches_proc(void)
{
	struct utsname u;

	memset(&u, 'x', sizeof(u));
	TST_EXP_PASS(uname(&u));
	check_field("sysname", u.sysname, sizeof(u.sysname), "ostype");
	check_field("release", u.release, sizeof(u.release), "osrelease");
	check_field("version", u.version, sizeof(u.version), "version");
	check_field("nodename", u.nodename, sizeof(u.nodename), "hostname");
	check_field("domainname", u.domainname, sizeof(u.domainname),
		    "domainname");
	TST_EXP_EXPR(memchr(u.machine, '\0', sizeof(u.machine)) &&
		     u.machine[0], "machine '%s' is not empty", u.machine);
	TST_EXP_FAIL(uname(unmapped_addr()), EFAULT, "uname(unmapped)");
}

static void own_namespace(void)
{
	struct utsname mine, parent;

	if (uname(&parent))
		tst_brk(TBROK | TERRNO, "uname()");
	if (!SAFE_FORK()) {
		if (unshare(CLONE_NEWUTS))
			tst_brk(TCONF | TERRNO, "unshare(CLONE_NEWUTS)");
		if (sethostname("ltp-uname01", 11))
			tst_brk(TBROK | TERRNO, "sethostname()");
		TST_EXP_PASS(uname(&mine), "uname() in a new UTS namespace");
		TST_EXP_EXPR(!strcmp(mine.nodename, "ltp-uname01"),
			     "nodename '%s' is the one just set", mine.nodename);
		exit(0);
	}
	tst_reap_children();
	if (uname(&mine))
		tst_brk(TBROK | TERRNO, "uname()");
	TST_EXP_EXPR(!strcmp(mine.nodename, parent.nodename),
		     "the parent's nodename stays '%s'", mine.nodename);
}

static void (*const cases[])(void) = {
	matches_proc,
	own_namespace,
};

static void run(unsigned int n)
{
	cases[n]();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
};

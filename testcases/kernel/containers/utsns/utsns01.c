// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A new uts namespace starts with a copy of its parent's host and domain
 * names; sethostname() and setdomainname() in it change what uname(),
 * gethostname() and /proc/sys/kernel/hostname show there only: the
 * parent and a sibling namespace keep their own names.
 */
#include <sys/utsname.h>
#include "tst_test.h"
#include "ns_helpers.h"

static struct utsname parent_uts;

static void safe_uname(struct utsname *uts)
{
	if (uname(uts))
		tst_brk(TBROK | TERRNO, "uname()");
}

static void child_main(const char *name)
{
	struct utsname uts;
	char proc_name[65];

	safe_uname(&uts);
	TST_EXP_EXPR(!strcmp(uts.nodename, parent_uts.nodename) &&
		     !strcmp(uts.domainname, parent_uts.domainname),
		     "%s starts with the parent's names '%s' '%s'", name,
		     uts.nodename, uts.domainname);
	if (sethostname(name, strlen(name)))
		tst_brk(TBROK | TERRNO, "sethostname(%s)", name);
	if (setdomainname(name, strlen(name)))
		tst_brk(TBROK | TERRNO, "setdomainname(%s)", name);
	TST_CHECKPOINT_WAKE(0);
	/* the sibling has set its names now */
	TST_CHECKPOINT_WAIT(1);
	safe_uname(&uts);
	SAFE_FILE_SCANF("/proc/sys/kernel/hostname", "%64s", proc_name);
	TST_EXP_EXPR(!strcmp(uts.nodename, name) &&
		     !strcmp(uts.domainname, name) &&
		     !strcmp(proc_name, name),
		     "%s keeps its own names (uname '%s' '%s', proc '%s')",
		     name, uts.nodename, uts.domainname, proc_name);
}

static void run(void)
{
	const char *const names[] = {"ltp-utsns-a", "ltp-utsns-b"};
	struct utsname uts;
	pid_t pids[2];
	int i;

	safe_uname(&parent_uts);
	for (i = 0; i < 2; i++) {
		pids[i] = SAFE_NS_FORK(CLONE_NEWUTS);
		if (!pids[i]) {
			child_main(names[i]);
			exit(0);
		}
		TST_CHECKPOINT_WAIT(0);
	}
	safe_uname(&uts);
	TST_EXP_EXPR(!strcmp(uts.nodename, parent_uts.nodename) &&
		     !strcmp(uts.domainname, parent_uts.domainname),
		     "the parent's names stay '%s' '%s' (now '%s' '%s')",
		     parent_uts.nodename, parent_uts.domainname,
		     uts.nodename, uts.domainname);
	TST_CHECKPOINT_WAKE2(1, 2);
	for (i = 0; i < 2; i++)
		NS_REAP(pids[i]);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_UTS_NS", NULL},
};

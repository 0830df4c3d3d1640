// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The id-setting calls refuse an id the caller's user namespace does not
 * map with EINVAL, even for a caller with every capability there, and
 * change nothing (getresuid(), getresgid() and getgroups() read back as
 * before). In a child of a new user namespace whose uid_map and gid_map
 * (written by the parent, so setgroups() stays allowed) map 0 and 1000
 * onto themselves, id 5 is unmapped:
 * - setuid(5), setgid(5);
 * - setreuid() and setregid() with 5 as the real and as the effective id;
 * - setresuid() and setresgid() with 5 as the real, the effective and the
 *   saved id, and with 1000 as real and effective but 5 as saved: every id
 *   is checked before any is changed, so the real and effective ids stay
 *   0 (kernel/sys.c converts all three first);
 * - setgroups() of { 0, 5 } (groups_from_user()).
 * setresuid(1000, 1000, 1000) and setresgid() of mapped ids succeed there.
 * Syscalls: setuid, setgid, setreuid, setregid, setresuid, setresgid,
 * setgroups
 */
#include <grp.h>
#include <unistd.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define BAD 5
#define GOOD 1000
#define KEEP ((unsigned int)-1)
#define MAP "0 0 1\n1000 1000 1\n"

enum call { SETUID, SETGID, SETREUID, SETREGID, SETRESUID, SETRESGID,
	    SETGROUPS };

static struct tcase {
	enum call call;
	unsigned int r, e, s;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ SETUID, BAD, 0, 0, EINVAL, "setuid(5)" },
	{ SETGID, BAD, 0, 0, EINVAL, "setgid(5)" },
	{ SETREUID, BAD, KEEP, 0, EINVAL, "setreuid(5, -1)" },
	{ SETREUID, KEEP, BAD, 0, EINVAL, "setreuid(-1, 5)" },
	{ SETREGID, BAD, KEEP, 0, EINVAL, "setregid(5, -1)" },
	{ SETREGID, KEEP, BAD, 0, EINVAL, "setregid(-1, 5)" },
	{ SETRESUID, BAD, KEEP, KEEP, EINVAL, "setresuid(5, -1, -1)" },
	{ SETRESUID, KEEP, BAD, KEEP, EINVAL, "setresuid(-1, 5, -1)" },
	{ SETRESUID, KEEP, KEEP, BAD, EINVAL, "setresuid(-1, -1, 5)" },
	{ SETRESUID, GOOD, GOOD, BAD, EINVAL, "setresuid(1000, 1000, 5)" },
	{ SETRESGID, BAD, KEEP, KEEP, EINVAL, "setresgid(5, -1, -1)" },
	{ SETRESGID, KEEP, BAD, KEEP, EINVAL, "setresgid(-1, 5, -1)" },
	{ SETRESGID, KEEP, KEEP, BAD, EINVAL, "setresgid(-1, -1, 5)" },
	{ SETRESGID, GOOD, GOOD, BAD, EINVAL, "setresgid(1000, 1000, 5)" },
	{ SETGROUPS, 0, BAD, 0, EINVAL, "setgroups({0, 5})" },
	{ SETRESGID, GOOD, GOOD, GOOD, 0, "setresgid(1000, 1000, 1000)" },
	{ SETRESUID, GOOD, GOOD, GOOD, 0, "setresuid(1000, 1000, 1000)" },
};

static long do_call(struct tcase *tc)
{
	gid_t groups[2] = { tc->r, tc->e };

	switch (tc->call) {
	case SETUID:
		return setuid(tc->r);
	case SETGID:
		return setgid(tc->r);
	case SETREUID:
		return setreuid(tc->r, tc->e);
	case SETREGID:
		return setregid(tc->r, tc->e);
	case SETRESUID:
		return setresuid(tc->r, tc->e, tc->s);
	case SETRESGID:
		return setresgid(tc->r, tc->e, tc->s);
	case SETGROUPS:
		return setgroups(2, groups);
	}
	return -1;
}

static int ids_are(unsigned int id, int ngroups)
{
	uid_t r, e, s;
	gid_t gr, ge, gs;

	if (getresuid(&r, &e, &s) || getresgid(&gr, &ge, &gs))
		tst_brk(TBROK | TERRNO, "getresuid()/getresgid()");
	return r == id && e == id && s == id && gr == id && ge == id &&
	       gs == id && getgroups(0, NULL) == ngroups;
}

static void child(struct tcase *tc, int go_fd)
{
	int ngroups;

	ns_wait_fd(go_fd);
	if (!ids_are(0, getgroups(0, NULL)))
		tst_brk(TBROK, "the ids in the new user namespace are not 0");
	/* the groups of the outer root show as the overflow gid: keep count */
	ngroups = getgroups(0, NULL);
	if (!tc->exp_errno) {
		TST_EXP_PASS(do_call(tc), "%s in the user namespace", tc->desc);
		exit(0);
	}
	TST_EXP_FAIL(do_call(tc), tc->exp_errno, "%s in the user namespace",
		     tc->desc);
	TST_EXP_EXPR(ids_are(0, ngroups),
		     "uids, gids and groups unchanged after %s", tc->desc);
	exit(0);
}

static void run(unsigned int n)
{
	int go[2];
	pid_t pid;

	SAFE_PIPE(go);
	pid = SAFE_NS_FORK(CLONE_NEWUSER);
	if (!pid) {
		SAFE_CLOSE(go[1]);
		child(&tcases[n], go[0]);
	}
	SAFE_CLOSE(go[0]);
	SAFE_NS_WRITE_PROC(pid, "uid_map", MAP);
	SAFE_NS_WRITE_PROC(pid, "gid_map", MAP);
	ns_signal_fd(go[1]);
	SAFE_CLOSE(go[1]);
	reap_child(pid);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
};

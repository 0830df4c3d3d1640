// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel.io_uring_disabled and kernel.io_uring_group (6.6 and later,
 * io_uring_allowed() in io_uring/io_uring.c; both saved and restored;
 * TCONF where the kernel has no io_uring_disabled):
 *  - 0: io_uring_setup() gives a ring to nobody and to root;
 *  - 1 with io_uring_group -1 (no valid group): EPERM for nobody, also
 *    with 4242 among its groups, and for root without CAP_SYS_ADMIN;
 *    root may;
 *  - 1 with io_uring_group 4242: nobody with 4242 as a supplementary
 *    group or as its gid may, nobody without it EPERM, root without
 *    CAP_SYS_ADMIN but in 4242 may;
 *  - 2: EPERM for everyone, root and group members included; a ring set
 *    up before still runs a NOP (only setup is refused);
 *  - io_uring_disabled 3 and -1 EINVAL (value kept), nobody cannot open
 *    it for writing (EACCES).
 * Catches: a level not enforced, the group exemption applied at 2 or to
 * an invalid gid, CAP_SYS_ADMIN not honoured at 1, rings killed by the
 * switch.
 */
#include <fcntl.h>
#include <grp.h>
#include <stdlib.h>
#include "tst_test.h"
#include "caps_raw.h"
#include "io_uring_raw.h"

#define DISABLED "/proc/sys/kernel/io_uring_disabled"
#define GROUP "/proc/sys/kernel/io_uring_group"
#define GID 4242
#define NOBODY 65534

enum who {
	NOBODY_PLAIN, NOBODY_SUPP, NOBODY_GID, ROOT_NOADMIN, ROOT_NOADMIN_SUPP,
	ROOT,
};

static const char *const names[] = {
	"nobody", "nobody with supplementary group 4242",
	"nobody with gid 4242", "root without CAP_SYS_ADMIN",
	"root without CAP_SYS_ADMIN in group 4242", "root",
};

static void become(enum who who)
{
	gid_t grp = GID;

	switch (who) {
	case NOBODY_PLAIN:
	case NOBODY_SUPP:
	case NOBODY_GID:
		if (setgroups(who == NOBODY_SUPP, &grp))
			tst_brk(TBROK | TERRNO, "setgroups()");
		grp = who == NOBODY_GID ? GID : NOBODY;
		if (setresgid(grp, grp, grp) ||
		    setresuid(NOBODY, NOBODY, NOBODY))
			tst_brk(TBROK | TERRNO, "dropping to uid %d gid %d",
				NOBODY, (int)grp);
		break;
	case ROOT_NOADMIN_SUPP:
		if (setgroups(1, &grp))
			tst_brk(TBROK | TERRNO, "setgroups(4242)");
		/* fall through */
	case ROOT_NOADMIN:
		drop_eff_caps(CAP_BIT(CAP_SYS_ADMIN));
		break;
	case ROOT:
		break;
	}
}

static void expect_setup(enum who who, int allowed, const char *level)
{
	struct io_uring_params p;
	pid_t pid = SAFE_FORK();
	int fd;

	if (pid) {
		reap_child(pid);
		return;
	}
	become(who);
	memset(&p, 0, sizeof(p));
	fd = sys_io_uring_setup(4, &p);
	if (allowed)
		TST_EXP_EXPR(fd >= 0, "%s, %s: io_uring_setup() gives a ring "
			     "(%d, %s)", level, names[who], fd,
			     tst_strerrno(errno));
	else
		TST_EXP_EXPR(fd == -1 && errno == EPERM, "%s, %s: "
			     "io_uring_setup() EPERM (%d, %s)", level,
			     names[who], fd, tst_strerrno(errno));
	exit(0);
}

static void set_val(const char *path, int val)
{
	int got = val + 1;

	SAFE_FILE_PRINTF(path, "%d", val);
	SAFE_FILE_SCANF(path, "%d", &got);
	if (got != val)
		tst_brk(TBROK, "%s reads %d after writing %d", path, got, val);
}

static void bad_write(const char *val)
{
	int fd = SAFE_OPEN(DISABLED, O_WRONLY), v = -1;

	TST_EXP_FAIL(write(fd, val, strlen(val)), EINVAL,
		     "writing '%s' to io_uring_disabled", val);
	SAFE_CLOSE(fd);
	SAFE_FILE_SCANF(DISABLED, "%d", &v);
	TST_EXP_EQ_LI(v, 1);
}

static void nobody_opens(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		become(NOBODY_PLAIN);
		TST_EXP_FAIL(open(DISABLED, O_WRONLY), EACCES,
			     "nobody opens io_uring_disabled for writing");
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	struct io_uring_sqe *sqe;
	struct uring r;

	switch (n) {
	case 0:
		set_val(DISABLED, 0);
		expect_setup(NOBODY_PLAIN, 1, "level 0");
		expect_setup(ROOT, 1, "level 0");
		break;
	case 1:
		set_val(GROUP, -1);
		set_val(DISABLED, 1);
		expect_setup(NOBODY_PLAIN, 0, "level 1, group -1");
		expect_setup(NOBODY_SUPP, 0, "level 1, group -1");
		expect_setup(ROOT_NOADMIN, 0, "level 1, group -1");
		expect_setup(ROOT, 1, "level 1, group -1");
		set_val(GROUP, GID);
		expect_setup(NOBODY_SUPP, 1, "level 1, group 4242");
		expect_setup(NOBODY_GID, 1, "level 1, group 4242");
		expect_setup(NOBODY_PLAIN, 0, "level 1, group 4242");
		expect_setup(ROOT_NOADMIN, 0, "level 1, group 4242");
		expect_setup(ROOT_NOADMIN_SUPP, 1, "level 1, group 4242");
		break;
	case 2:
		set_val(DISABLED, 0);
		uring_init(&r, 4, 0);
		set_val(GROUP, GID);
		set_val(DISABLED, 2);
		expect_setup(ROOT, 0, "level 2");
		expect_setup(NOBODY_SUPP, 0, "level 2, group 4242");
		expect_setup(ROOT_NOADMIN_SUPP, 0, "level 2, group 4242");
		sqe = uring_get_sqe(&r, 0, IORING_OP_NOP, -1, 0x77);
		(void)sqe;
		uring_queue(&r, 1);
		uring_submit_wait(&r, 1);
		uring_expect_cqe(&r, 0x77, 0,
				 "level 2: NOP on a ring set up at level 0");
		uring_exit(&r);
		break;
	case 3:
		set_val(DISABLED, 1);
		bad_write("3");
		bad_write("-1");
		nobody_opens();
		break;
	}
}

static void setup(void)
{
	if (access(DISABLED, F_OK))
		tst_brk(TCONF, "%s missing: the switch came in 6.6", DISABLED);
	set_val(DISABLED, 0);
	io_uring_require();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ DISABLED, NULL, TST_SR_TCONF_MISSING },
		{ GROUP, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vhangup() needs CAP_SYS_TTY_CONFIG: as nobody it fails with EPERM; as
 * root, in a child that started a new session (so it has no controlling
 * terminal to hang up and cannot disturb the test's terminal), it returns
 * 0 and the child still has no controlling terminal (open("/dev/tty")
 * fails with ENXIO).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include "as_nobody.h"
#include "task_wait.h"

static void as_nobody(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (setsid() < 0)
			tst_brk(TBROK | TERRNO, "setsid()");
		TST_EXP_FAIL(syscall(__NR_vhangup), EPERM,
			     "vhangup() as nobody");
		exit(0);
	}
	reap_child(pid);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (setsid() < 0)
			tst_brk(TBROK | TERRNO, "setsid()");
		TST_EXP_PASS(syscall(__NR_vhangup),
			     "vhangup() as root without a controlling tty");
		TST_EXP_FAIL(open("/dev/tty", O_RDWR), ENXIO,
			     "open(/dev/tty) after vhangup()");
		exit(0);
	}
	reap_child(pid);
	run_in_nobody_child(as_nobody, "EPERM checks");
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};

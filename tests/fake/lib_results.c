// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A fake test for the library's self-tests: $FAKE_RESULT picks what it
 * reports (pass, fail, brk, conf, warn, none, segv, hang, hang_child,
 * brk_in_setup, brk_in_cleanup, child_fail, pingpong, taint), so one program exercises
 * every path of the harness. Harmless: touches nothing but its tmpdir.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tst_test.h"

static const char *mode;
static int cleanup_marker_fd = -1;

static void setup(void)
{
	mode = getenv("FAKE_RESULT");
	if (!mode)
		mode = "pass";
	if (getenv("FAKE_CLEANUP_LOG"))
		cleanup_marker_fd = SAFE_OPEN(getenv("FAKE_CLEANUP_LOG"),
					      O_WRONLY | O_APPEND | O_CREAT,
					      0644);
	if (getenv("FAKE_TMPDIR_LOG"))
		SAFE_FILE_PRINTF(getenv("FAKE_TMPDIR_LOG"), "%s",
				 tst_tmpdir_path);
	if (!strcmp(mode, "brk_in_setup"))
		tst_brk(TBROK, "broken in setup");
	if (!strcmp(mode, "conf_in_setup"))
		tst_brk(TCONF, "skipped in setup");
}

static void cleanup(void)
{
	if (cleanup_marker_fd >= 0)
		SAFE_WRITE(1, cleanup_marker_fd, "cleanup\n", 8);
	if (mode && !strcmp(mode, "brk_in_cleanup"))
		tst_brk(TBROK, "broken in cleanup");
}

static void run(void)
{
	pid_t pid;

	if (!strcmp(mode, "pass")) {
		tst_res(TPASS, "fake pass");
	} else if (!strcmp(mode, "fail")) {
		tst_res(TFAIL, "fake fail");
	} else if (!strcmp(mode, "brk") || !strcmp(mode, "brk_in_cleanup")) {
		tst_res(TPASS, "before the break");
		tst_brk(TBROK, "fake broken");
	} else if (!strcmp(mode, "conf")) {
		tst_res(TCONF, "fake skip");
	} else if (!strcmp(mode, "warn")) {
		tst_res(TPASS, "pass with a warning");
		tst_res(TWARN, "fake warning");
	} else if (!strcmp(mode, "errno")) {
		errno = EINVAL;
		tst_res(TPASS | TERRNO, "errno appended");
	} else if (!strcmp(mode, "segv")) {
		raise(SIGSEGV);
	} else if (!strcmp(mode, "hang")) {
		pause();
	} else if (!strcmp(mode, "hang_child")) {
		pid = SAFE_FORK();
		if (!pid) {
			if (getenv("FAKE_CHILD_PID"))
				SAFE_FILE_PRINTF(getenv("FAKE_CHILD_PID"),
						 "%d", getpid());
			pause();
		}
		pause();
	} else if (!strcmp(mode, "child_fail")) {
		pid = SAFE_FORK();
		if (!pid) {
			tst_res(TFAIL, "failure reported by a child");
			exit(0);
		}
		tst_reap_children();
		tst_res(TPASS, "parent passes");
	} else if (!strcmp(mode, "pingpong")) {
		/* Both sides use one id: a wake must never feed its own wait. */
		int i;

		pid = SAFE_FORK();
		if (!pid) {
			for (i = 0; i < 200; i++) {
				TST_CHECKPOINT_WAIT(0);
				TST_CHECKPOINT_WAKE(0);
			}
			exit(0);
		}
		for (i = 0; i < 200; i++)
			TST_CHECKPOINT_WAKE_AND_WAIT(0);
		tst_reap_children();
		tst_res(TPASS, "200 checkpoint round trips on one id");
	} else if (!strcmp(mode, "dead_waker")) {
		/* the child dies owing a wake-up: TBROK now, not in 10 min */
		pid = SAFE_FORK();
		if (!pid)
			exit(3);
		TST_CHECKPOINT_WAIT_PID(0, 600000, pid);
		tst_res(TFAIL, "the wait returned without a wake-up");
	} else if (!strcmp(mode, "taint")) {
		/* a warning "taints" the fake kernel: the harness must see it */
		tst_res(TPASS, "passes, but taints");
		SAFE_FILE_PRINTF(getenv("LTP_TAINTED_FILE"), "%lu", TST_TAINT_W);
	} else if (!strcmp(mode, "exp")) {
		TST_EXP_FAIL(close(-1), EBADF);
		TST_EXP_PASS(access("/", F_OK));
		TST_EXP_VAL(getpid() > 0, 1);
	}
	/* "none" reports nothing at all */
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.timeout = 2,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "000000000000"},
		{}
	},
};

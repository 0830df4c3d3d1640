// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) F_NOTIFY (dnotify) on a directory:
 * - DN_CREATE fires on a file created in it, DN_DELETE on one removed,
 *   DN_MODIFY on a write to a file in it, DN_ATTRIB on a chmod, DN_RENAME
 *   on a rename inside it; each before the call that caused it returns;
 * - the signal is SIGIO, or the F_SETSIG signal with si_fd the watching
 *   fd and si_code POLL_MSG;
 * - only the events asked for fire, only for that directory (not for a
 *   subdirectory's entries, not for a rename out of it; renaming a
 *   subdirectory fires its parent's DN_RENAME, not its own); a chmod of
 *   a subdirectory fires both its parent's and its own DN_ATTRIB;
 * - without DN_MULTISHOT the watch fires once, with it every time;
 *   notifications given again are added to the old ones; a mask of 0
 *   removes the watch, and so does closing the fd;
 * - ENOTDIR on a regular file, EBADF on fd -1.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include "tst_test.h"

#define DIR_A "dir_a"
#define SUB "dir_a/sub"

static sigset_t sigs;

/* tst_strsig() knows no real-time signal: name those by number. */
static const char *sig_name(int sig)
{
	static char buf[32];

	if (sig < SIGRTMIN)
		return tst_strsig(sig);
	snprintf(buf, sizeof(buf), "SIGRTMIN+%d", sig - SIGRTMIN);
	return buf;
}

/*
 * dnotify queues its signal from inside the syscall that made the
 * event, so after that call returns the signal is pending or never
 * comes: no wait is needed, and a zero timeout cannot miss it.
 */
static void expect_signal(int exp_sig, int fd, const char *what)
{
	struct timespec zero = { 0, 0 };
	siginfo_t si;
	int sig = sigtimedwait(&sigs, &si, &zero);

	if (!exp_sig) {
		if (sig < 0)
			tst_res(TPASS, "%s: no signal", what);
		else
			tst_res(TFAIL, "%s: got %s, expected none", what,
				sig_name(sig));
		return;
	}
	if (sig < 0) {
		tst_res(TFAIL, "%s: no %s", what, sig_name(exp_sig));
		return;
	}
	if (sig != exp_sig)
		tst_res(TFAIL, "%s: got %s, expected %s", what, sig_name(sig),
			sig_name(exp_sig));
	else if (sig != SIGIO && (si.si_fd != fd || si.si_code != POLL_MSG))
		tst_res(TFAIL, "%s: %s with si_fd %d si_code %d, expected fd %d"
			" POLL_MSG", what, sig_name(sig), si.si_fd,
			si.si_code, fd);
	else
		tst_res(TPASS, "%s: %s", what, sig_name(sig));
	/* one event, one signal: nothing else may be pending */
	if (sigtimedwait(&sigs, &si, &zero) >= 0)
		tst_res(TFAIL, "%s: a second signal, %s", what,
			sig_name(si.si_signo));
}

static int watch(int sig, unsigned long mask)
{
	int fd = SAFE_OPEN(DIR_A, O_RDONLY | O_DIRECTORY);

	if (sig && fcntl(fd, F_SETSIG, sig))
		tst_brk(TBROK | TERRNO, "F_SETSIG");
	TST_EXP_PASS(fcntl(fd, F_NOTIFY, mask), "F_NOTIFY 0x%lx", mask);
	return fd;
}

static void touch(const char *path)
{
	int fd = SAFE_OPEN(path, O_WRONLY | O_CREAT, 0644);

	SAFE_CLOSE(fd);
}

/* Each event type, one shot each, with the F_SETSIG signal. */
static void test_events(void)
{
	int fd, sig = SIGRTMIN + 1;

	fd = watch(sig, DN_CREATE);
	touch(DIR_A "/f");
	expect_signal(sig, fd, "DN_CREATE, file created");
	touch(DIR_A "/g");
	expect_signal(0, fd, "DN_CREATE one-shot, second create");
	SAFE_CLOSE(fd);

	fd = watch(sig, DN_MODIFY);
	{
		int f = SAFE_OPEN(DIR_A "/f", O_WRONLY);

		SAFE_WRITE(1, f, "x", 1);
		expect_signal(sig, fd, "DN_MODIFY, write to a file");
		SAFE_CLOSE(f);
	}
	SAFE_CLOSE(fd);

	fd = watch(sig, DN_ATTRIB);
	SAFE_CHMOD(DIR_A "/f", 0600);
	expect_signal(sig, fd, "DN_ATTRIB, chmod");
	SAFE_CLOSE(fd);

	fd = watch(sig, DN_RENAME);
	if (rename(DIR_A "/g", DIR_A "/h"))
		tst_brk(TBROK | TERRNO, "rename");
	expect_signal(sig, fd, "DN_RENAME, rename inside the directory");
	SAFE_CLOSE(fd);

	fd = watch(sig, DN_DELETE);
	SAFE_UNLINK(DIR_A "/h");
	expect_signal(sig, fd, "DN_DELETE, unlink");
	SAFE_CLOSE(fd);
}

/* The default signal is SIGIO; unasked events and other dirs are quiet. */
static void test_selective(void)
{
	int fd = watch(0, DN_DELETE | DN_MULTISHOT);

	touch(DIR_A "/a");
	expect_signal(0, fd, "DN_DELETE watch, file created");
	touch(SUB "/s");
	SAFE_UNLINK(SUB "/s");
	expect_signal(0, fd, "DN_DELETE watch, unlink in a subdirectory");
	SAFE_UNLINK(DIR_A "/a");
	expect_signal(SIGIO, fd, "DN_DELETE watch, unlink");
	touch(DIR_A "/b");
	SAFE_UNLINK(DIR_A "/b");
	expect_signal(SIGIO, fd, "DN_MULTISHOT, second unlink");

	/* a second F_NOTIFY adds its events to the watch */
	TST_EXP_PASS(fcntl(fd, F_NOTIFY, DN_CREATE | DN_MULTISHOT),
		     "F_NOTIFY DN_CREATE on the watched fd");
	touch(DIR_A "/c");
	expect_signal(SIGIO, fd, "DN_CREATE after the second F_NOTIFY");
	SAFE_UNLINK(DIR_A "/c");
	expect_signal(SIGIO, fd, "DN_DELETE still watched");

	TST_EXP_PASS(fcntl(fd, F_NOTIFY, 0), "F_NOTIFY 0 removes the watch");
	touch(DIR_A "/d");
	SAFE_UNLINK(DIR_A "/d");
	expect_signal(0, fd, "after F_NOTIFY 0, create and unlink");
	SAFE_CLOSE(fd);

	fd = watch(0, DN_CREATE | DN_MULTISHOT);
	SAFE_CLOSE(fd);
	touch(DIR_A "/e");
	expect_signal(0, -1, "watch fd closed, file created");
	SAFE_UNLINK(DIR_A "/e");
}

/* A rename out of the directory is no DN_RENAME of it. */
static void test_rename_out(void)
{
	int fd = watch(SIGRTMIN + 1, DN_RENAME | DN_MULTISHOT), sub_fd;

	touch(DIR_A "/m");
	if (rename(DIR_A "/m", SUB "/m"))
		tst_brk(TBROK | TERRNO, "rename");
	expect_signal(0, fd, "DN_RENAME watch, rename into a subdirectory");
	SAFE_UNLINK(SUB "/m");

	/* renaming the subdirectory is an event of its parent, not its own */
	sub_fd = SAFE_OPEN(SUB, O_RDONLY | O_DIRECTORY);
	if (fcntl(sub_fd, F_SETSIG, SIGRTMIN + 1))
		tst_brk(TBROK | TERRNO, "F_SETSIG");
	TST_EXP_PASS(fcntl(sub_fd, F_NOTIFY, DN_RENAME | DN_MULTISHOT),
		     "F_NOTIFY DN_RENAME on the subdirectory");
	if (rename(SUB, SUB "2"))
		tst_brk(TBROK | TERRNO, "rename");
	expect_signal(SIGRTMIN + 1, fd, "subdirectory renamed: its parent's "
		      "DN_RENAME (si_fd the parent's fd, none for the "
		      "subdirectory)");
	if (rename(SUB "2", SUB))
		tst_brk(TBROK | TERRNO, "rename");
	expect_signal(SIGRTMIN + 1, fd, "renamed back");
	SAFE_CLOSE(sub_fd);
	SAFE_CLOSE(fd);
}

/* A chmod of the subdirectory: its parent's and its own DN_ATTRIB. */
static void test_subdir_attrib(void)
{
	struct timespec zero = { 0, 0 };
	int fd, sub_fd, got_parent = 0, got_sub = 0, other = 0, i;
	siginfo_t si;

	fd = watch(SIGRTMIN + 1, DN_ATTRIB | DN_MULTISHOT);
	sub_fd = SAFE_OPEN(SUB, O_RDONLY | O_DIRECTORY);
	if (fcntl(sub_fd, F_SETSIG, SIGRTMIN + 1))
		tst_brk(TBROK | TERRNO, "F_SETSIG");
	TST_EXP_PASS(fcntl(sub_fd, F_NOTIFY, DN_ATTRIB | DN_MULTISHOT),
		     "F_NOTIFY DN_ATTRIB on the subdirectory");
	SAFE_CHMOD(SUB, 0700);
	/* real-time signals queue: one for each watch */
	for (i = 0; i < 3; i++) {
		if (sigtimedwait(&sigs, &si, &zero) < 0)
			break;
		if (si.si_signo == SIGRTMIN + 1 && si.si_fd == fd)
			got_parent++;
		else if (si.si_signo == SIGRTMIN + 1 && si.si_fd == sub_fd)
			got_sub++;
		else
			other++;
	}
	TST_EXP_EXPR(got_parent == 1 && got_sub == 1 && !other, "chmod of "
		     "the subdirectory: one signal for the parent's watch (%d) "
		     "and one for its own (%d), nothing else (%d)", got_parent,
		     got_sub, other);
	SAFE_CHMOD(SUB, 0755);
	while (sigtimedwait(&sigs, &si, &zero) >= 0)
		;
	SAFE_CLOSE(sub_fd);
	SAFE_CLOSE(fd);
}

static void test_errors(void)
{
	int fd = SAFE_OPEN(DIR_A "/f", O_RDONLY);

	TST_EXP_FAIL(fcntl(fd, F_NOTIFY, DN_CREATE), ENOTDIR,
		     "F_NOTIFY on a regular file");
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(fcntl(-1, F_NOTIFY, DN_CREATE), EBADF, "F_NOTIFY fd -1");
	expect_signal(0, -1, "after the failed F_NOTIFYs");
}

static void run(void)
{
	test_events();
	test_selective();
	test_rename_out();
	test_subdir_attrib();
	test_errors();
	SAFE_UNLINK(DIR_A "/f");
}

static void setup(void)
{
	SAFE_MKDIR(DIR_A, 0755);
	SAFE_MKDIR(SUB, 0755);
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGIO);
	sigaddset(&sigs, SIGRTMIN + 1);
	if (sigprocmask(SIG_BLOCK, &sigs, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.needs_kconfigs = (const char *const []) { "CONFIG_DNOTIFY=y", NULL },
};

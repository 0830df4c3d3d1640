// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LANDLOCK_ACCESS_FS_IOCTL_DEV (ABI 5, Linux 6.10) guards ioctl() on
 * character and block devices, by the rights the file had when it was
 * opened (security/landlock/fs.c: hook_file_open(), hook_file_ioctl()).
 * A child restricts itself with a ruleset handling only IOCTL_DEV and
 * granting it beneath /dev/pts and on the file /dev/null. The same pty
 * multiplexer is then reached through two paths:
 * - /dev/pts/ptmx (granted): TIOCGPTN and FIONREAD work;
 * - /dev/ptmx (not granted): opening it works (IOCTL_DEV is no open
 *   right), TIOCGPTN, FIONREAD and TCGETS fail with EACCES; the
 *   commands landlock always lets through behave as without it:
 *   FIOCLEX and FIONCLEX set and clear FD_CLOEXEC, FIONBIO sets
 *   O_NONBLOCK (read back with fcntl()), FIOASYNC works, FIOQSIZE gets
 *   the VFS's ENOTTY;
 * - a /dev/ptmx fd opened before the restriction keeps TIOCGPTN;
 * - TCGETS on /dev/null (granted by a file rule) is the driver's ENOTTY,
 *   on /dev/zero (not granted) EACCES; both are ENOTTY before;
 * - FIONREAD on a regular file and on a pipe, which are no devices,
 *   works and counts the bytes (5 and 3).
 * A second child whose ruleset handles READ_DIR but not IOCTL_DEV keeps
 * TIOCGPTN on /dev/ptmx.
 * TCONF when landlock is off or older than ABI 5 (the reason printed),
 * or without /dev/ptmx and /dev/pts/ptmx.
 */
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include "tst_test.h"
#include "landlock_raw.h"

static int open_dev(const char *path)
{
	return SAFE_OPEN(path, O_RDWR | O_NOCTTY);
}

static void add_rule(int rfd, const char *path, uint64_t access)
{
	struct ll_path_beneath_attr pb = { .allowed_access = access };

	pb.parent_fd = SAFE_OPEN(path, O_PATH | O_CLOEXEC);
	if (ll_add_rule(rfd, LL_RULE_PATH_BENEATH, &pb, 0))
		tst_brk(TBROK | TERRNO, "landlock_add_rule(%s)", path);
	SAFE_CLOSE(pb.parent_fd);
}

static void masked(int fd)
{
	int one = 1, zero = 0;

	TST_EXP_PASS(ioctl(fd, FIOCLEX), "/dev/ptmx FIOCLEX");
	TST_EXP_EXPR(fcntl(fd, F_GETFD) & FD_CLOEXEC, "FD_CLOEXEC set");
	TST_EXP_PASS(ioctl(fd, FIONCLEX), "/dev/ptmx FIONCLEX");
	TST_EXP_EXPR(!(fcntl(fd, F_GETFD) & FD_CLOEXEC), "FD_CLOEXEC clear");
	TST_EXP_PASS(ioctl(fd, FIONBIO, &one), "/dev/ptmx FIONBIO 1");
	TST_EXP_EXPR(fcntl(fd, F_GETFL) & O_NONBLOCK, "O_NONBLOCK set");
	TST_EXP_PASS(ioctl(fd, FIOASYNC, &zero), "/dev/ptmx FIOASYNC 0");
	TST_EXP_FAIL(ioctl(fd, FIOQSIZE, &one), ENOTTY,
		     "/dev/ptmx FIOQSIZE (the VFS answers)");
}

static void restricted(void)
{
	struct ll_ruleset_attr attr = {
		.handled_access_fs = LL_ACCESS_FS_IOCTL_DEV,
	};
	struct termios tio;
	unsigned int n;
	int pre, a, d, nul, zero, reg, p[2], cnt;

	pre = open_dev("/dev/ptmx");
	nul = open_dev("/dev/null");
	zero = open_dev("/dev/zero");
	TST_EXP_FAIL(ioctl(nul, TCGETS, &tio), ENOTTY,
		     "/dev/null TCGETS before the domain");
	TST_EXP_FAIL(ioctl(zero, TCGETS, &tio), ENOTTY,
		     "/dev/zero TCGETS before the domain");
	SAFE_CLOSE(nul);
	SAFE_CLOSE(zero);

	a = ll_safe_ruleset_attr(&attr, sizeof(attr));
	add_rule(a, "/dev/pts", LL_ACCESS_FS_IOCTL_DEV);
	add_rule(a, "/dev/null", LL_ACCESS_FS_IOCTL_DEV);
	ll_safe_enforce(a);

	a = open_dev("/dev/pts/ptmx");
	TST_EXP_PASS(ioctl(a, TIOCGPTN, &n), "/dev/pts/ptmx TIOCGPTN "
		     "(granted)");
	TST_EXP_PASS(ioctl(a, FIONREAD, &cnt), "/dev/pts/ptmx FIONREAD");

	d = open_dev("/dev/ptmx");
	TST_EXP_FAIL(ioctl(d, TIOCGPTN, &n), EACCES, "/dev/ptmx TIOCGPTN");
	TST_EXP_FAIL(ioctl(d, FIONREAD, &cnt), EACCES, "/dev/ptmx FIONREAD");
	TST_EXP_FAIL(ioctl(d, TCGETS, &tio), EACCES, "/dev/ptmx TCGETS");
	masked(d);
	TST_EXP_PASS(ioctl(pre, TIOCGPTN, &n), "TIOCGPTN on a /dev/ptmx fd "
		     "opened before the domain");

	nul = open_dev("/dev/null");
	zero = open_dev("/dev/zero");
	TST_EXP_FAIL(ioctl(nul, TCGETS, &tio), ENOTTY,
		     "/dev/null TCGETS (file rule): the driver's answer");
	TST_EXP_FAIL(ioctl(zero, TCGETS, &tio), EACCES, "/dev/zero TCGETS");

	reg = SAFE_OPEN("reg", O_RDONLY);
	cnt = -1;
	TST_EXP_PASS(ioctl(reg, FIONREAD, &cnt), "FIONREAD, regular file");
	TST_EXP_EQ_LI(cnt, 5);
	SAFE_PIPE(p);
	SAFE_WRITE(1, p[1], "abc", 3);
	cnt = -1;
	TST_EXP_PASS(ioctl(p[0], FIONREAD, &cnt), "FIONREAD, pipe");
	TST_EXP_EQ_LI(cnt, 3);
}

static void unhandled(void)
{
	struct ll_ruleset_attr attr = {
		.handled_access_fs = LL_ACCESS_FS_READ_DIR,
	};
	unsigned int n;
	int fd;

	ll_safe_enforce(ll_safe_ruleset_attr(&attr, sizeof(attr)));
	fd = open_dev("/dev/ptmx");
	TST_EXP_PASS(ioctl(fd, TIOCGPTN, &n), "/dev/ptmx TIOCGPTN, "
		     "IOCTL_DEV not handled");
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		restricted();
		exit(0);
	}
	reap_child(pid);
	pid = SAFE_FORK();
	if (!pid) {
		unhandled();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	ll_need_abi(5, "LANDLOCK_ACCESS_FS_IOCTL_DEV");
	if (access("/dev/ptmx", R_OK | W_OK) ||
	    access("/dev/pts/ptmx", R_OK | W_OK))
		tst_brk(TCONF, "needs /dev/ptmx and /dev/pts/ptmx (devpts "
			"with ptmxmode)");
	SAFE_FILE_PRINTF("reg", "12345");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * creat() of new files, read back with stat():
 * - the mode is the one asked for less the umask, with no bit added
 *   (0674 under umask 022 is 0654, no S_ISVTX);
 * - in a set-group-ID directory the new file takes the directory's group
 *   (root's and nobody's files alike), elsewhere the creator's; S_ISGID
 *   asked for with group execute is kept for root and for a creator in
 *   that group, and dropped for one outside it;
 * - with every descriptor below RLIMIT_NOFILE in use creat() is EMFILE
 *   and creates nothing;
 * - creat() of a program another process is running is ETXTBSY (and so
 *   is open() for writing); once it exited creat() succeeds.
 * Syscalls: creat
 */
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "task_wait.h"

#define SGID_DIR "sgid_dir"
#define OWN_SGID_DIR "own_sgid_dir"
#define GRP 4242

static gid_t nobody_gid;

static void check_new(const char *path, mode_t mode, mode_t want,
		      gid_t gid, const char *what)
{
	struct stat st;
	int fd;

	TST_EXP_FD(fd = creat(path, mode), "creat(%s, %04o) %s", path, mode,
		   what);
	if (fd < 0)
		return;
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR((st.st_mode & 07777) == want && st.st_gid == gid,
		     "%s: mode %04o (want %04o), group %d (want %d)", path,
		     st.st_mode & 07777, want, (int)st.st_gid, (int)gid);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(path);
}

static void test_mode(void)
{
	umask(022);
	check_new("plain", 0674, 0654, getegid(), "under umask 022");
	umask(0);
	check_new("plain", 0674, 0674, getegid(), "under umask 0");
	check_new(SGID_DIR "/f", 02755, 02755, GRP, "by root in a setgid "
		  "directory");
	check_new("plain", 02755, 02755, getegid(), "by root");
}

static void nobody_checks(void)
{
	umask(0);
	check_new(SGID_DIR "/f", 02755, 0755, GRP, "by nobody, not in the "
		  "directory's group: S_ISGID dropped");
	check_new(SGID_DIR "/g", 0644, 0644, GRP, "by nobody, group of the "
		  "directory");
	check_new(OWN_SGID_DIR "/f", 02755, 02755, nobody_gid, "by nobody "
		  "in its own group's setgid directory");
	check_new("nobody_plain", 0644, 0644, nobody_gid, "by nobody, plain "
		  "directory");
}

static void test_sgid_nobody(void)
{
	run_in_nobody_child(nobody_checks, "the checks as nobody");
}

static void emfile_child(void)
{
	struct rlimit rl = {16, 16};
	int fd;

	if (setrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit()");
	do {
		fd = open(".", O_RDONLY);
	} while (fd >= 0);
	if (errno != EMFILE)
		tst_brk(TBROK | TERRNO, "filling the descriptor table");
	TST_EXP_FAIL(creat("emfile", 0644), EMFILE, "creat() with no free "
		     "descriptor");
	TST_EXP_FAIL(access("emfile", F_OK), ENOENT, "no file was created");
	exit(0);
}

static void test_emfile(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		emfile_child();
	reap_child(pid);
}

static void copy_file(const char *from, const char *to)
{
	char buf[4096];
	ssize_t n;
	int in, out;

	in = SAFE_OPEN(from, O_RDONLY);
	out = SAFE_OPEN(to, O_CREAT | O_WRONLY | O_TRUNC, 0755);
	while ((n = SAFE_READ(0, in, buf, sizeof(buf))) > 0)
		SAFE_WRITE(1, out, buf, n);
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);
}

/* Wait (bounded) until pid runs path: /proc/pid/exe names it. */
static void wait_exec(pid_t pid, const char *path)
{
	char link[64], exe[4096], want[4096];
	long long end = task_wait_now_ms() + 10000 * tst_timeout_mul();
	ssize_t n;

	if (!realpath(path, want))
		tst_brk(TBROK | TERRNO, "realpath(%s)", path);
	snprintf(link, sizeof(link), "/proc/%d/exe", pid);
	while (task_wait_now_ms() < end) {
		n = readlink(link, exe, sizeof(exe) - 1);
		if (n > 0) {
			exe[n] = 0;
			if (!strcmp(exe, want))
				return;
		}
		usleep(1000);
	}
	tst_brk(TBROK, "child %d never ran %s", pid, want);
}

static void test_txtbsy(void)
{
	char *const argv[] = {"sleep", "1000", NULL};
	char *const envp[] = {NULL};
	pid_t pid;
	int fd;

	copy_file("/bin/sleep", "prog");
	pid = SAFE_FORK();
	if (!pid) {
		execve("prog", argv, envp);
		tst_brk(TBROK | TERRNO, "execve(prog)");
	}
	wait_exec(pid, "prog");
	TST_EXP_FAIL(creat("prog", 0755), ETXTBSY, "creat() of a running "
		     "program");
	TST_EXP_FAIL(open("prog", O_WRONLY), ETXTBSY, "open(O_WRONLY) of a "
		     "running program");
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	TST_EXP_FD(fd = creat("prog", 0755), "creat() once it exited");
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_mode();
		break;
	case 1:
		test_sgid_nobody();
		break;
	case 2:
		test_emfile();
		break;
	case 3:
		test_txtbsy();
		break;
	}
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	if (!pw)
		tst_brk(TBROK, "no user nobody");
	nobody_gid = pw->pw_gid;
	if (nobody_gid == GRP)
		tst_brk(TBROK, "nobody's group is %d", GRP);
	SAFE_MKDIR(SGID_DIR, 0777);
	SAFE_CHOWN(SGID_DIR, 0, GRP);
	SAFE_CHMOD(SGID_DIR, 02777);
	SAFE_MKDIR(OWN_SGID_DIR, 0777);
	SAFE_CHOWN(OWN_SGID_DIR, 0, nobody_gid);
	SAFE_CHMOD(OWN_SGID_DIR, 02777);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchdir(2) makes the directory an fd refers to the cwd:
 * - with an O_RDONLY and an O_PATH directory fd, getcwd() then names that
 *   directory and relative names start there;
 * - search permission is checked at the call: nobody's fd of a directory
 *   that lost its execute bits after open() gets EACCES;
 * - EBADF for fd -1, ENOTDIR for a regular file fd; the cwd is unchanged.
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"

static char home[PATH_MAX];
static int dir_fd = -1, path_fd = -1, file_fd = -1;

static void setup(void)
{
	if (!getcwd(home, sizeof(home)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	SAFE_MKDIR("fchdir01_dir", 0755);
	fsm_create_file("fchdir01_dir/file", 0644, "x");
	SAFE_MKDIR("fchdir01_locked", 0755);
	fsm_create_file("fchdir01_file", 0644, "x");
	dir_fd = SAFE_OPEN("fchdir01_dir", O_RDONLY | O_DIRECTORY);
	path_fd = SAFE_OPEN("fchdir01_dir", O_PATH | O_DIRECTORY);
	file_fd = SAFE_OPEN("fchdir01_file", O_RDONLY);
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	chmod("fchdir01_locked", 0755);
}

static int cwd_is(const char *sub)
{
	char buf[PATH_MAX], exp[PATH_MAX + 32];

	snprintf(exp, sizeof(exp), "%s%s", home, sub);
	return getcwd(buf, sizeof(buf)) && !strcmp(buf, exp);
}

static void check_moves(void)
{
	struct stat st;

	TST_EXP_PASS(fchdir(dir_fd), "fchdir(O_RDONLY directory fd)");
	TST_EXP_EXPR(cwd_is("/fchdir01_dir") && !stat("file", &st),
		     "cwd is the directory, \"file\" is found in it");
	FSM_SAFE(chdir(home));
	TST_EXP_PASS(fchdir(path_fd), "fchdir(O_PATH directory fd)");
	TST_EXP_EXPR(cwd_is("/fchdir01_dir"), "cwd is the directory");
	FSM_SAFE(chdir(home));
}

/*
 * The child, as nobody, opens the directory and enters it while it is
 * mode 0755; then root takes the execute bits away and the child tries
 * again with the same fd. Two pipes order the steps.
 */
static void check_locked(void)
{
	int opened[2], changed[2], fd;
	pid_t pid;
	char c;

	SAFE_PIPE(opened);
	SAFE_PIPE(changed);
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		fd = SAFE_OPEN("fchdir01_locked", O_RDONLY | O_DIRECTORY);
		SAFE_CLOSE(opened[0]);
		SAFE_CLOSE(changed[1]);
		TST_EXP_PASS(fchdir(fd), "fchdir() as nobody, mode 0755");
		/* Not chdir(home): nobody may not search its ancestors. */
		FSM_SAFE(chdir(".."));
		SAFE_WRITE(1, opened[1], "o", 1);
		SAFE_READ(1, changed[0], &c, 1);
		TST_EXP_FAIL(fchdir(fd), EACCES, "fchdir() as nobody of a "
			     "directory made mode 0644 after open()");
		TST_EXP_EXPR(cwd_is(""), "cwd unchanged");
		exit(0);
	}
	/* Only the child holds these ends: its death means EOF, no hang. */
	SAFE_CLOSE(opened[1]);
	SAFE_CLOSE(changed[0]);
	SAFE_READ(1, opened[0], &c, 1);
	SAFE_CHMOD("fchdir01_locked", 0644);
	SAFE_WRITE(1, changed[1], "c", 1);
	reap_child(pid);
	SAFE_CHMOD("fchdir01_locked", 0755);
	SAFE_CLOSE(opened[0]);
	SAFE_CLOSE(changed[1]);
}

static void check_errors(void)
{
	TST_EXP_FAIL(fchdir(-1), EBADF, "fchdir(-1)");
	TST_EXP_FAIL(fchdir(file_fd), ENOTDIR, "fchdir(regular file fd)");
	TST_EXP_EXPR(cwd_is(""), "cwd unchanged");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_moves();
		break;
	case 1:
		check_locked();
		break;
	case 2:
		check_errors();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

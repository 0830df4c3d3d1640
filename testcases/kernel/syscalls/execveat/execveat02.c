// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execveat() errors, each with its exact errno: EINVAL for a flag other
 * than AT_EMPTY_PATH and AT_SYMLINK_NOFOLLOW, ELOOP for a final symlink
 * with AT_SYMLINK_NOFOLLOW, ENOENT for an empty path without AT_EMPTY_PATH
 * and for a missing name under dirfd, EBADF for a closed dirfd with a
 * relative path, ENOTDIR for a dirfd that is a file, EACCES for an O_PATH
 * fd of a file without execute permission, and ENOENT for a script named
 * by a close-on-exec fd (its interpreter could not open /dev/fd/N).
 */
#include "exec_child_run.h"

static int dir_fd = -1, file_fd = -1, noexec_fd = -1, script_fd = -1;

static const struct tcase {
	int *fd;	/* NULL: AT_FDCWD */
	const char *path;
	int flags;
	int err;
	const char *what;
} tcases[] = {
	{&dir_fd, "prog", AT_SYMLINK_FOLLOW, EINVAL, "AT_SYMLINK_FOLLOW"},
	{&dir_fd, "link", AT_SYMLINK_NOFOLLOW, ELOOP,
	 "a symlink with AT_SYMLINK_NOFOLLOW"},
	{&file_fd, "", 0, ENOENT, "\"\" without AT_EMPTY_PATH"},
	{&dir_fd, "missing", 0, ENOENT, "a missing name under dirfd"},
	{&dir_fd, "missing", AT_EMPTY_PATH, ENOENT,
	 "a missing name under dirfd with AT_EMPTY_PATH"},
	{NULL, "closed", 0, EBADF, "a closed dirfd and a relative path"},
	{&file_fd, "prog", 0, ENOTDIR, "a regular file as dirfd"},
	{&noexec_fd, "", AT_EMPTY_PATH, EACCES, "an O_PATH fd of a 0644 file"},
	{&script_fd, "", AT_EMPTY_PATH, ENOENT,
	 "a script by a close-on-exec fd"},
};

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	char *argv[] = {"x", NULL};
	int fd = tc->fd ? *tc->fd : 1000;
	pid_t pid = SAFE_FORK();
	int status;

	if (!pid) {
		TST_EXP_FAIL(tst_syscall(__NR_execveat, fd, tc->path, argv,
					 (char *[]){NULL}, tc->flags),
			     tc->err, "execveat() of %s", tc->what);
		_exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "execveat() of %s did not fail: a program ran "
			"and ended with status 0x%x", tc->what, status);
}

static void setup(void)
{
	static const char garbage[] = "not a program\n";
	const char *path = exec_child_path();
	int fd;

	SAFE_MKDIR("dir", 0755);
	if (symlink(path, "dir/link"))
		tst_brk(TBROK | TERRNO, "symlink(%s, dir/link)", path);
	fd = SAFE_OPEN("dir/noexec", O_WRONLY | O_CREAT, 0644);
	SAFE_WRITE(1, fd, garbage, sizeof(garbage));
	SAFE_CLOSE(fd);
	SAFE_CHMOD("dir/noexec", 0644);
	/*
	 * The interpreter exists (relative to the cwd, so the "#!" line is
	 * short): only the script's name is unusable.
	 */
	fd = SAFE_OPEN("dir/script", O_WRONLY | O_CREAT, 0755);
	dprintf(fd, "#!dir/link\n");
	SAFE_CLOSE(fd);
	SAFE_CHMOD("dir/script", 0755);

	dir_fd = SAFE_OPEN("dir", O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN(path, O_RDONLY);
	noexec_fd = SAFE_OPEN("dir/noexec", O_PATH);
	script_fd = SAFE_OPEN("dir/script", O_RDONLY | O_CLOEXEC);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

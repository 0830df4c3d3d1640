// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clone3() with CLONE_INTO_CGROUP starts the child in the cgroup v2
 * directory given by fd (cgroup2 is mounted on the tmpdir when the
 * system has no mount):
 * - the child's /proc/<pid>/cgroup names that cgroup and its
 *   cgroup.procs lists the child from its first instruction; the parent
 *   stays where it was; an O_PATH fd of the directory works too;
 * - EBADF: an fd that is not open, an fd of a cgroup file (not the
 *   directory); EINVAL: an fd above INT_MAX;
 * - ENOENT: a cgroup removed after its fd was opened (its css is offline;
 *   the ENODEV check behind that only sees a removal racing the call);
 * - EBUSY: a cgroup (not the root) with a domain controller (memory) in
 *   its subtree_control: the no-internal-process rule;
 * - EACCES: as nobody, a cgroup whose cgroup.procs nobody cannot write;
 * no failed call creates a child.
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "clone3_raw.h"
#include "task_wait.h"
#include "as_nobody.h"
#include "cgroup2.h"

static int leaf_fd = -1, leaf_path_fd = -1, procs_fd = -1, gone_fd = -1;
static int closed_fd;
static int have_memory;
static char leaf_rel[PATH_MAX];	/* the leaf's path in the hierarchy */

static long clone_into(int fd)
{
	struct clone3_args args = {
		.flags = CLONE3_INTO_CGROUP,
		.exit_signal = SIGCHLD,
		.cgroup = (uint64_t)fd,
	};

	return clone3(&args, sizeof(args));
}

/* A child made into fd's cgroup waits on a pipe; check where it is. */
static void check_lands(int fd, const char *what)
{
	char path[64], line[PATH_MAX + 8], want[PATH_MAX + 8], self[PATH_MAX];
	char procs[PATH_MAX + 64];
	int pipefd[2];
	long pid;
	char c;

	cg_v2_line("/proc/self/cgroup", self, sizeof(self));
	SAFE_PIPE(pipefd);
	pid = clone_into(fd);
	if (pid < 0) {
		tst_res(TFAIL | TERRNO, "clone3(CLONE_INTO_CGROUP, %s)", what);
		return;
	}
	if (!pid) {
		SAFE_CLOSE(pipefd[1]);
		SAFE_READ(0, pipefd[0], &c, 1);
		exit(0);
	}
	SAFE_CLOSE(pipefd[0]);
	snprintf(path, sizeof(path), "/proc/%ld/cgroup", pid);
	cg_v2_line(path, line, sizeof(line));
	snprintf(want, sizeof(want), "0::%s", leaf_rel);
	if (!strcmp(line, want))
		tst_res(TPASS, "%s: the child is in %s", what, leaf_rel);
	else
		tst_res(TFAIL, "%s: the child's cgroup is %s, expected %s",
			what, line, want);
	cg_path(procs, sizeof(procs), "leaf", "cgroup.procs");
	snprintf(path, sizeof(path), "%ld", pid);
	TST_EXP_EXPR(cg_has_word(procs, path),
		     "%s: leaf's cgroup.procs lists the child", what);
	cg_v2_line("/proc/self/cgroup", line, sizeof(line));
	TST_EXP_EXPR(!strcmp(line, self), "%s: the parent stays in %s", what,
		     self);
	SAFE_CLOSE(pipefd[1]);
	reap_child(pid);
}

#define expect_fail(fd, err, ...) do { \
	long pid_ = clone_into(fd); \
	if (!pid_) \
		exit(0); \
	if (pid_ > 0) \
		reap_child(pid_); \
	if (pid_ == -1 && errno == (err)) \
		tst_res(TPASS, __VA_ARGS__); \
	else \
		tst_res(TFAIL | TERRNO, "clone3 returned %ld, expected %s",\
			pid_, tst_strerrno(err)); \
} while (0)

static void as_nobody(void)
{
	expect_fail(leaf_fd, EACCES, "as nobody, a root-owned cgroup: EACCES");
}

static void run(void)
{
	check_lands(leaf_fd, "directory fd");
	check_lands(leaf_path_fd, "O_PATH directory fd");

	expect_fail(closed_fd, EBADF, "an fd that is not open: EBADF");
	expect_fail(procs_fd, EBADF, "a cgroup.procs fd: EBADF");
	{
		struct clone3_args args = {
			.flags = CLONE3_INTO_CGROUP,
			.exit_signal = SIGCHLD,
			.cgroup = (uint64_t)INT_MAX + 1,
		};
		long pid = clone3(&args, sizeof(args));

		if (!pid)
			exit(0);
		if (pid > 0)
			reap_child(pid);
		if (pid == -1 && errno == EINVAL)
			tst_res(TPASS, "cgroup fd INT_MAX + 1: EINVAL");
		else
			tst_res(TFAIL | TERRNO, "cgroup fd INT_MAX + 1: %ld",
				pid);
	}
	expect_fail(gone_fd, ENOENT, "a removed cgroup: ENOENT");
	if (have_memory) {
		int base_fd = SAFE_OPEN(cg_base, O_RDONLY | O_DIRECTORY);

		expect_fail(base_fd, EBUSY, "a cgroup with +memory in its "
			    "subtree_control: EBUSY");
		SAFE_CLOSE(base_fd);
	} else {
		tst_res(TCONF, "no memory controller in cgroup v2: the EBUSY "
			"case is skipped");
	}
	run_in_nobody_child(as_nobody, "the EACCES case");
	TST_EXP_FAIL(waitpid(-1, NULL, WNOHANG), ECHILD,
		     "no child left behind by the failed calls");
}

static void setup(void)
{
	static const char *const memory[] = { "memory", NULL };
	char path[PATH_MAX + 64];

	cg_find_root();
	snprintf(path, sizeof(path), "%s/cgroup.controllers", cg_root);
	have_memory = cg_has_word(path, "memory");
	cg_setup(have_memory ? memory : NULL, have_memory);
	cg_mkdir("leaf");
	cg_mkdir("gone");
	snprintf(leaf_rel, sizeof(leaf_rel), "%s/leaf",
		 cg_base + strlen(cg_root));
	cg_path(path, sizeof(path), "leaf", NULL);
	leaf_fd = SAFE_OPEN(path, O_RDONLY | O_DIRECTORY);
	leaf_path_fd = SAFE_OPEN(path, O_PATH | O_DIRECTORY);
	cg_path(path, sizeof(path), "leaf", "cgroup.procs");
	procs_fd = SAFE_OPEN(path, O_RDONLY);
	cg_path(path, sizeof(path), "gone", NULL);
	gone_fd = SAFE_OPEN(path, O_RDONLY | O_DIRECTORY);
	SAFE_RMDIR(path);
	closed_fd = gone_fd + 100;
	if (fcntl(closed_fd, F_GETFD) != -1)
		tst_brk(TBROK, "fd %d is unexpectedly open", closed_fd);
}

static void cleanup(void)
{
	if (leaf_fd >= 0)
		SAFE_CLOSE(leaf_fd);
	if (leaf_path_fd >= 0)
		SAFE_CLOSE(leaf_path_fd);
	if (procs_fd >= 0)
		SAFE_CLOSE(procs_fd);
	if (gone_fd >= 0)
		SAFE_CLOSE(gone_fd);
	cg_cleanup();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.min_kver = "5.7",
};

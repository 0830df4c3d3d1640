// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * truncate(2) errors, each with its exact errno and the size unchanged:
 * - EINVAL for a negative length and for a FIFO (not a regular file),
 * - EISDIR for a directory,
 * - ENOENT, ENOTDIR, ENAMETOOLONG, ELOOP, EFAULT,
 * - EACCES for nobody without write permission, and below a directory
 *   that denies search,
 * - EFBIG for a length above RLIMIT_FSIZE, with SIGXFSZ sent to the
 *   caller (caught here) and, with SIGXFSZ ignored, still EFBIG,
 * - ETXTBSY for a file being executed (a copy of this program, running
 *   in a child; TCONF when the tmpdir is mounted noexec). A 6.11 change
 *   stopped denying writes to running executables; 3b832035387f reverted
 *   it, so a kernel with the change and without the revert fails here.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "truncate02_file"
#define PRIV_DIR "truncate02_private"
#define EXE_COPY "truncate02_exe"
#define ENV_FDS "TRUNCATE02_CHILD_FDS"
#define FSIZE_LIMIT 4096

/*
 * The executed copy of this program stops here, before main(): it tells
 * the parent it runs, then waits until the parent closes the pipe.
 */
static void __attribute__((constructor)) exe_copy_child(void)
{
	const char *fds = getenv(ENV_FDS);
	int ready_fd, hold_fd;
	char c;

	if (!fds || sscanf(fds, "%d,%d", &ready_fd, &hold_fd) != 2)
		return;
	if (write(ready_fd, "r", 1) != 1)
		_exit(1);
	while (read(hold_fd, &c, 1) > 0)
		;
	_exit(0);
}

static void *bad_addr;
static volatile sig_atomic_t xfsz_count;

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0644, "0123456789");
	SAFE_MKDIR("truncate02_dir", 0755);
	FSM_SAFE(mkfifo("truncate02_fifo", 0666));
	fsm_make_loop("truncate02_loop_a", "truncate02_loop_b");
	SAFE_MKDIR(PRIV_DIR, 0700);
	fsm_create_file(PRIV_DIR "/file", 0666, "x");
	bad_addr = fsm_bad_addr();
}

static void expect_size(const char *path, off_t size)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(st.st_size == size, "%s size %ld, expected %ld", path,
		     (long)st.st_size, (long)size);
}

static void check_path_errors(void)
{
	TST_EXP_FAIL(truncate(FILE_NAME, -1), EINVAL, "truncate(file, -1)");
	TST_EXP_FAIL(truncate("truncate02_fifo", 0), EINVAL,
		     "truncate() of a FIFO");
	TST_EXP_FAIL(truncate("truncate02_dir", 0), EISDIR,
		     "truncate() of a directory");
	TST_EXP_FAIL(truncate("truncate02_missing", 0), ENOENT);
	TST_EXP_FAIL(truncate(FILE_NAME "/x", 0), ENOTDIR);
	TST_EXP_FAIL(truncate(fsm_long_path(), 0), ENAMETOOLONG,
		     "truncate() of a path of PATH_MAX bytes");
	TST_EXP_FAIL(truncate("truncate02_loop_a", 0), ELOOP,
		     "truncate() of a symlink loop");
	TST_EXP_FAIL(truncate(bad_addr, 0), EFAULT,
		     "truncate() of an unmapped path");
	expect_size(FILE_NAME, 10);
}

static void nobody_cases(void)
{
	TST_EXP_FAIL(truncate(FILE_NAME, 0), EACCES,
		     "truncate() of root's mode 0644 file as nobody");
	TST_EXP_FAIL(truncate(PRIV_DIR "/file", 0), EACCES,
		     "truncate() as nobody below a mode 0700 root directory");
	expect_size(FILE_NAME, 10);
}

static void on_xfsz(int sig)
{
	(void)sig;
	xfsz_count++;
}

static void check_efbig(void)
{
	struct rlimit rl = { FSIZE_LIMIT, FSIZE_LIMIT };
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	FSM_SAFE(setrlimit(RLIMIT_FSIZE, &rl));
	if (signal(SIGXFSZ, on_xfsz) == SIG_ERR)
		tst_brk(TBROK | TERRNO, "signal(SIGXFSZ)");
	TST_EXP_FAIL(truncate(FILE_NAME, FSIZE_LIMIT + 1), EFBIG,
		     "truncate() past RLIMIT_FSIZE %d", FSIZE_LIMIT);
	TST_EXP_EQ_LI(xfsz_count, 1);
	TST_EXP_PASS(truncate(FILE_NAME, FSIZE_LIMIT),
		     "truncate() to exactly RLIMIT_FSIZE");
	signal(SIGXFSZ, SIG_IGN);
	TST_EXP_FAIL(truncate(FILE_NAME, FSIZE_LIMIT + 1), EFBIG,
		     "truncate() past RLIMIT_FSIZE, SIGXFSZ ignored");
	expect_size(FILE_NAME, FSIZE_LIMIT);
	SAFE_TRUNCATE(FILE_NAME, 10);
	exit(0);
}

static void copy_self(void)
{
	char buf[65536];
	ssize_t len;
	int in = open("/proc/self/exe", O_RDONLY);
	int out;

	if (in < 0)
		tst_brk(TCONF | TERRNO, "cannot read /proc/self/exe");
	out = SAFE_OPEN(EXE_COPY, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	while ((len = SAFE_READ(0, in, buf, sizeof(buf))) > 0)
		SAFE_WRITE(1, out, buf, len);
	SAFE_CLOSE(out);
	SAFE_CLOSE(in);
}

static void check_etxtbsy(void)
{
	int ready[2], hold[2];
	char env[64], c;
	struct stat before;
	pid_t pid;

	if (fsm_cwd_noexec()) {
		tst_res(TCONF, "tmpdir mounted noexec: ETXTBSY untested");
		return;
	}
	copy_self();
	SAFE_STAT(EXE_COPY, &before);
	SAFE_PIPE(ready);
	SAFE_PIPE(hold);
	pid = SAFE_FORK();
	if (!pid) {
		char *const argv[] = { EXE_COPY, NULL };

		SAFE_CLOSE(ready[0]);
		SAFE_CLOSE(hold[1]);
		snprintf(env, sizeof(env), "%d,%d", ready[1], hold[0]);
		setenv(ENV_FDS, env, 1);
		execv("./" EXE_COPY, argv);
		tst_brk(TBROK | TERRNO, "execv(%s)", EXE_COPY);
	}
	SAFE_CLOSE(ready[1]);
	SAFE_CLOSE(hold[0]);
	if (SAFE_READ(0, ready[0], &c, 1) != 1)
		tst_brk(TBROK, "the executed copy did not start");
	TST_EXP_FAIL(truncate(EXE_COPY, 0), ETXTBSY,
		     "truncate() of a file being executed");
	expect_size(EXE_COPY, before.st_size);
	SAFE_CLOSE(hold[1]);
	SAFE_CLOSE(ready[0]);
	reap_child(pid);
	SAFE_UNLINK(EXE_COPY);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_path_errors();
		break;
	case 1:
		fsm_as_nobody(nobody_cases);
		break;
	case 2:
		check_efbig();
		break;
	case 3:
		check_etxtbsy();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "3b832035387f"},
		{}
	},
};

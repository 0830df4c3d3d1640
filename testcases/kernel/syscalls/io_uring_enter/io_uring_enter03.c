// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_uring work punted to an io-wq worker (IOSQE_ASYNC) runs with the
 * submitter's root directory and credentials at submission time, not
 * with those of the worker thread (CVE-2020-29373, fixed by 9392a27d88b9
 * "io-wq: add support for inheriting ->fs" and ff002b30181d "io_uring:
 * grab ->fs as part of async preparation"; credentials: 5.6's per-request
 * creds). Each iteration, in a child that sets up its own ring as root:
 * - an async IORING_OP_OPENAT of the absolute path of a file in the tmpdir
 *   opens it (this also starts the worker, as root, outside any chroot);
 * - after chroot() into a directory of the tmpdir, the same path gives
 *   -ENOENT: the worker must not resolve it outside the jail; a file of
 *   the jail opens and reads back its own content;
 * - after setresuid()/setresgid() to nobody (65534), an async open of a
 *   jail file mode 0600 owned by root gives -EACCES, while the jail's
 *   0644 file still opens: the request runs with the new credentials.
 * Syscalls: io_uring_enter, io_uring_setup, chroot
 */
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "io_uring_raw.h"

#define JAIL		"jail"
#define INSIDE_DATA	"inside the jail"
#define NOBODY		65534

static char outside[4096];

/* one async openat; returns the CQE's res */
static int async_open(struct uring *r, const char *path, uint64_t tag)
{
	struct io_uring_sqe *sqe;
	struct io_uring_cqe cqe;

	sqe = uring_get_sqe(r, 0, IORING_OP_OPENAT, AT_FDCWD, tag);
	sqe->flags = IOSQE_ASYNC;
	sqe->addr = (uintptr_t)path;
	sqe->rw_flags = O_RDONLY;
	uring_queue(r, 1);
	uring_submit_wait(r, 1);
	if (!uring_pop_cqe(r, &cqe))
		tst_brk(TBROK, "no CQE for the openat of %s", path);
	if (cqe.user_data != tag)
		tst_brk(TBROK, "CQE user_data 0x%llx, expected 0x%llx",
			(unsigned long long)cqe.user_data,
			(unsigned long long)tag);
	return cqe.res;
}

static void expect_open(struct uring *r, const char *path, uint64_t tag,
			const char *data, const char *what)
{
	char buf[64];
	int fd = async_open(r, path, tag);
	ssize_t n;

	if (fd < 0) {
		tst_res(TFAIL, "%s: async openat(%s) gave %s", what, path,
			tst_strerrno(-fd));
		return;
	}
	n = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	buf[n] = 0;
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!strcmp(buf, data), "%s: async openat(%s) opened it, "
		     "it reads \"%s\"", what, path, buf);
}

static void expect_err(struct uring *r, const char *path, uint64_t tag,
		       int err, const char *what)
{
	int res = async_open(r, path, tag);

	if (res >= 0)
		SAFE_CLOSE(res);
	TST_EXP_EXPR(res == -err, "%s: async openat(%s) gives %s (%s)", what,
		     path, tst_strerrno(err),
		     res >= 0 ? "opened" : tst_strerrno(-res));
}

static void child(void)
{
	struct uring r = { .fd = -1 };

	uring_init(&r, 4, 0);
	expect_open(&r, outside, 1, "outside", "before chroot");

	if (chroot(JAIL) || chdir("/"))
		tst_brk(TBROK | TERRNO, "chroot(%s)", JAIL);
	expect_err(&r, outside, 2, ENOENT, "in the chroot");
	expect_open(&r, "/inside", 3, INSIDE_DATA, "in the chroot");

	if (setgroups(0, NULL) || setresgid(NOBODY, NOBODY, NOBODY) ||
	    setresuid(NOBODY, NOBODY, NOBODY))
		tst_brk(TBROK | TERRNO, "dropping to uid/gid %d", NOBODY);
	expect_err(&r, "/rootonly", 4, EACCES, "as nobody");
	expect_open(&r, "/inside", 5, INSIDE_DATA, "as nobody");
	uring_exit(&r);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		child();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	int fd;

	io_uring_require();
	if (snprintf(outside, sizeof(outside), "%s/outside",
		     tst_tmpdir_path) >= (int)sizeof(outside))
		tst_brk(TBROK, "tmpdir path too long");
	fd = SAFE_OPEN("outside", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, "outside", 7);
	SAFE_CLOSE(fd);
	SAFE_MKDIR(JAIL, 0755);
	fd = SAFE_OPEN(JAIL "/inside", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, INSIDE_DATA, strlen(INSIDE_DATA));
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(JAIL "/rootonly", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, "root", 4);
	SAFE_CLOSE(fd);
	/* the harness may have made them with a umask: set them exactly */
	SAFE_CHMOD(JAIL "/inside", 0644);
	SAFE_CHMOD(JAIL "/rootonly", 0600);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2020-29373"},
		/* io-wq: add support for inheriting ->fs */
		{"linux-git", "9392a27d88b9"},
		/* io_uring: grab ->fs as part of async preparation */
		{"linux-git", "ff002b30181d"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * process_madvise() errors (mm/madvise.c SYSCALL_DEFINE5(process_madvise)):
 *
 * - EINVAL: flags other than 0; more than IOV_MAX ranges; on another
 *   process (a child), advice it does not take there (only MADV_COLD,
 *   MADV_PAGEOUT, MADV_WILLNEED, MADV_COLLAPSE are allowed in 6.1 and
 *   6.12: MADV_DONTNEED, MADV_FREE, MADV_NORMAL, MADV_REMOVE and an
 *   unknown advice are not; later kernels take any advice for the
 *   caller's own memory, so that is not what is tested).
 * - EFAULT: an iovec that cannot be read.
 * - EBADF: -1, and a descriptor that is not a pidfd.
 * - ESRCH: the pidfd of a child that exited and was waited for.
 * - As nobody: EACCES for root's process (mm_access(), ptrace read
 *   check); for its own pidfd EPERM without CAP_SYS_NICE up to 6.7, and
 *   the advice applied from 6.8 on, which dropped the capability check
 *   for the caller's own memory.
 */
#include <limits.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include "pidfd_raw.h"
#include "as_nobody.h"
#include "lapi/mman.h"
#include "lapi/uio.h"

static size_t pg;
static char *p, *unmapped;
static pid_t parent;

static long pmadv(int pidfd, const struct iovec *iov, size_t n, int advice,
		  unsigned int flags)
{
	return tst_syscall(__NR_process_madvise, pidfd, iov, n, advice,
			   flags);
}

static void as_nobody(void)
{
	struct iovec iov = { .iov_base = p, .iov_len = pg };
	int root_fd = safe_pidfd_open(parent), own = safe_pidfd_open(getpid());

	TST_EXP_FAIL(pmadv(root_fd, &iov, 1, MADV_COLD, 0), EACCES,
		     "process_madvise(root's process) as nobody");
	if (tst_kvercmp(6, 8, 0) < 0)
		TST_EXP_FAIL(pmadv(own, &iov, 1, MADV_COLD, 0), EPERM,
			     "process_madvise(own pidfd) as nobody, < 6.8");
	else
		TST_EXP_VAL(pmadv(own, &iov, 1, MADV_COLD, 0), pg,
			    "process_madvise(own pidfd) as nobody, >= 6.8");
	SAFE_CLOSE(root_fd);
	SAFE_CLOSE(own);
}

static void run(void)
{
	struct iovec iov = { .iov_base = p, .iov_len = pg };
	struct iovec *many = SAFE_MALLOC((IOV_MAX + 1) * sizeof(*many));
	int pidfd = safe_pidfd_open(getpid()), dead, fd, i;
	static const struct { int advice; const char *name; } bad[] = {
		{MADV_DONTNEED, "MADV_DONTNEED"},
		{MADV_FREE, "MADV_FREE"},
		{MADV_NORMAL, "MADV_NORMAL"},
		{MADV_REMOVE, "MADV_REMOVE"},
		{1000, "1000"},
	};
	pid_t pid;

	for (i = 0; i <= IOV_MAX; i++)
		many[i] = iov;

	TST_EXP_FAIL(pmadv(pidfd, &iov, 1, MADV_COLD, 1), EINVAL,
		     "process_madvise(flags 1)");

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	fd = safe_pidfd_open(pid);
	for (i = 0; i < (int)(sizeof(bad) / sizeof(bad[0])); i++)
		TST_EXP_FAIL(pmadv(fd, &iov, 1, bad[i].advice, 0), EINVAL,
			     "process_madvise(a child, %s)", bad[i].name);
	TST_EXP_VAL(pmadv(fd, &iov, 1, MADV_COLD, 0), pg,
		    "process_madvise(a child, MADV_COLD)");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(pmadv(pidfd, many, IOV_MAX + 1, MADV_COLD, 0), EINVAL,
		     "process_madvise(IOV_MAX + 1 ranges)");
	TST_EXP_FAIL(pmadv(pidfd, (struct iovec *)unmapped, 1, MADV_COLD, 0),
		     EFAULT, "process_madvise(iovec at an unmapped address)");

	TST_EXP_FAIL(pmadv(-1, &iov, 1, MADV_COLD, 0), EBADF,
		     "process_madvise(pidfd -1)");
	fd = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(pmadv(fd, &iov, 1, MADV_COLD, 0), EBADF,
		     "process_madvise(/dev/null)");
	SAFE_CLOSE(fd);

	pid = SAFE_FORK();
	if (!pid)
		exit(0);
	dead = safe_pidfd_open(pid);
	reap_child(pid);
	TST_EXP_FAIL(pmadv(dead, &iov, 1, MADV_COLD, 0), ESRCH,
		     "process_madvise(pidfd of a reaped child)");
	SAFE_CLOSE(dead);
	SAFE_CLOSE(pidfd);
	free(many);

	run_in_nobody_child(as_nobody, "the permission checks");
}

static void setup(void)
{
	pg = getpagesize();
	parent = getpid();
	p = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	p[0] = 1;
	unmapped = SAFE_MMAP(NULL, pg, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, pg);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
	.needs_root = 1,
	.needs_checkpoints = 1,
};

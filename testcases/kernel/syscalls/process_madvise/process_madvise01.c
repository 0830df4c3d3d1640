// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * process_madvise() applies advice to the ranges of an iovec in the
 * process of a pidfd and returns the number of bytes advised
 * (mm/madvise.c):
 *
 * - On its own pidfd, as root: MADV_COLD, MADV_PAGEOUT and MADV_WILLNEED
 *   over two ranges return the sum of their lengths, and the memory keeps
 *   its data (anonymous memory and a file mapping).
 * - The same on the pidfd of a child, for the child's memory; the child
 *   still reads its data.
 * - When a later range fails (nothing mapped there) the bytes of the
 *   ranges before it are returned; when the first one fails, -1 ENOMEM.
 * - An empty iovec returns 0.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include "pidfd_raw.h"
#include "lapi/mman.h"

#define NPAGES 4
#define FILE_NAME "process_madvise01_file"

static size_t pg;
static char *anon, *filemap, *unmapped;
static int fd = -1;

static long pmadv(int pidfd, const struct iovec *iov, size_t n, int advice,
		  unsigned int flags)
{
	return tst_syscall(__NR_process_madvise, pidfd, iov, n, advice,
			   flags);
}

static const struct advice {
	int advice;
	const char *name;
} advices[] = {
	{MADV_COLD, "MADV_COLD"},
	{MADV_PAGEOUT, "MADV_PAGEOUT"},
	{MADV_WILLNEED, "MADV_WILLNEED"},
};

static void advise_all(int pidfd, const char *whose)
{
	struct iovec iov[2] = {
		{ .iov_base = anon, .iov_len = NPAGES * pg },
		{ .iov_base = filemap + pg, .iov_len = 2 * pg },
	};
	size_t i;

	for (i = 0; i < sizeof(advices) / sizeof(advices[0]); i++) {
		TST_EXP_VAL(pmadv(pidfd, iov, 2, advices[i].advice, 0),
			    (NPAGES + 2) * pg, "process_madvise(%s, %s, "
			    "2 ranges)", whose, advices[i].name);
	}
}

static int data_intact(void)
{
	int i, ok = 1;

	for (i = 0; i < NPAGES; i++)
		ok &= anon[i * pg] == 'a' + i && filemap[i * pg] == 'f' + i;
	return ok;
}

static void run(void)
{
	int pidfd = safe_pidfd_open(getpid()), cpidfd, status;
	struct iovec iov[3] = {
		{ .iov_base = anon, .iov_len = pg },
		{ .iov_base = unmapped, .iov_len = pg },
		{ .iov_base = anon + pg, .iov_len = pg },
	};
	pid_t pid;

	advise_all(pidfd, "self");
	TST_EXP_EXPR(data_intact(), "the memory keeps its data");

	TST_EXP_VAL(pmadv(pidfd, iov, 3, MADV_COLD, 0), pg,
		    "process_madvise(MADV_COLD, second range unmapped)");
	TST_EXP_FAIL(pmadv(pidfd, iov + 1, 2, MADV_COLD, 0), ENOMEM,
		     "process_madvise(MADV_COLD, first range unmapped)");
	TST_EXP_VAL(pmadv(pidfd, iov, 0, MADV_COLD, 0), 0,
		    "process_madvise(no range)");

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(data_intact() ? 0 : 3);
	}
	cpidfd = safe_pidfd_open(pid);
	advise_all(cpidfd, "a child");
	TST_CHECKPOINT_WAKE(0);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "the child reads its data afterwards (status 0x%x)",
		     status);
	SAFE_CLOSE(cpidfd);
	SAFE_CLOSE(pidfd);
}

static void setup(void)
{
	int i;

	pg = getpagesize();
	anon = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT, 0600);
	SAFE_FTRUNCATE(fd, NPAGES * pg);
	filemap = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			    MAP_SHARED, fd, 0);
	for (i = 0; i < NPAGES; i++) {
		memset(anon + i * pg, 'a' + i, pg);
		memset(filemap + i * pg, 'f' + i, pg);
	}
	unmapped = SAFE_MMAP(NULL, pg, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, pg);
}

static void cleanup(void)
{
	if (filemap)
		SAFE_MUNMAP(filemap, NPAGES * pg);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

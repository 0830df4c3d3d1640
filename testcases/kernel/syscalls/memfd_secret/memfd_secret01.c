// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * memfd_secret() (mm/secretmem.c): memory only the owning process's
 * mappings can reach.
 *
 * - ENOSYS when secretmem is off (6.1 needs secretmem.enable=1 on the
 *   command line; 6.12 has it on): TCONF.
 * - EINVAL for a flag other than O_CLOEXEC; O_CLOEXEC sets FD_CLOEXEC.
 * - The descriptor is a regular file of size 0; ftruncate() sets the size
 *   once, a second ftruncate() fails with EINVAL.
 * - mmap(MAP_PRIVATE) fails with EINVAL; a MAP_SHARED mapping reads and
 *   writes, and a second mapping of the descriptor sees the same data.
 * - read() and write() on the descriptor fail with EINVAL (no read or
 *   write method).
 * - process_vm_readv() of the mapping fails with EFAULT: the kernel does
 *   not pin secret pages (GUP refuses secretmem VMAs).
 * - An access past the size raises SIGBUS.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include "vm_helpers.h"

#define NPAGES 4

static size_t pg;

static long memfd_secret_raw(unsigned int flags)
{
	return syscall(__NR_memfd_secret, flags);
}

static void setup(void)
{
	int fd;

	pg = vm_page_size();
	fd = memfd_secret_raw(0);
	if (fd < 0 && errno == ENOSYS)
		tst_brk(TCONF, "memfd_secret() returns ENOSYS: secretmem is "
			"off (boot 6.1 with secretmem.enable=1) or not built");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_secret(0)");
	close(fd);
}

static void test_fd(void)
{
	struct stat st;
	int fd;

	TST_EXP_FAIL(memfd_secret_raw(1), EINVAL, "memfd_secret(flags 1)");
	TST_EXP_FAIL(memfd_secret_raw(O_NONBLOCK), EINVAL,
		     "memfd_secret(O_NONBLOCK)");
	TST_EXP_FD(memfd_secret_raw(O_CLOEXEC), "memfd_secret(O_CLOEXEC)");
	if (TST_RET < 0)
		return;
	fd = TST_RET;
	TST_EXP_EXPR(fcntl(fd, F_GETFD) & FD_CLOEXEC, "FD_CLOEXEC is set");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(S_ISREG(st.st_mode) && st.st_size == 0,
		     "a regular file of size 0 (mode 0%o, size %ld)",
		     st.st_mode, (long)st.st_size);
	TST_EXP_PASS(ftruncate(fd, NPAGES * pg), "ftruncate(%zu)",
		     NPAGES * pg);
	TST_EXP_FAIL(ftruncate(fd, 2 * NPAGES * pg), EINVAL,
		     "a second ftruncate()");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, NPAGES * pg);
	SAFE_CLOSE(fd);
}

static void test_mapping(void)
{
	int fd = memfd_secret_raw(0);
	char *p, *q, c = 0, buf[16];
	struct iovec local = { .iov_base = buf, .iov_len = sizeof(buf) };
	struct iovec remote;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_secret(0)");
	SAFE_FTRUNCATE(fd, NPAGES * pg);

	TST_EXP_EXPR(mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
			  0) == MAP_FAILED && errno == EINVAL,
		     "mmap(MAP_PRIVATE) fails with EINVAL");
	p = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE, MAP_SHARED,
		      fd, 0);
	q = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ, MAP_SHARED, fd, 0);
	fill_pattern(p, NPAGES * pg, 7);
	TST_EXP_EXPR(check_pattern(p, NPAGES * pg, 7) < 0 &&
		     check_pattern(q, NPAGES * pg, 7) < 0,
		     "data written through one mapping reads back in both");

	TST_EXP_FAIL(read(fd, &c, 1), EINVAL, "read() of the descriptor");
	TST_EXP_FAIL(write(fd, &c, 1), EINVAL, "write() to the descriptor");

	remote.iov_base = p;
	remote.iov_len = sizeof(buf);
	TST_EXP_FAIL(process_vm_readv(getpid(), &local, 1, &remote, 1, 0),
		     EFAULT, "process_vm_readv() of the secret mapping");

	SAFE_MUNMAP(q, NPAGES * pg);
	SAFE_MUNMAP(p, NPAGES * pg);
	p = SAFE_MMAP(NULL, 2 * NPAGES * pg, PROT_READ | PROT_WRITE,
		      MAP_SHARED, fd, 0);
	expect_access(p + NPAGES * pg, VM_READ_ACCESS, SIGBUS, BUS_ADRERR,
		      "past the size");
	SAFE_MUNMAP(p, 2 * NPAGES * pg);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	test_fd();
	test_mapping();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
};

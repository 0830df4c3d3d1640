// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * memfd_create() (3.17) makes an anonymous, memory-backed regular file:
 *
 * - it starts empty; /proc/self/fd shows it as "/memfd:<name> (deleted)",
 *   also for the empty name; two memfds of the same name are different
 *   files;
 * - write()/read(), ftruncate() (the new part reads as zeros) and a
 *   MAP_SHARED mapping all see the same data, and reopening it through
 *   /proc/self/fd gives the same file;
 * - FD_CLOEXEC is set exactly when MFD_CLOEXEC is given;
 * - without MFD_ALLOW_SEALING it carries F_SEAL_SEAL (F_ADD_SEALS fails
 *   with EPERM); with it, it starts with no seal.
 */
#include <limits.h>
#include "vm_helpers.h"

static size_t pg;

static void setup(void)
{
	pg = vm_page_size();
}

static int new_memfd(const char *name, unsigned int flags)
{
	int fd = memfd_create(name, flags);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create(\"%s\", %#x)", name,
			flags);
	return fd;
}

static void fd_link(int fd, char *buf, size_t size)
{
	char path[64];
	ssize_t len;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	len = readlink(path, buf, size - 1);
	if (len < 0)
		tst_brk(TBROK | TERRNO, "readlink(%s)", path);
	buf[len] = 0;
}

static void test_file(void)
{
	char link[PATH_MAX], path[64], buf[8];
	struct stat st, st2;
	int fd, fd2, reopened;
	unsigned char *p;

	TST_EXP_FD(memfd_create("memfd_create01", 0),
		   "memfd_create(\"memfd_create01\", 0)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	SAFE_FSTAT(fd, &st);
	fd_link(fd, link, sizeof(link));
	TST_EXP_EXPR(S_ISREG(st.st_mode) && st.st_size == 0 &&
		     !strcmp(link, "/memfd:memfd_create01 (deleted)"),
		     "an empty regular file shown as '%s'", link);

	SAFE_WRITE(1, fd, "memfd", 5);
	SAFE_FTRUNCATE(fd, 2 * pg);
	p = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	TST_EXP_EXPR(!memcmp(p, "memfd", 5) && first_nonzero(p + 5,
		     2 * pg - 5) < 0, "the mapping shows the written bytes "
		     "and zeros after them up to the new size");
	memcpy(p + pg, "mapped", 6);
	SAFE_PREAD(1, fd, buf, 6, pg);
	TST_EXP_EXPR(!memcmp(buf, "mapped", 6),
		     "read() returns what was stored through the mapping");

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	reopened = SAFE_OPEN(path, O_RDWR);
	SAFE_FSTAT(reopened, &st2);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_ino == st2.st_ino && st2.st_size == (off_t)(2 * pg),
		     "reopening through /proc/self/fd gives the same file");
	SAFE_CLOSE(reopened);
	SAFE_MUNMAP(p, 2 * pg);

	fd2 = new_memfd("memfd_create01", 0);
	SAFE_FSTAT(fd2, &st2);
	TST_EXP_EXPR(st.st_ino != st2.st_ino && st2.st_size == 0,
		     "a second memfd of the same name is another file");
	SAFE_CLOSE(fd2);
	SAFE_CLOSE(fd);

	fd = new_memfd("", 0);
	fd_link(fd, link, sizeof(link));
	TST_EXP_EXPR(!strcmp(link, "/memfd: (deleted)"),
		     "the empty name is allowed ('%s')", link);
	SAFE_CLOSE(fd);
}

static void test_cloexec(void)
{
	int fd = new_memfd("cloexec", MFD_CLOEXEC);

	TST_EXP_EXPR(fcntl(fd, F_GETFD) == FD_CLOEXEC,
		     "MFD_CLOEXEC sets FD_CLOEXEC");
	SAFE_CLOSE(fd);
	fd = new_memfd("no_cloexec", 0);
	TST_EXP_EXPR(fcntl(fd, F_GETFD) == 0,
		     "without MFD_CLOEXEC FD_CLOEXEC is clear");
	SAFE_CLOSE(fd);
}

static void test_sealing_flag(void)
{
	int fd = new_memfd("no_sealing", 0);

	TST_EXP_VAL(fcntl(fd, F_GET_SEALS), F_SEAL_SEAL,
		    "F_GET_SEALS without MFD_ALLOW_SEALING");
	TST_EXP_FAIL(fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE), EPERM,
		     "F_ADD_SEALS without MFD_ALLOW_SEALING");
	SAFE_CLOSE(fd);

	fd = new_memfd("sealing", MFD_ALLOW_SEALING);
	TST_EXP_VAL(fcntl(fd, F_GET_SEALS), 0,
		    "F_GET_SEALS with MFD_ALLOW_SEALING");
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_file();
		break;
	case 1:
		test_cloexec();
		break;
	case 2:
		test_sealing_flag();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
};

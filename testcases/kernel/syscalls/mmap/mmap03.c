// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() error returns, each with its exact errno:
 *
 *   EINVAL  length 0; offset not page aligned; none of MAP_SHARED,
 *           MAP_PRIVATE, MAP_SHARED_VALIDATE (file and anonymous);
 *           MAP_FIXED at an address that is not page aligned;
 *           MAP_GROWSDOWN on a file or on shared anonymous memory;
 *           MAP_HUGETLB on a regular file
 *   EOPNOTSUPP  MAP_SHARED_VALIDATE with MAP_SYNC on a file without DAX
 *   EACCES  MAP_SHARED + PROT_WRITE on an O_RDONLY fd; any mapping of an
 *           O_WRONLY fd (MAP_PRIVATE, or MAP_SHARED + PROT_READ)
 *   EBADF   fd -1 without MAP_ANONYMOUS; a closed fd; an O_PATH fd
 *   ENODEV  a directory; a pipe
 *   EOVERFLOW  an offset that puts the end of the mapping past the largest
 *           file offset (the sane mmap limits of be83bbf80682)
 *   ENOMEM  a length that rounds up to 0; a length beyond the address
 *           space; MAP_FIXED at the top of the address space
 *
 * and, as controls, that the permitted combinations next to them work:
 * PROT_READ MAP_SHARED and PROT_WRITE MAP_PRIVATE of an O_RDONLY fd.
 */
#include "vm_helpers.h"
#include "lapi/mman.h"

#define FILE_NAME "mmap03_file"
#define DIR_NAME "mmap03_dir"

enum fd_kind { FD_NONE, FD_RDWR, FD_RDONLY, FD_WRONLY, FD_CLOSED, FD_PATH,
	       FD_DIR, FD_PIPE, FD_KINDS };

static int fds[FD_KINDS];
static size_t pg;

enum { ADDR_NULL, ADDR_UNALIGNED, ADDR_TOP };
enum { LEN_PAGE, LEN_ZERO, LEN_WRAPS, LEN_HUGE };
enum { OFF_ZERO, OFF_UNALIGNED, OFF_NEGATIVE, OFF_MAX };

static const struct tcase {
	const char *desc;
	int addr, len, prot, flags, fd, off, err;
} tcases[] = {
	{"length 0", ADDR_NULL, LEN_ZERO, PROT_READ,
	 MAP_PRIVATE | MAP_ANONYMOUS, FD_NONE, OFF_ZERO, EINVAL},
	{"offset not page aligned", ADDR_NULL, LEN_PAGE, PROT_READ,
	 MAP_SHARED, FD_RDWR, OFF_UNALIGNED, EINVAL},
	{"file, neither MAP_SHARED nor MAP_PRIVATE", ADDR_NULL, LEN_PAGE,
	 PROT_READ, 0, FD_RDWR, OFF_ZERO, EINVAL},
	{"anonymous, neither MAP_SHARED nor MAP_PRIVATE", ADDR_NULL,
	 LEN_PAGE, PROT_READ, MAP_ANONYMOUS, FD_NONE, OFF_ZERO, EINVAL},
	{"MAP_FIXED at an unaligned address", ADDR_UNALIGNED, LEN_PAGE,
	 PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, FD_NONE,
	 OFF_ZERO, EINVAL},
	{"MAP_GROWSDOWN on a file", ADDR_NULL, LEN_PAGE, PROT_READ,
	 MAP_PRIVATE | MAP_GROWSDOWN, FD_RDWR, OFF_ZERO, EINVAL},
	{"MAP_GROWSDOWN on shared anonymous memory", ADDR_NULL, LEN_PAGE,
	 PROT_READ, MAP_SHARED | MAP_ANONYMOUS | MAP_GROWSDOWN, FD_NONE,
	 OFF_ZERO, EINVAL},
	{"MAP_HUGETLB on a regular file", ADDR_NULL, LEN_PAGE, PROT_READ,
	 MAP_SHARED | MAP_HUGETLB, FD_RDWR, OFF_ZERO, EINVAL},
	{"MAP_SHARED_VALIDATE|MAP_SYNC without DAX", ADDR_NULL, LEN_PAGE,
	 PROT_READ | PROT_WRITE, MAP_SHARED_VALIDATE | MAP_SYNC, FD_RDWR,
	 OFF_ZERO, EOPNOTSUPP},
	{"MAP_SHARED PROT_WRITE of an O_RDONLY fd", ADDR_NULL, LEN_PAGE,
	 PROT_READ | PROT_WRITE, MAP_SHARED, FD_RDONLY, OFF_ZERO, EACCES},
	{"MAP_PRIVATE of an O_WRONLY fd", ADDR_NULL, LEN_PAGE, PROT_READ,
	 MAP_PRIVATE, FD_WRONLY, OFF_ZERO, EACCES},
	{"MAP_SHARED PROT_READ of an O_WRONLY fd", ADDR_NULL, LEN_PAGE,
	 PROT_READ, MAP_SHARED, FD_WRONLY, OFF_ZERO, EACCES},
	{"fd -1 without MAP_ANONYMOUS", ADDR_NULL, LEN_PAGE, PROT_READ,
	 MAP_PRIVATE, FD_NONE, OFF_ZERO, EBADF},
	{"closed fd", ADDR_NULL, LEN_PAGE, PROT_READ, MAP_PRIVATE, FD_CLOSED,
	 OFF_ZERO, EBADF},
	{"O_PATH fd", ADDR_NULL, LEN_PAGE, PROT_READ, MAP_PRIVATE, FD_PATH,
	 OFF_ZERO, EBADF},
	{"directory fd", ADDR_NULL, LEN_PAGE, PROT_READ, MAP_PRIVATE, FD_DIR,
	 OFF_ZERO, ENODEV},
	{"pipe fd", ADDR_NULL, LEN_PAGE, PROT_READ, MAP_SHARED, FD_PIPE,
	 OFF_ZERO, ENODEV},
	{"offset -1 page (end past the largest file offset)", ADDR_NULL,
	 LEN_PAGE, PROT_READ, MAP_SHARED, FD_RDWR, OFF_NEGATIVE, EOVERFLOW},
	{"largest page-aligned offset", ADDR_NULL, LEN_PAGE, PROT_READ,
	 MAP_SHARED, FD_RDWR, OFF_MAX, EOVERFLOW},
	{"length that rounds up to 0", ADDR_NULL, LEN_WRAPS, PROT_READ,
	 MAP_PRIVATE | MAP_ANONYMOUS, FD_NONE, OFF_ZERO, ENOMEM},
	{"length beyond the address space", ADDR_NULL, LEN_HUGE, PROT_READ,
	 MAP_PRIVATE | MAP_ANONYMOUS, FD_NONE, OFF_ZERO, ENOMEM},
	{"MAP_FIXED at the top of the address space", ADDR_TOP, LEN_PAGE,
	 PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, FD_NONE,
	 OFF_ZERO, ENOMEM},
};

static void setup(void)
{
	int pipefd[2];

	pg = vm_page_size();
	fds[FD_NONE] = -1;
	fds[FD_RDWR] = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT, 0600);
	SAFE_FTRUNCATE(fds[FD_RDWR], 2 * pg);
	fds[FD_RDONLY] = SAFE_OPEN(FILE_NAME, O_RDONLY);
	fds[FD_WRONLY] = SAFE_OPEN(FILE_NAME, O_WRONLY);
	fds[FD_CLOSED] = SAFE_OPEN(FILE_NAME, O_RDONLY);
	SAFE_CLOSE(fds[FD_CLOSED]);
	fds[FD_CLOSED] = 1000;
	fds[FD_PATH] = SAFE_OPEN(FILE_NAME, O_PATH);
	SAFE_MKDIR(DIR_NAME, 0700);
	fds[FD_DIR] = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	SAFE_PIPE(pipefd);
	fds[FD_PIPE] = pipefd[0];
	SAFE_CLOSE(pipefd[1]);
	if (fcntl(fds[FD_CLOSED], F_GETFD) != -1 || errno != EBADF)
		tst_brk(TBROK, "fd %d is open: pick another closed fd",
			fds[FD_CLOSED]);
}

static void cleanup(void)
{
	int i;

	for (i = FD_RDWR; i < FD_KINDS; i++) {
		if (i != FD_CLOSED && fds[i] > 0)
			SAFE_CLOSE(fds[i]);
	}
}

static void test_controls(void)
{
	void *p;

	p = mmap(NULL, pg, PROT_READ, MAP_SHARED, fds[FD_RDONLY], 0);
	TST_EXP_EXPR(p != MAP_FAILED, "MAP_SHARED PROT_READ of an O_RDONLY "
		     "fd works (%s)", p == MAP_FAILED ?
		     tst_strerrno(errno) : "mapped");
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, pg);

	p = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE,
		 fds[FD_RDONLY], 0);
	TST_EXP_EXPR(p != MAP_FAILED, "MAP_PRIVATE PROT_WRITE of an O_RDONLY "
		     "fd works (%s)", p == MAP_FAILED ?
		     tst_strerrno(errno) : "mapped");
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, pg);
}

static void run(unsigned int n)
{
	const struct tcase *tc;
	unsigned long addr = 0;
	size_t len = pg;
	off_t off = 0;

	if (n == ARRAY_SIZE(tcases)) {
		test_controls();
		return;
	}
	tc = &tcases[n];

	if (tc->addr == ADDR_UNALIGNED)
		addr = (unsigned long)free_range(2 * pg) + 1;
	else if (tc->addr == ADDR_TOP)
		addr = -16UL * pg;

	if (tc->len == LEN_ZERO)
		len = 0;
	else if (tc->len == LEN_WRAPS)
		len = -pg + 1;
	else if (tc->len == LEN_HUGE)
		len = -64UL * pg;

	if (tc->off == OFF_UNALIGNED)
		off = 1;
	else if (tc->off == OFF_NEGATIVE)
		off = -(off_t)pg;
	else if (tc->off == OFF_MAX)
		off = INT64_MAX & ~(off_t)(pg - 1);

	TST_EXP_FAIL((long)mmap((void *)addr, len, tc->prot, tc->flags,
				fds[tc->fd], off), tc->err, "mmap(): %s",
		     tc->desc);
	if (TST_RET != -1)
		munmap((void *)TST_RET, pg);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases) + 1,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "be83bbf80682"},
		{}
	},
};

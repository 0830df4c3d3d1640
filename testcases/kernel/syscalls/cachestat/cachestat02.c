// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cachestat() (Linux 6.5) errors, and what it says of descriptors that
 * are no regular file:
 *
 * - EBADF for -1, for a descriptor that is not open and for an O_PATH
 *   descriptor (also open_tree()'s, which is O_PATH).
 * - EFAULT for a NULL or unmapped range, and for a NULL or read-only
 *   result buffer. EINVAL for flags 1 and ~0. EOPNOTSUPP for a hugetlbfs
 *   file (memfd_create(MFD_HUGETLB)). Order: a bad descriptor wins over a
 *   bad range, a bad range over bad flags, hugetlbfs over bad flags.
 * - EPERM (CVE-2025-21691, 5f537664e705): a user who could not open the
 *   file for writing, here nobody with a root file of mode 0644 opened
 *   read-only; the owner of a read-only file and anyone with a file of
 *   mode 0666, opened read-only, may ask.
 * - Every other kind of descriptor (directory, /dev/zero,
 *   /proc/self/maps, both ends of a pipe, unix and inet sockets, epoll,
 *   eventfd, signalfd, timerfd, pidfd, inotify, fanotify, userfaultfd,
 *   an empty memfd, memfd_secret, io_uring, fsopen, fspick) answers 0
 *   with all five counts 0 (the buffer was filled with 0xff before).
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/fanotify.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <netinet/in.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "fd_checks.h"
#include "vm_helpers.h"
#include "lapi/mman.h"

#ifndef MFD_HUGETLB
# define MFD_HUGETLB 0x0004U
#endif

static struct kcachestat_range *range;
static struct kcachestat *cs;
static void *none_page, *ro_page;
static int fd = -1;

static long cstat(int f, void *r, void *out, unsigned int flags)
{
	return syscall(__NR_cachestat, f, r, out, flags);
}

static void test_errors(void)
{
	int path_fd = SAFE_OPEN("file", O_PATH), huge, free_fd;

	free_fd = lowest_free_fd();

	TST_EXP_FAIL(cstat(-1, range, cs, 0), EBADF, "cachestat(fd -1)");
	TST_EXP_FAIL(cstat(free_fd, range, cs, 0), EBADF,
		     "cachestat(fd not open)");
	TST_EXP_FAIL(cstat(path_fd, range, cs, 0), EBADF,
		     "cachestat(O_PATH fd)");
	TST_EXP_FAIL(cstat(fd, NULL, cs, 0), EFAULT, "cachestat(range NULL)");
	TST_EXP_FAIL(cstat(fd, none_page, cs, 0), EFAULT,
		     "cachestat(range in a PROT_NONE page)");
	TST_EXP_FAIL(cstat(fd, range, NULL, 0), EFAULT,
		     "cachestat(result NULL)");
	TST_EXP_FAIL(cstat(fd, range, ro_page, 0), EFAULT,
		     "cachestat(result read-only)");
	TST_EXP_FAIL(cstat(fd, range, cs, 1), EINVAL, "cachestat(flags 1)");
	TST_EXP_FAIL(cstat(fd, range, cs, ~0U), EINVAL, "cachestat(flags ~0)");
	TST_EXP_FAIL(cstat(-1, NULL, NULL, 1), EBADF,
		     "cachestat(fd -1, range NULL, flags 1)");
	TST_EXP_FAIL(cstat(fd, NULL, cs, 1), EFAULT,
		     "cachestat(range NULL, flags 1)");

	huge = memfd_create("cachestat02", MFD_HUGETLB);
	if (huge < 0) {
		tst_res(TCONF | TERRNO, "memfd_create(MFD_HUGETLB): no "
			"hugetlbfs, EOPNOTSUPP not checked");
	} else {
		TST_EXP_FAIL(cstat(huge, range, cs, 0), EOPNOTSUPP,
			     "cachestat(hugetlbfs file)");
		TST_EXP_FAIL(cstat(huge, range, cs, 1), EOPNOTSUPP,
			     "cachestat(hugetlbfs file, flags 1)");
		SAFE_CLOSE(huge);
	}
	SAFE_CLOSE(path_fd);
}

static void check_perm(const char *path, int exp_err, const char *what)
{
	int f = SAFE_OPEN(path, O_RDONLY);

	memset(cs, 0xff, sizeof(*cs));
	if (exp_err) {
		TST_EXP_FAIL(cstat(f, range, cs, 0), exp_err, "%s", what);
	} else {
		TST_EXP_PASS(cstat(f, range, cs, 0), "%s", what);
		if (TST_PASS)
			TST_EXP_EXPR(cs->nr_cache == 1,
				     "%s: the page is counted (%llu)", what,
				     (unsigned long long)cs->nr_cache);
	}
	SAFE_CLOSE(f);
}

static void as_nobody(void)
{
	int f = SAFE_OPEN("own", O_RDWR | O_CREAT | O_EXCL, 0444);

	SAFE_WRITE(1, f, "x", 1);
	SAFE_CLOSE(f);
	check_perm("file", EPERM, "nobody, root's 0644 file read-only");
	check_perm("open", 0, "nobody, root's 0666 file read-only");
	check_perm("own", 0, "nobody, own 0444 file read-only");
}

/* cachestat() of a descriptor that is no regular file: all zero. */
static void check_zero(int f, const char *what)
{
	if (f < 0) {
		tst_res(TCONF | TERRNO, "%s: cannot make one", what);
		return;
	}
	memset(cs, 0xff, sizeof(*cs));
	TEST(cstat(f, range, cs, 0));
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "cachestat(%s)", what);
	} else {
		TST_EXP_EXPR(!cs->nr_cache && !cs->nr_dirty &&
			     !cs->nr_writeback && !cs->nr_evicted &&
			     !cs->nr_recently_evicted,
			     "cachestat(%s): 0, counts %llu %llu %llu %llu "
			     "%llu", what, (unsigned long long)cs->nr_cache,
			     (unsigned long long)cs->nr_dirty,
			     (unsigned long long)cs->nr_writeback,
			     (unsigned long long)cs->nr_evicted,
			     (unsigned long long)cs->nr_recently_evicted);
	}
	close(f);
}

static void test_fd_kinds(void)
{
	struct epoll_event ev = { .events = EPOLLIN };
	/* struct io_uring_params, all zero: 120 bytes */
	uint32_t uring[30] = { 0 };
	int p[2], s[2], e, f;
	sigset_t mask;

	check_zero(open(".", O_RDONLY | O_DIRECTORY), "directory");
	check_zero(open("/dev/zero", O_RDONLY), "/dev/zero");
	check_zero(open("/proc/self/maps", O_RDONLY), "/proc/self/maps");
	SAFE_PIPE(p);
	SAFE_WRITE(1, p[1], "data", 4);
	check_zero(p[0], "pipe read end");
	check_zero(p[1], "pipe write end");
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, s);
	check_zero(s[0], "unix socket");
	close(s[1]);
	check_zero(socket(AF_INET, SOCK_STREAM, 0), "inet socket");
	e = epoll_create1(0);
	f = eventfd(0, 0);
	if (e >= 0 && f >= 0)
		epoll_ctl(e, EPOLL_CTL_ADD, f, &ev);
	check_zero(e, "epoll");
	check_zero(f, "eventfd");
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	check_zero(signalfd(-1, &mask, 0), "signalfd");
	check_zero(timerfd_create(CLOCK_MONOTONIC, 0), "timerfd");
	check_zero(syscall(__NR_pidfd_open, getpid(), 0), "pidfd");
	check_zero(inotify_init1(0), "inotify");
	check_zero(fanotify_init(FAN_CLASS_NOTIF, O_RDONLY), "fanotify");
	check_zero(syscall(__NR_userfaultfd, 0), "userfaultfd");
	check_zero(memfd_create("empty", 0), "empty memfd");
	check_zero(syscall(__NR_memfd_secret, 0), "memfd_secret");
	check_zero(syscall(__NR_io_uring_setup, 1, uring), "io_uring");
	check_zero(syscall(__NR_fsopen, "tmpfs", 0), "fsopen");
	check_zero(syscall(__NR_fspick, AT_FDCWD, "/", 0), "fspick");

	f = syscall(__NR_open_tree, AT_FDCWD, "/", 0);
	if (f < 0) {
		tst_res(TCONF | TERRNO, "open_tree()");
	} else {
		TST_EXP_FAIL(cstat(f, range, cs, 0), EBADF,
			     "cachestat(open_tree() fd, O_PATH)");
		close(f);
	}
}

static void run(void)
{
	test_errors();
	run_in_nobody_child(as_nobody, "the EPERM checks");
	SAFE_UNLINK("own");
	test_fd_kinds();
}

static void setup(void)
{
	size_t pg = vm_page_size();
	int f;

	range = SAFE_MALLOC(sizeof(*range));
	cs = SAFE_MALLOC(sizeof(*cs));
	*range = (struct kcachestat_range) { 0, 0 };
	fd = SAFE_OPEN("file", O_RDWR | O_CREAT, 0644);
	SAFE_WRITE(1, fd, "x", 1);
	if (cstat(fd, range, cs, 0) && errno == ENOSYS)
		tst_brk(TCONF, "cachestat() not in this kernel (ENOSYS): "
			"Linux 6.5, CONFIG_CACHESTAT_SYSCALL");
	f = SAFE_OPEN("open", O_RDWR | O_CREAT, 0666);
	SAFE_WRITE(1, f, "x", 1);
	SAFE_CHMOD("open", 0666);
	SAFE_CLOSE(f);
	none_page = SAFE_MMAP(NULL, pg, PROT_NONE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ro_page = SAFE_MMAP(NULL, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			    -1, 0);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_tmpdir = 1,
	.needs_root = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "5f537664e705"},
		{"CVE", "2025-21691"},
		{}
	},
};

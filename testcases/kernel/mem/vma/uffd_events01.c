// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * userfaultfd non-cooperative events (UFFD_FEATURE_EVENT_REMOVE, _REMAP,
 * _UNMAP, _FORK; fs/userfaultfd.c userfaultfd_event_wait_completion()):
 * the call that changes a registered range (run in a second thread) blocks
 * until the manager has read the event, and while the event is pending
 * UFFDIO_COPY anywhere in the context fails with EAGAIN (mmap_changing),
 * so that the manager cannot fill a range that is being changed under it:
 *
 * - madvise(MADV_DONTNEED) of a filled page: UFFD_EVENT_REMOVE with the
 *   range; madvise returns 0 once it is read, the page is gone (mincore)
 *   and the next read of it is a missing fault again.
 * - mremap(MREMAP_FIXED) of 4 registered pages: UFFD_EVENT_REMAP with
 *   from, to and len, then UFFD_EVENT_UNMAP of the old range (move_vma()
 *   unmaps it with do_munmap(), whose VMA still has the context); mremap
 *   returns the new address once both are read, the filled page
 *   moved with its data, the new range is still registered (a missing
 *   page there faults to the manager at its new address) and the old
 *   range is unmapped (mincore ENOMEM).
 * - munmap() of them: UFFD_EVENT_UNMAP with the range unmapped.
 * - fork(): UFFD_EVENT_FORK hands the manager a new descriptor for the
 *   child; the child reads the filled page with the parent's data, and
 *   its missing-page fault comes on the new descriptor (not the parent's),
 *   where UFFDIO_COPY fills the child's page only: the child reads the
 *   data, the parent's page stays missing (mincore) and the parent's
 *   descriptor has no message.
 */
#include <poll.h>
#include <stdlib.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "lapi/userfaultfd.h"

#define FEATURES (UFFD_FEATURE_EVENT_FORK | UFFD_FEATURE_EVENT_REMAP | \
		  UFFD_FEATURE_EVENT_UNMAP | UFFD_FEATURE_EVENT_REMOVE)

static size_t pg;
static int uffd = -1;
static char *area, *target, *src;

struct job {
	pthread_t thr;
	long (*fn)(struct job *);
	char *addr;
	long ret;
	int err;
};

static void *job_main(void *arg)
{
	struct job *j = arg;

	errno = 0;
	j->ret = j->fn(j);
	j->err = errno;
	return NULL;
}

static void bg(struct job *j, long (*fn)(struct job *), char *addr)
{
	j->fn = fn;
	j->addr = addr;
	if (pthread_create(&j->thr, NULL, job_main, j))
		tst_brk(TBROK, "pthread_create()");
}

static long do_read(struct job *j)
{
	return *(volatile char *)j->addr;
}

static long do_dontneed(struct job *j)
{
	return madvise(j->addr, pg, MADV_DONTNEED);
}

static long do_mremap(struct job *j)
{
	return (long)mremap(j->addr, 4 * pg, 4 * pg,
			    MREMAP_MAYMOVE | MREMAP_FIXED, target);
}

static long do_munmap(struct job *j)
{
	return munmap(j->addr, 4 * pg);
}

static long do_fork(struct job *j)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	/* the child: the filled page came along, the next one faults */
	TST_EXP_EXPR(j->addr[0] == 'p', "child: the page filled before "
		     "fork() reads '%c'", j->addr[0]);
	TST_EXP_EXPR(*(volatile char *)(j->addr + pg) == 'q',
		     "child: its missing page was filled through the fork "
		     "event's descriptor ('%c')", j->addr[pg]);
	exit(0);
}

/* Wait (bounded) until fd has a message. */
static int wait_msg(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int ms = 20000 * tst_timeout_mul();

	return poll(&pfd, 1, ms) == 1;
}

static int read_msg(int fd, struct uffd_msg *msg, const char *what)
{
	if (!wait_msg(fd)) {
		tst_res(TFAIL, "%s: no message on the userfaultfd", what);
		return 0;
	}
	if (read(fd, msg, sizeof(*msg)) != sizeof(*msg))
		tst_brk(TBROK | TERRNO, "read(userfaultfd)");
	return 1;
}

static void copy_to(int fd, char *dst, char c)
{
	struct uffdio_copy copy = {
		.dst = (unsigned long)dst, .src = (unsigned long)src,
		.len = pg,
	};

	memset(src, c, pg);
	if (ioctl(fd, UFFDIO_COPY, &copy))
		tst_brk(TBROK | TERRNO, "UFFDIO_COPY to %p", dst);
}

/* With an event pending, UFFDIO_COPY to dst fails with EAGAIN. */
static void copy_eagain(char *dst, const char *what)
{
	struct uffdio_copy copy = {
		.dst = (unsigned long)dst, .src = (unsigned long)src,
		.len = pg,
	};

	if (!wait_msg(uffd)) {
		tst_res(TFAIL, "%s: no event on the userfaultfd", what);
		return;
	}
	TST_EXP_FAIL(ioctl(uffd, UFFDIO_COPY, &copy), EAGAIN,
		     "UFFDIO_COPY with the %s event pending", what);
}

static int resident(void *addr)
{
	unsigned char vec = 0;

	if (mincore(addr, pg, &vec))
		return -errno;
	return vec & 1;
}

/* A thread reads page: one fault at it, filled with c, read back. */
static void fault_and_fill(char *page, char c, const char *what)
{
	struct uffd_msg msg;
	struct job j;

	bg(&j, do_read, page + 5);
	if (!read_msg(uffd, &msg, what))
		tst_brk(TBROK, "the reader may be blocked for good");
	TST_EXP_EXPR(msg.event == UFFD_EVENT_PAGEFAULT &&
		     msg.arg.pagefault.address == (unsigned long)page,
		     "%s: a missing fault at %p (event 0x%x address 0x%llx)",
		     what, page, msg.event,
		     (unsigned long long)msg.arg.pagefault.address);
	copy_to(uffd, page, c);
	pthread_join(j.thr, NULL);
	TST_EXP_EXPR(j.ret == c, "%s: the thread read '%c'", what,
		     (char)j.ret);
}

static void check_range(struct uffd_msg *msg, int event, void *start,
			void *end, const char *what)
{
	TST_EXP_EXPR(msg->event == event &&
		     msg->arg.remove.start == (unsigned long)start &&
		     msg->arg.remove.end == (unsigned long)end,
		     "%s event 0x%x [0x%llx, 0x%llx) (expected 0x%x [%p, %p))",
		     what, msg->event,
		     (unsigned long long)msg->arg.remove.start,
		     (unsigned long long)msg->arg.remove.end, event, start,
		     end);
}

static void remove_event(void)
{
	struct uffd_msg msg;
	struct job j;

	copy_to(uffd, area, 'a');
	bg(&j, do_dontneed, area);
	copy_eagain(area + pg, "remove");
	if (read_msg(uffd, &msg, "madvise(MADV_DONTNEED)"))
		check_range(&msg, UFFD_EVENT_REMOVE, area, area + pg,
			    "MADV_DONTNEED: UFFD_EVENT_REMOVE");
	pthread_join(j.thr, NULL);
	TST_EXP_EXPR(j.ret == 0, "madvise(MADV_DONTNEED) returned %ld (%s)",
		     j.ret, tst_strerrno(j.err));
	TST_EXP_EQ_LI(resident(area), 0);
	fault_and_fill(area, 'b', "after MADV_DONTNEED");
}

static void remap_event(void)
{
	struct uffd_msg msg;
	struct job j;

	bg(&j, do_mremap, area);
	copy_eagain(area + 5 * pg, "remap");
	if (read_msg(uffd, &msg, "mremap()")) {
		TST_EXP_EXPR(msg.event == UFFD_EVENT_REMAP &&
			     msg.arg.remap.from == (unsigned long)area &&
			     msg.arg.remap.to == (unsigned long)target &&
			     msg.arg.remap.len == 4 * pg,
			     "mremap: UFFD_EVENT_REMAP (event 0x%x from 0x%llx "
			     "to 0x%llx len %llu)", msg.event,
			     (unsigned long long)msg.arg.remap.from,
			     (unsigned long long)msg.arg.remap.to,
			     (unsigned long long)msg.arg.remap.len);
	}
	/* the old range is then unmapped with the ordinary munmap path */
	if (read_msg(uffd, &msg, "mremap()'s unmap of the old range"))
		check_range(&msg, UFFD_EVENT_UNMAP, area, area + 4 * pg,
			    "mremap, then UFFD_EVENT_UNMAP of the old range:");
	pthread_join(j.thr, NULL);
	if ((char *)j.ret != target)
		tst_brk(TFAIL, "mremap() returned 0x%lx (%s), not %p", j.ret,
			tst_strerrno(j.err), target);
	TST_EXP_EXPR(target[0] == 'b', "the filled page moved with its data "
		     "('%c')", target[0]);
	TST_EXP_EQ_LI(resident(area), -ENOMEM);
	fault_and_fill(target + 2 * pg, 'c', "the moved range");
}

static void unmap_event(void)
{
	struct uffd_msg msg;
	struct job j;

	bg(&j, do_munmap, target);
	copy_eagain(area + 5 * pg, "unmap");
	if (read_msg(uffd, &msg, "munmap()"))
		check_range(&msg, UFFD_EVENT_UNMAP, target, target + 4 * pg,
			    "munmap: UFFD_EVENT_UNMAP");
	pthread_join(j.thr, NULL);
	TST_EXP_EXPR(j.ret == 0, "munmap() returned %ld (%s)", j.ret,
		     tst_strerrno(j.err));
}

static void fork_event(void)
{
	char *page = area + 4 * pg;
	struct pollfd pfd = { .fd = uffd, .events = POLLIN };
	struct uffd_msg msg;
	struct job j;
	int cfd;

	copy_to(uffd, page, 'p');
	bg(&j, do_fork, page);
	copy_eagain(page + 2 * pg, "fork");
	if (!read_msg(uffd, &msg, "fork()"))
		tst_brk(TBROK, "no fork event: the forking thread is stuck");
	TST_EXP_EXPR(msg.event == UFFD_EVENT_FORK && (int)msg.arg.fork.ufd >= 0,
		     "fork: UFFD_EVENT_FORK with descriptor %d (event 0x%x)",
		     (int)msg.arg.fork.ufd, msg.event);
	pthread_join(j.thr, NULL);
	if (j.ret <= 0)
		tst_brk(TBROK, "fork(): %s", tst_strerrno(j.err));
	if (msg.event != UFFD_EVENT_FORK) {
		SAFE_KILL(j.ret, SIGKILL);
		reap_child_killed(j.ret, SIGKILL);
		return;
	}
	cfd = msg.arg.fork.ufd;
	if (!read_msg(cfd, &msg, "the child's fault")) {
		SAFE_KILL(j.ret, SIGKILL);
		reap_child_killed(j.ret, SIGKILL);
		SAFE_CLOSE(cfd);
		return;
	}
	TST_EXP_EXPR(msg.event == UFFD_EVENT_PAGEFAULT &&
		     msg.arg.pagefault.address == (unsigned long)page + pg,
		     "the child's missing fault on the new descriptor at %p "
		     "(event 0x%x address 0x%llx)", page + pg, msg.event,
		     (unsigned long long)msg.arg.pagefault.address);
	copy_to(cfd, page + pg, 'q');
	reap_child(j.ret);
	SAFE_CLOSE(cfd);
	TST_EXP_EQ_LI(resident(page + pg), 0);
	TST_EXP_EQ_LI(poll(&pfd, 1, 0), 0);
}

static void setup(void)
{
	struct uffdio_api api = { .api = UFFD_API };
	int probe;

	pg = getpagesize();
	probe = syscall(__NR_userfaultfd, O_CLOEXEC);
	if (probe < 0 && errno == ENOSYS)
		tst_brk(TCONF, "userfaultfd() not in this kernel (ENOSYS)");
	if (probe < 0)
		tst_brk(TBROK | TERRNO, "userfaultfd()");
	if (ioctl(probe, UFFDIO_API, &api))
		tst_brk(TBROK | TERRNO, "UFFDIO_API");
	SAFE_CLOSE(probe);
	if ((api.features & FEATURES) != FEATURES)
		tst_brk(TCONF, "userfaultfd features 0x%llx lack some of 0x%x",
			(unsigned long long)api.features, FEATURES);
	src = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static void run(void)
{
	struct uffdio_api api = { .api = UFFD_API, .features = FEATURES };
	struct uffdio_register reg;
	struct uffdio_range range;

	uffd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0)
		tst_brk(TBROK | TERRNO, "userfaultfd()");
	if (ioctl(uffd, UFFDIO_API, &api))
		tst_brk(TBROK | TERRNO, "UFFDIO_API, features 0x%x", FEATURES);
	area = SAFE_MMAP(NULL, 8 * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	target = SAFE_MMAP(NULL, 4 * pg, PROT_NONE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	reg = (struct uffdio_register) {
		.range = { .start = (unsigned long)area, .len = 8 * pg },
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};
	if (ioctl(uffd, UFFDIO_REGISTER, &reg))
		tst_brk(TBROK | TERRNO, "UFFDIO_REGISTER");

	remove_event();
	remap_event();
	unmap_event();
	fork_event();

	/* unregistered first: munmap() would wait for its event */
	range = (struct uffdio_range) { .start = (unsigned long)area + 4 * pg,
					.len = 4 * pg };
	if (ioctl(uffd, UFFDIO_UNREGISTER, &range))
		tst_brk(TBROK | TERRNO, "UFFDIO_UNREGISTER");
	SAFE_MUNMAP(area + 4 * pg, 4 * pg);
	SAFE_CLOSE(uffd);
}

static void cleanup(void)
{
	if (uffd >= 0)
		SAFE_CLOSE(uffd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};

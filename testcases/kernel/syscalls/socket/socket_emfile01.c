// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * EMFILE from the calls that make a new descriptor, with RLIMIT_NOFILE
 * reached, and the descriptor table left as it was:
 * - every slot below the limit taken: socket() (AF_UNIX, AF_INET),
 *   socketpair(), userfaultfd(), perf_event_open() of a software counter
 *   of the caller, open_tree(), openat2(), memfd_secret() and seccomp()
 *   SECCOMP_SET_MODE_FILTER with SECCOMP_FILTER_FLAG_NEW_LISTENER, which
 *   must not install the filter when there is no descriptor for its
 *   listener (/proc/self/status Seccomp stays 0); afterwards no slot is
 *   free (F_DUPFD is EMFILE);
 * - one slot free: socketpair() needs two, is EMFILE, and gives back the
 *   first one it took (F_DUPFD then returns that slot).
 * A call the kernel lacks (ENOSYS: memfd_secret() off, no userfaultfd or
 * perf events) is TCONF for that row.
 * Syscalls: socket, socketpair, userfaultfd, perf_event_open, open_tree,
 * openat2, memfd_secret, seccomp
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <linux/filter.h>
#include <linux/perf_event.h>
#include <linux/seccomp.h>
#include "tst_test.h"
#include "lapi/openat2.h"

#define NOFILE 64

static int fillers[NOFILE];
static int nfill;

static long do_socket_unix(void)
{
	return socket(AF_UNIX, SOCK_STREAM, 0);
}

static long do_socket_inet(void)
{
	return socket(AF_INET, SOCK_DGRAM, 0);
}

static int pair[2] = { -1, -1 };

static long do_socketpair(void)
{
	return socketpair(AF_UNIX, SOCK_STREAM, 0, pair);
}

static long do_userfaultfd(void)
{
	return tst_syscall(__NR_userfaultfd, O_CLOEXEC);
}

static long do_perf(void)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.disabled = 1;
	return syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
}

static long do_open_tree(void)
{
	return syscall(__NR_open_tree, AT_FDCWD, ".", 0);
}

static long do_openat2(void)
{
	struct open_how how = { .flags = O_RDONLY };

	return syscall(__NR_openat2, AT_FDCWD, ".", &how, sizeof(how));
}

static long do_memfd_secret(void)
{
	return syscall(__NR_memfd_secret, 0);
}

static long do_seccomp(void)
{
	struct sock_filter allow = BPF_STMT(BPF_RET | BPF_K,
					    SECCOMP_RET_ALLOW);
	struct sock_fprog prog = { .len = 1, .filter = &allow };

	return syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER,
		       SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
}

static struct tcase {
	long (*call)(void);
	int one_free;
	const char *desc;
} tcases[] = {
	{ do_socket_unix, 0, "socket(AF_UNIX, SOCK_STREAM)" },
	{ do_socket_inet, 0, "socket(AF_INET, SOCK_DGRAM)" },
	{ do_socketpair, 0, "socketpair(AF_UNIX)" },
	{ do_socketpair, 1, "socketpair(AF_UNIX) with one slot free" },
	{ do_userfaultfd, 0, "userfaultfd()" },
	{ do_perf, 0, "perf_event_open(PERF_COUNT_SW_CPU_CLOCK)" },
	{ do_open_tree, 0, "open_tree(\".\")" },
	{ do_openat2, 0, "openat2(\".\")" },
	{ do_memfd_secret, 0, "memfd_secret()" },
	{ do_seccomp, 0, "seccomp(SECCOMP_FILTER_FLAG_NEW_LISTENER)" },
};

static int seccomp_mode(void)
{
	FILE *f;
	char line[128];
	int mode = -1;

	/* only called with a slot free */
	f = fopen("/proc/self/status", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Seccomp: %d", &mode) == 1)
			break;
	fclose(f);
	return mode;
}

static void fill_table(void)
{
	int fd;

	nfill = 0;
	while ((fd = fcntl(0, F_DUPFD, 0)) >= 0) {
		if (nfill == NOFILE)
			tst_brk(TBROK, "more than %d fds below the limit",
				NOFILE);
		fillers[nfill++] = fd;
	}
	if (errno != EMFILE)
		tst_brk(TBROK | TERRNO, "filling the descriptor table");
}

static void empty_table(void)
{
	/* SAFE_CLOSE() assigns -1 to its argument: no side effect in it */
	while (nfill) {
		nfill--;
		SAFE_CLOSE(fillers[nfill]);
	}
}

static void setup(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_NOFILE)");
	rl.rlim_cur = NOFILE;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, %d)", NOFILE);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	int free_slot = -1, fd, err;

	if (tc->call == do_seccomp && seccomp_mode() != 0)
		tst_brk(TBROK, "the test process runs under seccomp already");
	fill_table();
	if (tc->one_free) {
		free_slot = fillers[--nfill];
		SAFE_CLOSE(fillers[nfill]);
	}
	TEST(tc->call());
	if (TST_RET == -1 && TST_ERR == ENOSYS) {
		empty_table();
		tst_res(TCONF, "%s: not supported (ENOSYS)", tc->desc);
		return;
	}
	if (TST_RET == -1 && TST_ERR == EMFILE)
		tst_res(TPASS | TTERRNO, "%s with RLIMIT_NOFILE reached",
			tc->desc);
	else if (TST_RET == -1)
		tst_res(TFAIL | TTERRNO, "%s, expected EMFILE", tc->desc);
	else
		tst_res(TFAIL, "%s returned %ld, expected EMFILE", tc->desc,
			TST_RET);

	fd = fcntl(0, F_DUPFD, 0);
	err = errno;
	if (tc->one_free) {
		TST_EXP_EQ_LI(fd, free_slot);
	} else {
		TST_EXP_EXPR(fd == -1 && err == EMFILE,
			     "no slot freed or taken: F_DUPFD gave %d", fd);
	}
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (TST_RET > 0 && tc->call != do_seccomp)
		SAFE_CLOSE(TST_RET);
	if (!TST_RET && tc->call == do_socketpair) {
		SAFE_CLOSE(pair[0]);
		SAFE_CLOSE(pair[1]);
	}
	empty_table();
	if (tc->call == do_seccomp) {
		TST_EXP_EQ_LI(seccomp_mode(), 0);
	}
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
};

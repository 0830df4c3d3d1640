// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * eventfd2() and eventfd I/O errors: EINVAL for flags other than
 * EFD_CLOEXEC, EFD_NONBLOCK and EFD_SEMAPHORE; EINVAL for read() and
 * write() of fewer than 8 bytes and for writing 0xffffffffffffffff (the
 * counter is left alone); EFAULT for an unmapped buffer; EMFILE at
 * RLIMIT_NOFILE. A blocked read() is interrupted by a handler (EINTR)
 * but restarted under SA_RESTART.
 */
#include <sys/eventfd.h>
#include "time_event.h"
#include "task_wait.h"
#include "fd_checks.h"

static int fd = -1;
static void *bad_addr;

static void test_flags(void)
{
	static const int bad[] = {O_APPEND, O_RDWR, O_DIRECT, 1 << 30, -1};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		TST_EXP_FAIL(syscall(SYS_eventfd2, 0, bad[i]), EINVAL,
			     "eventfd2(0, %#x)", bad[i]);
}

static void test_io(void)
{
	uint64_t val = 3, out = 0;

	TST_EXP_FAIL(write(fd, &val, sizeof(val) - 1), EINVAL,
		     "write(eventfd, 7 bytes)");
	val = UINT64_MAX;
	TST_EXP_FAIL(write(fd, &val, sizeof(val)), EINVAL,
		     "write(eventfd, 0xffffffffffffffff)");
	val = 3;
	SAFE_WRITE(1, fd, &val, sizeof(val));
	TST_EXP_FAIL(read(fd, &out, sizeof(out) - 1), EINVAL,
		     "read(eventfd, 7 bytes)");
	TST_EXP_FAIL(write(fd, bad_addr, sizeof(val)), EFAULT,
		     "write(eventfd, unmapped buffer)");
	TST_EXP_VAL(read(fd, &out, sizeof(out)), sizeof(out),
		    "read(eventfd) after the failed calls");
	TST_EXP_EQ_LU(out, 3);
	SAFE_WRITE(1, fd, &val, sizeof(val));
	TST_EXP_FAIL(read(fd, bad_addr, sizeof(out)), EFAULT,
		     "read(eventfd, unmapped buffer)");
}

static void test_emfile(void)
{
	FD_EXP_EMFILE(eventfd(0, 0), "eventfd2() with no free descriptor");
}

static void handler(int sig)
{
	(void)sig;
}

static void test_interrupted(int sa_flags)
{
	int efd = eventfd(0, 0);
	uint64_t val;
	pid_t pid;

	if (efd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, handler, sa_flags);
		if (sa_flags) {
			TST_EXP_VAL(read(efd, &val, sizeof(val)), sizeof(val),
				    "read(eventfd) restarted after an "
				    "SA_RESTART handler");
		} else {
			TST_EXP_FAIL(read(efd, &val, sizeof(val)), EINTR,
				     "read(eventfd) interrupted by a handler");
		}
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_read);
	SAFE_KILL(pid, SIGUSR1);
	if (sa_flags) {
		wait_task_in_syscall(pid, __NR_read);
		val = 1;
		SAFE_WRITE(1, efd, &val, sizeof(val));
	}
	reap_child(pid);
	SAFE_CLOSE(efd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_flags();
		break;
	case 1:
		test_io();
		break;
	case 2:
		test_emfile();
		break;
	case 3:
		test_interrupted(0);
		break;
	case 4:
		test_interrupted(SA_RESTART);
		break;
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	fd = eventfd(0, EFD_NONBLOCK);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

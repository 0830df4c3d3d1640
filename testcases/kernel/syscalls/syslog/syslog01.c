// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * syslog(2), the kernel log call (glibc's klogctl()), made with
 * syscall(); only actions that change nothing are used (no READ, CLEAR or
 * console level changes). As root: SYSLOG_ACTION_SIZE_BUFFER returns the
 * log buffer size (> 0); SYSLOG_ACTION_READ_ALL copies at most len bytes
 * of log text, and a line written to /dev/kmsg just before is in it;
 * SIZE_UNREAD returns a count >= 0; OPEN and CLOSE are no-ops returning
 * 0; READ_ALL with len 0 returns 0. EINVAL for an unknown action, for
 * READ_ALL with a NULL buffer or a negative length and for a console
 * level outside 1..8; EFAULT for an unmapped buffer. As nobody, reading
 * /proc/sys/kernel/dmesg_restrict (never changing it): READ_ALL and
 * SIZE_BUFFER are EPERM when it is 1 and allowed when it is 0; every
 * other action, an unknown one included, is EPERM.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include "as_nobody.h"

#define SYSLOG_ACTION_CLOSE		0
#define SYSLOG_ACTION_OPEN		1
#define SYSLOG_ACTION_READ_ALL		3
#define SYSLOG_ACTION_CONSOLE_LEVEL	8
#define SYSLOG_ACTION_SIZE_UNREAD	9
#define SYSLOG_ACTION_SIZE_BUFFER	10

static void *bad_addr;
static long restrict_val;

static long sys_syslog(int type, char *buf, long len)
{
	return syscall(__NR_syslog, type, buf, len);
}

static void test_read(void)
{
	char marker[64], line[80], *buf;
	long size, len;
	int fd;

	TST_EXP_POSITIVE(sys_syslog(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0),
			 "syslog(SYSLOG_ACTION_SIZE_BUFFER)");
	size = TST_RET;
	TST_EXP_EXPR(size > 0, "log buffer size %ld > 0", size);
	if (size <= 0)
		return;

	snprintf(marker, sizeof(marker), "ltp-syslog01-marker-%d",
		 (int)getpid());
	fd = SAFE_OPEN("/dev/kmsg", O_WRONLY);
	/*
	 * With its newline the record is complete: a record without one
	 * stays open for a continuation and readers do not see it yet.
	 */
	snprintf(line, sizeof(line), "%s\n", marker);
	SAFE_WRITE(1, fd, line, strlen(line));
	SAFE_CLOSE(fd);

	buf = SAFE_MALLOC(size + 1);
	TST_EXP_POSITIVE(sys_syslog(SYSLOG_ACTION_READ_ALL, buf, size),
			 "syslog(SYSLOG_ACTION_READ_ALL, %ld bytes)", size);
	len = TST_RET;
	if (len >= 0 && len <= size) {
		buf[len] = 0;
		TST_EXP_EXPR(strstr(buf, marker), "the text holds the line "
			     "just written to /dev/kmsg");
	} else {
		tst_res(TFAIL, "READ_ALL returned %ld for a %ld-byte buffer",
			len, size);
	}
	TST_EXP_POSITIVE(sys_syslog(SYSLOG_ACTION_READ_ALL, buf, 16),
			 "syslog(SYSLOG_ACTION_READ_ALL, 16 bytes)");
	TST_EXP_EXPR(TST_RET <= 16, "at most 16 bytes copied (%ld)", TST_RET);
	TST_EXP_VAL(sys_syslog(SYSLOG_ACTION_READ_ALL, buf, 0), 0,
		    "syslog(SYSLOG_ACTION_READ_ALL, len 0)");
	free(buf);

	TST_EXP_POSITIVE(sys_syslog(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0),
			 "syslog(SYSLOG_ACTION_SIZE_UNREAD)");
	TST_EXP_VAL(sys_syslog(SYSLOG_ACTION_OPEN, NULL, 0), 0,
		    "syslog(SYSLOG_ACTION_OPEN)");
	TST_EXP_VAL(sys_syslog(SYSLOG_ACTION_CLOSE, NULL, 0), 0,
		    "syslog(SYSLOG_ACTION_CLOSE)");
}

static void test_errors(void)
{
	char buf[64];

	TST_EXP_FAIL(sys_syslog(11, buf, sizeof(buf)), EINVAL,
		     "syslog(action 11)");
	TST_EXP_FAIL(sys_syslog(-1, buf, sizeof(buf)), EINVAL,
		     "syslog(action -1)");
	TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_READ_ALL, NULL, 64), EINVAL,
		     "syslog(SYSLOG_ACTION_READ_ALL, NULL buffer)");
	TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_READ_ALL, buf, -1), EINVAL,
		     "syslog(SYSLOG_ACTION_READ_ALL, len -1)");
	TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 0), EINVAL,
		     "syslog(SYSLOG_ACTION_CONSOLE_LEVEL, level 0)");
	TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 9), EINVAL,
		     "syslog(SYSLOG_ACTION_CONSOLE_LEVEL, level 9)");
	TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_READ_ALL, bad_addr, 4096),
		     EFAULT, "syslog(SYSLOG_ACTION_READ_ALL, unmapped buffer)");
}

static void as_nobody(void)
{
	char buf[256];

	if (restrict_val) {
		TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_READ_ALL, buf,
					sizeof(buf)), EPERM,
			     "syslog(READ_ALL) as nobody, dmesg_restrict 1");
		TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0),
			     EPERM, "syslog(SIZE_BUFFER) as nobody, "
			     "dmesg_restrict 1");
	} else {
		TST_EXP_POSITIVE(sys_syslog(SYSLOG_ACTION_READ_ALL, buf,
					    sizeof(buf)),
				 "syslog(READ_ALL) as nobody, dmesg_restrict 0");
		TST_EXP_POSITIVE(sys_syslog(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0),
				 "syslog(SIZE_BUFFER) as nobody, "
				 "dmesg_restrict 0");
	}
	TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0), EPERM,
		     "syslog(SIZE_UNREAD) as nobody");
	TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_OPEN, NULL, 0), EPERM,
		     "syslog(OPEN) as nobody");
	TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 0), EPERM,
		     "syslog(CONSOLE_LEVEL, 0) as nobody");
	TST_EXP_FAIL(sys_syslog(11, buf, sizeof(buf)), EPERM,
		     "syslog(action 11) as nobody");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_read();
	else if (n == 1)
		test_errors();
	else
		run_in_nobody_child(as_nobody, "the EPERM checks");
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, 4096, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (!tst_file_read_long("/proc/sys/kernel/dmesg_restrict",
				&restrict_val))
		tst_brk(TCONF, "no /proc/sys/kernel/dmesg_restrict");
	tst_res(TINFO, "kernel.dmesg_restrict is %ld", restrict_val);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};

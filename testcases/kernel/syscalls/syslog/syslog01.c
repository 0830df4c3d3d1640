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
 * level outside 1..8; EFAULT for an unmapped buffer. As nobody, with
 * /proc/sys/kernel/dmesg_restrict set to 1 and to 0 in turn (saved and
 * restored by the library): READ_ALL and SIZE_BUFFER are EPERM when it
 * is 1 (nothing copied into the buffer) and allowed when it is 0, where
 * the text read holds a line root has just written to /dev/kmsg; every
 * other action, an unknown one included, is EPERM.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include "as_nobody.h"

#define RESTRICT "/proc/sys/kernel/dmesg_restrict"

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

static char marker[64];

/* A new line in the log, marker[] names it. */
static void write_marker(const char *who)
{
	char line[96];
	static int seq;
	int fd;

	snprintf(marker, sizeof(marker), "ltp-syslog01-%s-%d-%d", who,
		 (int)getpid(), ++seq);
	fd = SAFE_OPEN("/dev/kmsg", O_WRONLY);
	/*
	 * With its newline the record is complete: a record without one
	 * stays open for a continuation and readers do not see it yet.
	 */
	snprintf(line, sizeof(line), "%s\n", marker);
	SAFE_WRITE(1, fd, line, strlen(line));
	SAFE_CLOSE(fd);
}

static void test_read(void)
{
	char *buf;
	long size, len;

	TST_EXP_POSITIVE(sys_syslog(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0),
			 "syslog(SYSLOG_ACTION_SIZE_BUFFER)");
	size = TST_RET;
	TST_EXP_EXPR(size > 0, "log buffer size %ld > 0", size);
	if (size <= 0)
		return;

	write_marker("root");

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
	static char buf[65536];
	long i;

	memset(buf, 0x5a, sizeof(buf));
	if (restrict_val) {
		TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_READ_ALL, buf,
					sizeof(buf) - 1), EPERM,
			     "syslog(READ_ALL) as nobody, dmesg_restrict 1");
		for (i = 0; i < (long)sizeof(buf) && buf[i] == 0x5a; i++)
			;
		TST_EXP_EXPR(i == sizeof(buf),
			     "nothing copied into the buffer");
		TST_EXP_FAIL(sys_syslog(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0),
			     EPERM, "syslog(SIZE_BUFFER) as nobody, "
			     "dmesg_restrict 1");
	} else {
		TST_EXP_POSITIVE(sys_syslog(SYSLOG_ACTION_READ_ALL, buf,
					    sizeof(buf) - 1),
				 "syslog(READ_ALL) as nobody, dmesg_restrict 0");
		if (TST_PASS && TST_RET < (long)sizeof(buf)) {
			buf[TST_RET] = 0;
			TST_EXP_EXPR(strstr(buf, marker), "the text read as "
				     "nobody holds the line root just wrote");
		}
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
	if (n == 0) {
		test_read();
	} else if (n == 1) {
		test_errors();
	} else {
		restrict_val = n == 2;
		SAFE_FILE_PRINTF(RESTRICT, "%ld", restrict_val);
		write_marker("nobody");
		tst_res(TINFO, "kernel.dmesg_restrict = %ld", restrict_val);
		run_in_nobody_child(as_nobody, "the EPERM checks");
	}
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, 4096, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ RESTRICT, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};

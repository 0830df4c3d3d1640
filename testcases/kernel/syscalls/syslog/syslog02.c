// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The syslog(2) actions that change state, as root, read back
 * (/proc/sys/kernel/printk saved and restored by the library):
 *  - SYSLOG_ACTION_CONSOLE_LEVEL 5 makes the console log level (the first
 *    field of /proc/sys/kernel/printk) 5; a level below the minimum (the
 *    third field) is raised to the minimum;
 *  - CONSOLE_OFF sets the level to the minimum and CONSOLE_ON puts back
 *    the level from before, also after two CONSOLE_OFFs; CONSOLE_ON with
 *    nothing saved changes nothing;
 *  - READ (the reader of /proc/kmsg) returns the unread records, a line
 *    just written to /dev/kmsg among them, and then SIZE_UNREAD is 0;
 *  - CLEAR: READ_ALL no longer shows a line written before it, and shows
 *    one written after; READ_CLEAR returns a new line and clears it too.
 */
#include <stdio.h>
#include <string.h>
#include "tst_test.h"

#define PRINTK "/proc/sys/kernel/printk"

#define SYSLOG_ACTION_READ		2
#define SYSLOG_ACTION_READ_ALL		3
#define SYSLOG_ACTION_READ_CLEAR	4
#define SYSLOG_ACTION_CLEAR		5
#define SYSLOG_ACTION_CONSOLE_OFF	6
#define SYSLOG_ACTION_CONSOLE_ON	7
#define SYSLOG_ACTION_CONSOLE_LEVEL	8
#define SYSLOG_ACTION_SIZE_UNREAD	9
#define SYSLOG_ACTION_SIZE_BUFFER	10

static char *buf;
static long bufsize;

static long sys_syslog(int type, char *b, long len)
{
	return syscall(__NR_syslog, type, b, len);
}

static void levels(int *console, int *minimum)
{
	int def;

	SAFE_FILE_SCANF(PRINTK, "%d %d %d", console, &def, minimum);
}

static void test_levels(void)
{
	int con, min;

	TST_EXP_PASS(sys_syslog(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 5),
		     "CONSOLE_LEVEL 5");
	levels(&con, &min);
	TST_EXP_EQ_LI(con, 5);

	SAFE_FILE_PRINTF(PRINTK, "5 4 3 7");
	TST_EXP_PASS(sys_syslog(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 2),
		     "CONSOLE_LEVEL 2 with the minimum at 3");
	levels(&con, &min);
	TST_EXP_EXPR(con == 3 && min == 3, "level %d raised to the minimum "
		     "%d", con, min);

	TST_EXP_PASS(sys_syslog(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 6),
		     "CONSOLE_LEVEL 6");
	TST_EXP_PASS(sys_syslog(SYSLOG_ACTION_CONSOLE_OFF, NULL, 0),
		     "CONSOLE_OFF");
	levels(&con, &min);
	TST_EXP_EXPR(con == min, "CONSOLE_OFF: level %d is the minimum %d",
		     con, min);
	TST_EXP_PASS(sys_syslog(SYSLOG_ACTION_CONSOLE_OFF, NULL, 0),
		     "CONSOLE_OFF again");
	TST_EXP_PASS(sys_syslog(SYSLOG_ACTION_CONSOLE_ON, NULL, 0),
		     "CONSOLE_ON");
	levels(&con, &min);
	TST_EXP_EXPR(con == 6, "CONSOLE_ON: level %d is the 6 from before "
		     "both CONSOLE_OFFs", con);
	TST_EXP_PASS(sys_syslog(SYSLOG_ACTION_CONSOLE_ON, NULL, 0),
		     "CONSOLE_ON with nothing saved");
	levels(&con, &min);
	TST_EXP_EQ_LI(con, 6);
}

static void kmsg_line(const char *text)
{
	int fd = SAFE_OPEN("/dev/kmsg", O_WRONLY);

	SAFE_WRITE(1, fd, text, strlen(text));
	SAFE_CLOSE(fd);
}

/* READ_ALL (or READ_CLEAR) text, NUL terminated in buf */
static long read_all(int type)
{
	long n = sys_syslog(type, buf, bufsize);

	if (n < 0 || n > bufsize)
		tst_brk(TBROK | TERRNO, "syslog(%d) returned %ld", type, n);
	buf[n] = 0;
	return n;
}

static void test_read(void)
{
	char marker[64], line[80];
	int found = 0, rounds = 0;
	long n;

	snprintf(marker, sizeof(marker), "ltp-syslog02-read-%d", getpid());
	snprintf(line, sizeof(line), "%s\n", marker);
	kmsg_line(line);
	TST_EXP_POSITIVE(sys_syslog(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0),
			 "SIZE_UNREAD with a new line");
	TST_EXP_EXPR(TST_RET > 0, "%ld unread bytes", TST_RET);
	/* READ blocks when nothing is unread: only call it while some is */
	while (sys_syslog(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0) > 0 &&
	       rounds++ < 1000) {
		n = sys_syslog(SYSLOG_ACTION_READ, buf, bufsize);
		if (n <= 0 || n > bufsize) {
			tst_res(TFAIL | TERRNO, "syslog(READ) returned %ld", n);
			return;
		}
		buf[n] = 0;
		if (strstr(buf, marker))
			found = 1;
	}
	TST_EXP_EXPR(found, "READ returned the line just written");
	TST_EXP_VAL(sys_syslog(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0), 0,
		    "SIZE_UNREAD after reading everything");
}

static void test_clear(void)
{
	char before[64], after[64], rc[64], line[80];

	snprintf(before, sizeof(before), "ltp-syslog02-before-%d", getpid());
	snprintf(after, sizeof(after), "ltp-syslog02-after-%d", getpid());
	snprintf(rc, sizeof(rc), "ltp-syslog02-readclear-%d", getpid());

	snprintf(line, sizeof(line), "%s\n", before);
	kmsg_line(line);
	read_all(SYSLOG_ACTION_READ_ALL);
	TST_EXP_EXPR(strstr(buf, before) != NULL, "READ_ALL shows a new line");
	TST_EXP_PASS(sys_syslog(SYSLOG_ACTION_CLEAR, NULL, 0), "CLEAR");
	snprintf(line, sizeof(line), "%s\n", after);
	kmsg_line(line);
	read_all(SYSLOG_ACTION_READ_ALL);
	TST_EXP_EXPR(!strstr(buf, before) && strstr(buf, after),
		     "after CLEAR READ_ALL shows only the line written since");

	snprintf(line, sizeof(line), "%s\n", rc);
	kmsg_line(line);
	read_all(SYSLOG_ACTION_READ_CLEAR);
	TST_EXP_EXPR(strstr(buf, rc) != NULL, "READ_CLEAR returns a new line");
	read_all(SYSLOG_ACTION_READ_ALL);
	TST_EXP_EXPR(!strstr(buf, rc) && !strstr(buf, after),
		     "READ_CLEAR cleared what it returned");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_levels();
	else if (n == 1)
		test_read();
	else
		test_clear();
}

static void setup(void)
{
	bufsize = sys_syslog(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0);
	if (bufsize <= 0)
		tst_brk(TBROK | TERRNO, "syslog(SIZE_BUFFER)");
	buf = SAFE_MALLOC(bufsize + 1);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ PRINTK, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};

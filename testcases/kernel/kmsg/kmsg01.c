// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /dev/kmsg, the structured kernel log (Documentation/ABI/testing/
 * dev-kmsg, kernel/printk/printk.c devkmsg_*):
 *  - one write is one record "prio,seq,usec,flags;text": "<29>" gives
 *    prio 29 (daemon.notice), "<6>" (kernel facility) is forced to the
 *    user facility (prio 14), no prefix or a prefix that is no number
 *    gives user and the default message level, and the prefix-less text
 *    is kept as written; a tab and an inner newline come out as \x09 and
 *    \x0a; records get increasing sequence numbers; a write over 1024
 *    bytes is EINVAL;
 *  - every open file has its own cursor: a read on one does not move
 *    another; a read buffer one byte short of the record is EINVAL and
 *    the record is skipped, the exact size reads it;
 *  - lseek: SEEK_END starts after the last record, SEEK_SET at the first
 *    one in the buffer, SEEK_DATA after the last SYSLOG_ACTION_CLEAR;
 *    SEEK_CUR is EINVAL, a non-zero offset ESPIPE; O_NONBLOCK at the end
 *    is EAGAIN;
 *  - a reader whose next record was overwritten (records twice the
 *    buffer size written behind it) gets EPIPE once, then the oldest
 *    record still there.
 * The flood overwrites the whole log, so the test runs alone.
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tst_test.h"

#define KMSG "/dev/kmsg"
#define REC_MAX 8192
#define SYSLOG_ACTION_CLEAR		5
#define SYSLOG_ACTION_SIZE_BUFFER	10

struct rec {
	unsigned int prio;
	unsigned long long seq;
	char flags;
	char text[REC_MAX];
	ssize_t len;		/* bytes read() returned */
};

static int def_level;
static unsigned int serial;

/*
 * A fresh file per write: without printk.devkmsg=on each open file may
 * write 10 records per 5 s, and further ones are dropped silently.
 */
static void kmsg_write(const char *line)
{
	int fd = SAFE_OPEN(KMSG, O_WRONLY);

	SAFE_WRITE(1, fd, line, strlen(line));
	SAFE_CLOSE(fd);
}

/* A marker unique to this run, with the given prefix, written as one line. */
static void kmsg_mark(const char *prefix, char *mark, size_t size)
{
	char line[256];

	snprintf(mark, size, "ltp-kmsg01-%d-%u", (int)getpid(), ++serial);
	snprintf(line, sizeof(line), "%s%s\n", prefix, mark);
	kmsg_write(line);
}

static int parse(char *buf, ssize_t len, struct rec *r)
{
	char *semi, *nl;
	int n = 0;

	buf[len] = 0;
	r->len = len;
	semi = strchr(buf, ';');
	if (!semi || sscanf(buf, "%u,%llu,%*u,%c%n", &r->prio, &r->seq,
			    &r->flags, &n) != 3 || n <= 0)
		return -1;
	nl = strchr(semi + 1, '\n');
	if (!nl)
		return -1;
	*nl = 0;
	snprintf(r->text, sizeof(r->text), "%s", semi + 1);
	return 0;
}

/* One record from fd; the record is expected, so wait for it (bounded). */
static ssize_t read_rec(int fd, struct rec *r, size_t count)
{
	struct pollfd pfd = {.fd = fd, .events = POLLIN};
	char buf[REC_MAX + 1];
	ssize_t len;

	if (poll(&pfd, 1, 10000 * tst_timeout_mul()) != 1)
		tst_brk(TBROK, "no record in /dev/kmsg after 10 s");
	len = read(fd, buf, count);
	if (len < 0)
		return -1;
	if (parse(buf, len, r))
		tst_brk(TBROK, "malformed record '%s'", buf);
	return len;
}

/* Read records until the one holding mark; the first one read goes to *first. */
static int read_until(int fd, const char *mark, struct rec *r,
		      struct rec *first)
{
	int i;

	for (i = 0; i < 8192; i++) {
		if (read_rec(fd, r, REC_MAX) < 0)
			tst_brk(TBROK | TERRNO, "read(" KMSG ")");
		if (!i && first)
			*first = *r;
		if (!strcmp(r->text, mark))
			return i;
	}
	tst_brk(TBROK, "'%s' not among 8192 records", mark);
}

static int open_end(void)
{
	int fd = SAFE_OPEN(KMSG, O_RDONLY);

	SAFE_LSEEK(fd, 0, SEEK_END);
	return fd;
}

static void check_prio(const char *prefix, const char *what,
		       unsigned int want)
{
	char mark[64];
	struct rec r;
	int fd = open_end();

	kmsg_mark(prefix, mark, sizeof(mark));
	read_until(fd, mark, &r, NULL);
	TST_EXP_EXPR(r.prio == want && r.flags == '-',
		     "%s: prio %u, flags '%c' (want %u, '-')", what, r.prio,
		     r.flags, want);
	SAFE_CLOSE(fd);
}

static void test_format(void)
{
	char line[1100], mark[64], want[128];
	struct rec r, r2;
	int fd;

	check_prio("<29>", "\"<29>\" daemon.notice", 29);
	check_prio("<6>", "\"<6>\" kernel facility", 8 | 6);
	check_prio("", "no prefix", 8 | def_level);
	check_prio("<191>", "\"<191>\" local7.debug", 191);

	fd = open_end();
	snprintf(mark, sizeof(mark), "<x>ltp-kmsg01-%d-nonum", (int)getpid());
	snprintf(line, sizeof(line), "%s\n", mark);
	kmsg_write(line);
	read_until(fd, mark, &r, NULL);
	TST_EXP_EXPR(r.prio == (8u | def_level),
		     "\"<x>\" kept in the text, prio %u (want %u)", r.prio,
		     8 | def_level);

	snprintf(line, sizeof(line), "<13>ltp-kmsg01-%d\ttab\ninner\n",
		 (int)getpid());
	kmsg_write(line);
	snprintf(want, sizeof(want), "ltp-kmsg01-%d\\x09tab\\x0ainner",
		 (int)getpid());
	read_until(fd, want, &r2, NULL);
	tst_res(TPASS, "tab and inner newline escaped: '%s'", r2.text);
	TST_EXP_EXPR(r2.seq > r.seq, "sequence numbers increase (%llu, %llu)",
		     r.seq, r2.seq);
	SAFE_CLOSE(fd);

	fd = SAFE_OPEN(KMSG, O_WRONLY);
	memset(line, 'a', sizeof(line));
	line[1025] = '\n';
	/* the limit: 1024 bytes (6.12), 1024 less the prefix room (6.1) */
	TST_EXP_FAIL(write(fd, line, 1026), EINVAL, "write() of 1026 bytes");
	TST_EXP_FAIL(write(fd, line, sizeof(line)), EINVAL,
		     "write() of %zu bytes", sizeof(line));
	line[900] = '\n';
	TST_EXP_VAL(write(fd, line, 901), 901, "write() of 901 bytes");
	SAFE_CLOSE(fd);
}

/* Read n records (the ones before a known record) into r. */
static void skip_recs(int fd, int n, struct rec *r)
{
	while (n--)
		if (read_rec(fd, r, REC_MAX) < 0)
			tst_brk(TBROK | TERRNO, "read(" KMSG ")");
}

static void test_cursors(void)
{
	int a = open_end(), b = open_end(), c = open_end();
	char mark[64], mark2[64];
	struct rec ra, rb, rc, first;
	int before;

	kmsg_mark("<13>", mark, sizeof(mark));
	before = read_until(a, mark, &ra, NULL);

	/* a's reads moved neither b nor c: they stand where a started */
	skip_recs(b, before, &rb);
	TST_EXP_FAIL(read_rec(b, &rb, ra.len - 1), EINVAL,
		     "read() of %zd bytes for the %zd-byte record",
		     ra.len - 1, ra.len);
	skip_recs(c, before, &rc);
	TST_EXP_VAL(read_rec(c, &rc, ra.len), ra.len,
		    "read() of exactly %zd bytes on another file", ra.len);
	TST_EXP_EXPR(rc.seq == ra.seq && !strcmp(rc.text, mark),
		     "it is the same record (seq %llu and %llu)", rc.seq,
		     ra.seq);

	kmsg_mark("<13>", mark2, sizeof(mark2));
	read_until(b, mark2, &rb, &first);
	TST_EXP_EXPR(first.seq > ra.seq, "after the short read the next "
		     "record is seq %llu, past the skipped %llu", first.seq,
		     ra.seq);

	SAFE_LSEEK(c, 0, SEEK_SET);
	read_until(c, mark, &rc, &first);
	TST_EXP_EXPR(first.seq < ra.seq, "SEEK_SET: the first record (seq "
		     "%llu) is older than ours (%llu)", first.seq, ra.seq);

	SAFE_LSEEK(a, 0, SEEK_END);
	kmsg_mark("<13>", mark, sizeof(mark));
	read_until(a, mark, &rc, &first);
	TST_EXP_EXPR(first.seq > rb.seq, "SEEK_END: the first record (seq "
		     "%llu) is newer than the last before it (%llu)",
		     first.seq, rb.seq);

	TST_EXP_FAIL(lseek(a, 0, SEEK_CUR), EINVAL, "lseek(SEEK_CUR)");
	TST_EXP_FAIL(lseek(a, 1, SEEK_SET), ESPIPE, "lseek(1, SEEK_SET)");
	TST_EXP_FAIL(lseek(a, -1, SEEK_END), ESPIPE, "lseek(-1, SEEK_END)");
	SAFE_CLOSE(a);
	SAFE_CLOSE(b);
	SAFE_CLOSE(c);
}

static void test_clear_nonblock(void)
{
	int a = open_end(), fd;
	char m3[64], m4[64], buf[REC_MAX];
	struct rec r3, r, first;

	kmsg_mark("<13>", m3, sizeof(m3));
	read_until(a, m3, &r3, NULL);
	TST_EXP_PASS(syscall(__NR_syslog, SYSLOG_ACTION_CLEAR, NULL, 0),
		     "syslog(SYSLOG_ACTION_CLEAR)");
	kmsg_mark("<13>", m4, sizeof(m4));
	SAFE_LSEEK(a, 0, SEEK_DATA);
	read_until(a, m4, &r, &first);
	TST_EXP_EXPR(first.seq > r3.seq, "SEEK_DATA: the first record (seq "
		     "%llu) is past the one before the clear (%llu)",
		     first.seq, r3.seq);
	SAFE_CLOSE(a);

	fd = SAFE_OPEN(KMSG, O_RDONLY | O_NONBLOCK);
	SAFE_LSEEK(fd, 0, SEEK_END);
	TST_EXP_FAIL(read(fd, buf, sizeof(buf)), EAGAIN,
		     "O_NONBLOCK read() after the last record");
	SAFE_CLOSE(fd);
}

static void test_overwrite(void)
{
	int fd = open_end(), a = open_end(), fresh, i, n;
	long size;
	char mark[64], line[900];
	struct rec rm, r, r2;

	size = syscall(__NR_syslog, SYSLOG_ACTION_SIZE_BUFFER, NULL, 0);
	if (size <= 0)
		tst_brk(TBROK | TERRNO, "syslog(SYSLOG_ACTION_SIZE_BUFFER)");

	kmsg_mark("<13>", mark, sizeof(mark));
	read_until(a, mark, &rm, NULL);
	SAFE_CLOSE(a);

	/* level 7 (debug): kept off the guest's console (loglevel=5) */
	n = 2 * size / sizeof(line) + 16;
	for (i = 0; i < n; i++) {
		int len;

		memset(line, 'f', sizeof(line));
		len = snprintf(line, sizeof(line), "<15>ltp-kmsg01 flood %d ",
			       i);
		line[len] = 'f';
		line[sizeof(line) - 1] = '\n';
		kmsg_write(line);
	}
	tst_res(TINFO, "%d records of %zu bytes written into a %ld-byte log",
		n, sizeof(line), size);

	/* fd has read nothing: its next record is the overwritten one */
	TST_EXP_FAIL(read_rec(fd, &r, REC_MAX), EPIPE,
		     "read() of an overwritten record");
	TST_EXP_POSITIVE(read_rec(fd, &r, REC_MAX), "read() after EPIPE");
	TST_EXP_EXPR(r.seq > rm.seq + n / 4, "it resumes at seq %llu, far "
		     "past the lost %llu", r.seq, rm.seq);
	fresh = SAFE_OPEN(KMSG, O_RDONLY);
	read_rec(fresh, &r2, REC_MAX);
	TST_EXP_EXPR(r2.seq >= r.seq, "a new reader starts at the oldest "
		     "record, seq %llu", r2.seq);
	SAFE_CLOSE(fresh);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	test_format();
	test_cursors();
	test_clear_nonblock();
	test_overwrite();
}

static void setup(void)
{
	char mode[32] = "";
	int cons;

	SAFE_FILE_SCANF("/proc/sys/kernel/printk_devkmsg", "%31s", mode);
	if (!strcmp(mode, "off"))
		tst_brk(TCONF, "kernel.printk_devkmsg is off: writes ignored");
	SAFE_FILE_SCANF("/proc/sys/kernel/printk", "%d %d", &cons, &def_level);
}

static struct tst_test test = {
	.needs_root = 1,
	.setup = setup,
	.test_all = run,
	.exclusive = 1,
};

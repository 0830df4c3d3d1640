// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Result reporting. Every line is written with one write(2) so lines from
 * the test and its children never interleave mid-line and nothing sits in
 * a stdio buffer that a fork would duplicate.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tst_lib.h"

long TST_RET;
int TST_ERR;
int TST_PASS;

static struct tst_shared fallback_shared;
struct tst_shared *tst_shared = &fallback_shared;

static void write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t ret = write(fd, buf, len);

		if (ret <= 0) {
			if (ret < 0 && errno == EINTR)
				continue;
			return;
		}
		buf += ret;
		len -= ret;
	}
}

void tst_res_count(int ttype)
{
	int *counter;

	switch (TTYPE_RESULT(ttype)) {
	case TPASS: counter = &tst_shared->passed; break;
	case TFAIL: counter = &tst_shared->failed; break;
	case TBROK: counter = &tst_shared->broken; break;
	case TWARN: counter = &tst_shared->warnings; break;
	case TCONF: counter = &tst_shared->skipped; break;
	default: return;
	}
	__atomic_fetch_add(counter, 1, __ATOMIC_SEQ_CST);
}

static void print_result(const char *file, int line, int ttype,
			 const char *fmt, va_list va)
{
	char buf[4096];
	const char *base = strrchr(file, '/');
	int err = errno;
	size_t len;

	base = base ? base + 1 : file;
	len = snprintf(buf, sizeof(buf), "%s:%d: %s: ", base, line,
		       tst_strttype(ttype));
	/* The filesystem matrix: which filesystem this line is about. */
	if (tst_res_label && len < sizeof(buf))
		len += snprintf(buf + len, sizeof(buf) - len, "[%s] ",
				tst_res_label);
	if (len < sizeof(buf))
		len += vsnprintf(buf + len, sizeof(buf) - len, fmt, va);
	if (len < sizeof(buf) && (ttype & TERRNO))
		len += snprintf(buf + len, sizeof(buf) - len, ": %s (%s)",
				tst_strerrno(err), strerror(err));
	if (len < sizeof(buf) && (ttype & TTERRNO))
		len += snprintf(buf + len, sizeof(buf) - len, ": %s (%s)",
				tst_strerrno(TST_ERR), strerror(TST_ERR));
	if (len >= sizeof(buf) - 1)
		len = sizeof(buf) - 2;
	buf[len++] = '\n';
	write_all(STDOUT_FILENO, buf, len);
	errno = err;
}

void tst_res_(const char *file, int line, int ttype, const char *fmt, ...)
{
	va_list va;

	va_start(va, fmt);
	print_result(file, line, ttype, fmt, va);
	va_end(va);
	tst_res_count(ttype);
}

void tst_brk_(const char *file, int line, int ttype, const char *fmt, ...)
{
	va_list va;

	va_start(va, fmt);
	print_result(file, line, ttype, fmt, va);
	va_end(va);
	tst_res_count(ttype);

	if (getpid() == tst_harness_pid || !tst_main_pid)
		tst_harness_exit();
	if (getpid() == tst_main_pid)
		tst_run_cleanup_once();
	/* A child of the test: its result is counted, its exit is ignored. */
	_exit(TTYPE_RESULT(ttype));
}

void tst_exp_msg_(char *buf, size_t size, const char *scall,
		  const char *fmt, ...)
{
	va_list va;

	if (!fmt || !*fmt) {
		snprintf(buf, size, "%s", scall);
		return;
	}
	va_start(va, fmt);
	vsnprintf(buf, size, fmt, va);
	va_end(va);
}

int tst_exit_value(void)
{
	struct tst_shared *s = tst_shared;
	int ret = 0;

	if (s->failed)
		ret |= TFAIL;
	if (s->broken)
		ret |= TBROK;
	if (s->warnings)
		ret |= TWARN;
	if (!ret && !s->passed && s->skipped)
		ret = TCONF;
	return ret;
}

void tst_print_summary(void)
{
	char buf[256];
	int len;

	len = snprintf(buf, sizeof(buf),
		       "\nSummary:\npassed   %d\nfailed   %d\nbroken   %d\n"
		       "skipped  %d\nwarnings %d\n",
		       tst_shared->passed, tst_shared->failed,
		       tst_shared->broken, tst_shared->skipped,
		       tst_shared->warnings);
	write_all(STDOUT_FILENO, buf, len);
}

// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel_health.h"
#include "strbuf.h"

/* Longest message kept in a record; splats have long lines. */
#define KH_MAX_LINE_LEN	512

static const char oops_pattern[] =
	"Oops:|BUG:|WARNING:|general protection fault|Kernel panic|"
	"rcu.*stall|blocked for more than|possible circular locking|lockdep|"
	"UBSAN:";

static const char *env_or(const char *name, const char *def)
{
	const char *v = getenv(name);

	return v && *v ? v : def;
}

void kh_open(struct kmsg_watch *w)
{
	w->fd = open(env_or("LTP_PAN_KMSG", "/dev/kmsg"),
		     O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (w->fd < 0)
		return;
	if (regcomp(&w->oops_re, oops_pattern, REG_EXTENDED | REG_NOSUB)) {
		close(w->fd);
		w->fd = -1;
	}
}

void kh_reopen(struct kmsg_watch *w)
{
	if (w->fd < 0)
		return;
	close(w->fd);
	w->fd = open(env_or("LTP_PAN_KMSG", "/dev/kmsg"),
		     O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	kh_mark(w);
}

void kh_mark(struct kmsg_watch *w)
{
	if (w->fd >= 0)
		lseek(w->fd, 0, SEEK_END);
}

/*
 * /dev/kmsg returns one record per read(): "prio,seq,usec,flags;text\n"
 * followed by " KEY=value" continuation lines. A plain file returns any
 * number of such lines per read; both are handled by collecting all of
 * it and splitting on newlines.
 */
static void read_new(int fd, struct strbuf *sb)
{
	char buf[16384];
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n > 0) {
			sb_add(sb, buf, n);
			if (buf[n - 1] != '\n')
				sb_addc(sb, '\n');
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		/* EPIPE: records were overwritten before we read them */
		if (n < 0 && errno == EPIPE)
			continue;
		break;	/* EOF, EAGAIN or a real error */
	}
}

/* The message part of a kmsg record line. */
static const char *message_of(const char *line)
{
	const char *semi = strchr(line, ';');
	const char *p;

	if (!semi)
		return line;
	for (p = line; p < semi; p++) {
		if (!strchr("0123456789,-+abcdefghijklmnopqrstuvwxyz", *p))
			return line;
	}
	return semi + 1;
}

size_t kh_collect(struct kmsg_watch *w, char **lines, struct strbuf *all)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0, len;
	char *line, *next;
	const char *msg;

	if (w->fd < 0)
		return 0;
	read_new(w->fd, &sb);
	for (line = sb.buf; line && *line; line = next) {
		next = strchr(line, '\n');
		*next++ = '\0';
		if (*line == ' ')	/* continuation: KEY=value */
			continue;
		msg = message_of(line);
		if (all && all->len < KH_DMESG_CAP) {
			len = strlen(msg);
			if (len > KH_DMESG_CAP - all->len)
				len = KH_DMESG_CAP - all->len;
			sb_add(all, msg, len);
			sb_addc(all, '\n');
		}
		if (n == KH_MAX_LINES || regexec(&w->oops_re, msg, 0, NULL, 0))
			continue;
		len = strlen(msg);
		lines[n++] = xstrndup(msg, len < KH_MAX_LINE_LEN ?
					   len : KH_MAX_LINE_LEN);
	}
	sb_free(&sb);
	return n;
}

long kh_taint(void)
{
	FILE *f = fopen(env_or("LTP_PAN_TAINTED", "/proc/sys/kernel/tainted"),
			"re");
	long val = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%ld", &val) != 1)
		val = -1;
	fclose(f);
	return val;
}

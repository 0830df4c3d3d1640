// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "clock_secs.h"
#include "progress.h"
#include "strbuf.h"

#define MAX_SLOTS	256
#define REDRAW_EVERY	0.5

static struct {
	int live;
	int quiet;
	size_t total;
	size_t done;
	unsigned int failed;	/* fail + broken */
	unsigned int slots;
	double start;
	double drawn_at;
	int status_shown;	/* a status line is on the screen */
	int mid_line;		/* test output ended without a newline */
	struct {
		char *tag;
		double since;
	} running[MAX_SLOTS];
} P;

/* A console or serial line: its output is a log, not a screen. */
static int log_like_tty(void)
{
	static const char *const prefixes[] = {
		"/dev/console", "/dev/ttyS", "/dev/hvc", "/dev/ttyAMA",
		"/dev/ttysclp", "/dev/xvc",
	};
	const char *name = ttyname(1);
	size_t i;

	if (!name)
		return 1;
	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return 1;
	}
	return 0;
}

static int want_live(void)
{
	const char *mode = getenv("LTP_PROGRESS");
	const char *term = getenv("TERM");

	if (mode && !strcmp(mode, "live"))
		return 1;
	if (mode && !strcmp(mode, "plain"))
		return 0;
	return isatty(1) && term && strcmp(term, "dumb") && !log_like_tty();
}

void progress_init(size_t total, unsigned int slots, int quiet)
{
	memset(&P, 0, sizeof(P));
	P.live = want_live();
	P.quiet = quiet;
	P.total = total;
	P.slots = slots < MAX_SLOTS ? slots : MAX_SLOTS;
	P.start = mono_secs();
}

int progress_live(void)
{
	return P.live;
}

static unsigned int columns(void)
{
	struct winsize ws;

	if (!ioctl(1, TIOCGWINSZ, &ws) && ws.ws_col > 20)
		return ws.ws_col;
	return 80;
}

static void clear_status(void)
{
	if (!P.status_shown)
		return;
	fputs("\r\033[K", stdout);
	P.status_shown = 0;
}

static void elapsed(struct strbuf *sb, double secs)
{
	long s = secs;

	if (s >= 3600)
		sb_printf(sb, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		sb_printf(sb, "%ld:%02ld", s / 60, s % 60);
}

static void draw_status(void)
{
	struct strbuf sb = STRBUF_INIT;
	double t = mono_secs();
	unsigned int i, width = columns() - 1;
	const char *sep = " running: ";

	if (!P.live || P.mid_line)
		return;
	if (P.total)
		sb_printf(&sb, "[%zu/%zu] ", P.done, P.total);
	else	/* -L: rounds until the time limit, no known total */
		sb_printf(&sb, "[%zu] ", P.done);
	elapsed(&sb, t - P.start);
	sb_printf(&sb, "  failed %u", P.failed);
	for (i = 0; i < P.slots; i++) {
		if (!P.running[i].tag)
			continue;
		sb_printf(&sb, "%s%s (%lds)", sep, P.running[i].tag,
			  (long)(t - P.running[i].since));
		sep = ", ";
	}
	if (sb.len > width) {
		sb.len = width > 3 ? width - 3 : 0;
		sb_adds(&sb, "...");
	}
	fputs("\r\033[K", stdout);
	fwrite(sb.buf, 1, sb.len, stdout);
	fflush(stdout);
	P.status_shown = 1;
	P.drawn_at = t;
	sb_free(&sb);
}

void progress_begin(unsigned int slot, const char *tag, const char *cmd,
		    int streams)
{
	if (slot < P.slots) {
		free(P.running[slot].tag);
		P.running[slot].tag = xstrdup(tag);
		P.running[slot].since = mono_secs();
	}
	clear_status();
	if (streams) {
		printf("==== %s: %s\n", tag, cmd);
		P.mid_line = 0;
	}
	fflush(stdout);
	draw_status();
}

void progress_output(const char *buf, size_t len)
{
	if (!len)
		return;
	clear_status();
	fwrite(buf, 1, len, stdout);
	P.mid_line = buf[len - 1] != '\n';
	fflush(stdout);
}

void progress_end(int slot, const char *tag, const char *cmd,
		  enum result_class rc, double duration, const char *reason,
		  size_t reason_len, const char *output, size_t output_len)
{
	if (slot >= 0 && (unsigned int)slot < P.slots) {
		free(P.running[slot].tag);
		P.running[slot].tag = NULL;
	}
	P.done++;
	if (rc == RC_FAIL || rc == RC_BROKEN)
		P.failed++;
	clear_status();
	if (output) {
		printf("==== %s: %s\n", tag, cmd);
		fwrite(output, 1, output_len, stdout);
		P.mid_line = output_len && output[output_len - 1] != '\n';
	}
	if (P.mid_line)
		putchar('\n');
	P.mid_line = 0;
	printf("%-32s  %s  %7.2fs", tag, rc_label(rc), duration);
	if (rc != RC_PASS && reason_len)
		printf("  %.*s", (int)reason_len, reason);
	putchar('\n');
	fflush(stdout);
	draw_status();
}

void progress_abort(unsigned int slot)
{
	if (slot < P.slots) {
		free(P.running[slot].tag);
		P.running[slot].tag = NULL;
	}
	if (P.mid_line) {
		clear_status();
		putchar('\n');
		P.mid_line = 0;
	}
	draw_status();
}

void progress_tick(void)
{
	if (P.live && mono_secs() - P.drawn_at >= REDRAW_EVERY)
		draw_status();
}

void progress_finish(void)
{
	clear_status();
	fflush(stdout);
}

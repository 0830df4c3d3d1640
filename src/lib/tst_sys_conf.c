// SPDX-License-Identifier: GPL-2.0-or-later
/* /proc/sys and /sys values saved before the test and restored after it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tst_lib.h"

#define MAX_SAVED 32

struct saved_value {
	char path[256];
	char value[1024];
};

static struct saved_value saved[MAX_SAVED];
static int saved_cnt;

/*
 * A sysfs choice file (THP "enabled": "always [madvise] never") reads as
 * every choice with the current one in brackets, but accepts only the
 * one word: keep just that word.
 */
static void bracketed_choice(char *buf)
{
	char *open = strchr(buf, '['), *close;

	if (!open)
		return;
	close = strchr(open, ']');
	if (!close)
		return;
	*close = 0;
	memmove(buf, open + 1, close - open);
}

static int read_value(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t len;

	if (!f)
		return -1;
	len = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[len] = 0;
	/* Multi-line values (e.g. a table) are restored by their first line. */
	buf[strcspn(buf, "\n")] = 0;
	bracketed_choice(buf);
	return 0;
}

static int write_value(const char *path, const char *val)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(val, f);
	return fclose(f);
}

void tst_sys_conf_save(const struct tst_path_val *pv)
{
	struct saved_value *s;

	for (; pv->path; pv++) {
		if (access(pv->path, F_OK)) {
			if (pv->flags & TST_SR_SKIP_MISSING)
				continue;
			tst_brk(pv->flags & TST_SR_TCONF_MISSING ? TCONF :
				TBROK, "%s does not exist", pv->path);
		}
		if (saved_cnt == MAX_SAVED)
			tst_brk(TBROK, "more than %d save_restore paths",
				MAX_SAVED);
		s = &saved[saved_cnt];
		snprintf(s->path, sizeof(s->path), "%s", pv->path);
		if (read_value(pv->path, s->value, sizeof(s->value)))
			tst_brk(TBROK | TERRNO, "cannot read %s", pv->path);
		saved_cnt++;
		if (!pv->val)
			continue;
		if (write_value(pv->path, pv->val)) {
			if (pv->flags & TST_SR_SKIP_RO)
				continue;
			tst_brk((pv->flags & TST_SR_TCONF_RO ? TCONF : TBROK) |
				TERRNO, "cannot write '%s' to %s", pv->val,
				pv->path);
		}
	}
}

void tst_sys_conf_restore(void)
{
	/* Reverse order: later values may depend on earlier ones. */
	while (saved_cnt > 0) {
		struct saved_value *s = &saved[--saved_cnt];

		if (write_value(s->path, s->value))
			tst_res(TWARN | TERRNO, "cannot restore '%s' to %s",
				s->value, s->path);
	}
}

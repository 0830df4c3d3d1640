// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel config checks. The config is looked for where a distribution or a
 * developer keeps it: $KCONFIG_PATH, /proc/config.gz (CONFIG_IKCONFIG_PROC),
 * /boot/config-$(uname -r).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include "tst_lib.h"

static FILE *open_config(int *is_pipe)
{
	const char *env = getenv("KCONFIG_PATH");
	struct utsname uts;
	char path[512];
	FILE *f;

	*is_pipe = 0;
	if (env && *env) {
		f = fopen(env, "r");
		if (!f)
			tst_brk(TBROK | TERRNO, "KCONFIG_PATH='%s'", env);
		return f;
	}
	if (!access("/proc/config.gz", R_OK)) {
		f = popen("gzip -dc /proc/config.gz 2>/dev/null", "r");
		if (f) {
			*is_pipe = 1;
			return f;
		}
	}
	uname(&uts);
	snprintf(path, sizeof(path), "/boot/config-%s", uts.release);
	return fopen(path, "r");
}

/* "CONFIG_X" (=y or =m), "CONFIG_X=y", "CONFIG_X=m", "CONFIG_X=VALUE" */
static int line_satisfies(const char *line, const char *name, size_t nlen,
			  const char *want)
{
	const char *val;
	size_t vlen;

	if (strncmp(line, name, nlen) || line[nlen] != '=')
		return 0;
	val = line + nlen + 1;
	vlen = strcspn(val, "\n");
	if (!want)
		return (vlen == 1 && (*val == 'y' || *val == 'm'));
	return strlen(want) == vlen && !strncmp(val, want, vlen);
}

static int check_one(FILE *f, const char *opt)
{
	const char *eq = strchr(opt, '=');
	size_t nlen = eq ? (size_t)(eq - opt) : strlen(opt);
	char line[1024];

	rewind(f);
	while (fgets(line, sizeof(line), f)) {
		if (line_satisfies(line, opt, nlen, eq ? eq + 1 : NULL))
			return 1;
	}
	return 0;
}

int tst_kconfig_check(const char *opt)
{
	char tmp[] = "/tmp/ltp-kconfig-XXXXXX";
	int is_pipe, ret, fd;
	FILE *f = open_config(&is_pipe), *copy;
	char buf[4096];
	size_t len;

	if (!f)
		return -1;
	if (!is_pipe) {
		ret = check_one(f, opt);
		fclose(f);
		return ret;
	}
	/* A pipe cannot be rewound: spool it to a file first. */
	fd = mkstemp(tmp);
	if (fd < 0) {
		pclose(f);
		return -1;
	}
	unlink(tmp);
	copy = fdopen(fd, "w+");
	while ((len = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, len, copy);
	pclose(f);
	ret = check_one(copy, opt);
	fclose(copy);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * confstr(3) for upstream's names (X/Open 7, POSIX 2008) and a few more:
 *  - confstr(name, NULL, 0) is the size of the value with its NUL, and a
 *    buffer of that size gets a string of one byte less;
 *  - a buffer of every size k from 0 to that size gets the first k - 1
 *    bytes and a NUL (nothing for k = 0), never a byte past k, and the
 *    return value is the full size still;
 *  - an unknown name returns 0 with errno EINVAL;
 *  - the values: _CS_GNU_LIBC_VERSION is "glibc " and
 *    gnu_get_libc_version(), _CS_GNU_LIBPTHREAD_VERSION "NPTL " and the
 *    same version; _CS_PATH is a list of existing directories, one of
 *    which holds an executable sh; _CS_V7_ENV is NAME=VALUE;
 *    _CS_POSIX_V7_WIDTH_RESTRICTED_ENVS lists the environment this
 *    program was built for (LP64_OFF64 when long, pointers and off_t
 *    are 64-bit), and each environment it lists is one sysconf() says
 *    is supported (_SC_V7_*), each it does not list one sysconf() says
 *    is not.
 */
#include <gnu/libc-version.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tst_test.h"

#define PAIR(name) { _CS_ ## name, #name }

static const struct {
	int name;
	const char *str;
} names[] = {
	PAIR(PATH),
	PAIR(GNU_LIBC_VERSION),
	PAIR(GNU_LIBPTHREAD_VERSION),
	PAIR(POSIX_V7_ILP32_OFF32_CFLAGS),
	PAIR(POSIX_V7_ILP32_OFF32_LDFLAGS),
	PAIR(POSIX_V7_ILP32_OFF32_LIBS),
	PAIR(POSIX_V7_ILP32_OFFBIG_CFLAGS),
	PAIR(POSIX_V7_ILP32_OFFBIG_LDFLAGS),
	PAIR(POSIX_V7_ILP32_OFFBIG_LIBS),
	PAIR(POSIX_V7_LP64_OFF64_CFLAGS),
	PAIR(POSIX_V7_LP64_OFF64_LDFLAGS),
	PAIR(POSIX_V7_LP64_OFF64_LIBS),
	PAIR(POSIX_V7_LPBIG_OFFBIG_CFLAGS),
	PAIR(POSIX_V7_LPBIG_OFFBIG_LDFLAGS),
	PAIR(POSIX_V7_LPBIG_OFFBIG_LIBS),
	PAIR(POSIX_V7_WIDTH_RESTRICTED_ENVS),
	PAIR(V7_ENV),
	PAIR(V6_ENV),
	PAIR(LFS_CFLAGS),
	PAIR(LFS64_CFLAGS),
};

static const struct {
	const char *env;
	int sc;
} envs[] = {
	{ "POSIX_V7_ILP32_OFF32", _SC_V7_ILP32_OFF32 },
	{ "POSIX_V7_ILP32_OFFBIG", _SC_V7_ILP32_OFFBIG },
	{ "POSIX_V7_LP64_OFF64", _SC_V7_LP64_OFF64 },
	{ "POSIX_V7_LPBIG_OFFBIG", _SC_V7_LPBIG_OFFBIG },
};

#define FILL 0x5a

/* the value of name (malloc'ed), checked for every buffer size */
static char *value_of(unsigned int i)
{
	size_t len, k, j;
	char *buf, *full;

	errno = 0;
	len = confstr(names[i].name, NULL, 0);
	if (!len) {
		tst_res(TFAIL | TERRNO, "confstr(_CS_%s, NULL, 0) returned 0",
			names[i].str);
		return NULL;
	}
	full = SAFE_MALLOC(len);
	buf = SAFE_MALLOC(len + 16);
	if (confstr(names[i].name, full, len) != len || full[len - 1] ||
	    strlen(full) != len - 1) {
		tst_res(TFAIL, "confstr(_CS_%s, buf, %zu) is not a string of %zu "
			"bytes", names[i].str, len, len - 1);
		goto fail;
	}
	for (k = 0; k <= len; k++) {
		memset(buf, FILL, len + 16);
		if (confstr(names[i].name, buf, k) != len) {
			tst_res(TFAIL, "confstr(_CS_%s, buf, %zu) did not return "
				"%zu", names[i].str, k, len);
			goto fail;
		}
		if (k && (memcmp(buf, full, k - 1) || buf[k - 1])) {
			tst_res(TFAIL, "confstr(_CS_%s, buf, %zu) is not the "
				"first %zu bytes and a NUL", names[i].str, k,
				k - 1);
			goto fail;
		}
		for (j = k; j < len + 16; j++) {
			if (buf[j] != FILL) {
				tst_res(TFAIL, "confstr(_CS_%s, buf, %zu) wrote "
					"buf[%zu]", names[i].str, k, j);
				goto fail;
			}
		}
	}
	tst_res(TPASS, "confstr(_CS_%s) = \"%s\": size %zu, and every shorter "
		"buffer gets its start and a NUL, nothing past it",
		names[i].str, full, len);
	free(buf);
	return full;
fail:
	free(buf);
	free(full);
	return NULL;
}

static void check_path(const char *path)
{
	char *copy = strdup(path), *dir, *save = NULL, sh[PATH_MAX];
	int dirs = 0, ok = 1, found = 0;
	struct stat st;

	for (dir = strtok_r(copy, ":", &save); dir;
	     dir = strtok_r(NULL, ":", &save), dirs++) {
		if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
			tst_res(TFAIL | TERRNO, "_CS_PATH: %s is no directory",
				dir);
			ok = 0;
		}
		snprintf(sh, sizeof(sh), "%s/sh", dir);
		if (!access(sh, X_OK))
			found = 1;
	}
	free(copy);
	if (ok)
		TST_EXP_EXPR(dirs > 0 && found, "_CS_PATH: %d existing "
			     "directories, sh found in one of them", dirs);
}

static void check_envs(const char *list)
{
	const char *self = sizeof(long) == 8 && sizeof(void *) == 8 &&
			   sizeof(off_t) == 8 ? "POSIX_V7_LP64_OFF64" : NULL;
	unsigned int i;
	long sc;
	int listed;

	if (self)
		TST_EXP_EXPR(strstr(list, self) != NULL, "the restricted "
			     "environments \"%s\" include this program's %s",
			     list, self);
	for (i = 0; i < ARRAY_SIZE(envs); i++) {
		listed = strstr(list, envs[i].env) != NULL;
		errno = 0;
		sc = sysconf(envs[i].sc);
		TST_EXP_EXPR(listed ? sc > 0 : sc == -1, "%s is %slisted, "
			     "sysconf() says %ld", envs[i].env,
			     listed ? "" : "not ", sc);
	}
}

static void run(void)
{
	char want[64], *v[ARRAY_SIZE(names)];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		v[i] = value_of(i);
	TST_EXP_FAIL(confstr(-1, NULL, 0) ? 0 : -1, EINVAL,
		     "confstr(-1, NULL, 0)");
	TST_EXP_FAIL(confstr(12345, NULL, 0) ? 0 : -1, EINVAL,
		     "confstr(12345, NULL, 0)");
	snprintf(want, sizeof(want), "glibc %s", gnu_get_libc_version());
	if (v[1])
		TST_EXP_EXPR(!strcmp(v[1], want), "_CS_GNU_LIBC_VERSION \"%s\" "
			     "is \"%s\"", v[1], want);
	snprintf(want, sizeof(want), "NPTL %s", gnu_get_libc_version());
	if (v[2])
		TST_EXP_EXPR(!strcmp(v[2], want), "_CS_GNU_LIBPTHREAD_VERSION "
			     "\"%s\" is \"%s\"", v[2], want);
	if (v[0])
		check_path(v[0]);
	if (v[15])
		check_envs(v[15]);
	if (v[16])
		TST_EXP_EXPR(strchr(v[16], '=') && v[16][0] != '=',
			     "_CS_V7_ENV \"%s\" is NAME=VALUE", v[16]);
	for (i = 0; i < ARRAY_SIZE(names); i++)
		free(v[i]);
}

static struct tst_test test = {
	.test_all = run,
};

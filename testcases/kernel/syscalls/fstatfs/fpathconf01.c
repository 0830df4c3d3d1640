// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpathconf(3), which the C library answers from fstatfs(): for a file
 * of the tmpdir _PC_NAME_MAX is the filesystem's f_namelen (255 on the
 * usual ones), _PC_PATH_MAX 4096, _PC_PIPE_BUF 4096, _PC_MAX_CANON and
 * _PC_MAX_INPUT 255, _PC_CHOWN_RESTRICTED and _PC_NO_TRUNC on,
 * _PC_VDISABLE 0, _PC_LINK_MAX positive (65000 on ext4); for a pipe
 * _PC_PIPE_BUF is 4096 too. A closed descriptor is EBADF, an unknown name
 * EINVAL.
 * Syscalls: fstatfs
 */
#include <sys/vfs.h>
#include "tst_test.h"

static int fd = -1;

static void run(void)
{
	static const struct {
		int name;
		const char *str;
		long want;	/* -1: any positive value */
	} c[] = {
		{_PC_PATH_MAX, "_PC_PATH_MAX", 4096},
		{_PC_PIPE_BUF, "_PC_PIPE_BUF", 4096},
		{_PC_MAX_CANON, "_PC_MAX_CANON", 255},
		{_PC_MAX_INPUT, "_PC_MAX_INPUT", 255},
		{_PC_CHOWN_RESTRICTED, "_PC_CHOWN_RESTRICTED", 1},
		{_PC_NO_TRUNC, "_PC_NO_TRUNC", 1},
		{_PC_VDISABLE, "_PC_VDISABLE", 0},
		{_PC_LINK_MAX, "_PC_LINK_MAX", -1},
	};
	struct statfs sf;
	unsigned int i;
	int p[2];
	long v;

	if (fstatfs(fd, &sf))
		tst_brk(TBROK | TERRNO, "fstatfs()");
	TST_EXP_VAL(fpathconf(fd, _PC_NAME_MAX), (long)sf.f_namelen,
		    "_PC_NAME_MAX is f_namelen");
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		errno = 0;
		v = fpathconf(fd, c[i].name);
		if (c[i].want < 0)
			TST_EXP_EXPR(v > 0, "%s: %ld", c[i].str, v);
		else
			TST_EXP_EXPR(v == c[i].want, "%s: %ld (want %ld)",
				     c[i].str, v, c[i].want);
	}
	if (sf.f_type == 0xef53)
		TST_EXP_VAL(fpathconf(fd, _PC_LINK_MAX), 65000,
			    "_PC_LINK_MAX on ext4");
	SAFE_PIPE(p);
	TST_EXP_VAL(fpathconf(p[0], _PC_PIPE_BUF), 4096, "_PC_PIPE_BUF of a "
		    "pipe");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
	TST_EXP_FAIL(fpathconf(p[0], _PC_NAME_MAX), EBADF,
		     "fpathconf() of a closed descriptor");
	TST_EXP_FAIL(fpathconf(fd, -1), EINVAL, "fpathconf(name -1)");
}

static void setup(void)
{
	fd = SAFE_OPEN("file", O_CREAT | O_RDWR, 0600);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

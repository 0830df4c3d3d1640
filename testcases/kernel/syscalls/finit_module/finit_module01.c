// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * finit_module(2) loads a module from a file descriptor and hands it its
 * parameter string:
 * - from an O_RDONLY fd of the .ko with flags 0 and
 *   "ltp_int=1234 ltp_str=fd", the module is Live in /proc/modules,
 *   /sys/module/ltp_test_mod/initstate is "live" and its parameters show
 *   1234 and "fd";
 * - the same from an fd whose file offset is at the end of the file (the
 *   kernel reads the whole file from offset 0, whatever the offset);
 * - delete_module(2) removes it, and its /proc/modules line and
 *   /sys/module directory are gone.
 * Loading the test module taints the kernel with O and, on a kernel
 * checking signatures, E: expected_taint says so.
 */
#include "test_module.h"

static char *mod_path;

static void run(unsigned int n)
{
	char buf[256];
	int fd;

	fd = SAFE_OPEN(mod_path, O_RDONLY);
	if (n == 1)
		SAFE_LSEEK(fd, 0, SEEK_END);
	TST_EXP_PASS(sys_finit_module(fd, "ltp_int=1234 ltp_str=fd", 0),
		     "finit_module(fd of %s%s, 'ltp_int=1234 ltp_str=fd', 0)",
		     TM_MOD, n ? " at its end" : "");
	SAFE_CLOSE(fd);
	if (!TST_PASS)
		return;
	tm_check_loaded(TM_MOD, 1);
	tm_sys_read(TM_MOD, "initstate", buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, "live"), "/sys/module/%s/initstate is '%s'",
		     TM_MOD, buf);
	tm_sys_read(TM_MOD, "parameters/ltp_int", buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, "1234"), "parameters/ltp_int is '%s'", buf);
	tm_sys_read(TM_MOD, "parameters/ltp_str", buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, "fd"), "parameters/ltp_str is '%s'", buf);

	TST_EXP_PASS(sys_delete_module(TM_MOD, O_NONBLOCK), "delete_module(%s)",
		     TM_MOD);
	tm_check_loaded(TM_MOD, 0);
}

static void setup(void)
{
	tm_setup();
	mod_path = tm_path(TM_MOD);
	tst_res(TINFO, "module: %s", mod_path);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = tm_cleanup,
	.needs_root = 1,
	.exclusive = 1,
	.expected_taint = "OE",
};

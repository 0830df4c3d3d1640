// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * delete_module(2) unloads a live module that nothing uses:
 * - ltp_test_mod loaded with init_module(2) is removed by
 *   delete_module("ltp_test_mod", O_NONBLOCK): its /proc/modules line,
 *   its /sys/module directory and the misc device its init function
 *   registered (its exit function ran) are gone;
 * - with ltp_test_mod_dep loaded on top, removing ltp_test_mod_dep first
 *   and then ltp_test_mod works, in that order, and each one's traces go;
 * - the module can be loaded again right after (nothing of it was left
 *   behind), with flags 0 this time.
 * Loading the test module taints the kernel with O and, on a kernel
 * checking signatures, E: expected_taint says so.
 */
#include "test_module.h"

static void *mod_img, *dep_img;
static size_t mod_len, dep_len;

static void load(void *img, size_t len, const char *name)
{
	if (sys_init_module(img, len, ""))
		tst_brk(TBROK | TERRNO, "init_module(%s)", name);
}

static void run(unsigned int n)
{
	load(mod_img, mod_len, TM_MOD);
	if (n == 1) {
		load(dep_img, dep_len, TM_DEP);
		TST_EXP_PASS(sys_delete_module(TM_DEP, O_NONBLOCK),
			     "delete_module(%s, O_NONBLOCK)", TM_DEP);
		tm_check_loaded(TM_DEP, 0);
		tm_check_loaded(TM_MOD, 1);
	}
	if (n == 2)
		TST_EXP_PASS(sys_delete_module(TM_MOD, 0),
			     "delete_module(%s, 0)", TM_MOD);
	else
		TST_EXP_PASS(sys_delete_module(TM_MOD, O_NONBLOCK),
			     "delete_module(%s, O_NONBLOCK)", TM_MOD);
	tm_check_loaded(TM_MOD, 0);
	TST_EXP_EXPR(access("/sys/class/misc/" TM_MOD, F_OK),
		     "the exit function removed /sys/class/misc/%s", TM_MOD);
}

static void setup(void)
{
	tm_setup();
	mod_img = tm_read(tm_path(TM_MOD), &mod_len);
	dep_img = tm_read(tm_path(TM_DEP), &dep_len);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = tm_cleanup,
	.needs_root = 1,
	.exclusive = 1,
	.expected_taint = "OE",
};

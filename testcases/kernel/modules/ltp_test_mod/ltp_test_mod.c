// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ltp_test_mod: the module the init_module, finit_module and delete_module
 * tests load, in a guest only (doc/modules.md). It does nothing but give
 * them something to observe:
 * - parameters ltp_int and ltp_str (read-only in sysfs), so the tests
 *   check that the parameter string reached the module;
 * - an exported symbol, used by ltp_test_mod_dep, so that a module
 *   depends on this one;
 * - a misc device whose file operations belong to this module: an open
 *   file of it holds a module reference;
 * - hold_init=1 keeps the module in its init function (state "Loading")
 *   until 1 is written to the parameter release, or 300 s passed, so a
 *   test can call delete_module on a module that is not live yet.
 */
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/miscdevice.h>
#include <linux/module.h>

#include "ltp_test_mod.h"

static int ltp_int;
module_param(ltp_int, int, 0444);
MODULE_PARM_DESC(ltp_int, "an integer the tests set and read back");

static char *ltp_str = "default";
module_param(ltp_str, charp, 0444);
MODULE_PARM_DESC(ltp_str, "a string the tests set and read back");

static bool hold_init;
module_param(hold_init, bool, 0444);
MODULE_PARM_DESC(hold_init, "stay in init until release is set (300 s at most)");

static bool release;
module_param(release, bool, 0644);
MODULE_PARM_DESC(release, "ends the wait of hold_init");

int ltp_test_mod_value(void)
{
	return ltp_int;
}
EXPORT_SYMBOL_GPL(ltp_test_mod_value);

/* Opening the device takes a reference on THIS_MODULE (fops_get). */
static const struct file_operations ltp_test_mod_fops = {
	.owner = THIS_MODULE,
	.llseek = noop_llseek,
};

static struct miscdevice ltp_test_mod_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "ltp_test_mod",
	.fops = &ltp_test_mod_fops,
	.mode = 0600,
};

static int __init ltp_test_mod_init(void)
{
	unsigned long deadline = jiffies + 300 * HZ;

	while (hold_init && !READ_ONCE(release) &&
	       time_before(jiffies, deadline))
		msleep(20);

	return misc_register(&ltp_test_mod_dev);
}

static void __exit ltp_test_mod_exit(void)
{
	misc_deregister(&ltp_test_mod_dev);
}

module_init(ltp_test_mod_init);
module_exit(ltp_test_mod_exit);
MODULE_DESCRIPTION("LTP test module for init_module, finit_module, delete_module");
MODULE_LICENSE("GPL");

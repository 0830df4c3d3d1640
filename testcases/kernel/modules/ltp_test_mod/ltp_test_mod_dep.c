// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ltp_test_mod_dep: uses a symbol of ltp_test_mod, so while it is loaded
 * ltp_test_mod has a module depending on it (delete_module must refuse
 * with EWOULDBLOCK) and cannot be loaded without ltp_test_mod (ENOENT,
 * unknown symbol).
 */
#include <linux/module.h>

#include "ltp_test_mod.h"

static int __init ltp_test_mod_dep_init(void)
{
	pr_debug("ltp_test_mod_dep: ltp_int is %d\n", ltp_test_mod_value());
	return 0;
}

static void __exit ltp_test_mod_dep_exit(void)
{
}

module_init(ltp_test_mod_dep_init);
module_exit(ltp_test_mod_dep_exit);
MODULE_DESCRIPTION("LTP test module depending on ltp_test_mod");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * init_module(2) loads a module image from memory and hands it its
 * parameter string:
 * - with "", "ltp_int=42 ltp_str=hello" and a quoted value with a blank
 *   ('ltp_str="two words"'), the module is Live in /proc/modules with
 *   refcount 0, /sys/module/ltp_test_mod/initstate is "live", its init
 *   function ran (its misc device is in /sys/class/misc), and
 *   /sys/module/ltp_test_mod/parameters/ shows the values given (or the
 *   defaults 0 and "default");
 * - a module using its exported symbol (ltp_test_mod_dep) loads after it,
 *   and /proc/modules then shows ltp_test_mod with refcount 1 used by
 *   ltp_test_mod_dep, /sys/module/ltp_test_mod/holders/ltp_test_mod_dep
 *   exists;
 * - delete_module(2) then removes both, and both /proc/modules lines and
 *   /sys/module directories are gone.
 * The modules are built against the kernel under test (doc/modules.md);
 * loading them taints the kernel with O (out of tree) and, on a kernel
 * checking signatures, E (unsigned): expected_taint says so.
 */
#include "test_module.h"

static char *mod_path, *dep_path;
static void *mod_img, *dep_img;
static size_t mod_len, dep_len;

static struct tcase {
	const char *params;
	const char *ltp_int;
	const char *ltp_str;
} tcases[] = {
	{ "", "0", "default" },
	{ "ltp_int=42 ltp_str=hello", "42", "hello" },
	{ "ltp_int=-7 ltp_str=\"two words\"", "-7", "two words" },
};

static void check_param(const char *param, const char *want)
{
	char rel[64], got[256];

	snprintf(rel, sizeof(rel), "parameters/%s", param);
	tm_sys_read(TM_MOD, rel, got, sizeof(got));
	TST_EXP_EXPR(!strcmp(got, want), "/sys/module/%s/%s is '%s' (expected '%s')",
		     TM_MOD, rel, got, want);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	struct tm_state s;
	char buf[64];

	TST_EXP_PASS(sys_init_module(mod_img, mod_len, tc->params),
		     "init_module(%s, '%s')", TM_MOD, tc->params);
	if (!TST_PASS)
		return;
	tm_proc_modules(TM_MOD, &s);
	TST_EXP_EXPR(s.loaded && !strcmp(s.state, "Live") && s.refcnt == 0,
		     "/proc/modules: %s state %s refcount %ld", TM_MOD,
		     s.loaded ? s.state : "(no line)", s.refcnt);
	tm_sys_read(TM_MOD, "initstate", buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, "live"), "/sys/module/%s/initstate is '%s'",
		     TM_MOD, buf);
	TST_EXP_EXPR(!access("/sys/class/misc/" TM_MOD, F_OK),
		     "the init function registered /sys/class/misc/%s", TM_MOD);
	check_param("ltp_int", tc->ltp_int);
	check_param("ltp_str", tc->ltp_str);

	TST_EXP_PASS(sys_init_module(dep_img, dep_len, ""),
		     "init_module(%s, '')", TM_DEP);
	if (TST_PASS) {
		tm_proc_modules(TM_MOD, &s);
		TST_EXP_EXPR(s.refcnt == 1 && !strcmp(s.used_by, TM_DEP ","),
			     "/proc/modules: %s refcount %ld used by '%s'",
			     TM_MOD, s.refcnt, s.used_by);
		TST_EXP_EXPR(tm_sys_exists(TM_MOD, "holders/" TM_DEP),
			     "/sys/module/%s/holders/%s exists", TM_MOD, TM_DEP);
		TST_EXP_PASS(sys_delete_module(TM_DEP, O_NONBLOCK),
			     "delete_module(%s)", TM_DEP);
		tm_check_loaded(TM_DEP, 0);
	}

	TST_EXP_PASS(sys_delete_module(TM_MOD, O_NONBLOCK),
		     "delete_module(%s)", TM_MOD);
	tm_check_loaded(TM_MOD, 0);
	TST_EXP_EXPR(access("/sys/class/misc/" TM_MOD, F_OK),
		     "the exit function removed /sys/class/misc/%s", TM_MOD);
}

static void setup(void)
{
	tm_setup();
	mod_path = tm_path(TM_MOD);
	dep_path = tm_path(TM_DEP);
	mod_img = tm_read(mod_path, &mod_len);
	dep_img = tm_read(dep_path, &dep_len);
	tst_res(TINFO, "modules: %s, %s", mod_path, dep_path);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = tm_cleanup,
	.needs_root = 1,
	.exclusive = 1,
	.expected_taint = "OE",
};

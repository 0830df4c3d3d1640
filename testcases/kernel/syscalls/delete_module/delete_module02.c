// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * delete_module(2) refuses, with the errno of kernel/module/main.c, and
 * the module it was asked to remove stays as it was:
 * - ENOENT for the name of a module that is not loaded, for "" and for a
 *   name of MODULE_NAME_LEN (56) characters or more;
 * - EFAULT for a name pointer into a PROT_NONE mapping;
 * - EPERM for a root child without CAP_SYS_MODULE (ltp_test_mod is
 *   loaded; it stays Live);
 * - EWOULDBLOCK while ltp_test_mod_dep, which uses a symbol of
 *   ltp_test_mod, is loaded;
 * - EWOULDBLOCK with O_NONBLOCK while an open file of the module's misc
 *   device holds a reference (/proc/modules shows refcount 1); after
 *   close() the module unloads;
 * - EBUSY while the module is still in its init function (state
 *   "Loading": loaded with hold_init=1 by a child); once released, the
 *   child's init_module() returns 0, the module is Live and unloads.
 */
#include <sys/mman.h>
#include <sys/sysmacros.h>
#include "test_module.h"

#define DEV_NODE	"ltp_test_mod_dev"
#define RELEASE		"/sys/module/" TM_MOD "/parameters/release"

static void *mod_img, *dep_img;
static size_t mod_len, dep_len;
static char *bad_name, long_name[64];

static void load(void *img, size_t len, const char *name, const char *params)
{
	if (sys_init_module(img, len, params))
		tst_brk(TBROK | TERRNO, "init_module(%s, '%s')", name, params);
}

static void enoent(void)
{
	TST_EXP_FAIL(sys_delete_module(TM_MOD, O_NONBLOCK), ENOENT,
		     "delete_module(%s) while it is not loaded", TM_MOD);
	TST_EXP_FAIL(sys_delete_module("", O_NONBLOCK), ENOENT,
		     "delete_module(\"\")");
	TST_EXP_FAIL(sys_delete_module(long_name, O_NONBLOCK), ENOENT,
		     "delete_module() of a name of %zu characters",
		     strlen(long_name));
	TST_EXP_FAIL(sys_delete_module(bad_name, O_NONBLOCK), EFAULT,
		     "delete_module() of a name in PROT_NONE memory");
}

static void eperm_calls(void)
{
	TST_EXP_FAIL(sys_delete_module(TM_MOD, O_NONBLOCK), EPERM,
		     "delete_module(%s) as root without CAP_SYS_MODULE", TM_MOD);
}

static void eperm(void)
{
	load(mod_img, mod_len, TM_MOD, "");
	tm_without_cap_sys_module(eperm_calls);
	tm_check_loaded(TM_MOD, 1);
	TST_EXP_PASS(sys_delete_module(TM_MOD, O_NONBLOCK), "delete_module(%s)",
		     TM_MOD);
}

static void dependent(void)
{
	load(mod_img, mod_len, TM_MOD, "");
	load(dep_img, dep_len, TM_DEP, "");
	TST_EXP_FAIL(sys_delete_module(TM_MOD, O_NONBLOCK), EWOULDBLOCK,
		     "delete_module(%s) while %s uses it", TM_MOD, TM_DEP);
	tm_check_loaded(TM_MOD, 1);
	TST_EXP_PASS(sys_delete_module(TM_DEP, O_NONBLOCK), "delete_module(%s)",
		     TM_DEP);
	TST_EXP_PASS(sys_delete_module(TM_MOD, O_NONBLOCK), "delete_module(%s)",
		     TM_MOD);
}

static void open_file(void)
{
	unsigned int major, minor;
	struct tm_state s;
	int fd;

	load(mod_img, mod_len, TM_MOD, "");
	SAFE_FILE_SCANF("/sys/class/misc/" TM_MOD "/dev", "%u:%u", &major,
			&minor);
	if (mknod(DEV_NODE, S_IFCHR | 0600, makedev(major, minor)))
		tst_brk(TBROK | TERRNO, "mknod(%s, %u:%u)", DEV_NODE, major,
			minor);
	fd = SAFE_OPEN(DEV_NODE, O_RDONLY);
	tm_proc_modules(TM_MOD, &s);
	TST_EXP_EXPR(s.loaded && s.refcnt == 1,
		     "/proc/modules: %s refcount %ld with its device open",
		     TM_MOD, s.refcnt);
	TST_EXP_FAIL(sys_delete_module(TM_MOD, O_NONBLOCK), EWOULDBLOCK,
		     "delete_module(%s, O_NONBLOCK) while its device is open",
		     TM_MOD);
	tm_check_loaded(TM_MOD, 1);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(DEV_NODE);
	tm_proc_modules(TM_MOD, &s);
	TST_EXP_EXPR(s.loaded && s.refcnt == 0,
		     "/proc/modules: %s refcount %ld after close()", TM_MOD,
		     s.refcnt);
	TST_EXP_PASS(sys_delete_module(TM_MOD, O_NONBLOCK), "delete_module(%s)",
		     TM_MOD);
}

/* Wait until cond() holds; TBROK when the test's time runs short. */
static void wait_for(int (*cond)(void), const char *what)
{
	while (!cond()) {
		if (tst_remaining_runtime() < 10)
			tst_brk(TBROK, "timed out waiting for %s", what);
		usleep(10000);
	}
}

static int is_loading(void)
{
	struct tm_state s;

	tm_proc_modules(TM_MOD, &s);
	return s.loaded && !strcmp(s.state, "Loading");
}

static int has_release(void)
{
	return !access(RELEASE, W_OK);
}

static void loading(void)
{
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(sys_init_module(mod_img, mod_len, "hold_init=1"),
			     "init_module(%s, 'hold_init=1') once released",
			     TM_MOD);
		exit(0);
	}
	wait_for(is_loading, TM_MOD " in state Loading in /proc/modules");
	TST_EXP_FAIL(sys_delete_module(TM_MOD, O_NONBLOCK), EBUSY,
		     "delete_module(%s) while its init function runs", TM_MOD);
	wait_for(has_release, RELEASE);
	SAFE_FILE_PRINTF(RELEASE, "1");
	tst_reap_children();
	tm_check_loaded(TM_MOD, 1);
	TST_EXP_PASS(sys_delete_module(TM_MOD, O_NONBLOCK), "delete_module(%s)",
		     TM_MOD);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		enoent();
		break;
	case 1:
		eperm();
		break;
	case 2:
		dependent();
		break;
	case 3:
		open_file();
		break;
	case 4:
		loading();
		break;
	}
}

static void setup(void)
{
	tm_setup();
	mod_img = tm_read(tm_path(TM_MOD), &mod_len);
	dep_img = tm_read(tm_path(TM_DEP), &dep_len);
	bad_name = SAFE_MMAP(NULL, sysconf(_SC_PAGESIZE), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/* MODULE_NAME_LEN is 64 - sizeof(unsigned long) */
	memset(long_name, 'm', 56);
	long_name[56] = '\0';
}

static void cleanup(void)
{
	/* a module held in its init function must be let go first */
	if (!access(RELEASE, W_OK)) {
		FILE *f = fopen(RELEASE, "w");

		if (f) {
			fputs("1", f);
			fclose(f);
		}
		tst_reap_children();
	}
	tm_cleanup();
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.exclusive = 1,
	.expected_taint = "OE",
};

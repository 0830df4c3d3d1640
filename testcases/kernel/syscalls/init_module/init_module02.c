// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * init_module(2) refuses, with the errno of kernel/module/main.c, and
 * leaves no module behind:
 * - EPERM without CAP_SYS_MODULE (a root child that dropped it), checked
 *   before the image is read;
 * - ENOEXEC for an image shorter than an ELF header, for 4096 bytes of
 *   garbage and for a real module cut in half (its section headers lie
 *   past the end);
 * - EFAULT for an image pointer into a PROT_NONE mapping, and for a
 *   parameter string pointer into it (a valid image);
 * - EINVAL for a parameter value the module's type rejects
 *   ("ltp_int=notanumber");
 * - ENOENT for ltp_test_mod_dep while ltp_test_mod, whose symbol it
 *   needs, is not loaded;
 * - EEXIST for a second load of a module that is live; the first one
 *   stays loaded and live.
 */
#include <sys/mman.h>
#include <sys/wait.h>
#include "test_module.h"

static void *mod_img, *dep_img, *garbage, *none;
static size_t mod_len, dep_len;
static long page;

struct tcase {
	void **img;
	size_t *len;
	size_t fixed_len;	/* used when len is NULL */
	int half;		/* pass half of *len */
	const char **params;
	int exp_errno;
	const char *desc;
};

static const char *no_params = "", *bad_int = "ltp_int=notanumber";
static const char *bad_params;	/* into the PROT_NONE mapping */

static struct tcase tcases[] = {
	{ &mod_img, NULL, 16, 0, &no_params, ENOEXEC, "an image of 16 bytes" },
	{ &garbage, NULL, 4096, 0, &no_params, ENOEXEC, "4096 bytes of garbage" },
	{ &mod_img, &mod_len, 0, 1, &no_params, ENOEXEC, "half of the module" },
	{ &none, &mod_len, 0, 0, &no_params, EFAULT, "an image pointer to PROT_NONE memory" },
	{ &mod_img, &mod_len, 0, 0, &bad_params, EFAULT, "a params pointer to PROT_NONE memory" },
	{ &mod_img, &mod_len, 0, 0, &bad_int, EINVAL, "ltp_int=notanumber" },
	{ &dep_img, &dep_len, 0, 0, &no_params, ENOENT, "ltp_test_mod_dep without ltp_test_mod" },
};

static void run_tcase(struct tcase *tc)
{
	size_t len = tc->len ? *tc->len : tc->fixed_len;

	if (tc->half)
		len /= 2;
	TST_EXP_FAIL(sys_init_module(*tc->img, len, *tc->params), tc->exp_errno,
		     "init_module() with %s", tc->desc);
	tm_check_loaded(TM_MOD, 0);
	tm_check_loaded(TM_DEP, 0);
}

static long load_mod(const char *params)
{
	return sys_init_module(mod_img, mod_len, params);
}

static void eexist(void)
{
	tm_check_eexist("init_module", load_mod);
}

static void eperm_calls(void)
{
	TST_EXP_FAIL(sys_init_module(mod_img, mod_len, ""), EPERM,
		     "init_module() as root without CAP_SYS_MODULE");
	TST_EXP_FAIL(sys_init_module(garbage, 4096, ""), EPERM,
		     "init_module() of garbage without CAP_SYS_MODULE");
}

static void eperm(void)
{
	tm_without_cap_sys_module(eperm_calls);
	tm_check_loaded(TM_MOD, 0);
}

static void run(unsigned int n)
{
	if (n == 0)
		eperm();
	else if (n == 1)
		eexist();
	else
		run_tcase(&tcases[n - 2]);
}

static void setup(void)
{
	tm_setup();
	mod_img = tm_read(tm_path(TM_MOD), &mod_len);
	dep_img = tm_read(tm_path(TM_DEP), &dep_len);
	garbage = SAFE_MALLOC(4096);
	memset(garbage, 0x5a, 4096);
	page = sysconf(_SC_PAGESIZE);
	none = SAFE_MMAP(NULL, mod_len + page, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	bad_params = none;
}

static struct tst_test test = {
	.tcnt = 2 + sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = tm_cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.exclusive = 1,
	.expected_taint = "OE",
};

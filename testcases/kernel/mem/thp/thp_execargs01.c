// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve() with megabytes of argument strings while transparent huge
 * pages are "always" on (/sys/kernel/mm/transparent_hugepage/enabled
 * saved, set and restored: exclusive). execve() copies the strings into
 * the new program's stack while that stack is still a temporary VMA,
 * which it moves afterwards (shift_arg_pages()); a huge page faulted
 * into that VMA during the copy broke the move and the kernel hit a BUG
 * in mm/huge_memory.c. CVE-2011-0999, fixed by a7d6e4ecdb76 ("thp:
 * prevent hugepages during args/env copying into the user stack");
 * upstream LTP's thp01 reproduces it with the largest argument list
 * exec accepts.
 *
 * With RLIMIT_STACK unlimited (set in the test process) the strings and
 * their pointers may take 3/4 of _STK_LIM, 6 MiB (bprm_stack_limits()).
 * Each iteration, in children that exec sec_helper "args":
 *  - 1280 strings of a page less one byte (5 MiB, more than two PMD
 *    extents of the new stack) are passed: the helper sees argc 1282 and
 *    every string intact (their summed length and byte values);
 *  - 1700 such strings (6.6 MiB, past the 6 MiB) are E2BIG, and the
 *    process whose exec failed still runs;
 *  - the kernel gains no D or W taint (taint_check).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "tst_test.h"
#include "thp_common.h"

#define FITS	1280
#define TOO_MANY	1700
#define LETTERS	26

static char helper[4096];
static char *strs[LETTERS];
static char **argv_buf;
static long page;

/* Run the helper with n strings, its first output line into out. */
static void exec_helper(int n, char *out, size_t size)
{
	int fds[2], i;
	ssize_t got, len = 0;
	pid_t pid;

	argv_buf[0] = helper;
	argv_buf[1] = "args";
	for (i = 0; i < n; i++)
		argv_buf[i + 2] = strs[i % LETTERS];
	argv_buf[n + 2] = NULL;

	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(fds[0]);
		SAFE_DUP2(fds[1], STDOUT_FILENO);
		execv(helper, argv_buf);
		printf("execv: %s\n", tst_strerrno(errno));
		fflush(stdout);
		_exit(0);
	}
	SAFE_CLOSE(fds[1]);
	while ((size_t)len < size - 1) {
		got = SAFE_READ(0, fds[0], out + len, size - 1 - len);
		if (!got)
			break;
		len += got;
	}
	out[len] = 0;
	out[strcspn(out, "\n")] = 0;
	SAFE_CLOSE(fds[0]);
	reap_child(pid);
}

static void run(void)
{
	unsigned long len = 0, sum = 0;
	char out[128], exp[128];
	int i;

	for (i = 0; i < FITS; i++) {
		len += page - 1;
		sum += (unsigned long)('a' + i % LETTERS) * (page - 1);
	}
	snprintf(exp, sizeof(exp), "argc=%d len=%lu sum=%lu", FITS + 2, len,
		 sum);
	exec_helper(FITS, out, sizeof(out));
	if (!strcmp(out, exp))
		tst_res(TPASS, "exec with %d strings of %ld bytes: helper got "
			"%s", FITS, page - 1, out);
	else
		tst_res(TFAIL, "exec with %d strings of %ld bytes: helper "
			"said '%s', expected '%s'", FITS, page - 1, out, exp);

	exec_helper(TOO_MANY, out, sizeof(out));
	if (!strcmp(out, "execv: E2BIG"))
		tst_res(TPASS, "exec with %d strings (past 6 MiB) is E2BIG",
			TOO_MANY);
	else
		tst_res(TFAIL, "exec with %d strings (past 6 MiB): '%s', "
			"expected E2BIG", TOO_MANY, out);
}

static void setup(void)
{
	struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };
	ssize_t n = readlink("/proc/self/exe", helper, sizeof(helper) - 16);
	int i;

	thp_pmd_size();
	if (n < 0)
		tst_brk(TBROK | TERRNO, "readlink(/proc/self/exe)");
	helper[n] = 0;
	strcpy(strrchr(helper, '/') + 1, "sec_helper");
	if (access(helper, X_OK))
		tst_brk(TBROK | TERRNO, "helper %s is missing", helper);
	if (setrlimit(RLIMIT_STACK, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_STACK, unlimited)");

	page = sysconf(_SC_PAGESIZE);
	for (i = 0; i < LETTERS; i++) {
		strs[i] = SAFE_MALLOC(page);
		memset(strs[i], 'a' + i, page - 1);
		strs[i][page - 1] = 0;
	}
	argv_buf = SAFE_MALLOC((TOO_MANY + 3) * sizeof(char *));
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.save_restore = (const struct tst_path_val[]) {
		{THP_DIR "enabled", "always", TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_TRANSPARENT_HUGEPAGE", NULL
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "a7d6e4ecdb76"},
		{"CVE", "2011-0999"},
		{}
	},
};

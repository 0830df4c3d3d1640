// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gethostname(), which the C library answers from uname(2): in a new UTS
 * namespace, for host names of 1, 7, 63 and 64 (HOST_NAME_MAX) bytes set
 * with the sethostname syscall, and every buffer length from 0 to the
 * name's length + 2:
 *  - a length of at least the name + its NUL gives the name, NUL
 *    terminated, and writes no byte past the NUL;
 *  - a shorter one fails with ENAMETOOLONG (upstream's case: the length of
 *    the name minus one), and writes no byte past the length given;
 *  - the name is the kernel's own: the nodename of the raw uname syscall
 *    and /proc/sys/kernel/hostname;
 *  - sysconf(_SC_HOST_NAME_MAX) is 64, and the kernel takes 64 bytes but
 *    refuses 65 with EINVAL.
 * Syscalls: uname, sethostname
 */
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "tst_test.h"

#define FILL 0x5a

static const size_t lens[] = { 1, 7, 63, HOST_NAME_MAX };

static int kernel_has(const char *name)
{
	struct utsname u;
	char proc[HOST_NAME_MAX + 2] = "";
	FILE *f;

	if (syscall(__NR_uname, &u))
		tst_brk(TBROK | TERRNO, "uname syscall");
	f = fopen("/proc/sys/kernel/hostname", "r");
	if (!f || !fgets(proc, sizeof(proc), f))
		tst_brk(TBROK | TERRNO, "read /proc/sys/kernel/hostname");
	fclose(f);
	proc[strcspn(proc, "\n")] = 0;
	return !strcmp(u.nodename, name) && !strcmp(proc, name);
}

static int check_len(const char *name, size_t n, size_t len)
{
	char buf[HOST_NAME_MAX + 8];
	size_t i, wrote;
	int ret;

	memset(buf, FILL, sizeof(buf));
	errno = 0;
	ret = gethostname(buf, len);
	if (len > n) {
		if (ret || strcmp(buf, name)) {
			tst_res(TFAIL | TERRNO, "gethostname(buf, %zu) of a "
				"%zu-byte name: %d, \"%.*s\"", len, n, ret,
				(int)n, buf);
			return 0;
		}
		wrote = n + 1;
	} else {
		if (ret != -1 || errno != ENAMETOOLONG) {
			tst_res(TFAIL | TERRNO, "gethostname(buf, %zu) of a "
				"%zu-byte name returned %d, expected "
				"ENAMETOOLONG", len, n, ret);
			return 0;
		}
		wrote = len;
	}
	for (i = wrote; i < sizeof(buf); i++) {
		if (buf[i] != FILL) {
			tst_res(TFAIL, "gethostname(buf, %zu) of a %zu-byte "
				"name wrote buf[%zu]", len, n, i);
			return 0;
		}
	}
	return 1;
}

static void in_namespace(void)
{
	char name[HOST_NAME_MAX + 2];
	unsigned int k;
	size_t n, len;
	int ok;

	TST_EXP_EQ_LI(sysconf(_SC_HOST_NAME_MAX), HOST_NAME_MAX);
	memset(name, 'h', sizeof(name));
	TST_EXP_FAIL(syscall(__NR_sethostname, name, HOST_NAME_MAX + 1),
		     EINVAL, "sethostname() of %d bytes", HOST_NAME_MAX + 1);
	for (k = 0; k < ARRAY_SIZE(lens); k++) {
		n = lens[k];
		for (len = 0; len < n; len++)
			name[len] = 'a' + (len + k) % 26;
		name[n] = 0;
		if (syscall(__NR_sethostname, name, n)) {
			tst_res(TFAIL | TERRNO, "sethostname() of %zu bytes",
				n);
			continue;
		}
		TST_EXP_EXPR(kernel_has(name), "the kernel's nodename is the "
			     "%zu-byte name set", n);
		ok = 1;
		for (len = 0; ok && len <= n + 2; len++)
			ok = check_len(name, n, len);
		if (ok)
			tst_res(TPASS, "gethostname() of a %zu-byte name: the "
				"name for lengths %zu..%zu, ENAMETOOLONG for "
				"0..%zu (%zu included), no byte written past "
				"the name or the length", n, n + 1, n + 2, n,
				n - 1);
	}
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (unshare(CLONE_NEWUTS))
			tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUTS)");
		in_namespace();
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};

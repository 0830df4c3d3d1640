// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * prctl(2) errors of PR_SET_MM and of the speculation controls, each with
 * its exact errno and /proc/self/exe and the brk unchanged (prctl_set_mm()
 * and prctl_set_mm_exe_file() in kernel/sys.c, replace_mm_exe_file() in
 * kernel/fork.c):
 * - PR_SET_MM with a nonzero arg5, and with a nonzero arg4 for an option
 *   other than AUXV and MAP: EINVAL, checked before the capability;
 * - as nobody (no CAP_SYS_RESOURCE): PR_SET_MM_EXE_FILE and
 *   PR_SET_MM_START_BRK are EPERM;
 * - PR_SET_MM_EXE_FILE with fd -1: EBADF; with a directory and with a
 *   mode 0644 regular file: EACCES; with this program itself while its
 *   old executable is still mapped: EBUSY;
 * - PR_SET_MM_START_BRK above TASK_SIZE and below mmap_min_addr, and
 *   PR_SET_MM_AUXV longer than the saved auxiliary vector: EINVAL;
 * - PR_GET_SPECULATION_CTRL and PR_SET_SPECULATION_CTRL of a misfeature
 *   the kernel does not know (99): ENODEV (x86 and arm64), and
 *   PR_GET_SPECULATION_CTRL with a nonzero arg3: EINVAL.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "fsmeta.h"

#ifndef PR_SET_MM
# define PR_SET_MM 35
# define PR_SET_MM_START_BRK 6
# define PR_SET_MM_AUXV 12
# define PR_SET_MM_EXE_FILE 13
#endif
#ifndef PR_GET_SPECULATION_CTRL
# define PR_GET_SPECULATION_CTRL 52
# define PR_SET_SPECULATION_CTRL 53
# define PR_SPEC_ENABLE (1UL << 1)
#endif

#define UNKNOWN_MISFEATURE 99

static int dir_fd, plain_fd, self_fd;
static int bad_fd = -1;
static char auxv[4096];
static char exe_before[PATH_MAX];

static struct tcase {
	int option;
	unsigned long a2, a3, a4, a5;
	int *fd;		/* when set, a3 is this fd */
	int exp_errno;
	int as_nobody;
	const char *desc;
} tcases[] = {
	{ PR_SET_MM, PR_SET_MM_START_BRK, 0x10000000, 0, 1, NULL, EINVAL, 0,
	  "PR_SET_MM, arg5 1" },
	{ PR_SET_MM, PR_SET_MM_START_BRK, 0x10000000, 1, 0, NULL, EINVAL, 0,
	  "PR_SET_MM_START_BRK, arg4 1" },
	{ PR_SET_MM, PR_SET_MM_EXE_FILE, 0, 0, 0, &self_fd, EPERM, 1,
	  "PR_SET_MM_EXE_FILE as nobody" },
	{ PR_SET_MM, PR_SET_MM_START_BRK, 0x10000000, 0, 0, NULL, EPERM, 1,
	  "PR_SET_MM_START_BRK as nobody" },
	{ PR_SET_MM, PR_SET_MM_EXE_FILE, 0, 0, 0, &bad_fd, EBADF, 0,
	  "PR_SET_MM_EXE_FILE, fd -1" },
	{ PR_SET_MM, PR_SET_MM_EXE_FILE, 0, 0, 0, &dir_fd, EACCES, 0,
	  "PR_SET_MM_EXE_FILE, a directory" },
	{ PR_SET_MM, PR_SET_MM_EXE_FILE, 0, 0, 0, &plain_fd, EACCES, 0,
	  "PR_SET_MM_EXE_FILE, a mode 0644 file" },
	{ PR_SET_MM, PR_SET_MM_EXE_FILE, 0, 0, 0, &self_fd, EBUSY, 0,
	  "PR_SET_MM_EXE_FILE, the old executable still mapped" },
	{ PR_SET_MM, PR_SET_MM_START_BRK, ~0UL << 12, 0, 0, NULL, EINVAL, 0,
	  "PR_SET_MM_START_BRK above TASK_SIZE" },
	{ PR_SET_MM, PR_SET_MM_START_BRK, 4096, 0, 0, NULL, EINVAL, 0,
	  "PR_SET_MM_START_BRK below mmap_min_addr" },
	{ PR_SET_MM, PR_SET_MM_AUXV, 0, sizeof(auxv), 0, NULL, EINVAL, 0,
	  "PR_SET_MM_AUXV of 4096 bytes" },
	{ PR_GET_SPECULATION_CTRL, UNKNOWN_MISFEATURE, 0, 0, 0, NULL, ENODEV,
	  0, "PR_GET_SPECULATION_CTRL, misfeature 99" },
	{ PR_SET_SPECULATION_CTRL, UNKNOWN_MISFEATURE, PR_SPEC_ENABLE, 0, 0,
	  NULL, ENODEV, 0, "PR_SET_SPECULATION_CTRL, misfeature 99" },
	{ PR_GET_SPECULATION_CTRL, 0, 1, 0, 0, NULL, EINVAL, 0,
	  "PR_GET_SPECULATION_CTRL, arg3 1" },
};

static struct tcase *cur;

static void read_exe(char *buf)
{
	ssize_t len = readlink("/proc/self/exe", buf, PATH_MAX - 1);

	if (len < 0)
		tst_brk(TBROK | TERRNO, "readlink(/proc/self/exe)");
	buf[len] = '\0';
}

static long call(struct tcase *tc)
{
	unsigned long a3 = tc->fd ? (unsigned long)*tc->fd : tc->a3;

	if (tc->option == PR_SET_MM && tc->a2 == PR_SET_MM_AUXV)
		a3 = (unsigned long)auxv;
	return prctl(tc->option, tc->a2, a3, tc->a4, tc->a5);
}

static void check(void)
{
	char exe_after[PATH_MAX];
	void *brk0 = sbrk(0);

	TST_EXP_FAIL(call(cur), cur->exp_errno, "prctl(%s)", cur->desc);
	read_exe(exe_after);
	TST_EXP_EXPR(!strcmp(exe_before, exe_after) && sbrk(0) == brk0,
		     "/proc/self/exe and the brk unchanged");
}

static void run(unsigned int n)
{
	cur = &tcases[n];
#if !defined(__x86_64__) && !defined(__i386__) && !defined(__aarch64__)
	/* elsewhere the generic arch_prctl_spec_ctrl_*() answer EINVAL */
	if (cur->exp_errno == ENODEV) {
		tst_res(TCONF, "%s: ENODEV is x86 and arm64 only", cur->desc);
		return;
	}
#endif
	if (cur->as_nobody)
		fsm_as_nobody(check);
	else
		check();
}

static void setup(void)
{
	SAFE_MKDIR("dir", 0755);
	fsm_create_file("plain", 0644, "not a program");
	dir_fd = SAFE_OPEN("dir", O_RDONLY | O_DIRECTORY);
	plain_fd = SAFE_OPEN("plain", O_RDONLY);
	self_fd = SAFE_OPEN("/proc/self/exe", O_RDONLY);
	read_exe(exe_before);
}

static void cleanup(void)
{
	if (self_fd > 0)
		SAFE_CLOSE(self_fd);
	if (plain_fd > 0)
		SAFE_CLOSE(plain_fd);
	if (dir_fd > 0)
		SAFE_CLOSE(dir_fd);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

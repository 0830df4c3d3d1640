// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fanotify_mark() errors: EINVAL for mask bits above 32, unknown flags,
 * FAN_MARK_MOUNT with FAN_MARK_FILESYSTEM, no command or two commands,
 * FAN_MARK_ADD with an empty mask, FAN_MARK_FLUSH with other flags, a
 * directory-entry event (FAN_CREATE) on a group without file ids, and a
 * descriptor that is not a fanotify group; EBADF for a group descriptor
 * not open and for a bad dirfd with a relative path; ENOENT for a missing
 * path and for removing a mark that does not exist; ENOTDIR for
 * FAN_MARK_ONLYDIR on a file; EFAULT for an unmapped path. As nobody, a
 * FAN_REPORT_FID group (Linux 5.13) may not mark a mount: EPERM.
 * Permission events are left out: asking for one taints a kernel with
 * CONFIG_FANOTIFY_ACCESS_PERMISSIONS (6.1) before any check.
 */
#include <sys/fanotify.h>
#include "time_event.h"

static int fan = -1;
static void *bad_addr;

static void test_einval(void)
{
	static const struct {
		unsigned int flags;
		uint64_t mask;
		const char *desc;
	} bad[] = {
		{FAN_MARK_ADD, FAN_OPEN | (1ULL << 32), "mask bit 32"},
		{FAN_MARK_ADD | 0x80000000, FAN_OPEN, "flag 0x80000000"},
		{FAN_MARK_ADD | FAN_MARK_MOUNT | FAN_MARK_FILESYSTEM, FAN_OPEN,
		 "FAN_MARK_MOUNT | FAN_MARK_FILESYSTEM"},
		{0, FAN_OPEN, "no command"},
		{FAN_MARK_ADD | FAN_MARK_REMOVE, FAN_OPEN,
		 "FAN_MARK_ADD | FAN_MARK_REMOVE"},
		{FAN_MARK_ADD, 0, "FAN_MARK_ADD, mask 0"},
		{FAN_MARK_FLUSH | FAN_MARK_DONT_FOLLOW, 0,
		 "FAN_MARK_FLUSH | FAN_MARK_DONT_FOLLOW"},
		{FAN_MARK_ADD, FAN_CREATE, "FAN_CREATE without file ids"},
	};
	unsigned int i;
	int p[2];

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		TST_EXP_FAIL(fanotify_mark(fan, bad[i].flags, bad[i].mask,
					   AT_FDCWD, "."), EINVAL,
			     "fanotify_mark(%s)", bad[i].desc);
	SAFE_PIPE(p);
	TST_EXP_FAIL(fanotify_mark(p[0], FAN_MARK_ADD, FAN_OPEN, AT_FDCWD,
				   "file"), EINVAL, "fanotify_mark(pipe)");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void test_ebadf(void)
{
	int tmp, closed;

	tmp = SAFE_OPEN("/dev/null", O_RDONLY);
	closed = tmp;
	SAFE_CLOSE(tmp);
	TST_EXP_FAIL(fanotify_mark(closed, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD,
				   "file"), EBADF,
		     "fanotify_mark(group descriptor not open)");
	TST_EXP_FAIL(fanotify_mark(fan, FAN_MARK_ADD, FAN_OPEN, closed,
				   "file"), EBADF,
		     "fanotify_mark(dirfd not open, relative path)");
}

static void test_path_errors(void)
{
	TST_EXP_FAIL(fanotify_mark(fan, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD,
				   "missing"), ENOENT,
		     "fanotify_mark(missing file)");
	TST_EXP_FAIL(fanotify_mark(fan, FAN_MARK_REMOVE, FAN_OPEN, AT_FDCWD,
				   "file"), ENOENT,
		     "fanotify_mark(FAN_MARK_REMOVE, file without a mark)");
	TST_EXP_FAIL(fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_ONLYDIR,
				   FAN_OPEN, AT_FDCWD, "file"), ENOTDIR,
		     "fanotify_mark(FAN_MARK_ONLYDIR, file)");
	TST_EXP_FAIL(fanotify_mark(fan, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD,
				   bad_addr), EFAULT,
		     "fanotify_mark(unmapped path)");
}

static void as_nobody(void)
{
	int nfan = fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_FID, O_RDONLY);

	if (nfan < 0)
		tst_brk(TBROK | TERRNO, "fanotify_init(FAN_REPORT_FID) as "
			"nobody");
	TST_EXP_FAIL(fanotify_mark(nfan, FAN_MARK_ADD | FAN_MARK_MOUNT,
				   FAN_OPEN, AT_FDCWD, "."), EPERM,
		     "fanotify_mark(FAN_MARK_MOUNT) as nobody");
	TST_EXP_FAIL(fanotify_mark(nfan, FAN_MARK_ADD | FAN_MARK_FILESYSTEM,
				   FAN_OPEN, AT_FDCWD, "."), EPERM,
		     "fanotify_mark(FAN_MARK_FILESYSTEM) as nobody");
	SAFE_CLOSE(nfan);
}

static void test_nobody(void)
{
	tev_fanotify_as_nobody(as_nobody);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_einval();
		break;
	case 1:
		test_ebadf();
		break;
	case 2:
		test_path_errors();
		break;
	case 3:
		test_nobody();
		break;
	}
}

static void setup(void)
{
	int fd;

	bad_addr = tev_bad_addr();
	fan = tst_syscall(__NR_fanotify_init, FAN_CLASS_NOTIF, O_RDONLY);
	if (fan < 0)
		tst_brk(TBROK | TERRNO, "fanotify_init()");
	fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(fd);
}

static void cleanup(void)
{
	if (fan >= 0)
		SAFE_CLOSE(fan);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

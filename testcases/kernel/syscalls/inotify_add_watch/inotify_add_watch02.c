// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inotify_add_watch() errors: EINVAL for a mask with no event and for bits
 * inotify does not know, for IN_MASK_ADD with IN_MASK_CREATE, and for a
 * descriptor that is not an inotify instance; EBADF for one not open;
 * EEXIST for IN_MASK_CREATE on an inode already watched; ENOENT for a
 * missing path and a dangling symlink; ENOTDIR for IN_ONLYDIR on a file
 * and for a file used as a directory; ELOOP for a symlink loop;
 * ENAMETOOLONG; EFAULT for an unmapped path. As nobody: EACCES for a
 * file without read permission and for a path through a directory
 * without search permission.
 */
#include <limits.h>
#include "time_event.h"
#include "inotify_read.h"
#include "lapi/inotify.h"

static int fd = -1;
static void *bad_addr;
static char long_name[PATH_MAX + 2];

static void test_einval_ebadf(void)
{
	int p[2], tmp, closed;

	TST_EXP_FAIL(inotify_add_watch(fd, "file", 0), EINVAL,
		     "inotify_add_watch(mask 0)");
	TST_EXP_FAIL(inotify_add_watch(fd, "file", IN_MODIFY | 0x00010000),
		     EINVAL, "inotify_add_watch(unknown bit 0x10000)");
	TST_EXP_FAIL(inotify_add_watch(fd, "file", IN_MODIFY | IN_MASK_ADD |
				       IN_MASK_CREATE), EINVAL,
		     "inotify_add_watch(IN_MASK_ADD | IN_MASK_CREATE)");
	SAFE_PIPE(p);
	TST_EXP_FAIL(inotify_add_watch(p[0], "file", IN_MODIFY), EINVAL,
		     "inotify_add_watch(pipe)");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
	tmp = SAFE_OPEN("/dev/null", O_RDONLY);
	closed = tmp;
	SAFE_CLOSE(tmp);
	TST_EXP_FAIL(inotify_add_watch(closed, "file", IN_MODIFY), EBADF,
		     "inotify_add_watch(descriptor not open)");
	TST_EXP_FAIL(inotify_add_watch(-1, "file", IN_MODIFY), EBADF,
		     "inotify_add_watch(-1)");
}

static void test_eexist(void)
{
	int wd;

	wd = inotify_add_watch(fd, "file", IN_MODIFY);
	if (wd < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch()");
	TST_EXP_FAIL(inotify_add_watch(fd, "file", IN_ATTRIB |
				       IN_MASK_CREATE), EEXIST,
		     "inotify_add_watch(IN_MASK_CREATE, watched file)");
	inotify_rm_watch(fd, wd);
	TST_EXP_POSITIVE(inotify_add_watch(fd, "file", IN_ATTRIB |
					   IN_MASK_CREATE),
			 "inotify_add_watch(IN_MASK_CREATE, file no longer "
			 "watched)");
	inotify_rm_watch(fd, TST_RET);
}

static void test_path_errors(void)
{
	TST_EXP_FAIL(inotify_add_watch(fd, "missing", IN_MODIFY), ENOENT,
		     "inotify_add_watch(missing file)");
	TST_EXP_FAIL(inotify_add_watch(fd, "dangling", IN_MODIFY), ENOENT,
		     "inotify_add_watch(dangling symlink)");
	TST_EXP_FAIL(inotify_add_watch(fd, "file", IN_MODIFY | IN_ONLYDIR),
		     ENOTDIR, "inotify_add_watch(file, IN_ONLYDIR)");
	TST_EXP_FAIL(inotify_add_watch(fd, "file/x", IN_MODIFY), ENOTDIR,
		     "inotify_add_watch(file/x)");
	TST_EXP_FAIL(inotify_add_watch(fd, "loop", IN_MODIFY), ELOOP,
		     "inotify_add_watch(symlink loop)");
	TST_EXP_FAIL(inotify_add_watch(fd, long_name, IN_MODIFY), ENAMETOOLONG,
		     "inotify_add_watch(path longer than PATH_MAX)");
	TST_EXP_FAIL(inotify_add_watch(fd, bad_addr, IN_MODIFY), EFAULT,
		     "inotify_add_watch(unmapped path)");
}

static void as_nobody(void)
{
	int nfd = inotify_init1(0);

	if (nfd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1() as nobody");
	TST_EXP_FAIL(inotify_add_watch(nfd, "secret", IN_MODIFY), EACCES,
		     "inotify_add_watch(file mode 0600 of root) as nobody");
	TST_EXP_FAIL(inotify_add_watch(nfd, "closed_dir/file", IN_MODIFY),
		     EACCES, "inotify_add_watch(through a directory mode 0700 "
		     "of root) as nobody");
	TST_EXP_POSITIVE(inotify_add_watch(nfd, "file", IN_MODIFY),
			 "inotify_add_watch(file mode 0644) as nobody");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_einval_ebadf();
		break;
	case 1:
		test_eexist();
		break;
	case 2:
		test_path_errors();
		break;
	case 3:
		tev_as_nobody(as_nobody);
		break;
	}
}

static void setup(void)
{
	int tmp;

	bad_addr = tev_bad_addr();
	memset(long_name, 'a', sizeof(long_name) - 1);
	fd = inotify_init1(IN_NONBLOCK);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	tmp = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(tmp);
	tmp = SAFE_OPEN("secret", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(tmp);
	SAFE_MKDIR("closed_dir", 0700);
	tmp = SAFE_OPEN("closed_dir/file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(tmp);
	if (symlink("missing", "dangling") || symlink("loop", "loop"))
		tst_brk(TBROK | TERRNO, "symlink()");
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

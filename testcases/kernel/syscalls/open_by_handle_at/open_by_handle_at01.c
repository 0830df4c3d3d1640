// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open_by_handle_at() as root (it needs CAP_DAC_READ_SEARCH): a handle
 * from name_to_handle_at() reopens the same inode (st_ino and st_dev
 * equal, the content readable), also after the file was renamed, and a
 * directory's handle opens the directory; a symlink's own handle opens
 * with O_PATH (an S_IFLNK inode) and is ELOOP without it. ESTALE for the
 * handle of a file that was deleted, EINVAL for handle_bytes 0 and above
 * MAX_HANDLE_SZ, EBADF for a mount fd that is not open, EFAULT for an
 * unmapped handle. As nobody: EPERM.
 */
#include <sys/mman.h>
#include <sys/stat.h>
#include "fhandle.h"
#include "as_nobody.h"

static void *bad_addr;
static int mnt_fd = -1;
static struct fh_buf file_h;

static void test_reopen(void)
{
	struct stat st, st2;
	struct fh_buf h;
	char buf[8] = "";
	int fd;

	SAFE_STAT("file", &st);
	TST_EXP_FD(sys_open_by_handle_at(mnt_fd, &file_h, O_RDONLY),
		   "open_by_handle_at(file's handle, O_RDONLY)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	SAFE_FSTAT(fd, &st2);
	TST_EXP_EXPR(st.st_ino == st2.st_ino && st.st_dev == st2.st_dev,
		     "the same inode (st_ino %lu vs %lu)",
		     (unsigned long)st.st_ino, (unsigned long)st2.st_ino);
	SAFE_READ(0, fd, buf, 5);
	TST_EXP_EXPR(!memcmp(buf, "hello", 5), "its content reads back");
	SAFE_CLOSE(fd);

	SAFE_MKDIR("moved_dir", 0755);
	if (rename("file", "moved_dir/file"))
		tst_brk(TBROK | TERRNO, "rename()");
	TST_EXP_FD(sys_open_by_handle_at(mnt_fd, &file_h, O_RDONLY),
		   "open_by_handle_at(handle of a renamed file)");
	if (TST_PASS) {
		SAFE_FSTAT(TST_RET, &st2);
		TST_EXP_EQ_LU(st2.st_ino, st.st_ino);
		close(TST_RET);
	}
	if (rename("moved_dir/file", "file"))
		tst_brk(TBROK | TERRNO, "rename()");
	SAFE_RMDIR("moved_dir");

	fh_get("dir", 0, &h, NULL);
	SAFE_STAT("dir", &st);
	TST_EXP_FD(sys_open_by_handle_at(mnt_fd, &h, O_RDONLY | O_DIRECTORY),
		   "open_by_handle_at(directory's handle, O_DIRECTORY)");
	if (TST_PASS) {
		SAFE_FSTAT(TST_RET, &st2);
		TST_EXP_EQ_LU(st2.st_ino, st.st_ino);
		close(TST_RET);
	}
}

static void test_symlink(void)
{
	struct fh_buf h;
	struct stat st;

	fh_get("symlink", 0, &h, NULL);
	TST_EXP_FD(sys_open_by_handle_at(mnt_fd, &h, O_PATH),
		   "open_by_handle_at(symlink's handle, O_PATH)");
	if (TST_PASS) {
		SAFE_FSTAT(TST_RET, &st);
		TST_EXP_EXPR(S_ISLNK(st.st_mode), "it is the symlink itself "
			     "(mode 0%o)", st.st_mode);
		close(TST_RET);
	}
	TST_EXP_FAIL(sys_open_by_handle_at(mnt_fd, &h, O_RDONLY), ELOOP,
		     "open_by_handle_at(symlink's handle, O_RDONLY)");
}

static void test_errors(void)
{
	struct fh_buf h;
	int fd;

	fd = SAFE_OPEN("doomed", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	fh_get("doomed", 0, &h, NULL);
	SAFE_UNLINK("doomed");
	TST_EXP_FAIL(sys_open_by_handle_at(mnt_fd, &h, O_RDONLY), ESTALE,
		     "open_by_handle_at(handle of a deleted file)");

	h = file_h;
	h.fh.handle_bytes = 0;
	TST_EXP_FAIL(sys_open_by_handle_at(mnt_fd, &h, O_RDONLY), EINVAL,
		     "open_by_handle_at(handle_bytes 0)");
	h.fh.handle_bytes = MAX_HANDLE_SZ + 1;
	TST_EXP_FAIL(sys_open_by_handle_at(mnt_fd, &h, O_RDONLY), EINVAL,
		     "open_by_handle_at(handle_bytes 129)");
	TST_EXP_FAIL(sys_open_by_handle_at(1000, &file_h, O_RDONLY), EBADF,
		     "open_by_handle_at(mount fd 1000, not open)");
	TST_EXP_FAIL(sys_open_by_handle_at(mnt_fd, bad_addr, O_RDONLY), EFAULT,
		     "open_by_handle_at(unmapped handle)");
}

static void as_nobody(void)
{
	TST_EXP_FAIL(sys_open_by_handle_at(mnt_fd, &file_h, O_RDONLY), EPERM,
		     "open_by_handle_at(file's handle) as nobody");
	TST_EXP_FAIL(sys_open_by_handle_at(AT_FDCWD, &file_h, O_RDONLY), EPERM,
		     "open_by_handle_at(AT_FDCWD, file's handle) as nobody");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_reopen();
		break;
	case 1:
		test_symlink();
		break;
	case 2:
		test_errors();
		break;
	default:
		run_in_nobody_child(as_nobody, "the EPERM checks");
	}
}

static void setup(void)
{
	int fd;

	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);
	SAFE_WRITE(1, fd, "hello", 5);
	SAFE_CLOSE(fd);
	SAFE_MKDIR("dir", 0755);
	if (symlink("file", "symlink"))
		tst_brk(TBROK | TERRNO, "symlink()");
	fh_get("file", 0, &file_h, NULL);
	mnt_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (mnt_fd >= 0)
		SAFE_CLOSE(mnt_fd);
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

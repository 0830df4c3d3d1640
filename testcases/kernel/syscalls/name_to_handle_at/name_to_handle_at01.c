// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * name_to_handle_at(): a file's handle (1..128 bytes) is the same on
 * every call, through a hard link, relative to a directory fd and through
 * AT_EMPTY_PATH on an fd of the file, and differs from another file's;
 * a symlink's own handle differs from its target's, with
 * AT_SYMLINK_FOLLOW it is the target's; the mount id is the one
 * /proc/self/fdinfo shows. With handle_bytes 0 the call fails with
 * EOVERFLOW and writes back the size needed, with which it then
 * succeeds. EINVAL for handle_bytes above MAX_HANDLE_SZ and unknown
 * flags; ENOENT, ENOTDIR, EBADF for a closed dirfd, EFAULT for an
 * unmapped path, handle or mount id; EOPNOTSUPP on procfs, which has no
 * file handles.
 */
#include <sys/mman.h>
#include "fhandle.h"
#include "fd_checks.h"

static void *bad_addr;

static void test_handles(void)
{
	struct fh_buf a, b, c, l, t;
	int mnt_id = -1, fd_mnt_id = -2, fd, dfd;

	memset(&a, 0, sizeof(a));
	a.fh.handle_bytes = MAX_HANDLE_SZ;
	TST_EXP_PASS(sys_name_to_handle_at(AT_FDCWD, "file", &a, &mnt_id, 0),
		     "name_to_handle_at(file)");
	if (!TST_PASS) {
		if (TST_ERR == EOPNOTSUPP)
			tst_res(TCONF, "the test directory's filesystem "
				"cannot encode file handles");
		return;
	}
	TST_EXP_EXPR(a.fh.handle_bytes > 0 &&
		     a.fh.handle_bytes <= MAX_HANDLE_SZ,
		     "handle_bytes %u in 1..128 (type %d)", a.fh.handle_bytes,
		     a.fh.handle_type);
	fd = SAFE_OPEN("file", O_RDONLY);
	fdinfo_scan(fd, "mnt_id: %d", &fd_mnt_id);
	TST_EXP_EQ_LI(mnt_id, fd_mnt_id);

	fh_get("file", 0, &b, NULL);
	TST_EXP_EXPR(fh_equal(&a, &b), "the same handle on a second call");
	fh_get("hardlink", 0, &b, NULL);
	TST_EXP_EXPR(fh_equal(&a, &b), "the same handle through a hard link");
	fh_get("other", 0, &c, NULL);
	TST_EXP_EXPR(!fh_equal(&a, &c), "another file has another handle");

	memset(&b, 0, sizeof(b));
	b.fh.handle_bytes = MAX_HANDLE_SZ;
	TST_EXP_PASS(sys_name_to_handle_at(fd, "", &b, &mnt_id, AT_EMPTY_PATH),
		     "name_to_handle_at(fd, \"\", AT_EMPTY_PATH)");
	TST_EXP_EXPR(fh_equal(&a, &b), "AT_EMPTY_PATH gives the file's handle");
	SAFE_CLOSE(fd);

	dfd = SAFE_OPEN("dir", O_RDONLY | O_DIRECTORY);
	memset(&b, 0, sizeof(b));
	b.fh.handle_bytes = MAX_HANDLE_SZ;
	TST_EXP_PASS(sys_name_to_handle_at(dfd, "inner", &b, &mnt_id, 0),
		     "name_to_handle_at(dirfd, \"inner\")");
	fh_get("dir/inner", 0, &c, NULL);
	TST_EXP_EXPR(fh_equal(&b, &c), "relative to dirfd, the handle of "
		     "dir/inner");
	SAFE_CLOSE(dfd);

	fh_get("symlink", 0, &l, NULL);
	fh_get("symlink", AT_SYMLINK_FOLLOW, &t, NULL);
	TST_EXP_EXPR(!fh_equal(&l, &a) && fh_equal(&t, &a),
		     "a symlink's own handle is not its target's; with "
		     "AT_SYMLINK_FOLLOW it is");
}

static void test_overflow(void)
{
	struct fh_buf h, ref;
	unsigned int need;
	int mnt_id;

	fh_get("file", 0, &ref, NULL);
	memset(&h, 0, sizeof(h));
	h.fh.handle_bytes = 0;
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "file", &h, &mnt_id, 0),
		     EOVERFLOW, "name_to_handle_at(handle_bytes 0)");
	need = h.fh.handle_bytes;
	TST_EXP_EXPR(need == ref.fh.handle_bytes, "handle_bytes written back: "
		     "%u (the handle has %u)", need, ref.fh.handle_bytes);
	if (need > 4) {
		h.fh.handle_bytes = need - 4;
		TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "file", &h,
						   &mnt_id, 0), EOVERFLOW,
			     "name_to_handle_at(handle_bytes %u)", need - 4);
		TST_EXP_EQ_LU(h.fh.handle_bytes, need);
	}
	memset(&h, 0, sizeof(h));
	h.fh.handle_bytes = need;
	TST_EXP_PASS(sys_name_to_handle_at(AT_FDCWD, "file", &h, &mnt_id, 0),
		     "name_to_handle_at(handle_bytes %u, the size needed)",
		     need);
	TST_EXP_EXPR(fh_equal(&h, &ref), "it is the file's handle");
}

static void test_errors(void)
{
	struct fh_buf h;
	int mnt_id;

	memset(&h, 0, sizeof(h));
	h.fh.handle_bytes = MAX_HANDLE_SZ + 1;
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "file", &h, &mnt_id, 0),
		     EINVAL, "name_to_handle_at(handle_bytes 129)");
	h.fh.handle_bytes = MAX_HANDLE_SZ;
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "file", &h, &mnt_id,
					   AT_SYMLINK_NOFOLLOW), EINVAL,
		     "name_to_handle_at(flags AT_SYMLINK_NOFOLLOW)");
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "missing", &h, &mnt_id,
					   0), ENOENT,
		     "name_to_handle_at(missing)");
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "file/x", &h, &mnt_id, 0),
		     ENOTDIR, "name_to_handle_at(file/x)");
	TST_EXP_FAIL(sys_name_to_handle_at(1000, "file", &h, &mnt_id, 0),
		     EBADF, "name_to_handle_at(fd 1000 not open, relative)");
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, bad_addr, &h, &mnt_id, 0),
		     EFAULT, "name_to_handle_at(unmapped path)");
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "file", bad_addr,
					   &mnt_id, 0), EFAULT,
		     "name_to_handle_at(unmapped handle)");
	h.fh.handle_bytes = MAX_HANDLE_SZ;
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "file", &h, bad_addr, 0),
		     EFAULT, "name_to_handle_at(unmapped mount id)");
	h.fh.handle_bytes = MAX_HANDLE_SZ;
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "/proc/self/status", &h,
					   &mnt_id, 0), EOPNOTSUPP,
		     "name_to_handle_at(/proc/self/status)");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_handles();
	else if (n == 1)
		test_overflow();
	else
		test_errors();
}

static void setup(void)
{
	int fd;

	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("other", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	SAFE_MKDIR("dir", 0755);
	fd = SAFE_OPEN("dir/inner", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	if (link("file", "hardlink") || symlink("file", "symlink"))
		tst_brk(TBROK | TERRNO, "link()/symlink()");
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * name_to_handle_at(AT_HANDLE_FID): a handle that identifies a file but
 * need not be decodable (Linux 6.5; fanotify reports the same ids).
 * - On a tmpfs of a private mount namespace, whose handles decode: the
 *   FID handle of a file is its ordinary handle, byte for byte, the same
 *   through a hard link and different for another file; the mount id is
 *   STATX_MNT_ID's; open_by_handle_at() opens the file from it (same
 *   inode).
 * - On procfs, which has no export operations: an ordinary handle of
 *   /proc/filesystems is EOPNOTSUPP, an FID handle works (48b77733d0db,
 *   "expfs: Fix exportfs_can_encode_fh() for EXPORT_FH_FID", after
 *   kernels that refused FID handles for filesystems without export
 *   operations), is the same when asked again, differs from that of
 *   /proc/version, and with too small a buffer is EOVERFLOW with the
 *   size it needs; open_by_handle_at() cannot decode it (ESTALE).
 * - AT_HANDLE_FID | AT_HANDLE_CONNECTABLE: EINVAL (6.13 refuses the pair;
 *   before, the second flag is unknown).
 * - AT_HANDLE_FID | AT_HANDLE_MNT_ID_UNIQUE (6.12): the 64-bit mount id is
 *   STATX_MNT_ID_UNIQUE's.
 * On a kernel without AT_HANDLE_FID, the flag is unknown: EINVAL for a
 * bad dirfd instead of EBADF: TCONF.
 * Syscalls: name_to_handle_at, open_by_handle_at
 */
#include <stdint.h>
#include "tst_test.h"
#include "fhandle.h"
#include "mnt_query.h"
#include "mount_ns.h"

static int mnt_fd = -1, proc_fd = -1;

static int fid_of(const char *path, int flags, struct fh_buf *h, void *id)
{
	memset(h, 0, sizeof(*h));
	h->fh.handle_bytes = MAX_HANDLE_SZ;
	return sys_name_to_handle_at(AT_FDCWD, path, h, id,
				     AT_HANDLE_FID | flags);
}

static void check_tmpfs(void)
{
	struct fh_buf fid, plain, other;
	struct stat st, fst;
	int id, fd;

	TST_EXP_PASS(fid_of("mnt/file", 0, &fid, &id),
		     "name_to_handle_at(mnt/file, AT_HANDLE_FID)");
	if (!TST_PASS)
		return;
	TST_EXP_EQ_LI(id, mq_old_id("mnt"));
	fh_get("mnt/file", 0, &plain, NULL);
	TST_EXP_EXPR(fh_equal(&fid, &plain), "tmpfs: the FID handle is the "
		     "ordinary handle (%u bytes, type %d)",
		     fid.fh.handle_bytes, fid.fh.handle_type);
	TST_EXP_PASS(fid_of("mnt/link", 0, &other, &id),
		     "name_to_handle_at(mnt/link, AT_HANDLE_FID)");
	TST_EXP_EXPR(fh_equal(&fid, &other), "the hard link has the same "
		     "FID handle");
	TST_EXP_PASS(fid_of("mnt/other", 0, &other, &id),
		     "name_to_handle_at(mnt/other, AT_HANDLE_FID)");
	TST_EXP_EXPR(!fh_equal(&fid, &other), "another file has another "
		     "FID handle");

	fd = sys_open_by_handle_at(mnt_fd, &fid, O_RDONLY);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "open_by_handle_at(tmpfs FID handle)");
		return;
	}
	SAFE_FSTAT(fd, &fst);
	SAFE_STAT("mnt/file", &st);
	TST_EXP_EXPR(fst.st_ino == st.st_ino && fst.st_dev == st.st_dev,
		     "open_by_handle_at(FID handle) opens mnt/file");
	SAFE_CLOSE(fd);
}

static void check_procfs(void)
{
	struct fh_buf fid, again, other;
	unsigned int need;
	int id;

	memset(&other, 0, sizeof(other));
	other.fh.handle_bytes = MAX_HANDLE_SZ;
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "/proc/filesystems",
					   &other, &id, 0), EOPNOTSUPP,
		     "name_to_handle_at(/proc/filesystems), no FID");
	TST_EXP_PASS(fid_of("/proc/filesystems", 0, &fid, &id),
		     "name_to_handle_at(/proc/filesystems, AT_HANDLE_FID)");
	if (!TST_PASS)
		return;
	need = fid.fh.handle_bytes;
	TST_EXP_EXPR(need > 0 && need <= MAX_HANDLE_SZ, "procfs FID handle: "
		     "%u bytes, type %d", need, fid.fh.handle_type);
	TST_EXP_EQ_LI(id, mq_old_id("/proc"));
	TST_EXP_PASS(fid_of("/proc/filesystems", 0, &again, &id),
		     "name_to_handle_at(/proc/filesystems, AT_HANDLE_FID) "
		     "again");
	TST_EXP_EXPR(fh_equal(&fid, &again), "the same FID handle again");
	TST_EXP_PASS(fid_of("/proc/version", 0, &other, &id),
		     "name_to_handle_at(/proc/version, AT_HANDLE_FID)");
	TST_EXP_EXPR(!fh_equal(&fid, &other), "/proc/version has another "
		     "FID handle");

	memset(&again, 0, sizeof(again));
	again.fh.handle_bytes = need - 1;
	TST_EXP_FAIL(sys_name_to_handle_at(AT_FDCWD, "/proc/filesystems",
					   &again, &id, AT_HANDLE_FID),
		     EOVERFLOW, "name_to_handle_at(AT_HANDLE_FID, %u bytes)",
		     need - 1);
	TST_EXP_EQ_LI(again.fh.handle_bytes, need);

	TST_EXP_FAIL(sys_open_by_handle_at(proc_fd, &fid, O_RDONLY), ESTALE,
		     "open_by_handle_at(procfs FID handle)");
}

static void check_flags(void)
{
	struct fh_buf fid;
	uint64_t id64 = 0;
	int id;

	TST_EXP_FAIL(fid_of("mnt/file", AT_HANDLE_CONNECTABLE, &fid, &id),
		     EINVAL, "name_to_handle_at(AT_HANDLE_FID | "
		     "AT_HANDLE_CONNECTABLE)");
	TEST(fid_of("mnt/file", AT_HANDLE_MNT_ID_UNIQUE, &fid, &id64));
	if (TST_RET == -1 && TST_ERR == EINVAL) {
		tst_res(TCONF, "AT_HANDLE_MNT_ID_UNIQUE unknown to the "
			"kernel (EINVAL): Linux 6.12 added it");
		return;
	}
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "name_to_handle_at(AT_HANDLE_FID | "
			"AT_HANDLE_MNT_ID_UNIQUE)");
		return;
	}
	TST_EXP_EQ_LU(id64, mq_unique_id("mnt"));
}

static void run(void)
{
	check_tmpfs();
	check_procfs();
	check_flags();
}

static void setup(void)
{
	int id;

	if (!sys_name_to_handle_at(-1, ".", NULL, &id, AT_HANDLE_FID) ||
	    errno == EINVAL)
		tst_brk(TCONF, "AT_HANDLE_FID unknown to the kernel (EINVAL): "
			"Linux 6.5 added it");
	mnt_private_ns();
	SAFE_MKDIR("mnt", 0755);
	SAFE_MOUNT("ltp_name_to_handle_at_fid01", "mnt", "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF("mnt/file", "file");
	SAFE_FILE_PRINTF("mnt/other", "other");
	if (link("mnt/file", "mnt/link"))
		tst_brk(TBROK | TERRNO, "link(mnt/file, mnt/link)");
	mnt_fd = SAFE_OPEN("mnt", O_RDONLY | O_DIRECTORY);
	proc_fd = SAFE_OPEN("/proc", O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (mnt_fd >= 0)
		SAFE_CLOSE(mnt_fd);
	if (proc_fd >= 0)
		SAFE_CLOSE(proc_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "48b77733d0db"},
		{}
	},
};

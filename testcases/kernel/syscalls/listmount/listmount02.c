// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listmount() errors, each with its exact errno (fs/namespace.c), in a
 * private mount namespace:
 * - flags other than LISTMOUNT_REVERSE (2, ~0): EINVAL;
 * - more than 1000000 ids asked for: EOVERFLOW;
 * - id array NULL, at a kernel address, or read-only: EFAULT;
 * - request NULL: EFAULT; request size 0 or 23: EINVAL; a page and one
 *   byte: E2BIG;
 * - last id (param) 5, which no unique id can be: EINVAL;
 * - mount id 0: EINVAL; the id of a mount that was unmounted, and
 *   LSMT_ROOT - 1: ENOENT;
 * - version 1 request (6.11) with the id of no mount namespace: ENOENT;
 * - mnt_ns_fd (6.12.y, 6.18): that of our namespace lists its mounts,
 *   one not open: EBADF (the error of the namespace lookup was not
 *   passed on before 78f0e33cd6c9, which upstream's listmount04 tags);
 *   kernels without it call the field spare and want it 0 (EINVAL);
 * - the mount of "/" listed by a caller chrooted below it without
 *   CAP_SYS_ADMIN (uid 65534): EPERM; as root that works, and as uid
 *   65534 LSMT_ROOT lists exactly the mount under the new root.
 * Linux 6.8; TCONF before.
 */
#include <stdint.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "mnt_query.h"
#include "mount_ns.h"

#define NIDS 32

static struct mq_tree tree;
static uint64_t *ids, *ro_ids;
static long page;
static char *req_page;

static struct lapi_mnt_id_req *req(uint32_t size, uint64_t id,
				   uint64_t last)
{
	struct lapi_mnt_id_req *r = (void *)req_page;

	memset(req_page, 0, page);
	r->size = size;
	r->mnt_id = id;
	r->param = last;
	return r;
}

static void check_args(void)
{
	TST_EXP_FAIL(listmount_raw(tree.mnt_id, 0, ids, NIDS, 2), EINVAL,
		     "listmount(flags 2)");
	TST_EXP_FAIL(listmount_raw(tree.mnt_id, 0, ids, NIDS, ~0U), EINVAL,
		     "listmount(flags ~0)");
	TST_EXP_FAIL(listmount_raw(tree.mnt_id, 0, ids, 1000001, 0), EOVERFLOW,
		     "listmount(1000001 ids)");
	TST_EXP_FAIL(listmount_raw(LSMT_ROOT, 0, NULL, NIDS, 0), EFAULT,
		     "listmount(LSMT_ROOT, NULL ids)");
	TST_EXP_FAIL(listmount_raw(LSMT_ROOT, 0,
				   (uint64_t *)0xffffffff81000000UL, NIDS, 0),
		     EFAULT, "listmount(ids at a kernel address)");
	TST_EXP_FAIL(listmount_raw(LSMT_ROOT, 0, ro_ids, NIDS, 0), EFAULT,
		     "listmount(read-only ids)");

	TST_EXP_FAIL(listmount_req(NULL, ids, NIDS, 0), EFAULT,
		     "listmount(NULL request)");
	TST_EXP_FAIL(listmount_req(req(0, tree.mnt_id, 0), ids, NIDS, 0), EINVAL,
		     "listmount(request size 0)");
	TST_EXP_FAIL(listmount_req(req(MNT_ID_REQ_SIZE_VER0 - 1, tree.mnt_id, 0),
				   ids, NIDS, 0), EINVAL,
		     "listmount(request size 23)");
	TST_EXP_FAIL(listmount_req(req(page + 1, tree.mnt_id, 0), ids, NIDS, 0),
		     E2BIG, "listmount(request size page + 1)");
	TST_EXP_FAIL(listmount_raw(tree.mnt_id, 5, ids, NIDS, 0), EINVAL,
		     "listmount(last id 5)");
	TST_EXP_FAIL(listmount_raw(0, 0, ids, NIDS, 0), EINVAL,
		     "listmount(mount id 0)");
	TST_EXP_FAIL(listmount_raw(tree.gone_id, 0, ids, NIDS, 0), ENOENT,
		     "listmount(id of an unmounted mount)");
	TST_EXP_FAIL(listmount_raw(LSMT_ROOT - 1, 0, ids, NIDS, 0), ENOENT,
		     "listmount(mount id LSMT_ROOT - 1)");
}

static void check_ns(void)
{
	struct lapi_mnt_id_req *r;
	int fd;

	r = req(MNT_ID_REQ_SIZE_VER1, LSMT_ROOT, 0);
	r->mnt_ns_id = ~0ULL;
	TEST(listmount_req(r, ids, NIDS, 0));
	if (TST_RET == -1 && TST_ERR == E2BIG)
		tst_res(TCONF, "version 1 requests (mnt_ns_id) unknown to "
			"the kernel (E2BIG): Linux 6.11 added them");
	else if (TST_RET == -1 && TST_ERR == ENOENT)
		tst_res(TPASS, "listmount(mnt_ns_id of no namespace): ENOENT");
	else
		tst_res(TFAIL | TTERRNO, "listmount(mnt_ns_id of no "
			"namespace) returned %ld, expected ENOENT", TST_RET);

	fd = SAFE_OPEN("/proc/self/ns/mnt", O_RDONLY);
	r = req(MNT_ID_REQ_SIZE_VER0, LSMT_ROOT, 0);
	r->mnt_ns_fd = fd;
	TEST(listmount_req(r, ids, NIDS, 0));
	SAFE_CLOSE(fd);
	r->mnt_ns_fd = fd;
	if (TST_RET == -1 && TST_ERR == EINVAL) {
		tst_res(TINFO, "mnt_ns_fd is unknown to the kernel (a spare "
			"field that must be 0)");
		TST_EXP_FAIL(listmount_req(r, ids, NIDS, 0), EINVAL,
			     "listmount(spare field not 0)");
		return;
	}
	TST_EXP_EXPR(TST_RET > 0, "listmount(mnt_ns_fd of our namespace) "
		     "lists mounts (returned %ld, %s)", TST_RET,
		     tst_strerrno(TST_ERR));
	TST_EXP_FAIL(listmount_req(r, ids, NIDS, 0), EBADF,
		     "listmount(mnt_ns_fd not open)");
}

static void in_chroot(void)
{
	long n;

	TST_EXP_POSITIVE(listmount_raw(tree.root_id, 0, ids, NIDS, 0),
			 "listmount(mount of /, out of sight) as root");
	tst_drop_privs();
	TST_EXP_FAIL(listmount_raw(tree.root_id, 0, ids, NIDS, 0), EPERM,
		     "listmount(mount of /, out of sight) as uid 65534");
	n = listmount_raw(LSMT_ROOT, 0, ids, NIDS, 0);
	if (n < 0)
		tst_res(TFAIL | TERRNO, "listmount(LSMT_ROOT) as uid 65534");
	else
		TST_EXP_EXPR(n == 1 && ids[0] == tree.x_id, "listmount(LSMT_ROOT) "
			     "as uid 65534 gives root/x alone (%ld ids)", n);
}

static void run(void)
{
	check_args();
	check_ns();
	mq_in_chroot(in_chroot);
}

static void setup(void)
{
	mq_require_listmount();
	page = getpagesize();
	req_page = SAFE_MMAP(NULL, 2 * page, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ids = SAFE_MALLOC(NIDS * sizeof(*ids));
	ro_ids = SAFE_MMAP(NULL, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			   -1, 0);

	mq_make_tree("ltp_listmount02", &tree);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* fs/namespace: correctly handle errors returned by
		 * grab_requested_mnt_ns (mnt_ns_fd not open: EBADF) */
		{"linux-git", "78f0e33cd6c9"},
		{}
	},
};

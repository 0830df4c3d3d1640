// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statmount() errors, each with its exact errno (fs/namespace.c), on a
 * tmpfs of a private mount namespace:
 * - flags not 0: EINVAL;
 * - request NULL, or its 24 bytes running into a PROT_NONE page: EFAULT;
 * - request size 0 or 23 (below MNT_ID_REQ_SIZE_VER0): EINVAL; a page
 *   and one byte: E2BIG; a whole page with a nonzero byte past the
 *   kernel's struct: E2BIG (with zeros there it works);
 * - mount id 0 (no unique id is that low): EINVAL; the id of a mount
 *   that was unmounted, and ~0: ENOENT;
 * - buffer NULL, a kernel address, or running into a PROT_NONE page:
 *   EFAULT;
 * - a string asked for (fs type, mount point, any with mask ~0) with no
 *   room for it and its NUL past the fixed struct: EOVERFLOW; with room
 *   for exactly that it works and the string is there;
 * - version 1 request (6.11) with the id of another, nonexistent mount
 *   namespace: ENOENT, with our own namespace's id it works;
 * - mnt_ns_fd (6.12.y, 6.18): not open: EBADF, not a namespace, or not a
 *   mount namespace: EINVAL, together with mnt_ns_id: EINVAL; kernels
 *   without it call the field spare and want it 0 (EINVAL);
 * - a mount out of sight of the caller's root (chroot), for a caller
 *   without CAP_SYS_ADMIN (uid 65534): EPERM; as root it works, and so
 *   does a mount under the new root as uid 65534, whose mount point is
 *   given relative to that root ("/x").
 * Linux 6.8; TCONF before.
 */
#include <stdint.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "mnt_query.h"
#include "mount_ns.h"
#include "lapi/nsfs.h"

#define SM_SIZE sizeof(struct lapi_statmount)

static struct mq_tree tree;
static uint64_t tmp_id, ns_id;
static int have_ns_id;
static long page;
static char *req_page;		/* one page, then a PROT_NONE one */
static char *buf_page;		/* two pages, then a PROT_NONE one */
static char mnt_point[PATH_MAX];

static struct lapi_mnt_id_req *req_at(size_t off, uint32_t size,
				      uint64_t id, uint64_t mask)
{
	struct lapi_mnt_id_req r = {
		.size = size,
		.mnt_id = id,
		.param = mask,
	};

	memset(req_page, 0, page);
	memcpy(req_page + off, &r,
	       page - off < sizeof(r) ? page - off : sizeof(r));
	return (struct lapi_mnt_id_req *)(req_page + off);
}

#define REQ(size, id, mask) req_at(0, (size), (id), (mask))

static void check_request(void)
{
	struct lapi_mnt_id_req *r;
	char *buf = buf_page;

	TST_EXP_FAIL(statmount_raw(tree.mnt_id, 0, buf, SM_SIZE, 1), EINVAL,
		     "statmount(flags 1)");
	TST_EXP_FAIL(statmount_raw(tree.mnt_id, 0, buf, SM_SIZE, ~0U), EINVAL,
		     "statmount(flags ~0)");
	TST_EXP_FAIL(statmount_req(NULL, buf, SM_SIZE, 0), EFAULT,
		     "statmount(NULL request)");
	r = req_at(page - sizeof(uint32_t), MNT_ID_REQ_SIZE_VER0, tree.mnt_id, 0);
	r->size = MNT_ID_REQ_SIZE_VER0;
	TST_EXP_FAIL(statmount_req(r, buf, SM_SIZE, 0), EFAULT,
		     "statmount(request running into PROT_NONE)");
	TST_EXP_FAIL(statmount_req(REQ(0, tree.mnt_id, 0), buf, SM_SIZE, 0),
		     EINVAL, "statmount(request size 0)");
	TST_EXP_FAIL(statmount_req(REQ(MNT_ID_REQ_SIZE_VER0 - 1, tree.mnt_id, 0),
				   buf, SM_SIZE, 0), EINVAL,
		     "statmount(request size 23)");
	TST_EXP_FAIL(statmount_req(REQ(page + 1, tree.mnt_id, 0), buf, SM_SIZE,
				   0), E2BIG,
		     "statmount(request size page + 1)");
	TST_EXP_PASS(statmount_req(REQ(page, tree.mnt_id, 0), buf, SM_SIZE, 0),
		     "statmount(request size page, zeros past the struct)");
	r = REQ(page, tree.mnt_id, 0);
	req_page[page - 1] = 1;
	TST_EXP_FAIL(statmount_req(r, buf, SM_SIZE, 0), E2BIG,
		     "statmount(request size page, last byte 1)");
	TST_EXP_FAIL(statmount_raw(0, 0, buf, SM_SIZE, 0), EINVAL,
		     "statmount(mount id 0)");
	TST_EXP_FAIL(statmount_raw(tree.gone_id, 0, buf, SM_SIZE, 0), ENOENT,
		     "statmount(id of an unmounted mount)");
	TST_EXP_FAIL(statmount_raw(~0ULL, 0, buf, SM_SIZE, 0), ENOENT,
		     "statmount(mount id ~0)");
}

static void check_buffer(void)
{
	char *edge = buf_page + 2 * page - 100;
	size_t n;
	char *buf = buf_page;

	TST_EXP_FAIL(statmount_raw(tree.mnt_id, STATMOUNT_SB_BASIC, NULL, SM_SIZE,
				   0), EFAULT, "statmount(NULL buffer)");
	TST_EXP_FAIL(statmount_raw(tree.mnt_id, STATMOUNT_SB_BASIC,
				   (void *)0xffffffff81000000UL, SM_SIZE, 0),
		     EFAULT, "statmount(kernel address buffer)");
	TST_EXP_FAIL(statmount_raw(tree.mnt_id, STATMOUNT_SB_BASIC, edge, SM_SIZE,
				   0), EFAULT,
		     "statmount(buffer running into PROT_NONE)");

	TST_EXP_FAIL(statmount_raw(tree.mnt_id, STATMOUNT_FS_TYPE, buf, SM_SIZE,
				   0), EOVERFLOW,
		     "statmount(STATMOUNT_FS_TYPE, no room past the struct)");
	TST_EXP_FAIL(statmount_raw(tree.mnt_id, ~0ULL, buf, SM_SIZE, 0),
		     EOVERFLOW, "statmount(mask ~0, no room for strings)");
	n = strlen("tmpfs");
	TST_EXP_FAIL(statmount_raw(tree.mnt_id, STATMOUNT_FS_TYPE, buf,
				   SM_SIZE + n, 0), EOVERFLOW,
		     "statmount(STATMOUNT_FS_TYPE, no room for the NUL)");
	TST_EXP_PASS(statmount_raw(tree.mnt_id, STATMOUNT_FS_TYPE, buf,
				   SM_SIZE + n + 2, 0),
		     "statmount(STATMOUNT_FS_TYPE, room for the string)");
	if (TST_PASS) {
		struct lapi_statmount *sm = (void *)buf;

		TST_EXP_EXPR(sm->fs_type < n + 2 &&
			     !strcmp(sm->str + sm->fs_type, "tmpfs"),
			     "fs_type is \"tmpfs\"");
	}
	n = strlen(mnt_point);
	TST_EXP_FAIL(statmount_raw(tree.mnt_id, STATMOUNT_MNT_POINT, buf,
				   SM_SIZE + n, 0), EOVERFLOW,
		     "statmount(STATMOUNT_MNT_POINT, %zu-byte path, %zu bytes"
		     " of room)", n, n);
	TST_EXP_PASS(statmount_raw(tree.mnt_id, STATMOUNT_MNT_POINT, buf,
				   SM_SIZE + n + 2, 0),
		     "statmount(STATMOUNT_MNT_POINT, room for the path)");
	if (TST_PASS) {
		struct lapi_statmount *sm = (void *)buf;

		TST_EXP_EXPR(sm->mnt_point < n + 2 &&
			     !strcmp(sm->str + sm->mnt_point, mnt_point),
			     "mnt_point is %s", mnt_point);
	}
}

static void check_ns_id(void)
{
	struct lapi_mnt_id_req *r;
	char *buf = buf_page;

	if (!have_ns_id) {
		tst_res(TCONF, "no NS_GET_MNTNS_ID: version 1 requests are "
			"not checked");
		return;
	}
	r = REQ(MNT_ID_REQ_SIZE_VER1, tree.mnt_id, STATMOUNT_MNT_BASIC);
	r->mnt_ns_id = ns_id;
	TEST(statmount_req(r, buf, SM_SIZE, 0));
	if (TST_RET == -1 && TST_ERR == E2BIG) {
		tst_res(TCONF, "version 1 requests (mnt_ns_id) unknown to "
			"the kernel (E2BIG): Linux 6.11 added them");
		return;
	}
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "statmount(mnt_ns_id of our "
			"namespace) returned %ld", TST_RET);
	} else {
		struct lapi_statmount *sm = (void *)buf;

		TST_EXP_EXPR(sm->mnt_id == tree.mnt_id, "statmount(mnt_ns_id of "
			     "our namespace) gives the mount asked for");
	}
	r = REQ(MNT_ID_REQ_SIZE_VER1, tree.mnt_id, STATMOUNT_MNT_BASIC);
	r->mnt_ns_id = ~0ULL;
	TST_EXP_FAIL(statmount_req(r, buf, SM_SIZE, 0), ENOENT,
		     "statmount(mnt_ns_id of no namespace)");
}

static void check_ns_fd(void)
{
	struct lapi_mnt_id_req *r;
	char *buf = buf_page;
	int nsfd, utsfd, filefd, closedfd;

	nsfd = SAFE_OPEN("/proc/self/ns/mnt", O_RDONLY);
	utsfd = SAFE_OPEN("/proc/self/ns/uts", O_RDONLY);
	filefd = SAFE_OPEN("mnt/file", O_RDONLY | O_CREAT, 0600);
	closedfd = SAFE_OPEN("mnt/file", O_RDONLY);
	SAFE_CLOSE(closedfd);

	r = REQ(MNT_ID_REQ_SIZE_VER0, tree.mnt_id, 0);
	r->mnt_ns_fd = nsfd;
	TEST(statmount_req(r, buf, SM_SIZE, 0));
	if (TST_RET == -1 && TST_ERR == EINVAL) {
		tst_res(TINFO, "mnt_ns_fd is unknown to the kernel (a spare "
			"field that must be 0)");
		r = REQ(MNT_ID_REQ_SIZE_VER0, tree.mnt_id, 0);
		r->mnt_ns_fd = closedfd;
		TST_EXP_FAIL(statmount_req(r, buf, SM_SIZE, 0), EINVAL,
			     "statmount(spare field not 0)");
		goto out;
	}
	TST_EXP_EXPR(TST_RET == 0, "statmount(mnt_ns_fd of our namespace) "
		     "works (returned %ld, %s)", TST_RET,
		     tst_strerrno(TST_ERR));
	r->mnt_ns_fd = closedfd;
	TST_EXP_FAIL(statmount_req(r, buf, SM_SIZE, 0), EBADF,
		     "statmount(mnt_ns_fd not open)");
	r->mnt_ns_fd = filefd;
	TST_EXP_FAIL(statmount_req(r, buf, SM_SIZE, 0), EINVAL,
		     "statmount(mnt_ns_fd of a regular file)");
	r->mnt_ns_fd = utsfd;
	TST_EXP_FAIL(statmount_req(r, buf, SM_SIZE, 0), EINVAL,
		     "statmount(mnt_ns_fd of a UTS namespace)");
	if (have_ns_id) {
		r = REQ(MNT_ID_REQ_SIZE_VER1, tree.mnt_id, 0);
		r->mnt_ns_fd = nsfd;
		r->mnt_ns_id = ns_id;
		TST_EXP_FAIL(statmount_req(r, buf, SM_SIZE, 0), EINVAL,
			     "statmount(both mnt_ns_fd and mnt_ns_id)");
	}
out:
	SAFE_CLOSE(nsfd);
	SAFE_CLOSE(utsfd);
	SAFE_CLOSE(filefd);
}

static void in_chroot(void)
{
	struct lapi_statmount *sm = (void *)buf_page;

	TST_EXP_PASS(statmount_raw(tree.root_id, STATMOUNT_SB_BASIC, buf_page,
				   SM_SIZE, 0),
		     "statmount(root mount, out of sight) as root");
	tst_drop_privs();
	TST_EXP_FAIL(statmount_raw(tree.root_id, STATMOUNT_SB_BASIC, buf_page,
				   SM_SIZE, 0), EPERM,
		     "statmount(root mount, out of sight) as uid 65534");
	TST_EXP_FAIL(statmount_raw(tmp_id, STATMOUNT_SB_BASIC, buf_page,
				   SM_SIZE, 0), EPERM,
		     "statmount(tmpdir's mount, out of sight) as uid 65534");
	TST_EXP_PASS(statmount_raw(tree.x_id, STATMOUNT_MNT_POINT, buf_page,
				   page, 0),
		     "statmount(root/x, under the new root) as uid 65534");
	if (TST_PASS)
		TST_EXP_EXPR(!strcmp(sm->str + sm->mnt_point, "/x"),
			     "its mnt_point is \"%s\" (expected \"/x\")",
			     sm->str + sm->mnt_point);
}

static void run(void)
{
	check_request();
	check_buffer();
	check_ns_id();
	check_ns_fd();
	mq_in_chroot(in_chroot);
}

static void setup(void)
{
	char cwd[PATH_MAX / 2];
	int fd;

	mq_require_statmount();
	page = getpagesize();
	req_page = SAFE_MMAP(NULL, 2 * page, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MPROTECT(req_page + page, page, PROT_NONE);
	buf_page = SAFE_MMAP(NULL, 3 * page, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MPROTECT(buf_page + 2 * page, page, PROT_NONE);

	mq_make_tree("ltp_statmount03", &tree);
	fd = SAFE_OPEN("/proc/self/ns/mnt", O_RDONLY);
	have_ns_id = !ioctl(fd, NS_GET_MNTNS_ID, &ns_id);
	SAFE_CLOSE(fd);
	tmp_id = mq_unique_id(".");
	if (!getcwd(cwd, sizeof(cwd)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	snprintf(mnt_point, sizeof(mnt_point), "%s/mnt", cwd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lsm_get_self_attr(LSM_ATTR_CURRENT) (Linux 6.8) gives the context
 * procfs gives: its first entry's context is /proc/self/attr/current
 * (served by the first LSM with attributes), and each entry's context
 * is that LSM's /proc/self/attr/<lsm>/current where the LSM has that
 * directory (apparmor, smack). Compared without the trailing newline
 * and NULs the two interfaces differ in. Each entry is well formed: one
 * per active LSM with attributes, in the order lsm_list_modules()
 * lists them, flags 0, a non-empty context, len the header and the
 * context padded to 8 bytes; a child reads the same context as its
 * parent (the credentials are inherited).
 * TCONF on a kernel without the call (ENOSYS) or without an active LSM
 * that has attributes (selinux, smack, apparmor).
 */
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "lsm_raw.h"

static uint64_t attr_ids[LSM_MAX_IDS];
static int nattr;
static char first[4096];
static size_t first_len;

/* /proc attribute file into buf, trimmed; -1 if it does not exist. */
static long read_attr(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		if (errno == ENOENT)
			return -1;
		tst_brk(TBROK | TERRNO, "open(%s)", path);
	}
	n = read(fd, buf, size);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "read(%s)", path);
	SAFE_CLOSE(fd);
	return lsm_ctx_trim(buf, n);
}

static void same(const char *what, const char *a, size_t alen,
		 const char *path)
{
	char b[4096];
	long blen = read_attr(path, b, sizeof(b));

	if (blen < 0) {
		tst_res(TINFO, "no %s to compare %s with", path, what);
		return;
	}
	TST_EXP_EXPR((size_t)blen == alen && !memcmp(a, b, alen),
		     "%s '%.*s' is %s '%.*s'", what, (int)alen, a, path,
		     (int)blen, b);
}

static void run(void)
{
	static uint64_t buf[512];
	struct lsm_ctx_hdr *c;
	uint32_t size = sizeof(buf), off = 0;
	char path[128], what[64];
	size_t len, need;
	long n;
	int i, status;
	pid_t pid;

	n = lsm_get_self_attr(LSM_ATTR_CURRENT, buf, &size, 0);
	if (n != nattr) {
		tst_res(TFAIL | TERRNO, "lsm_get_self_attr(LSM_ATTR_CURRENT) "
			"returned %ld, expected %d", n, nattr);
		return;
	}
	for (i = 0; i < nattr; i++) {
		c = (void *)((char *)buf + off);
		need = (sizeof(*c) + c->ctx_len + 7) & ~7UL;
		if (off + sizeof(*c) > size || c->len != need ||
		    off + c->len > size || !c->ctx_len) {
			tst_res(TFAIL, "entry %d: len %llu, ctx_len %llu, at "
				"%u of %u", i, (unsigned long long)c->len,
				(unsigned long long)c->ctx_len, off, size);
			return;
		}
		TST_EXP_EXPR(c->id == attr_ids[i] && c->flags == 0,
			     "entry %d: id %llu (%s), flags %llu", i,
			     (unsigned long long)c->id, lsm_id_name(c->id),
			     (unsigned long long)c->flags);
		len = lsm_ctx_trim((char *)c->ctx, c->ctx_len);
		snprintf(what, sizeof(what), "entry %d (%s)", i,
			 lsm_id_name(c->id));
		if (!i) {
			same(what, (char *)c->ctx, len, "/proc/self/attr/"
			     "current");
			memcpy(first, c->ctx, len);
			first_len = len;
		}
		snprintf(path, sizeof(path), "/proc/self/attr/%s/current",
			 lsm_id_name(c->id));
		same(what, (char *)c->ctx, len, path);
		off += c->len;
	}
	TST_EXP_EQ_LU(off, size);

	pid = SAFE_FORK();
	if (!pid) {
		size = sizeof(buf);
		c = (void *)buf;
		n = lsm_get_self_attr(LSM_ATTR_CURRENT, buf, &size, 0);
		len = n > 0 ? lsm_ctx_trim((char *)c->ctx, c->ctx_len) : 0;
		exit(n == nattr && len == first_len &&
		     !memcmp(c->ctx, first, len) ? 0 : 1);
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "a child reads the same context '%.*s'", (int)first_len,
		     first);
}

static void setup(void)
{
	lsm_need_syscalls();
	nattr = lsm_attr_lsms(attr_ids);
	if (!nattr)
		tst_brk(TCONF, "no active LSM has LSM_ATTR_CURRENT (selinux, "
			"smack, apparmor)");
	tst_res(TINFO, "%d active LSMs with attributes", nattr);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
};

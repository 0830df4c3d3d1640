// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * process_vm_readv(2) copies from another process's memory: a forked
 * child's page (filled after the fork, so it differs from the parent's)
 * arrives whole in the caller's buffer; remote pieces are gathered in
 * order and scattered over the local iovecs; the count stops at whichever
 * side is shorter. A remote iovec that runs from the last bytes of a
 * mapped page into an inaccessible (PROT_NONE) one transfers the
 * accessible part and returns its length, as does a second remote iovec
 * that lies wholly in the PROT_NONE page; the local bytes past the count
 * are left alone.
 */
#include "process_vm.h"

static unsigned char *buf;

static int child_bytes_at(const unsigned char *p, size_t off, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] != pvm_child_byte(off + i))
			return 0;
	return 1;
}

static int all_bytes(const unsigned char *p, unsigned char c, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] != c)
			return 0;
	return 1;
}

static void run(void)
{
	pid_t pid = pvm_start_child(NULL);
	struct iovec l[2], r[2];

	memset(buf, 0xee, pvm_psize);
	l[0] = (struct iovec){buf, pvm_psize};
	r[0] = (struct iovec){pvm_page, pvm_psize};
	TST_EXP_VAL(pvm_readv(pid, l, 1, r, 1, 0), pvm_psize,
		    "process_vm_readv(child, one page)");
	TST_EXP_EXPR(child_bytes_at(buf, 0, pvm_psize) &&
		     all_bytes(pvm_page, 0, pvm_psize),
		     "the buffer holds the child's page, the caller's own "
		     "copy is unchanged");

	memset(buf, 0xee, pvm_psize);
	l[0] = (struct iovec){buf, 30};
	l[1] = (struct iovec){buf + 100, 120};
	r[0] = (struct iovec){pvm_page + 10, 100};
	r[1] = (struct iovec){pvm_page + 1000, 50};
	TST_EXP_VAL(pvm_readv(pid, l, 2, r, 2, 0), 150,
		    "process_vm_readv(2 local 30 + 120, 2 remote 100 + 50)");
	TST_EXP_EXPR(child_bytes_at(buf, 10, 30) &&
		     child_bytes_at(buf + 100, 40, 70) &&
		     child_bytes_at(buf + 170, 1000, 50) &&
		     all_bytes(buf + 220, 0xee, 10) &&
		     all_bytes(buf + 30, 0xee, 70),
		     "remote bytes gathered in order, scattered over the "
		     "local iovecs");

	memset(buf, 0xee, pvm_psize);
	l[0] = (struct iovec){buf, 50};
	r[0] = (struct iovec){pvm_page, 100};
	TST_EXP_VAL(pvm_readv(pid, l, 1, r, 1, 0), 50,
		    "process_vm_readv(local 50, remote 100)");
	l[0] = (struct iovec){buf, 100};
	r[0] = (struct iovec){pvm_page + 200, 60};
	TST_EXP_VAL(pvm_readv(pid, l, 1, r, 1, 0), 60,
		    "process_vm_readv(local 100, remote 60)");
	TST_EXP_EXPR(child_bytes_at(buf, 200, 60) &&
		     all_bytes(buf + 60, 0xee, 40),
		     "only the remote 60 bytes were written");

	memset(buf, 0xee, pvm_psize);
	l[0] = (struct iovec){buf, 200};
	r[0] = (struct iovec){pvm_hole - 100, 200};
	TST_EXP_VAL(pvm_readv(pid, l, 1, r, 1, 0), 100,
		    "process_vm_readv(remote 200 bytes, the last 100 mapped)");
	TST_EXP_EXPR(child_bytes_at(buf, pvm_psize - 100, 100) &&
		     all_bytes(buf + 100, 0xee, 100),
		     "the mapped 100 bytes arrived, the rest of the buffer is"
		     " untouched");

	memset(buf, 0xee, pvm_psize);
	l[0] = (struct iovec){buf, 200};
	r[0] = (struct iovec){pvm_page + 64, 64};
	r[1] = (struct iovec){pvm_hole, 64};
	TST_EXP_VAL(pvm_readv(pid, l, 1, r, 2, 0), 64,
		    "process_vm_readv(remote 64 mapped + 64 PROT_NONE)");
	TST_EXP_EXPR(child_bytes_at(buf, 64, 64) &&
		     all_bytes(buf + 64, 0xee, 64),
		     "the first remote iovec arrived, nothing after it");

	pvm_finish_child(pid);
}

static void setup(void)
{
	pvm_setup_area();
	buf = SAFE_MALLOC(pvm_psize);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

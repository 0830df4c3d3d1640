// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * process_vm_writev(2) copies into another process's memory: a forked
 * child finds the caller's bytes in its private page (copy-on-write is
 * broken for it: the caller's own page is unchanged); local pieces are
 * gathered in order and scattered over the remote iovecs; the count stops
 * at whichever side is shorter. A remote iovec that runs from the last
 * bytes of a mapped page into an inaccessible (PROT_NONE) one transfers
 * the accessible part and returns its length, as does a second remote
 * iovec that lies wholly in the PROT_NONE page. The child checks every
 * byte of its page against what the caller says it must hold.
 */
#include <sys/mman.h>
#include "process_vm.h"

/* what the child's page must hold at the end, shared with the child */
static unsigned char *expect;
static unsigned char *src;

static void child_check(void)
{
	size_t i, bad = pvm_psize;

	for (i = 0; i < pvm_psize; i++)
		if (pvm_page[i] != expect[i]) {
			bad = i;
			break;
		}
	if (bad == pvm_psize)
		tst_res(TPASS, "the child's page holds exactly the bytes "
			"written");
	else
		tst_res(TFAIL, "the child's page holds 0x%02x at %zu, "
			"expected 0x%02x", pvm_page[bad], bad, expect[bad]);
}

static void put(size_t off, const unsigned char *from, size_t len)
{
	memcpy(expect + off, from, len);
}

static void run(void)
{
	struct iovec l[2], r[2];
	size_t i;
	pid_t pid;

	for (i = 0; i < pvm_psize; i++) {
		expect[i] = pvm_child_byte(i);
		src[i] = (i * 13 + 1) & 0xff;
	}
	pid = pvm_start_child(child_check);

	l[0] = (struct iovec){src, pvm_psize};
	r[0] = (struct iovec){pvm_page, pvm_psize};
	TST_EXP_VAL(pvm_writev(pid, l, 1, r, 1, 0), pvm_psize,
		    "process_vm_writev(child, one page)");
	put(0, src, pvm_psize);
	for (i = 0; i < pvm_psize && !pvm_page[i]; i++)
		;
	TST_EXP_EXPR(i == pvm_psize, "the caller's own page is unchanged");

	memset(src, 'a', 30);
	memset(src + 100, 'b', 120);
	l[0] = (struct iovec){src, 30};
	l[1] = (struct iovec){src + 100, 120};
	r[0] = (struct iovec){pvm_page + 10, 100};
	r[1] = (struct iovec){pvm_page + 1000, 50};
	TST_EXP_VAL(pvm_writev(pid, l, 2, r, 2, 0), 150,
		    "process_vm_writev(2 local 30 + 120, 2 remote 100 + 50)");
	put(10, src, 30);
	put(40, src + 100, 70);
	put(1000, src + 170, 50);

	memset(src, 'c', 100);
	l[0] = (struct iovec){src, 40};
	r[0] = (struct iovec){pvm_page + 300, 100};
	TST_EXP_VAL(pvm_writev(pid, l, 1, r, 1, 0), 40,
		    "process_vm_writev(local 40, remote 100)");
	put(300, src, 40);

	memset(src, 'd', 200);
	l[0] = (struct iovec){src, 200};
	r[0] = (struct iovec){pvm_hole - 100, 200};
	TST_EXP_VAL(pvm_writev(pid, l, 1, r, 1, 0), 100,
		    "process_vm_writev(remote 200 bytes, the last 100 mapped)");
	put(pvm_psize - 100, src, 100);

	memset(src, 'e', 200);
	r[0] = (struct iovec){pvm_page + 2000, 64};
	r[1] = (struct iovec){pvm_hole, 64};
	TST_EXP_VAL(pvm_writev(pid, l, 1, r, 2, 0), 64,
		    "process_vm_writev(remote 64 mapped + 64 PROT_NONE)");
	put(2000, src, 64);

	pvm_finish_child(pid);
}

static void setup(void)
{
	pvm_setup_area();
	expect = SAFE_MMAP(NULL, pvm_psize, PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	src = SAFE_MALLOC(pvm_psize);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pkey_mprotect() (mm/mprotect.c do_mprotect_pkey()):
 *
 * - Key -1 is plain mprotect(): PROT_READ returns 0 and a write then
 *   raises SIGSEGV (SEGV_ACCERR); PROT_READ|PROT_WRITE makes it writable.
 * - EINVAL: a key not allocated (15, in a process that allocated none),
 *   -2, 16; a start not page aligned; PROT_GROWSDOWN with PROT_GROWSUP; an
 *   unknown prot bit. ENOMEM: nothing mapped there.
 * - With protection keys ("ospke" in /proc/cpuinfo): a page given a key
 *   allocated with PKEY_DISABLE_WRITE shows it in /proc/self/smaps
 *   (ProtectionKey), reads, and a write raises SIGSEGV with SEGV_PKUERR;
 *   moved back to key 0 it takes the write.
 */
#include "pkey_raw.h"
#include "vm_helpers.h"

static size_t pg;
static char *p, *unmapped;

static void setup(void)
{
	pg = vm_page_size();
	p = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unmapped = free_range(pg);
}

static void test_keys(void)
{
	long k = pkey_alloc_raw(0, PKEY_DISABLE_WRITE);
	struct vm_fault f;

	if (k < 0)
		tst_brk(TBROK | TERRNO, "pkey_alloc(PKEY_DISABLE_WRITE)");
	TST_EXP_PASS(pkey_mprotect_raw(p, pg, PROT_READ | PROT_WRITE, k),
		     "pkey_mprotect(RW, key %ld)", k);
	TST_EXP_EQ_LI(smaps_kb(p, "ProtectionKey"), k);
	f = probe_access(p, VM_READ_ACCESS);
	TST_EXP_EXPR(!f.sig, "a read of the page succeeds");
	f = probe_access(p, VM_WRITE_ACCESS);
	TST_EXP_EXPR(f.sig == SIGSEGV && f.code == SEGV_PKUERR &&
		     f.addr == p, "a write raises %s si_code %d at %p "
		     "(SEGV_PKUERR %d at %p expected)",
		     f.sig ? tst_strsig(f.sig) : "nothing", f.code, f.addr,
		     SEGV_PKUERR, (void *)p);
	TST_EXP_PASS(pkey_mprotect_raw(p, pg, PROT_READ | PROT_WRITE, 0),
		     "pkey_mprotect(RW, key 0)");
	expect_access(p, VM_WRITE_ACCESS, 0, 0, "key 0 again");
	if (pkey_free_raw(k))
		tst_brk(TBROK | TERRNO, "pkey_free(%ld)", k);
}

static void run(void)
{
	TST_EXP_PASS(pkey_mprotect_raw(p, pg, PROT_READ, -1),
		     "pkey_mprotect(PROT_READ, key -1)");
	expect_access(p, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "PROT_READ page");
	TST_EXP_PASS(pkey_mprotect_raw(p, pg, PROT_READ | PROT_WRITE, -1),
		     "pkey_mprotect(RW, key -1)");
	expect_access(p, VM_WRITE_ACCESS, 0, 0, "RW page");

	TST_EXP_FAIL(pkey_mprotect_raw(p, pg, PROT_READ, PKEY_COUNT - 1),
		     EINVAL, "pkey_mprotect(key 15, not allocated)");
	TST_EXP_FAIL(pkey_mprotect_raw(p, pg, PROT_READ, -2), EINVAL,
		     "pkey_mprotect(key -2)");
	TST_EXP_FAIL(pkey_mprotect_raw(p, pg, PROT_READ, PKEY_COUNT), EINVAL,
		     "pkey_mprotect(key 16)");
	TST_EXP_FAIL(pkey_mprotect_raw(p + 1, pg, PROT_READ, -1), EINVAL,
		     "pkey_mprotect(start not page aligned)");
	TST_EXP_FAIL(pkey_mprotect_raw(p, pg, PROT_READ | PROT_GROWSDOWN |
				       PROT_GROWSUP, -1), EINVAL,
		     "pkey_mprotect(PROT_GROWSDOWN|PROT_GROWSUP)");
	TST_EXP_FAIL(pkey_mprotect_raw(p, pg, PROT_READ | 0x20, -1), EINVAL,
		     "pkey_mprotect(prot bit 0x20)");
	TST_EXP_FAIL(pkey_mprotect_raw(unmapped, pg, PROT_READ, -1), ENOMEM,
		     "pkey_mprotect(nothing mapped)");

	if (!pkeys_enabled()) {
		tst_res(TCONF, "no \"ospke\" in /proc/cpuinfo: the CPU has no "
			"PKU or the kernel did not enable it; keys on pages "
			"not tested");
		return;
	}
	test_keys();
}

static void cleanup(void)
{
	if (p)
		SAFE_MUNMAP(p, pg);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.forks_child = 1,
};

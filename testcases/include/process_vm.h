/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the process_vm_readv and process_vm_writev tests share: the raw
 * calls, a page with an inaccessible page right after it (the hole), at the
 * same address in the test process and in a forked child, and the error
 * checks, which are the same for both calls (the including test defines
 * PVM_NR and PVM_NAME first and uses pvm_errors() as its test).
 */
#ifndef PROCESS_VM_H
#define PROCESS_VM_H

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include "tst_test.h"
#include "task_wait.h"
#include "as_nobody.h"
#include "lapi/uio.h"

static inline long pvm_readv(pid_t pid, const struct iovec *l,
			     unsigned long ln, const struct iovec *r,
			     unsigned long rn, unsigned long flags)
{
	return tst_syscall(__NR_process_vm_readv, pid, l, ln, r, rn, flags);
}

static inline long pvm_writev(pid_t pid, const struct iovec *l,
			      unsigned long ln, const struct iovec *r,
			      unsigned long rn, unsigned long flags)
{
	return tst_syscall(__NR_process_vm_writev, pid, l, ln, r, rn, flags);
}

static size_t pvm_psize;
/*
 * pvm_page is mapped, pvm_hole = pvm_page + pvm_psize is a PROT_NONE page:
 * no access reaches it (EFAULT), and unlike a munmap()ed page no later
 * mapping (a thread stack, a buffer) can land there.
 */
static unsigned char *pvm_page, *pvm_hole;

static inline void pvm_setup_area(void)
{
	pvm_psize = getpagesize();
	pvm_page = SAFE_MMAP(NULL, 2 * pvm_psize, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	pvm_hole = pvm_page + pvm_psize;
	SAFE_MPROTECT(pvm_hole, pvm_psize, PROT_NONE);
	memset(pvm_page, 0, pvm_psize);
}

/* The byte a child puts at offset i of its copy of the page. */
static inline unsigned char pvm_child_byte(size_t i)
{
	return (i * 7 + 3) & 0xff;
}

/*
 * Fork a child that fills its copy of the page with pvm_child_byte(),
 * tells the parent, waits until the parent is done and then runs check()
 * (may be NULL) on its memory. Returns once the child is ready.
 */
static inline pid_t pvm_start_child(void (*check)(void))
{
	pid_t pid = SAFE_FORK();
	size_t i;

	if (!pid) {
		for (i = 0; i < pvm_psize; i++)
			pvm_page[i] = pvm_child_byte(i);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		if (check)
			check();
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	return pid;
}

static inline void pvm_finish_child(pid_t pid)
{
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
}

#ifdef PVM_NR

static pid_t pvm_root_pid;

static long pvm_call(pid_t pid, const struct iovec *l, unsigned long ln,
		     const struct iovec *r, unsigned long rn,
		     unsigned long flags)
{
	return tst_syscall(PVM_NR, pid, l, ln, r, rn, flags);
}

static void pvm_as_nobody(void)
{
	unsigned char buf[64] = {0};
	struct iovec l = {buf, sizeof(buf)}, r = {pvm_page, sizeof(buf)};

	TST_EXP_FAIL(pvm_call(pvm_root_pid, &l, 1, &r, 1, 0), EPERM,
		     PVM_NAME "(root's process) as nobody");
	TST_EXP_VAL(pvm_call(getpid(), &l, 1, &r, 1, 0), sizeof(buf),
		    PVM_NAME "(self) as nobody");
}

static void pvm_errors(void)
{
	static struct iovec many[IOV_MAX + 1];
	unsigned char buf[64] = {0};
	struct iovec l = {buf, sizeof(buf)}, r = {pvm_page, sizeof(buf)};
	struct iovec lbad = {pvm_hole, sizeof(buf)};
	struct iovec rbad = {pvm_hole, sizeof(buf)};
	pid_t me = getpid(), none = unused_pid();
	unsigned int i;

	for (i = 0; i < IOV_MAX + 1; i++) {
		many[i].iov_base = buf;
		many[i].iov_len = 1;
	}
	TST_EXP_VAL(pvm_call(me, &l, 1, &r, 1, 0), sizeof(buf),
		    PVM_NAME "(self), all valid");
	TST_EXP_FAIL(pvm_call(me, &l, 1, &r, 1, 1), EINVAL,
		     PVM_NAME "(flags 1)");
	TST_EXP_FAIL(pvm_call(me, many, IOV_MAX + 1, &r, 1, 0), EINVAL,
		     PVM_NAME "(liovcnt IOV_MAX + 1)");
	TST_EXP_FAIL(pvm_call(me, &l, 1, many, IOV_MAX + 1, 0), EINVAL,
		     PVM_NAME "(riovcnt IOV_MAX + 1)");
	TST_EXP_FAIL(pvm_call(me, &l, 1, &rbad, 1, 0), EFAULT,
		     PVM_NAME "(remote iovec on a PROT_NONE page)");
	TST_EXP_FAIL(pvm_call(me, &lbad, 1, &r, 1, 0), EFAULT,
		     PVM_NAME "(local iovec on a PROT_NONE page)");
	TST_EXP_FAIL(pvm_call(me, (struct iovec *)pvm_hole, 1, &r, 1, 0),
		     EFAULT, PVM_NAME "(local iovec array not readable)");
	TST_EXP_FAIL(pvm_call(me, &l, 1, (struct iovec *)pvm_hole, 1, 0),
		     EFAULT, PVM_NAME "(remote iovec array not readable)");
	TST_EXP_FAIL(pvm_call(none, &l, 1, &r, 1, 0), ESRCH,
		     PVM_NAME "(unused pid %d)", (int)none);
	pvm_root_pid = me;
	run_in_nobody_child(pvm_as_nobody, "the EPERM checks");
}

#endif /* PVM_NR */

#endif /* PROCESS_VM_H */

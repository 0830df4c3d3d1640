// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * process_vm_readv(2) errors: EINVAL for flags other than 0 and for more
 * than IOV_MAX local or remote iovecs; EFAULT when the remote range or
 * the local buffer is inaccessible (PROT_NONE), or either iovec array is
 * not readable; ESRCH for a pid no process has; EPERM for an unprivileged
 * caller reading a process of another user (root's), while reading itself
 * works.
 */
#define PVM_NR __NR_process_vm_readv
#define PVM_NAME "process_vm_readv"
#include "process_vm.h"

static struct tst_test test = {
	.test_all = pvm_errors,
	.setup = pvm_setup_area,
	.forks_child = 1,
};

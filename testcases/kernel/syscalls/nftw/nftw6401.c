// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nftw64(), the large file variant of nftw() with struct stat64, walks a
 * tree as the kernel lists it: the same walks and checks as nftw01, held
 * against a reference walk made with the getdents64 and newfstatat
 * syscalls (every object's type flag, stat, base and level; flags 0,
 * FTW_PHYS, FTW_DEPTH, FTW_MOUNT, FTW_CHDIR; FTW_DNR and FTW_NS as
 * nobody; nopenfd; the callback's return, FTW_ACTIONRETVAL; the errors of
 * the kernel's stat() of the path), and the 64-bit st_size of a 5 GiB
 * sparse file in struct stat64.
 * Syscalls: getdents64, newfstatat
 */
#define NFTW nftw64
#define NFTW_STAT struct stat64
#define NFTW_NAME "nftw64"
#include "nftw_test.h"

static struct tst_test test = {
	.test_all = nftw_run,
	.setup = nftw_setup,
	.cleanup = nftw_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

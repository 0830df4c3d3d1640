// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nftw() walks a tree as the kernel lists it: a reference walk made with
 * the getdents64 and newfstatat syscalls gives every object's path, type
 * flag (FTW_F, FTW_D, FTW_DP, FTW_SL, FTW_SLN, FTW_DNR, FTW_NS), stat,
 * base and level, and nftw() must report exactly those, once each:
 *  - with flags 0 (symbolic links followed, a directory reached again
 *    through one not walked twice, a dangling one FTW_SLN), FTW_PHYS
 *    (links reported as FTW_SL), FTW_DEPTH (FTW_DP, directories after
 *    their contents; otherwise before), FTW_MOUNT (the tmpfs mounted in
 *    the tree left out), FTW_CHDIR (the working directory is the one
 *    holding each object, and is given back at the end);
 *  - as nobody: FTW_DNR for a directory it may not read (and nothing
 *    below it), FTW_NS for what is in one it may not search;
 *  - the 64-bit size of a 5 GiB sparse file;
 *  - with nopenfd 1, at most one descriptor held open, none left open;
 *  - a nonzero return of the callback stops the walk and is returned;
 *    with FTW_ACTIONRETVAL, FTW_STOP stops it and FTW_SKIP_SUBTREE leaves
 *    out what is below that directory only;
 *  - errors as the kernel's stat() of the path gives them: ENOENT for ""
 *    and a missing path, ENOTDIR, ENAMETOOLONG for a long name and a long
 *    path, ELOOP for a link loop followed (FTW_SL with FTW_PHYS), EACCES
 *    as nobody below a directory it may not search.
 * Syscalls: getdents64, newfstatat
 */
#define NFTW nftw
#define NFTW_STAT struct stat
#define NFTW_NAME "nftw"
#include "nftw_test.h"

static struct tst_test test = {
	.test_all = nftw_run,
	.setup = nftw_setup,
	.cleanup = nftw_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

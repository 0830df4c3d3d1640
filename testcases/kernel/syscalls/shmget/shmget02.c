// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shmget() checks the access asked for in shmflg against the segment's
 * mode: nobody asking for read (0400) or write (0200) on a root segment
 * of mode 0600 gets EACCES, asking for nothing succeeds, asking for read
 * on a segment of mode 0604 ("other" read) succeeds but not for read and
 * write; root (CAP_IPC_OWNER) gets a segment of mode 0000.
 */
#define IPC_CALL "shmget"
#define IPC_OBJ "segment"
#define IPC_GET(key, flg) shmget(key, 0, flg)
#define IPC_NEW(key, mode) new_shm(key, 4096, mode)
#define IPC_RM(idp) rm_shm(idp)
#include "ipcget_perm_test.h"

static struct tst_test test = {
	.test_all = ipcget_run,
	.setup = ipcget_setup,
	.cleanup = ipcget_cleanup,
	.needs_root = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * semget() checks the access asked for in semflg against the set's mode:
 * nobody asking for read (0400) or alter (0200) on a root set of mode
 * 0600 gets EACCES, asking for nothing succeeds, and asking for read on a
 * set of mode 0604 ("other" read) succeeds; root (CAP_IPC_OWNER) gets a
 * set of mode 0000 whatever it asks for.
 */
#define IPC_CALL "semget"
#define IPC_OBJ "set"
#define IPC_GET(key, flg) semget(key, 1, flg)
#define IPC_NEW(key, mode) new_semset(key, 1, mode)
#define IPC_RM(idp) rm_semset(idp)
#include "ipcget_perm_test.h"

static struct tst_test test = {
	.test_all = ipcget_run,
	.setup = ipcget_setup,
	.cleanup = ipcget_cleanup,
	.needs_root = 1,
	.forks_child = 1,
};

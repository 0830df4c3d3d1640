/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The body of msgget02, semget02 and shmget02: the permission check of
 * the *get() of a System V IPC object is one kernel function (ipcperms()),
 * so the three calls assert the same modes and flags. The including test
 * defines
 * IPC_GET(key, flg) (the call, for an existing object), IPC_NEW(key,
 * mode) and IPC_RM(idp) (sysv_ipc.h's creator and remover), IPC_CALL (its
 * name) and IPC_OBJ ("queue", "set", "segment"), and may name in
 * IPC_NOBODY_MORE a function of its own that asserts more as nobody; it
 * documents what it checks and runs ipcget_run() with ipcget_setup() and
 * ipcget_cleanup() as root.
 */
#ifndef IPCGET_PERM_TEST_H
#define IPCGET_PERM_TEST_H

#include "sysv_ipc.h"

#ifdef IPC_NOBODY_MORE
static void IPC_NOBODY_MORE(void);
#endif

static int id_0600 = -1, id_0604 = -1, id_0000 = -1;
static key_t key_0600, key_0604, key_0000;

static void ipcget_setup(void)
{
	key_0600 = ipc_key(0);
	key_0604 = ipc_key(1);
	key_0000 = ipc_key(2);
	id_0600 = IPC_NEW(key_0600, 0600);
	id_0604 = IPC_NEW(key_0604, 0604);
	id_0000 = IPC_NEW(key_0000, 0000);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(IPC_GET(key_0600, 0400), EACCES,
		     "nobody: " IPC_CALL "(root 0600 " IPC_OBJ ", 0400)");
	TST_EXP_FAIL(IPC_GET(key_0600, 0200), EACCES,
		     "nobody: " IPC_CALL "(root 0600 " IPC_OBJ ", 0200)");
	TST_EXP_VAL(IPC_GET(key_0600, 0), id_0600,
		    "nobody: " IPC_CALL "(root 0600 " IPC_OBJ ", 0)");
	TST_EXP_VAL(IPC_GET(key_0604, 0004), id_0604,
		    "nobody: " IPC_CALL "(root 0604 " IPC_OBJ ", 0004)");
	TST_EXP_FAIL(IPC_GET(key_0604, 0606), EACCES,
		     "nobody: " IPC_CALL "(root 0604 " IPC_OBJ ", 0606)");
#ifdef IPC_NOBODY_MORE
	IPC_NOBODY_MORE();
#endif
}

static void ipcget_run(void)
{
	TST_EXP_VAL(IPC_GET(key_0000, 0600), id_0000,
		    "root: " IPC_CALL "(mode 0000 " IPC_OBJ ", 0600)");
	run_as_nobody(as_nobody);
}

static void ipcget_cleanup(void)
{
	IPC_RM(&id_0600);
	IPC_RM(&id_0604);
	IPC_RM(&id_0000);
}

#endif /* IPCGET_PERM_TEST_H */

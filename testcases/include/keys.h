/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The key management syscalls (add_key, request_key, keyctl) made raw,
 * without libkeyutils, and the constants they take: values from the
 * kernel's include/uapi/linux/keyctl.h and the permission bits of
 * include/linux/key.h (the keyctl(2) ABI; keyutils' keyutils.h has the
 * same). Each test first joins a new anonymous session keyring
 * (keys_private_session()), so every key it makes hangs off keyrings
 * that die with the test's processes.
 */
#ifndef KEYS_H
#define KEYS_H

#include <stdint.h>
#include <string.h>
#include "tst_test.h"

typedef int32_t key_serial_t;

/* special keyring IDs */
#define KEY_SPEC_THREAD_KEYRING		-1
#define KEY_SPEC_PROCESS_KEYRING	-2
#define KEY_SPEC_SESSION_KEYRING	-3
#define KEY_SPEC_USER_KEYRING		-4
#define KEY_SPEC_USER_SESSION_KEYRING	-5

/* default keyrings of request_key */
#define KEY_REQKEY_DEFL_NO_CHANGE	-1
#define KEY_REQKEY_DEFL_DEFAULT		0
#define KEY_REQKEY_DEFL_THREAD_KEYRING	1

/* keyctl commands */
#define KEYCTL_GET_KEYRING_ID		0
#define KEYCTL_JOIN_SESSION_KEYRING	1
#define KEYCTL_UPDATE			2
#define KEYCTL_REVOKE			3
#define KEYCTL_SETPERM			5
#define KEYCTL_DESCRIBE			6
#define KEYCTL_CLEAR			7
#define KEYCTL_LINK			8
#define KEYCTL_UNLINK			9
#define KEYCTL_SEARCH			10
#define KEYCTL_READ			11
#define KEYCTL_SET_REQKEY_KEYRING	14
#define KEYCTL_SET_TIMEOUT		15
#define KEYCTL_SESSION_TO_PARENT	18
#define KEYCTL_INVALIDATE		21
#define KEYCTL_RESTRICT_KEYRING		29

/* permission bits: possessor, owner user, group, other */
#define KEY_POS_VIEW	0x01000000
#define KEY_POS_READ	0x02000000
#define KEY_POS_WRITE	0x04000000
#define KEY_POS_SEARCH	0x08000000
#define KEY_POS_LINK	0x10000000
#define KEY_POS_SETATTR	0x20000000
#define KEY_POS_ALL	0x3f000000
#define KEY_USR_VIEW	0x00010000
#define KEY_USR_READ	0x00020000
#define KEY_USR_ALL	0x003f0000
#define KEY_GRP_ALL	0x00003f00
#define KEY_OTH_VIEW	0x00000001
#define KEY_OTH_READ	0x00000002
#define KEY_OTH_ALL	0x0000003f

/* largest payload of a "user" key (security/keys/user_defined.c) */
#define USER_KEY_MAX_PAYLOAD	32767

static inline long sys_add_key(const char *type, const char *desc,
			       const void *payload, size_t plen,
			       key_serial_t ring)
{
	return tst_syscall(__NR_add_key, type, desc, payload, plen, ring);
}

static inline long sys_request_key(const char *type, const char *desc,
				   const char *callout, key_serial_t dest)
{
	return tst_syscall(__NR_request_key, type, desc, callout, dest);
}

static inline long sys_keyctl(int cmd, unsigned long a2, unsigned long a3,
			      unsigned long a4, unsigned long a5)
{
	return tst_syscall(__NR_keyctl, cmd, a2, a3, a4, a5);
}

/* keyctl() with a key serial (possibly negative, a KEY_SPEC_*) as arg2 */
#define KEYCTL(cmd, id, a3, a4, a5) \
	sys_keyctl((cmd), (unsigned long)(long)(id), (unsigned long)(a3), \
		   (unsigned long)(a4), (unsigned long)(a5))

/*
 * Join a new anonymous session keyring, so that the keys the test makes
 * are reachable only from this process and its children and are freed
 * with them. A kernel without CONFIG_KEYS answers ENOSYS: TCONF.
 */
static inline key_serial_t keys_private_session(void)
{
	long id = KEYCTL(KEYCTL_JOIN_SESSION_KEYRING, 0, 0, 0, 0);

	if (id < 0)
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_JOIN_SESSION_KEYRING, "
			"NULL)");
	return id;
}

/* A "user" key for set-up: TBROK if add_key() fails. */
static inline key_serial_t keys_add_user(const char *desc, const char *data,
					 key_serial_t ring)
{
	long id = sys_add_key("user", desc, data, strlen(data), ring);

	if (id < 0)
		tst_brk(TBROK | TERRNO, "add_key(\"user\", \"%s\", %d)", desc,
			(int)ring);
	return id;
}

/* 1 when keyring ring lists key (KEYCTL_READ of a keyring), else 0. */
static inline int keys_ring_has(key_serial_t ring, key_serial_t key)
{
	key_serial_t ids[256];
	long len, i;

	len = KEYCTL(KEYCTL_READ, ring, ids, sizeof(ids), 0);
	if (len < 0)
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_READ, keyring %d)",
			(int)ring);
	if ((size_t)len > sizeof(ids) || len % sizeof(key_serial_t))
		tst_brk(TBROK, "keyring %d: KEYCTL_READ returned %ld",
			(int)ring, len);
	for (i = 0; i < len / (long)sizeof(key_serial_t); i++) {
		if (ids[i] == key)
			return 1;
	}
	return 0;
}

#endif /* KEYS_H */

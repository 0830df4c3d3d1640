/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The records getdents() and getdents64() write (fs/readdir.c); the C
 * library names neither.
 */
#ifndef LAPI_DIRENT_H
#define LAPI_DIRENT_H

#include <stdint.h>

/* getdents(): d_type is the record's last byte, after d_name's NUL */
struct linux_dirent {
	unsigned long d_ino;
	unsigned long d_off;
	unsigned short d_reclen;
	char d_name[];
};

struct linux_dirent64 {
	uint64_t d_ino;
	int64_t d_off;		/* offset of the next entry */
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

#endif /* LAPI_DIRENT_H */

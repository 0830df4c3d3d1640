/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pselect6()'s sixth argument, struct sigset_argpack of fs/select.c: the
 * C library's pselect() builds it, a raw call has to.
 */
#ifndef LAPI_SELECT_H
#define LAPI_SELECT_H

#include <signal.h>
#include <stddef.h>

struct sigset_argpack {
	const sigset_t *set;
	size_t size;
};

#endif /* LAPI_SELECT_H */

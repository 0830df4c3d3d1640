/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel crypto API's socket interface (AF_ALG, <linux/if_alg.h>):
 * the address family, the socket option level and the names the C
 * library's headers may lack.
 */
#ifndef LAPI_IF_ALG_H
#define LAPI_IF_ALG_H

#include <sys/socket.h>
#include <linux/if_alg.h>

#ifndef AF_ALG
# define AF_ALG 38
#endif
#ifndef SOL_ALG
# define SOL_ALG 279
#endif
#ifndef ALG_SET_AEAD_ASSOCLEN
# define ALG_SET_AEAD_ASSOCLEN 4
#endif
#ifndef ALG_SET_AEAD_AUTHSIZE
# define ALG_SET_AEAD_AUTHSIZE 5
#endif

#endif /* LAPI_IF_ALG_H */

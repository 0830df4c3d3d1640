/* SPDX-License-Identifier: GPL-2.0-or-later */
/* IPPROTO_IP socket options the C library's <netinet/in.h> may lack. */
#ifndef LAPI_IN_H
#define LAPI_IN_H

#include <netinet/in.h>

/* A per-socket local port range, (hi << 16) | lo: Linux 6.3. */
#ifndef IP_LOCAL_PORT_RANGE
# define IP_LOCAL_PORT_RANGE 51
#endif

#endif /* LAPI_IN_H */

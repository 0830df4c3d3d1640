/* SPDX-License-Identifier: GPL-2.0-or-later */
/* UDP-Lite (RFC 3828) socket options of the kernel's <net/udplite.h>. */
#ifndef LAPI_UDPLITE_H
#define LAPI_UDPLITE_H

#include <netinet/in.h>

#ifndef IPPROTO_UDPLITE
# define IPPROTO_UDPLITE 136
#endif
#ifndef SOL_UDPLITE
# define SOL_UDPLITE 136
#endif
#ifndef UDPLITE_SEND_CSCOV
# define UDPLITE_SEND_CSCOV 10
#endif
#ifndef UDPLITE_RECV_CSCOV
# define UDPLITE_RECV_CSCOV 11
#endif

#endif /* LAPI_UDPLITE_H */

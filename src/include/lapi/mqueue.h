/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SIGEV_THREAD protocol of the mq_notify syscall (uapi
 * linux/mqueue.h, which cannot be included beside the C library's
 * <mqueue.h>: both define struct mq_attr). The kernel takes sigev_signo
 * as a netlink socket and sigev_value.sival_ptr as a cookie of
 * NOTIFY_COOKIE_LEN bytes, and sends the cookie to that socket with its
 * last byte set to NOTIFY_WOKENUP when a message arrives and to
 * NOTIFY_REMOVED when the registration is removed.
 */
#ifndef LAPI_MQUEUE_H
#define LAPI_MQUEUE_H

#include <mqueue.h>

#ifndef NOTIFY_NONE
# define NOTIFY_NONE		0
# define NOTIFY_WOKENUP		1
# define NOTIFY_REMOVED		2
#endif
#ifndef NOTIFY_COOKIE_LEN
# define NOTIFY_COOKIE_LEN	32
#endif

/*
 * The highest mq_maxmsg and mq_msgsize even CAP_SYS_RESOURCE gets, and
 * the ranges of fs.mqueue.msg_max and msgsize_max (kernel-internal,
 * include/linux/ipc_namespace.h HARD_MSGMAX, HARD_MSGSIZEMAX).
 */
#define MQ_HARD_MSGMAX		65536L
#define MQ_HARD_MSGSIZEMAX	(16L * 1024 * 1024)

#endif /* LAPI_MQUEUE_H */

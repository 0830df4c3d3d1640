/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Terminal definitions of include/uapi/linux/tty.h, asm-generic/ioctls.h
 * and asm-generic/termbits.h that the C library's <sys/ioctl.h> and
 * <termios.h> may lack: the newer line discipline numbers, TIOCGPTPEER
 * (4.13) and EXTPROC.
 */
#ifndef LAPI_TTY_H
#define LAPI_TTY_H

#include <sys/ioctl.h>
#include <termios.h>

#ifndef N_HDLC
# define N_HDLC		13
#endif
#ifndef N_SYNC_PPP
# define N_SYNC_PPP	14
#endif
#ifndef N_SLCAN
# define N_SLCAN	17
#endif
#ifndef N_PPS
# define N_PPS		18
#endif
#ifndef N_CAIF
# define N_CAIF		20
#endif
#ifndef N_GSM0710
# define N_GSM0710	21
#endif
/* reserved for out-of-tree testing: no kernel module provides it */
#ifndef N_DEVELOPMENT
# define N_DEVELOPMENT	29
#endif

#ifndef TIOCGPTPEER
# define TIOCGPTPEER	_IO('T', 0x41)
#endif

#ifndef EXTPROC
# define EXTPROC	0200000
#endif

#endif /* LAPI_TTY_H */

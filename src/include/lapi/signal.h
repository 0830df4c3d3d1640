/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Signal, sigaltstack() and sigevent constants (include/uapi/asm-generic/
 * siginfo.h, signal-defs.h, signal.h). sigev_notify_thread_id names the
 * thread id of struct sigevent, which glibc before 2.35 does not.
 * The C library's header first; a name it lacks gets the kernel's value.
 *
 * The raw signal calls (rt_sigaction, rt_sigtimedwait, signalfd, ppoll,
 * pselect6, epoll_pwait, io_pgetevents ...) take the kernel's sigset,
 * _NSIG - 1 bits: 8 bytes on x86 and arm64, not glibc's 128-byte
 * sigset_t; and rt_sigaction() takes the kernel's struct sigaction.
 */
#ifndef LAPI_SIGNAL_H
#define LAPI_SIGNAL_H

#include <signal.h>

#ifndef SA_UNSUPPORTED
# define SA_UNSUPPORTED 0x00000400
#endif
#ifndef SEGV_PKUERR
# define SEGV_PKUERR 4
#endif
#ifndef SS_AUTODISARM
# define SS_AUTODISARM (1U << 31)
#endif
#ifndef sigev_notify_thread_id
# define sigev_notify_thread_id _sigev_un._tid
#endif


#define KERNEL_SIGSET_SIZE	((_NSIG - 1) / 8)

#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
/* arch/{x86,arm64}/include/uapi/asm/signal.h; glibc keeps it private */
# ifndef SA_RESTORER
#  define SA_RESTORER 0x04000000
# endif

/* struct sigaction of include/linux/signal_types.h with SA_RESTORER */
struct ksigaction {
	union {
		void (*handler)(int sig);
		void (*sigaction)(int sig, siginfo_t *si, void *uc);
	};
	unsigned long flags;
	void (*restorer)(void);
	unsigned long mask;
};
#endif

#endif /* LAPI_SIGNAL_H */

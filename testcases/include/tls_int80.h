/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * set_thread_area() and get_thread_area() on x86-64: the 64-bit syscall
 * table lists them (205, 211) without an entry point, so the 64-bit
 * syscall instruction gets ENOSYS; the TLS descriptors (GDT slots 12..14)
 * are reachable through the i386 ABI (int $0x80, numbers 243 and 244,
 * CONFIG_IA32_EMULATION), which takes 32-bit pointers: the user_desc is
 * passed in a page below 4 GiB (MAP_32BIT).
 */
#ifndef TLS_INT80_H
#define TLS_INT80_H

#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <sys/syscall.h>
#include <asm/ldt.h>
#include "tst_test.h"

#define NR32_SET_THREAD_AREA 243
#define NR32_GET_THREAD_AREA 244
#define TLS_MIN 12
#define TLS_MAX 14

/* low[0]: a user_desc buffer; low + page: PROT_NONE, for EFAULT */
static char *tls_low;

static inline long int80_1(long nr, unsigned long arg)
{
	long ret;

	asm volatile ("int $0x80" : "=a" (ret) : "0" (nr), "b" (arg)
		      : "memory", "r8", "r9", "r10", "r11");
	return ret;
}

/* The 32-bit call on *d (copied through the low page), or on raw. */
static inline long tls_call32(long nr, struct user_desc *d)
{
	struct user_desc *low = (struct user_desc *)tls_low;
	long r;

	if (d)
		memcpy(low, d, sizeof(*d));
	r = int80_1(nr, d ? (unsigned long)low :
			    (unsigned long)(tls_low + getpagesize()));
	if (d)
		memcpy(d, low, sizeof(*d));
	if (r < 0 && r > -4096) {
		errno = -r;
		return -1;
	}
	return r;
}

static inline long set_ta32(struct user_desc *d)
{
	return tls_call32(NR32_SET_THREAD_AREA, d);
}

static inline long get_ta32(struct user_desc *d)
{
	return tls_call32(NR32_GET_THREAD_AREA, d);
}

/*
 * Map the low pages; TCONF without the i386 ABI: int $0x80 is ENOSYS, or
 * raises SIGSEGV when the kernel has no vector for it (probed in a child).
 */
static inline void tls_setup(void)
{
	struct user_desc d;
	size_t psz = getpagesize();
	int status;
	pid_t pid;

	tls_low = mmap(NULL, 2 * psz, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	if (tls_low == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_32BIT)");
	SAFE_MPROTECT(tls_low + psz, psz, PROT_NONE);
	pid = SAFE_FORK();
	if (!pid) {
		prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
		memset(&d, 0, sizeof(d));
		d.entry_number = TLS_MIN;
		_exit(get_ta32(&d) && errno == ENOSYS ? 2 : 0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV)
		tst_brk(TCONF, "int $0x80 raises SIGSEGV: no i386 ABI "
			"(CONFIG_IA32_EMULATION off or ia32_emulation=0)");
	if (WIFEXITED(status) && WEXITSTATUS(status) == 2)
		tst_brk(TCONF, "int $0x80 get_thread_area is ENOSYS: no i386 "
			"ABI");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "int $0x80 probe ended with status 0x%x",
			status);
}

#endif /* TLS_INT80_H */

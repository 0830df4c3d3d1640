/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Port I/O probes for the iopl/ioperm tests: whether an inb from a port
 * works in a new child (after the child ran an optional step) or raises
 * SIGSEGV with si_code SI_KERNEL (#GP: no I/O permission), and whether
 * root can raise port permissions at all (kernel lockdown forbids it:
 * TCONF). The child handles the SIGSEGV, so the kernel logs no "traps:"
 * line for it.
 */
#ifndef PORT_IO_H
#define PORT_IO_H

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tst_test.h"

static inline unsigned char port_inb(unsigned short port)
{
	unsigned char v;

	asm volatile ("inb %w1, %0" : "=a" (v) : "Nd" (port));
	return v;
}

#define PORT_GP_EXIT 3
#define PORT_OTHER_SEGV_EXIT 4

static void port_segv(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	_exit(info->si_code == SI_KERNEL ? PORT_GP_EXIT :
	      PORT_OTHER_SEGV_EXIT);
}

/* 1 when inb(port) works in a child after step(), 0 when it faults. */
static inline int port_readable(unsigned short port, void (*step)(void))
{
	struct sigaction sa;
	int status;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = port_segv;
		sa.sa_flags = SA_SIGINFO;
		if (sigaction(SIGSEGV, &sa, NULL))
			tst_brk(TBROK | TERRNO, "sigaction(SIGSEGV)");
		if (step)
			step();
		port_inb(port);
		_exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 1;
	if (WIFEXITED(status) && WEXITSTATUS(status) == PORT_GP_EXIT)
		return 0;
	tst_brk(TBROK, "port probe child ended with status 0x%x", status);
	return -1;
}

/* TCONF when the kernel is locked down (it forbids port I/O to root). */
static inline void check_lockdown(void)
{
	char buf[256] = "";
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");

	if (!f)
		return;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	if (!strstr(buf, "[none]") && strchr(buf, '['))
		tst_brk(TCONF, "kernel lockdown is on (%s): no port I/O", buf);
}

#endif /* PORT_IO_H */

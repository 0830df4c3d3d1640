/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arch_prctl() codes of x86 (arch/x86/include/uapi/asm/prctl.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_ARCH_PRCTL_H
#define LAPI_ARCH_PRCTL_H

#if defined(__x86_64__) || defined(__i386__)
#include <asm/prctl.h>

#ifndef ARCH_GET_CPUID
# define ARCH_GET_CPUID 0x1011
#endif
#ifndef ARCH_GET_XCOMP_SUPP
# define ARCH_GET_XCOMP_SUPP 0x1021
#endif
#ifndef ARCH_SET_CPUID
# define ARCH_SET_CPUID 0x1012
#endif
#endif

#endif /* LAPI_ARCH_PRCTL_H */

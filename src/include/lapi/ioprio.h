/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * I/O priority classes (include/uapi/linux/ioprio.h). IOPRIO_CLASS_INVALID
 * is the first class the kernel refuses; newer headers no longer name it.
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_IOPRIO_H
#define LAPI_IOPRIO_H

#include <linux/ioprio.h>

#ifndef IOPRIO_CLASS_INVALID
# define IOPRIO_CLASS_INVALID 7
#endif

#endif /* LAPI_IOPRIO_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Clocks, timerfd and adjtimex() constants (include/uapi/linux/time.h,
 * timex.h, timerfd.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_TIME_H
#define LAPI_TIME_H

#include <time.h>
#include <sys/timex.h>
#include <sys/timerfd.h>

#ifndef ADJ_OFFSET_READONLY
# define ADJ_OFFSET_READONLY 0x2000
#endif
#ifndef CLOCK_BOOTTIME_ALARM
# define CLOCK_BOOTTIME_ALARM 9
#endif
#ifndef CLOCK_REALTIME_ALARM
# define CLOCK_REALTIME_ALARM 8
#endif
#ifndef CLOCK_TAI
# define CLOCK_TAI 11
#endif
#ifndef TFD_TIMER_CANCEL_ON_SET
# define TFD_TIMER_CANCEL_ON_SET (1 << 1)
#endif

#endif /* LAPI_TIME_H */

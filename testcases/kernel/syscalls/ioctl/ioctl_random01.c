// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /dev/urandom ioctls (drivers/char/random.c, 6.1 and 6.12):
 * - RNDGETENTCNT agrees with /proc/sys/kernel/random/entropy_avail: the
 *   count only grows (and stays at its cap once the pool is ready), so
 *   the proc value read between two ioctls lies between their results;
 *   it needs no privilege;
 * - RNDGETENTCNT into an unmapped address is EFAULT; an unknown request
 *   is EINVAL;
 * - as root, RNDADDTOENTCNT and RNDADDENTROPY with a negative count are
 *   EINVAL (nothing is credited);
 * - without CAP_SYS_ADMIN, RNDADDTOENTCNT, RNDADDENTROPY, RNDZAPENTCNT,
 *   RNDCLEARPOOL and RNDRESEEDCRNG are EPERM.
 */
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/random.h>
#include "tst_test.h"
#include "as_nobody.h"

#define ENTROPY_AVAIL "/proc/sys/kernel/random/entropy_avail"

static int fd = -1;
static void *unmapped;

static void entropy_count(void)
{
	int before = -1, after = -1, proc = -1;

	TST_EXP_PASS(ioctl(fd, RNDGETENTCNT, &before), "RNDGETENTCNT");
	SAFE_FILE_SCANF(ENTROPY_AVAIL, "%d", &proc);
	TST_EXP_PASS(ioctl(fd, RNDGETENTCNT, &after), "RNDGETENTCNT");
	if (before <= proc && proc <= after && before >= 0)
		tst_res(TPASS, "entropy_avail %d lies between RNDGETENTCNT %d "
			"and %d", proc, before, after);
	else
		tst_res(TFAIL, "entropy_avail %d, RNDGETENTCNT %d then %d",
			proc, before, after);
}

static void unprivileged(void)
{
	struct {
		struct rand_pool_info info;
		unsigned int buf[1];
	} pool = { .info = { .entropy_count = 8, .buf_size = 4 } };
	int count = 8;

	entropy_count();
	TST_EXP_FAIL(ioctl(fd, RNDADDTOENTCNT, &count), EPERM,
		     "RNDADDTOENTCNT as nobody");
	TST_EXP_FAIL(ioctl(fd, RNDADDENTROPY, &pool), EPERM,
		     "RNDADDENTROPY as nobody");
	TST_EXP_FAIL(ioctl(fd, RNDZAPENTCNT, 0), EPERM, "RNDZAPENTCNT as nobody");
	TST_EXP_FAIL(ioctl(fd, RNDCLEARPOOL, 0), EPERM, "RNDCLEARPOOL as nobody");
	TST_EXP_FAIL(ioctl(fd, RNDRESEEDCRNG, 0), EPERM,
		     "RNDRESEEDCRNG as nobody");
}

static void run(void)
{
	struct {
		struct rand_pool_info info;
		unsigned int buf[1];
	} pool = { .info = { .entropy_count = -1, .buf_size = 4 } };
	int count = -1;

	entropy_count();
	TST_EXP_FAIL(ioctl(fd, RNDGETENTCNT, unmapped), EFAULT,
		     "RNDGETENTCNT into an unmapped address");
	TST_EXP_FAIL(ioctl(fd, _IOR('R', 0x7f, int), &count), EINVAL,
		     "unknown request 'R' 0x7f");
	TST_EXP_FAIL(ioctl(fd, RNDADDTOENTCNT, &count), EINVAL,
		     "RNDADDTOENTCNT -1");
	TST_EXP_FAIL(ioctl(fd, RNDADDENTROPY, &pool), EINVAL,
		     "RNDADDENTROPY entropy_count -1");
	run_in_nobody_child(unprivileged, "the EPERM checks");
}

static void setup(void)
{
	fd = SAFE_OPEN("/dev/urandom", O_RDONLY);
	unmapped = SAFE_MMAP(NULL, 4096, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, 4096);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tun driver's flag interface (drivers/net/tun.c, 6.1 and 6.12 alike):
 *  - TUNGETFEATURES stores exactly IFF_TUN | IFF_TAP | IFF_NO_CARRIER and
 *    TUN_FEATURES (IFF_NO_PI | IFF_ONE_QUEUE | IFF_VNET_HDR |
 *    IFF_MULTI_QUEUE | IFF_NAPI | IFF_NAPI_FRAGS), 0x7173, for root and
 *    for an unprivileged user alike; EFAULT for an unwritable pointer.
 *  - TUNSETIFF never refused unknown flags (TUNGETFEATURES exists because
 *    of that): an unknown bit with IFF_TUN makes the device, and neither
 *    TUNGETIFF nor the device's tun_flags in sysfs reports the bit.
 *    What it refuses: neither IFF_TUN nor IFF_TAP (EINVAL), IFF_NAPI_FRAGS
 *    without IFF_NAPI or on a tun device (EINVAL), an unreadable ifreq
 *    (EFAULT), a second TUNSETIFF on an attached fd (EEXIST); for an
 *    existing device IFF_TUN_EXCL (EBUSY), the other type (EINVAL) and a
 *    different IFF_MULTI_QUEUE (EINVAL), a second queue of a single-queue
 *    device (EBUSY); without CAP_NET_ADMIN a new device and a device
 *    with an owner that is not the caller (EPERM).
 *  - TUNGETIFF of an fd not attached is EBADFD.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <net/if.h>
#include <linux/if_tun.h>
#include "tst_test.h"

#define DEV		"ioctl03tun"
#define IFF_UNKNOWN	0x0080	/* between IFF_NO_CARRIER and MULTI_QUEUE */
#define ALL_FLAGS	(IFF_TUN | IFF_TAP | IFF_NO_CARRIER | IFF_NO_PI | \
			 IFF_ONE_QUEUE | IFF_VNET_HDR | IFF_MULTI_QUEUE | \
			 IFF_NAPI | IFF_NAPI_FRAGS)

static void *bad;

static int tun_fd(void)
{
	int fd = open("/dev/net/tun", O_RDWR);

	if (fd < 0 && (errno == ENOENT || errno == ENODEV))
		tst_brk(TCONF | TERRNO, "no /dev/net/tun (CONFIG_TUN)");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(/dev/net/tun)");
	return fd;
}

static int set_iff(int fd, const char *name, int flags)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, name);
	ifr.ifr_flags = flags;
	return ioctl(fd, TUNSETIFF, &ifr);
}

static void check_features(int fd, const char *who)
{
	unsigned int feat = 0;

	TST_EXP_PASS(ioctl(fd, TUNGETFEATURES, &feat), "TUNGETFEATURES (%s)",
		     who);
	TST_EXP_EXPR(feat == ALL_FLAGS, "%s: features 0x%x, expected 0x%x "
		     "(extra 0x%x, missing 0x%x)", who, feat, ALL_FLAGS,
		     feat & ~ALL_FLAGS, ALL_FLAGS & ~feat);
	TST_EXP_FAIL(ioctl(fd, TUNGETFEATURES, bad), EFAULT,
		     "TUNGETFEATURES into a PROT_NONE page (%s)", who);
}

/*
 * fd was opened by root: /dev/net/tun is 0600 where no udev rule opens
 * it up, and the driver's checks are what this is about.
 */
static void unprivileged(int fd)
{
	tst_drop_privs();
	check_features(fd, "unprivileged");
	TST_EXP_FAIL(set_iff(fd, "ioctl03np", IFF_TUN), EPERM,
		     "TUNSETIFF of a new device without CAP_NET_ADMIN");
	TST_EXP_FAIL(set_iff(fd, DEV, IFF_TUN), EPERM,
		     "TUNSETIFF attaching to a device owned by root");
	SAFE_CLOSE(fd);
	exit(0);
}

static void check_refused(int fd)
{
	struct ifreq ifr;

	TST_EXP_FAIL(set_iff(fd, DEV, 0), EINVAL,
		     "TUNSETIFF with neither IFF_TUN nor IFF_TAP");
	TST_EXP_FAIL(set_iff(fd, DEV, IFF_UNKNOWN | IFF_NO_PI), EINVAL,
		     "TUNSETIFF with only an unknown bit and IFF_NO_PI");
	TST_EXP_FAIL(set_iff(fd, DEV, IFF_TAP | IFF_NAPI_FRAGS), EINVAL,
		     "TUNSETIFF IFF_NAPI_FRAGS without IFF_NAPI");
	TST_EXP_FAIL(set_iff(fd, DEV, IFF_TUN | IFF_NAPI | IFF_NAPI_FRAGS),
		     EINVAL, "TUNSETIFF IFF_NAPI_FRAGS on a tun device");
	TST_EXP_FAIL(ioctl(fd, TUNSETIFF, bad), EFAULT,
		     "TUNSETIFF from a PROT_NONE page");
	memset(&ifr, 0, sizeof(ifr));
	TST_EXP_FAIL(ioctl(fd, TUNGETIFF, &ifr), EBADFD,
		     "TUNGETIFF before TUNSETIFF");
}

static void check_sysfs_flags(int exp)
{
	char path[64], buf[32];
	unsigned int val;
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/class/net/%s/tun_flags", DEV);
	fd = SAFE_OPEN(path, O_RDONLY);
	n = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	buf[n] = 0;
	if (sscanf(buf, "%x", &val) != 1)
		tst_brk(TBROK, "%s: '%s'", path, buf);
	TST_EXP_EXPR(val == (unsigned int)exp, "sysfs tun_flags 0x%x, "
		     "expected 0x%x", val, exp);
}

static void run(void)
{
	int fd, fd2;
	struct ifreq ifr;
	pid_t pid;

	fd = tun_fd();
	check_features(fd, "root");
	check_refused(fd);

	/* the unknown bit is ignored: the device is made without it */
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, DEV);
	ifr.ifr_flags = IFF_TUN | IFF_VNET_HDR | IFF_UNKNOWN;
	TST_EXP_PASS(ioctl(fd, TUNSETIFF, &ifr),
		     "TUNSETIFF IFF_TUN | IFF_VNET_HDR | unknown 0x%x",
		     IFF_UNKNOWN);
	if (!TST_PASS) {
		SAFE_CLOSE(fd);
		return;
	}
	TST_EXP_EXPR(!strcmp(ifr.ifr_name, DEV), "TUNSETIFF named it '%s'",
		     ifr.ifr_name);
	memset(&ifr, 0, sizeof(ifr));
	if (ioctl(fd, TUNGETIFF, &ifr))
		tst_brk(TBROK | TERRNO, "TUNGETIFF");
	/* IFF_NOFILTER (no socket filter attached) shares IFF_NO_PI's bit */
	TST_EXP_EXPR(ifr.ifr_flags == (IFF_TUN | IFF_VNET_HDR | IFF_NOFILTER),
		     "TUNGETIFF flags 0x%x, expected 0x%x", ifr.ifr_flags,
		     IFF_TUN | IFF_VNET_HDR | IFF_NOFILTER);
	check_sysfs_flags(IFF_TUN | IFF_VNET_HDR);
	TST_EXP_FAIL(set_iff(fd, "ioctl03b", IFF_TUN), EEXIST,
		     "second TUNSETIFF on an attached fd");

	fd2 = tun_fd();
	TST_EXP_FAIL(set_iff(fd2, DEV, IFF_TUN | IFF_TUN_EXCL), EBUSY,
		     "TUNSETIFF IFF_TUN_EXCL of an existing device");
	TST_EXP_FAIL(set_iff(fd2, DEV, IFF_TAP), EINVAL,
		     "TUNSETIFF IFF_TAP of an existing tun device");
	TST_EXP_FAIL(set_iff(fd2, DEV, IFF_TUN | IFF_MULTI_QUEUE), EINVAL,
		     "TUNSETIFF IFF_MULTI_QUEUE of a single-queue device");
	TST_EXP_FAIL(set_iff(fd2, DEV, IFF_TUN), EBUSY,
		     "TUNSETIFF of a single-queue device already attached");
	/* an owner set, tun_not_capable() holds for nobody: EPERM first */
	if (ioctl(fd, TUNSETOWNER, 0))
		tst_brk(TBROK | TERRNO, "TUNSETOWNER 0");

	SAFE_CLOSE(fd2);
	fd2 = tun_fd();
	pid = SAFE_FORK();
	if (!pid)
		unprivileged(fd2);
	reap_child(pid);

	SAFE_CLOSE(fd2);
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	bad = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};

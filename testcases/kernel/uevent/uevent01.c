// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel uevents on a NETLINK_KOBJECT_UEVENT socket (group 1), for a loop
 * device the test creates and removes through /dev/loop-control:
 *  - LOOP_CTL_ADD sends "add@DEVPATH" from the kernel (port 0) with
 *    ACTION=add, DEVPATH=/devices/virtual/block/loopN, SUBSYSTEM=block,
 *    DEVNAME=loopN, DEVTYPE=disk and MAJOR/MINOR equal to sysfs "dev";
 *    a second LOOP_CTL_ADD of that index is EEXIST;
 *  - writing the device's sysfs "uevent" file synthesises events:
 *    "change" gives ACTION=change and SYNTH_UUID=0, "change UUID K=V
 *    K2=V2" SYNTH_UUID=UUID and SYNTH_ARG_K=V, SYNTH_ARG_K2=V2, "online"
 *    ACTION=online; an unknown action, a truncated one, a bad UUID, a
 *    key without a value, a non-alphanumeric value and a lone newline are
 *    EINVAL and send nothing (the next event is the following valid one);
 *  - LOOP_CTL_REMOVE sends "remove" for the same DEVPATH, and sysfs has
 *    no loopN after it;
 *  - the SEQNUM of these events, made one after another, strictly
 *    increases, and /sys/kernel/uevent_seqnum has reached the last one.
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/loop.h>
#include <linux/netlink.h>
#include "tst_test.h"

#define UUID1 "0b6f0e04-6b2e-4a9e-9d5c-3f1c2a7e8d11"

static int sock = -1, ctl = -1, idx = -1;
static char devpath[48], uevent_path[96];
static unsigned long long last_seq;

struct uev {
	char buf[8192];
	ssize_t len;
};

/* Value of KEY in the event, or NULL. */
static const char *uev_get(const struct uev *e, const char *key)
{
	size_t klen = strlen(key);
	const char *p = e->buf;

	while (p < e->buf + e->len) {
		if (!strncmp(p, key, klen) && p[klen] == '=')
			return p + klen + 1;
		p += strlen(p) + 1;
	}
	return NULL;
}

/* The next kernel event for our device; others are skipped. */
static void next_event(struct uev *e)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	struct sockaddr_nl from;
	socklen_t flen;
	const char *dp;

	for (;;) {
		struct pollfd pfd = {.fd = sock, .events = POLLIN};
		long long left = deadline - tst_mono_ms();

		if (left <= 0 || poll(&pfd, 1, left) != 1)
			tst_brk(TBROK, "no uevent for %s in 10 s", devpath);
		flen = sizeof(from);
		e->len = recvfrom(sock, e->buf, sizeof(e->buf) - 1, 0,
				  (struct sockaddr *)&from, &flen);
		if (e->len < 0)
			tst_brk(TBROK | TERRNO, "recvfrom(uevent socket)");
		e->buf[e->len] = 0;
		if (from.nl_pid != 0)
			continue;
		dp = uev_get(e, "DEVPATH");
		if (dp && !strcmp(dp, devpath))
			return;
	}
}

static unsigned long long check_event(struct uev *e, const char *action)
{
	char head[128];
	const char *v;
	unsigned long long seq;

	snprintf(head, sizeof(head), "%s@%s", action, devpath);
	TST_EXP_EXPR(!strcmp(e->buf, head), "header '%s' (want '%s')",
		     e->buf, head);
	v = uev_get(e, "ACTION");
	TST_EXP_EXPR(v && !strcmp(v, action), "ACTION=%s", v ? v : "(none)");
	v = uev_get(e, "SUBSYSTEM");
	TST_EXP_EXPR(v && !strcmp(v, "block"), "SUBSYSTEM=%s",
		     v ? v : "(none)");
	v = uev_get(e, "SEQNUM");
	seq = v ? strtoull(v, NULL, 10) : 0;
	TST_EXP_EXPR(seq > last_seq, "SEQNUM=%llu after %llu", seq, last_seq);
	last_seq = seq;
	return seq;
}

static void expect_val(struct uev *e, const char *key, const char *want)
{
	const char *v = uev_get(e, key);

	TST_EXP_EXPR(v && !strcmp(v, want), "%s=%s (want %s)", key,
		     v ? v : "(none)", want);
}

static int write_uevent(const char *s)
{
	int fd = SAFE_OPEN(uevent_path, O_WRONLY);
	ssize_t ret = write(fd, s, strlen(s));
	int err = errno;

	SAFE_CLOSE(fd);
	errno = err;
	return ret < 0 ? -1 : ret == (ssize_t)strlen(s) ? 0 : -2;
}

static void run(void)
{
	static const char *const bad[] = {
		"chang\n", "changes\n", "frobnicate\n", "\n",
		"change not-a-uuid\n",
		"change " UUID1 " K=\n",
		"change " UUID1 " K=a-b\n",
		"change " UUID1 "K=1\n",
	};
	struct uev e;
	char want[32], dev[32], path[64];
	unsigned long long seqnum;
	unsigned int i;

	for (idx = 100; idx < 1000; idx++) {
		snprintf(path, sizeof(path), "/sys/block/loop%d", idx);
		if (access(path, F_OK))
			break;
	}
	snprintf(devpath, sizeof(devpath), "/devices/virtual/block/loop%d",
		 idx);
	snprintf(uevent_path, sizeof(uevent_path), "/sys%s/uevent", devpath);

	TST_EXP_VAL(ioctl(ctl, LOOP_CTL_ADD, idx), idx,
		    "LOOP_CTL_ADD(%d)", idx);
	if (!TST_PASS)
		tst_brk(TBROK, "no loop device to watch");
	next_event(&e);
	check_event(&e, "add");
	snprintf(want, sizeof(want), "loop%d", idx);
	expect_val(&e, "DEVNAME", want);
	expect_val(&e, "DEVTYPE", "disk");
	snprintf(path, sizeof(path), "/sys/block/loop%d/dev", idx);
	SAFE_FILE_SCANF(path, "%31s", dev);
	snprintf(want, sizeof(want), "%s:%s", uev_get(&e, "MAJOR") ?: "?",
		 uev_get(&e, "MINOR") ?: "?");
	TST_EXP_EXPR(!strcmp(want, dev), "MAJOR:MINOR %s, sysfs dev %s",
		     want, dev);
	TST_EXP_FAIL(ioctl(ctl, LOOP_CTL_ADD, idx), EEXIST,
		     "LOOP_CTL_ADD(%d) again", idx);

	TST_EXP_PASS(write_uevent("change\n"), "write \"change\" to uevent");
	next_event(&e);
	check_event(&e, "change");
	expect_val(&e, "SYNTH_UUID", "0");

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		TST_EXP_FAIL(write_uevent(bad[i]), EINVAL,
			     "write \"%.*s\" to uevent",
			     (int)strlen(bad[i]) - 1, bad[i]);

	TST_EXP_PASS(write_uevent("change " UUID1 " K=1 k2=Ab9\n"),
		     "write \"change UUID K=1 k2=Ab9\" to uevent");
	next_event(&e);
	check_event(&e, "change");
	expect_val(&e, "SYNTH_UUID", UUID1);
	expect_val(&e, "SYNTH_ARG_K", "1");
	expect_val(&e, "SYNTH_ARG_k2", "Ab9");

	TST_EXP_PASS(write_uevent("online"), "write \"online\" to uevent");
	next_event(&e);
	check_event(&e, "online");
	expect_val(&e, "SYNTH_UUID", "0");

	TST_EXP_PASS(ioctl(ctl, LOOP_CTL_REMOVE, idx), "LOOP_CTL_REMOVE(%d)",
		     idx);
	if (TST_PASS)
		idx = -1;
	next_event(&e);
	check_event(&e, "remove");
	snprintf(path, sizeof(path), "/sys%s", devpath);
	TST_EXP_FAIL(access(path, F_OK), ENOENT, "%s after the remove", path);

	SAFE_FILE_SCANF("/sys/kernel/uevent_seqnum", "%llu", &seqnum);
	TST_EXP_EXPR(seqnum >= last_seq, "uevent_seqnum %llu >= last SEQNUM "
		     "%llu", seqnum, last_seq);
	last_seq = 0;
}

static void setup(void)
{
	struct sockaddr_nl sa = {.nl_family = AF_NETLINK, .nl_groups = 1};
	int size = 4 << 20;

	ctl = open("/dev/loop-control", O_RDWR);
	if (ctl < 0)
		tst_brk(TCONF | TERRNO, "/dev/loop-control");
	sock = SAFE_SOCKET(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC,
			   NETLINK_KOBJECT_UEVENT);
	/* other tests' devices may send many events while we wait */
	if (setsockopt(sock, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size)))
		tst_brk(TBROK | TERRNO, "SO_RCVBUFFORCE");
	if (bind(sock, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind(NETLINK_KOBJECT_UEVENT, group 1)");
}

static void cleanup(void)
{
	if (idx >= 0 && ctl >= 0)
		ioctl(ctl, LOOP_CTL_REMOVE, idx);
	if (ctl >= 0)
		close(ctl);
	if (sock >= 0)
		close(sock);
}

static struct tst_test test = {
	.needs_root = 1,
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
};

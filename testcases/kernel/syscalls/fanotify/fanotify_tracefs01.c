// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fanotify on tracefs (a mount of it of the test's own, marked as a
 * mount): each write to kprobe_events and to the filter file of the
 * kprobe event it made is one FAN_MODIFY from the writer, with a
 * descriptor of that file; creating and removing the kprobe event (and
 * with it its directory) while marked must not crash the kernel:
 * CVE-2023-52879, fixed by bb32500fb9b7 ("tracing: Have trace_event_file
 * have ref counters").
 * The filter file, not enable: enabling the event patches live kernel
 * text (the kprobe's int3, the sched_switch static call of the comm
 * recorder) with text_poke_bp(), and under TCG with two vCPUs that once
 * hung the guest for good (CPU 1 stuck at the patched site in
 * __schedule(), CPU 0 waiting for its IPI: soft lockup, the default
 * scenario lost). Creating and removing the event, what the bug was
 * about, patches nothing.
 * Syscalls: fanotify_init, fanotify_mark
 */
#include <stdio.h>
#include "fan_common.h"

#define TMNT "tracefs"
#define KPROBE_EVENTS TMNT "/kprobe_events"
#define FILTER TMNT "/events/kprobes/ltp_fan_tracefs/filter"

static int mounted;

static const struct {
	const char *path, *data;
} cmds[] = {
	{KPROBE_EVENTS, "p:ltp_fan_tracefs oom_kill_process"},
	{FILTER, "common_pid != 0"},
	{FILTER, "0"},
	{KPROBE_EVENTS, "-:ltp_fan_tracefs"},
};

static void run(void)
{
	struct fan_event ev;
	unsigned int i;
	int fan, fd, n, ok;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_MODIFY, TMNT);
	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		fd = SAFE_OPEN(cmds[i].path, O_WRONLY);
		SAFE_WRITE(1, fd, cmds[i].data, strlen(cmds[i].data));
		/* the event's descriptor is checked while the file exists */
		n = ok = 0;
		while (fan_read_one(fan, &ev)) {
			n++;
			ok = ev.ok && ev.mask == FAN_MODIFY &&
			     ev.pid == getpid() && fan_fd_is(ev.fd,
							     cmds[i].path);
			fan_close_ev(&ev);
		}
		SAFE_CLOSE(fd);
		TST_EXP_EXPR(n == 1 && ok, "write '%s' to %s: one FAN_MODIFY "
			     "from us with its descriptor (%d events)",
			     cmds[i].data, cmds[i].path, n);
	}
	fan_close(fan);
	TST_EXP_FAIL(access(FILTER, F_OK), ENOENT, "the kprobe event is gone");
}

static void setup(void)
{
	SAFE_MKDIR(TMNT, 0755);
	if (mount("nodev", TMNT, "tracefs", MS_NODEV | MS_NOEXEC | MS_NOSUID,
		  NULL))
		tst_brk(TCONF | TERRNO, "mount(tracefs)");
	mounted = 1;
	if (access(KPROBE_EVENTS, F_OK))
		tst_brk(TCONF, "no kprobe events (CONFIG_KPROBE_EVENTS)");
}

static void cleanup(void)
{
	int fd;

	if (!mounted)
		return;
	/* the kprobe (never enabled), if a failure left it */
	if (!access(FILTER, F_OK)) {
		fd = open(KPROBE_EVENTS, O_WRONLY | O_APPEND);
		if (fd >= 0) {
			if (write(fd, "-:ltp_fan_tracefs", 17) != 17)
				tst_res(TWARN | TERRNO, "remove the kprobe");
			close(fd);
		}
	}
	if (umount2(TMNT, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s)", TMNT);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	/* a kprobe is system wide */
	.exclusive = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2023-52879"},
		/* tracing: Have trace_event_file have ref counters */
		{"linux-git", "bb32500fb9b7"},
		{}
	},
};

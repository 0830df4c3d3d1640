/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the fanotify tests in this directory: a private tmpfs to mark
 * whole mounts and filesystems on (no other process touches it, so a
 * permission mark there can block nobody else), and a bounded wait for
 * events (an event of another task comes when that task gets there).
 */
#ifndef FAN_COMMON_H
#define FAN_COMMON_H

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"

#define FAN_MNT "mnt"
#define FAN_WAIT_MS 10000

struct fan_event {
	uint64_t mask;
	int fd;
	pid_t pid;
	int ok;		/* version and metadata_len as documented */
	unsigned int info_len;	/* bytes of info records after it */
	char info[512];
};

static int fan_mounted;

static inline void fan_mount_tmpfs(void)
{
	SAFE_MKDIR(FAN_MNT, 0755);
	SAFE_MOUNT("ltp_fanotify", FAN_MNT, "tmpfs", 0, NULL);
	fan_mounted = 1;
}

static inline void fan_umount_tmpfs(void)
{
	if (fan_mounted && umount2(FAN_MNT, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s)", FAN_MNT);
	fan_mounted = 0;
}

/* 1 when fan has an event within FAN_WAIT_MS (scaled), 0 when not. */
static inline int fan_wait(int fan, int ms)
{
	struct pollfd p = { .fd = fan, .events = POLLIN };
	int r;

	r = poll(&p, 1, (int)(ms * tst_timeout_mul()));
	if (r < 0)
		tst_brk(TBROK | TERRNO, "poll(fanotify)");
	return r > 0;
}

/*
 * read() returns as many events as fit in the buffer: they are kept here
 * and handed out one by one. A group is closed with fan_close(), which
 * drops what is left of its events.
 */
static struct {
	int fd;
	ssize_t len, off;
	uint64_t buf[1024];
} fan_cache = { .fd = -1 };

static inline void fan_close(int fan)
{
	struct fanotify_event_metadata *m;

	if (fan_cache.fd == fan) {
		while (fan_cache.off < fan_cache.len) {
			m = (void *)((char *)fan_cache.buf + fan_cache.off);
			if (m->fd >= 0)
				close(m->fd);
			fan_cache.off += m->event_len;
		}
		fan_cache.fd = -1;
	}
	SAFE_CLOSE(fan);
}

/* Read one event (the group is FAN_NONBLOCK): 0 when none is queued. */
static inline int fan_read_one(int fan, struct fan_event *ev)
{
	struct fanotify_event_metadata *m;
	ssize_t len;

	if (fan_cache.fd != fan || fan_cache.off >= fan_cache.len) {
		fan_cache.fd = -1;
		len = read(fan, fan_cache.buf, sizeof(fan_cache.buf));
		if (len < 0) {
			if (errno == EAGAIN)
				return 0;
			tst_brk(TBROK | TERRNO, "read(fanotify)");
		}
		fan_cache.fd = fan;
		fan_cache.len = len;
		fan_cache.off = 0;
	}
	m = (void *)((char *)fan_cache.buf + fan_cache.off);
	len = fan_cache.len - fan_cache.off;
	if (!FAN_EVENT_OK(m, len))
		tst_brk(TBROK, "read(fanotify): %zd bytes left, no event", len);
	fan_cache.off += m->event_len;
	ev->mask = m->mask;
	ev->fd = m->fd;
	ev->pid = m->pid;
	ev->ok = m->vers == FANOTIFY_METADATA_VERSION &&
		 m->metadata_len == FAN_EVENT_METADATA_LEN;
	ev->info_len = m->event_len - m->metadata_len;
	if (ev->info_len > sizeof(ev->info))
		tst_brk(TBROK, "event of %u bytes", m->event_len);
	memcpy(ev->info, m + 1, ev->info_len);
	return 1;
}

/* Wait (bounded) for the next event and read it; 0 when none came. */
static inline int fan_next(int fan, struct fan_event *ev)
{
	/* events already read come first: poll() knows only the queue */
	if (fan_cache.fd == fan && fan_cache.off < fan_cache.len)
		return fan_read_one(fan, ev);
	if (!fan_wait(fan, FAN_WAIT_MS))
		return 0;
	return fan_read_one(fan, ev);
}

static inline void fan_close_ev(struct fan_event *ev)
{
	if (ev->fd >= 0)
		SAFE_CLOSE(ev->fd);
	ev->fd = -1;
}

/* 1 when fd is a descriptor of the file at path. */
static inline int fan_fd_is(int fd, const char *path)
{
	struct stat a, b;

	if (fd < 0 || fstat(fd, &a) || stat(path, &b))
		return 0;
	return a.st_ino == b.st_ino && a.st_dev == b.st_dev;
}

static inline void fan_respond(int fan, int fd, unsigned int response)
{
	struct fanotify_response r = { .fd = fd, .response = response };

	if (write(fan, &r, sizeof(r)) != sizeof(r))
		tst_brk(TBROK | TERRNO, "write(fanotify response %#x)",
			response);
}

static inline void fan_mark(int fan, unsigned int flags, uint64_t mask,
			    const char *path)
{
	if (fanotify_mark(fan, flags, mask, AT_FDCWD, path))
		tst_brk(TBROK | TERRNO, "fanotify_mark(%#x, %#llx, %s)", flags,
			(unsigned long long)mask, path ? path : "NULL");
}

static inline int fan_init(unsigned int flags, unsigned int ev_flags)
{
	int fd = fanotify_init(flags, ev_flags);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "fanotify_init(%#x)", flags);
	return fd;
}

/* A pass when no further event is queued; else a fail naming its mask. */
static inline void fan_expect_none(int fan, const char *what)
{
	struct fan_event ev;
	int n = fan_read_one(fan, &ev);

	TST_EXP_EXPR(!n, "%s: no further event (mask %#llx)", what,
		     n ? (unsigned long long)ev.mask : 0ULL);
	if (n)
		fan_close_ev(&ev);
}

/* open() and close() the file, for an open (and close) event. */
static inline void fan_touch_open(const char *path)
{
	int fd = SAFE_OPEN(path, O_RDONLY);

	SAFE_CLOSE(fd);
}

/* Copy a file (an executable for the exec events) under a new mode. */
static inline void fan_copy_file(const char *from, const char *to,
				 mode_t mode)
{
	char buf[4096];
	int in, out;
	ssize_t n;

	in = SAFE_OPEN(from, O_RDONLY);
	out = SAFE_OPEN(to, O_CREAT | O_WRONLY | O_TRUNC, mode);
	while ((n = SAFE_READ(0, in, buf, sizeof(buf))) > 0)
		SAFE_WRITE(1, out, buf, n);
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);
}

#endif /* FAN_COMMON_H */

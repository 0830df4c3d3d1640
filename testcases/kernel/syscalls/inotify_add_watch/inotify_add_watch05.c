// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inotify watch flags shown and obeyed, and IN_DELETE reported only once
 * the name is gone:
 * - a directory watch with IN_MODIFY, IN_MODIFY | IN_ONESHOT and
 *   IN_MODIFY | IN_EXCL_UNLINK shows exactly that mask in the fdinfo
 *   line of the inotify fd (the flags were dropped before a32e697cda27);
 *   two writes to a file in it give two IN_MODIFY events with the plain
 *   mask; with IN_ONESHOT one IN_MODIFY then IN_IGNORED and nothing for
 *   the second write; with IN_EXCL_UNLINK nothing for a write through an
 *   fd after the file was unlinked;
 * - while a child creates and unlinks files of new names for a few
 *   seconds, every IN_DELETE read for a name is followed by an open()
 *   of that name that fails with ENOENT (the dentry was still
 *   reachable when the event came, before a37d9a17f099).
 * Syscalls: inotify_add_watch, inotify_init1
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "tst_test.h"
#include "inotify_read.h"

static unsigned int fdinfo_mask(int fd)
{
	char path[64], line[256];
	unsigned int mask = 0;
	FILE *f;
	char *p;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		p = strstr(line, "mask:");
		if (!strncmp(line, "inotify wd:", 11) && p)
			mask = strtoul(p + 5, NULL, 16);
	}
	fclose(f);
	return mask;
}

static int count(int ifd, uint32_t mask, int *total)
{
	struct ino_event ev[INO_MAX_EVENTS];
	int n = ino_read_events(ifd, ev, INO_MAX_EVENTS), i, c = 0;

	for (i = 0; i < n; i++)
		c += ev[i].mask == mask;
	*total = n;
	return c;
}

/*
 * Write, read the events, (unlink,) write again, read again: the reads
 * in between keep inotify from merging the two identical events.
 */
static void flags(unsigned int mask, const char *name, int oneshot,
		  int excl_unlink)
{
	int ifd, fd, m1, i1, n1, m2, n2;

	ifd = inotify_init1(IN_NONBLOCK);
	if (ifd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	SAFE_FILE_PRINTF("f", "1");
	if (inotify_add_watch(ifd, ".", mask) < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch(%s)", name);
	TST_EXP_EXPR(fdinfo_mask(ifd) == mask, "%s: fdinfo mask %x", name,
		     fdinfo_mask(ifd));
	fd = SAFE_OPEN("f", O_RDWR);
	SAFE_WRITE(1, fd, "2", 1);
	m1 = count(ifd, IN_MODIFY, &n1);
	i1 = n1 - m1;
	if (excl_unlink)
		SAFE_UNLINK("f");
	SAFE_WRITE(1, fd, "3", 1);
	SAFE_CLOSE(fd);
	m2 = count(ifd, IN_MODIFY, &n2);
	if (!excl_unlink)
		SAFE_UNLINK("f");
	if (oneshot)
		TST_EXP_EXPR(m1 == 1 && i1 == 1 && n2 == 0, "%s: IN_MODIFY and "
			     "IN_IGNORED, then nothing (%d+%d, %d events)",
			     name, m1, i1, n2);
	else if (excl_unlink)
		TST_EXP_EXPR(m1 == 1 && n1 == 1 && n2 == 0, "%s: IN_MODIFY, "
			     "nothing after the unlink (%d, %d events)", name,
			     n1, n2);
	else
		TST_EXP_EXPR(m1 == 1 && n1 == 1 && m2 == 1 && n2 == 1,
			     "%s: one IN_MODIFY per write (%d, %d events)",
			     name, n1, n2);
	SAFE_CLOSE(ifd);
}

static void masks(void)
{
	flags(IN_MODIFY, "IN_MODIFY", 0, 0);
	flags(IN_MODIFY | IN_ONESHOT, "IN_MODIFY | IN_ONESHOT", 1, 0);
	flags(IN_MODIFY | IN_EXCL_UNLINK, "IN_MODIFY | IN_EXCL_UNLINK", 0, 1);
}

static void delete_then_open(void)
{
	struct ino_event ev[INO_MAX_EVENTS];
	double end = tst_mono_secs() + 2 * tst_timeout_mul();
	long deletes = 0, bad = 0;
	struct pollfd pfd;
	int ifd, i, n, fd;
	pid_t pid;

	SAFE_MKDIR("d", 0755);
	ifd = inotify_init1(IN_NONBLOCK);
	if (ifd < 0 || inotify_add_watch(ifd, "d", IN_DELETE) < 0)
		tst_brk(TBROK | TERRNO, "inotify");
	pid = SAFE_FORK();
	if (!pid) {
		char name[64];
		unsigned long k = 0;

		while (tst_mono_secs() < end) {
			snprintf(name, sizeof(name), "d/f%lu", k++);
			fd = SAFE_OPEN(name, O_CREAT | O_WRONLY, 0600);
			SAFE_CLOSE(fd);
			SAFE_UNLINK(name);
		}
		exit(0);
	}
	pfd.fd = ifd;
	pfd.events = POLLIN;
	while (tst_mono_secs() < end + 1) {
		if (poll(&pfd, 1, 100) <= 0)
			continue;
		n = ino_read_events(ifd, ev, INO_MAX_EVENTS);
		for (i = 0; i < n; i++) {
			char path[300];

			if (!(ev[i].mask & IN_DELETE))
				continue;
			deletes++;
			snprintf(path, sizeof(path), "d/%s", ev[i].name);
			fd = open(path, O_RDONLY);
			if (fd >= 0 || errno != ENOENT) {
				if (!bad++)
					tst_res(TFAIL | TERRNO, "open(%s) "
						"after its IN_DELETE returned "
						"%d", path, fd);
				if (fd >= 0)
					SAFE_CLOSE(fd);
			}
		}
	}
	reap_child(pid);
	SAFE_CLOSE(ifd);
	if (!deletes)
		tst_res(TFAIL, "no IN_DELETE event read");
	else if (!bad)
		tst_res(TPASS, "%ld names reported IN_DELETE: none opened",
			deletes);
}

static void run(unsigned int n)
{
	if (!n)
		masks();
	else
		delete_then_open();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* inotify: show inotify mask flags in proc fdinfo */
		{"linux-git", "a32e697cda27"},
		/* fsnotify: invalidate dcache before IN_DELETE event */
		{"linux-git", "a37d9a17f099"},
		{}
	},
};

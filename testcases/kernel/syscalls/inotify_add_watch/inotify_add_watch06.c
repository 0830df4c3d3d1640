// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An event on a child is reported to a watching parent (with the
 * child's name) and to the child's own watch (without a name), each by
 * its own interest, and a second inotify instance with other watches
 * changes nothing in the first: chmod() of a subdirectory and of a file
 * with four set-ups,
 * - one instance watching the parent, the subdirectory and the file for
 *   IN_ATTRIB: four events (parent: "sub" with IN_ISDIR, and "file";
 *   the subdirectory and the file: no name);
 * - children watched for IN_ATTRIB in the first instance, the parent in
 *   the other: the first gets exactly the two nameless events;
 * - the parent watched in the first, the children in the other: the
 *   first gets exactly the two named events;
 * - the first watches the parent for IN_ATTRIB and the children for
 *   IN_OPEN, the other the reverse: the first gets exactly the two named
 *   events. fecc4559780d fixed this case, where the children's marks of
 *   no interest hid the parent's event.
 * Syscalls: inotify_add_watch
 */
#include <sys/stat.h>
#include "tst_test.h"
#include "inotify_read.h"

static const struct tcase {
	uint32_t parent, sub, file, parent_o, sub_o, file_o;
} tcases[] = {
	{ IN_ATTRIB, IN_ATTRIB, IN_ATTRIB, 0, 0, 0 },
	{ 0, IN_ATTRIB, IN_ATTRIB, IN_ATTRIB, 0, 0 },
	{ IN_ATTRIB, 0, 0, 0, IN_ATTRIB, IN_ATTRIB },
	{ IN_ATTRIB, IN_OPEN, IN_OPEN, IN_OPEN, IN_ATTRIB, IN_ATTRIB },
};

struct want {
	int wd;
	uint32_t mask;
	const char *name;
	int seen;
};

static int watch(int fd, const char *path, uint32_t mask)
{
	int wd;

	if (!mask)
		return 0;
	wd = inotify_add_watch(fd, path, mask);
	if (wd < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch(%s)", path);
	return wd;
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	struct ino_event ev[INO_MAX_EVENTS];
	struct want want[4];
	int fd, other, wp, ws, wf, nw = 0, ne, i, j, bad = 0;

	fd = inotify_init1(IN_NONBLOCK);
	other = inotify_init1(IN_NONBLOCK);
	if (fd < 0 || other < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	wp = watch(fd, ".", tc->parent);
	ws = watch(fd, "sub", tc->sub);
	wf = watch(fd, "file", tc->file);
	watch(other, ".", tc->parent_o);
	watch(other, "sub", tc->sub_o);
	watch(other, "file", tc->file_o);

	SAFE_CHMOD("sub", 0755);
	SAFE_CHMOD("file", 0644);

	if (tc->parent & IN_ATTRIB) {
		want[nw++] = (struct want){ wp, IN_ATTRIB | IN_ISDIR, "sub",
					    0 };
		want[nw++] = (struct want){ wp, IN_ATTRIB, "file", 0 };
	}
	if (tc->sub & IN_ATTRIB)
		want[nw++] = (struct want){ ws, IN_ATTRIB | IN_ISDIR, "", 0 };
	if (tc->file & IN_ATTRIB)
		want[nw++] = (struct want){ wf, IN_ATTRIB, "", 0 };

	ne = ino_read_events(fd, ev, INO_MAX_EVENTS);
	for (i = 0; i < ne; i++) {
		for (j = 0; j < nw; j++) {
			if (!want[j].seen && want[j].wd == ev[i].wd &&
			    want[j].mask == ev[i].mask &&
			    !strcmp(want[j].name, ev[i].name)) {
				want[j].seen = 1;
				break;
			}
		}
		if (j == nw) {
			tst_res(TFAIL, "case %u: unexpected event wd %d mask "
				"%#x name \"%s\"", n, ev[i].wd, ev[i].mask,
				ev[i].name);
			bad = 1;
		}
	}
	for (j = 0; j < nw; j++) {
		if (!want[j].seen) {
			tst_res(TFAIL, "case %u: missing event wd %d mask %#x "
				"name \"%s\"", n, want[j].wd, want[j].mask,
				want[j].name);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "case %u: exactly the %d expected events", n,
			nw);
	SAFE_CLOSE(fd);
	SAFE_CLOSE(other);
}

static void setup(void)
{
	int fd;

	SAFE_MKDIR("sub", 0700);
	fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		/* fsnotify: fix events reported to watching parent and
		 * child */
		{"linux-git", "fecc4559780d"},
		{}
	},
};

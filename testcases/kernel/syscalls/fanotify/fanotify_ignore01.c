// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ignore mask matrix of fanotify, on an ext4 of its own and a bind
 * mount of it. In each case six groups (two of each class) have the same
 * mark (inode, parent directory with FAN_EVENT_ON_CHILD, mount or
 * filesystem) for FAN_OPEN, with FAN_OPEN_EXEC when the case executes a
 * program; the two groups of FAN_CLASS_PRE_CONTENT have nothing else, the
 * other four also an ignore mask for FAN_OPEN of another type (inode,
 * mount, filesystem, or a parent directory with or without
 * FAN_EVENT_ON_CHILD), set as a legacy FAN_MARK_IGNORED_MASK in the first
 * run of the cases and as FAN_MARK_IGNORE in the second. Then this task
 * opens the file, or a child executes the program, and writes to a
 * sentinel file every group marks for FAN_MODIFY: the events each group
 * queued before the sentinel are exactly the expected ones.
 *  - an ignore mask of the object the event happens on (an inode, the
 *    mount it is reached through, its filesystem, or a parent directory
 *    ignoring its children) hides FAN_OPEN from a mark of any other type;
 *    for an executed program FAN_OPEN_EXEC is left (9bdda4e9cf2d, and
 *    2f02fd3fa13e for a parent mark under a mount ignore mask);
 *  - an ignore mask of another file, of the other mount (the bind mount)
 *    or of a parent directory not asking for its children hides nothing;
 *  - evictable ignore marks (FAN_MARK_EVICTABLE) on 16 files or 16
 *    parent directories do not pin the inodes: dropping dentries and
 *    inodes (drop_caches 2, exclusive) evicts at least half of them, and
 *    then each file's open is hidden exactly when its (or its parent's)
 *    ignore mark is still listed in the group's fdinfo, and reported by
 *    the mount or filesystem mark when it is gone.
 * Syscalls: fanotify_init, fanotify_mark
 */
#include <stdio.h>
#include <sys/wait.h>
#include "fan_common.h"

#define M FAN_MNT
#define B "bind"
#define DIR_P M "/d"
#define F_P DIR_P "/file"
#define F2_P DIR_P "/file2"
#define FB_P B "/d/file"
#define PROG_P M "/prog"
#define PROG2_P M "/prog2"
#define PROGB_P B "/prog"
#define SENT_P M "/sentinel"
#define NEV 16
#define NGROUPS 6

enum { T_INODE, T_PARENT, T_MOUNT, T_FS, T_EVICT };

static const unsigned int type_flags[] = {
	[T_INODE] = 0,
	[T_PARENT] = 0,
	[T_MOUNT] = FAN_MARK_MOUNT,
	[T_FS] = FAN_MARK_FILESYSTEM,
	[T_EVICT] = FAN_MARK_EVICTABLE,
};

#define O FAN_OPEN
#define OE (FAN_OPEN | FAN_OPEN_EXEC)
#define E FAN_OPEN_EXEC

static const struct tcase {
	const char *name;
	int mark;
	const char *mark_p;
	int ign;
	const char *ign_p;
	unsigned int ign_flags;
	const char *ev_p;	/* opened, or executed when exec */
	int exec;
	uint64_t with, without;	/* mask expected with / without ignore */
	int multi;		/* 16 files (or dirs) numbered %d */
} tcases[] = {
	{"mount mark, inode ignore mask on the file", T_MOUNT, M, T_INODE,
	 FB_P, 0, F_P, 0, 0, O, 0},
	{"mount mark, exec, inode ignore mask on the program", T_MOUNT, M,
	 T_INODE, PROGB_P, 0, PROG_P, 1, E, OE, 0},
	{"mount mark, inode ignore mask on another file", T_MOUNT, M,
	 T_INODE, F_P, 0, F2_P, 0, O, O, 0},
	{"mount mark, exec, inode ignore mask on another file", T_MOUNT, M,
	 T_INODE, PROG_P, 0, PROG2_P, 1, OE, OE, 0},
	{"inode mark, ignore mask on the mount opened through", T_INODE, F_P,
	 T_MOUNT, B, 0, FB_P, 0, 0, O, 0},
	{"inode mark, exec, ignore mask on the mount executed through",
	 T_INODE, PROG_P, T_MOUNT, B, 0, PROGB_P, 1, E, OE, 0},
	{"inode mark, ignore mask on another mount", T_INODE, FB_P, T_MOUNT,
	 B, 0, F_P, 0, O, O, 0},
	{"inode mark, exec, ignore mask on another mount", T_INODE, PROGB_P,
	 T_MOUNT, B, 0, PROG_P, 1, OE, OE, 0},
	{"filesystem mark, inode ignore mask on the file", T_FS, M, T_INODE,
	 F_P, 0, F_P, 0, 0, O, 0},
	{"filesystem mark, exec, inode ignore mask on the program", T_FS, M,
	 T_INODE, PROG_P, 0, PROG_P, 1, E, OE, 0},
	{"filesystem mark, inode ignore mask on another file", T_FS, M,
	 T_INODE, F_P, 0, F2_P, 0, O, O, 0},
	{"filesystem mark, exec, inode ignore mask on another file", T_FS, M,
	 T_INODE, PROG_P, 0, PROG2_P, 1, OE, OE, 0},
	{"filesystem mark, mount ignore mask on the mount opened through",
	 T_FS, M, T_MOUNT, B, 0, FB_P, 0, 0, O, 0},
	{"filesystem mark, exec, mount ignore mask on the mount", T_FS, M,
	 T_MOUNT, B, 0, PROGB_P, 1, E, OE, 0},
	{"filesystem mark, mount ignore mask on another mount", T_FS, M,
	 T_MOUNT, B, 0, F_P, 0, O, O, 0},
	{"filesystem mark, exec, mount ignore mask on another mount", T_FS, M,
	 T_MOUNT, B, 0, PROG_P, 1, OE, OE, 0},
	{"parent mark, exec of a child, mount ignore mask", T_PARENT, M,
	 T_MOUNT, M, 0, PROG_P, 1, E, OE, 0},
	{"parent mark, the parent ignoring its children", T_PARENT, DIR_P,
	 T_PARENT, DIR_P, FAN_EVENT_ON_CHILD, F_P, 0, 0, O, 0},
	{"inode mark, a parent ignoring its children", T_INODE, F_P,
	 T_PARENT, DIR_P, FAN_EVENT_ON_CHILD, F_P, 0, 0, O, 0},
	{"inode mark, a parent ignore mask not for children", T_INODE, F_P,
	 T_PARENT, DIR_P, 0, F_P, 0, O, O, 0},
	{"mount mark, a parent ignoring its children", T_MOUNT, M, T_PARENT,
	 DIR_P, FAN_EVENT_ON_CHILD, F_P, 0, 0, O, 0},
	{"mount mark, a parent ignore mask not for children", T_MOUNT, M,
	 T_PARENT, DIR_P, 0, F_P, 0, O, O, 0},
	{"filesystem mark, a parent ignoring its children", T_FS, M, T_PARENT,
	 DIR_P, FAN_EVENT_ON_CHILD, F_P, 0, 0, O, 0},
	{"filesystem mark, a parent ignore mask not for children", T_FS, M,
	 T_PARENT, DIR_P, 0, F_P, 0, O, O, 0},
	{"mount mark, evicted ignore marks on files", T_MOUNT, M, T_EVICT,
	 M "/e%d", 0, M "/e%d", 0, 0, O, 1},
	{"filesystem mark, evicted ignore marks on files", T_FS, M, T_EVICT,
	 M "/e%d", 0, M "/e%d", 0, 0, O, 1},
	{"mount mark, evicted ignore marks on parents", T_MOUNT, M, T_EVICT,
	 M "/ed%d", FAN_EVENT_ON_CHILD, M "/ed%d/f", 0, 0, O, 1},
	{"filesystem mark, evicted ignore marks on parents", T_FS, M, T_EVICT,
	 M "/ed%d", FAN_EVENT_ON_CHILD, M "/ed%d/f", 0, 0, O, 1},
};

static const unsigned int classes[] = {
	FAN_CLASS_PRE_CONTENT, FAN_CLASS_CONTENT, FAN_CLASS_NOTIF
};

static int sent_fd = -1, bound;

struct got {
	uint64_t mask;
	pid_t pid;
	ino_t ino;
};

static void ign_path(char *buf, size_t sz, const char *fmt, int i)
{
	snprintf(buf, sz, fmt, i);
}

/* Inode numbers that have an ignore mask in the group's fdinfo. */
static int ignored_inodes(int fan, unsigned long *inos, int max)
{
	unsigned int sdev, mflags, mask, ign;
	char path[64], line[512];
	unsigned long ino;
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fan);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "fanotify ino:%lx sdev:%x mflags:%x mask:%x "
			   "ignored_mask:%x", &ino, &sdev, &mflags, &mask,
			   &ign) == 5 && ign && n < max)
			inos[n++] = ino;
	}
	fclose(f);
	return n;
}

static int has_ino(const unsigned long *inos, int n, unsigned long ino)
{
	while (n-- > 0) {
		if (inos[n] == ino)
			return 1;
	}
	return 0;
}

static ino_t ino_of(const char *path)
{
	struct stat st;

	SAFE_STAT(path, &st);
	return st.st_ino;
}

/* 0, or -1 when the kernel lacks FAN_MARK_IGNORE or FAN_MARK_EVICTABLE. */
static int add_marks(int fan, const struct tcase *tc, int variant)
{
	unsigned int ign_type, mflags;
	uint64_t mmask = tc->without;
	char p[64];
	int i, n = tc->multi ? NEV : 1;

	if (tc->mark == T_PARENT)
		mmask |= FAN_EVENT_ON_CHILD;
	fan_mark(fan, FAN_MARK_ADD | type_flags[tc->mark], mmask, tc->mark_p);
	ign_type = type_flags[tc->ign];
	mflags = variant ? FAN_MARK_IGNORE_SURV : FAN_MARK_IGNORED_MASK |
		 FAN_MARK_IGNORED_SURV_MODIFY;
	for (i = 0; i < n; i++) {
		ign_path(p, sizeof(p), tc->ign_p, i);
		if (fanotify_mark(fan, FAN_MARK_ADD | ign_type | mflags,
				  FAN_OPEN | (variant ? tc->ign_flags : 0),
				  AT_FDCWD, p)) {
			if (errno == EINVAL && (variant || tc->ign == T_EVICT))
				return -1;
			tst_brk(TBROK | TERRNO, "fanotify_mark(ignore, %s)",
				p);
		}
		/*
		 * A legacy ignore mask applies to children when the mark's
		 * own mask has FAN_EVENT_ON_CHILD: it gets FAN_OPEN of the
		 * children, which the ignore mask then hides.
		 */
		if (!variant && (tc->ign_flags & FAN_EVENT_ON_CHILD))
			fan_mark(fan, FAN_MARK_ADD | ign_type,
				 FAN_OPEN | FAN_EVENT_ON_CHILD, p);
	}
	return 0;
}

static void drop_caches(void)
{
	SAFE_FILE_PRINTF("/proc/sys/vm/drop_caches", "2");
}

/* Drop dentries and inodes until at most half the ignore marks are left. */
static int evict_marks(int *fans)
{
	unsigned long inos[NEV];
	long long end = tst_mono_ms() + 10000 * tst_timeout_mul();
	int g, worst;

	do {
		sync();
		drop_caches();
		worst = 0;
		for (g = 2; g < NGROUPS; g++) {
			int n = ignored_inodes(fans[g], inos, NEV);

			if (n > worst)
				worst = n;
		}
		if (worst <= NEV / 2)
			return worst;
	} while (tst_mono_ms() < end);
	return -worst;
}

static void do_event(const struct tcase *tc, const char *path, pid_t *pid)
{
	char *const argv[] = {"true", NULL};
	char *const envp[] = {NULL};
	int status;

	*pid = getpid();
	if (!tc->exec) {
		fan_touch_open(path);
		return;
	}
	*pid = SAFE_FORK();
	if (!*pid) {
		execve(path, argv, envp);
		_exit(127);
	}
	SAFE_WAITPID(*pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "%s (a copy of /bin/true) did not run (status "
			"%#x)", path, status);
}

/* Events before the sentinel: count, or -1 when the sentinel did not come. */
static int collect(int fan, struct got *got, int max, ino_t sent_ino)
{
	struct fan_event ev;
	struct stat st;
	int n = 0;

	while (fan_next(fan, &ev)) {
		st.st_ino = 0;
		if (ev.fd >= 0 && fstat(ev.fd, &st))
			tst_brk(TBROK | TERRNO, "fstat(event fd)");
		fan_close_ev(&ev);
		if (ev.mask == FAN_MODIFY && st.st_ino == sent_ino &&
		    ev.pid == getpid()) {
			fan_expect_none(fan, "after the sentinel");
			return n;
		}
		if (n < max) {
			got[n].mask = ev.ok ? ev.mask : 0;
			got[n].pid = ev.pid;
			got[n].ino = st.st_ino;
		}
		n++;
	}
	return -1;
}

static void run(unsigned int nr)
{
	const struct tcase *tc = &tcases[nr % ARRAY_SIZE(tcases)];
	int variant = nr / ARRAY_SIZE(tcases);
	unsigned long kept[NGROUPS][NEV];
	int nkept[NGROUPS] = {0};
	struct got got[NEV + 4];
	ino_t want_ino[NEV], sent_ino = ino_of(SENT_P);
	unsigned long after[NEV];
	int fans[NGROUPS], g, i, j, n, nwant, nafter, ok, left = 0;
	int nev = tc->multi ? NEV : 1;
	char p[64], pd[64];
	pid_t pid = 0;

	tst_res(TINFO, "%s, %s", tc->name, variant ? "FAN_MARK_IGNORE" :
		"FAN_MARK_IGNORED_MASK");
	for (g = 0; g < NGROUPS; g++) {
		fans[g] = fanotify_init(classes[g / 2] | FAN_NONBLOCK,
					O_RDONLY);
		if (fans[g] < 0)
			tst_brk(TBROK | TERRNO, "fanotify_init()");
		if (g < 2)
			fan_mark(fans[g], FAN_MARK_ADD | type_flags[tc->mark],
				 tc->without | (tc->mark == T_PARENT ?
				 FAN_EVENT_ON_CHILD : 0), tc->mark_p);
		else if (add_marks(fans[g], tc, variant)) {
			tst_res(TCONF, "%s: the kernel has no %s (EINVAL)",
				tc->name, variant ? "FAN_MARK_IGNORE (6.0)" :
				"FAN_MARK_EVICTABLE (5.19)");
			while (g >= 0)
				fan_close(fans[g--]);
			return;
		}
		fan_mark(fans[g], FAN_MARK_ADD, FAN_MODIFY, SENT_P);
	}

	if (tc->ign == T_EVICT) {
		for (g = 2; g < NGROUPS; g++) {
			n = ignored_inodes(fans[g], kept[g], NEV);
			TST_EXP_EXPR(n == NEV, "group %d lists %d evictable "
				     "ignore marks (want %d)", g, n, NEV);
		}
		left = evict_marks(fans);
		TST_EXP_EXPR(left >= 0, "dropping dentries and inodes evicted "
			     "at least half the evictable ignore marks (%d of "
			     "%d left in the worst group)", left < 0 ? -left :
			     left, NEV);
		for (g = 2; g < NGROUPS; g++)
			nkept[g] = ignored_inodes(fans[g], kept[g], NEV);
	}

	for (i = 0; i < nev; i++) {
		ign_path(p, sizeof(p), tc->ev_p, i);
		do_event(tc, p, &pid);
		want_ino[i] = ino_of(p);
	}
	SAFE_WRITE(1, sent_fd, "s", 1);

	for (g = 0; g < NGROUPS; g++) {
		n = collect(fans[g], got, ARRAY_SIZE(got), sent_ino);
		if (n < 0) {
			tst_res(TFAIL, "group %d: the sentinel event did not "
				"come", g);
			continue;
		}
		nafter = g >= 2 && tc->ign == T_EVICT ?
			 ignored_inodes(fans[g], after, NEV) : 0;
		/*
		 * Walk the files in the order they were opened: an event is
		 * required, forbidden, or (for an evictable ignore mark that
		 * went between the two fdinfo readings) allowed.
		 */
		ok = n <= (int)ARRAY_SIZE(got);
		nwant = j = 0;
		for (i = 0; ok && i < nev; i++) {
			uint64_t m = g < 2 ? tc->without : tc->with;
			int optional = 0;

			if (tc->ign == T_EVICT && g >= 2) {
				unsigned long key = want_ino[i];

				if (tc->ign_flags) {
					ign_path(pd, sizeof(pd), tc->ign_p, i);
					key = ino_of(pd);
				}
				if (!has_ino(kept[g], nkept[g], key))
					m = tc->without;
				else if (!has_ino(after, nafter, key))
					optional = 1;
			}
			if (!m && !optional)
				continue;
			nwant += !optional;
			if (j < n && got[j].ino == want_ino[i] &&
			    got[j].pid == pid &&
			    got[j].mask == (optional ? tc->without : m)) {
				j++;
				continue;
			}
			ok = optional;
		}
		ok = ok && j == n;
		TST_EXP_EXPR(ok, "%s: group %d (class %d, %s): %d event(s), "
			     "want %d%s, first %#llx", tc->name, g, g / 2,
			     g < 2 ? "no ignore mask" : "ignore mask", n,
			     nwant, nwant ? "" : " (none)",
			     n ? (unsigned long long)got[0].mask : 0ULL);
	}
	for (g = 0; g < NGROUPS; g++)
		fan_close(fans[g]);
}

/*
 * Empty files: an inode with page cache is not evicted while one of its
 * pages waits in a per-CPU LRU batch, which drop_caches does not drain.
 */
static void mkfile(const char *path, const char *from)
{
	int fd;

	if (from) {
		fan_copy_file(from, path, 0755);
		return;
	}
	fd = SAFE_OPEN(path, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	char p[64];
	int i;

	SAFE_MKDIR(DIR_P, 0755);
	mkfile(F_P, NULL);
	mkfile(F2_P, NULL);
	mkfile(PROG_P, "/bin/true");
	mkfile(PROG2_P, "/bin/true");
	mkfile(SENT_P, NULL);
	for (i = 0; i < NEV; i++) {
		snprintf(p, sizeof(p), M "/e%d", i);
		mkfile(p, NULL);
		snprintf(p, sizeof(p), M "/ed%d", i);
		SAFE_MKDIR(p, 0755);
		snprintf(p, sizeof(p), M "/ed%d/f", i);
		mkfile(p, NULL);
	}
	sent_fd = SAFE_OPEN(SENT_P, O_WRONLY);
	SAFE_MKDIR(B, 0755);
	SAFE_MOUNT(M, B, NULL, MS_BIND, NULL);
	bound = 1;
}

static void cleanup(void)
{
	if (sent_fd >= 0)
		SAFE_CLOSE(sent_fd);
	if (bound && umount2(B, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s)", B);
}

static struct tst_test test = {
	.tcnt = 2 * ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.mount_device = 1,
	.mntpoint = FAN_MNT,
	.dev_fs_type = "ext4",
	.exclusive = 1,
	.min_kver = "5.9",
	.tags = (const struct tst_tag[]) {
		/* fsnotify: fix ignore mask logic in fsnotify() */
		{"linux-git", "9bdda4e9cf2d"},
		/* fanotify: fix ignore mask logic for events on child and on dir */
		{"linux-git", "2f02fd3fa13e"},
		/* fsnotify: send event to parent and child with single callback */
		{"linux-git", "497b0c5a7c06"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mappings of /dev/zero (upstream LTP's mmap10 maps and unmaps it as the
 * old way of getting anonymous memory), read back from /proc/self/smaps:
 *  - MAP_PRIVATE is anonymous memory that keeps /dev/zero as its file:
 *    its maps line names /dev/zero with the device's inode and the
 *    offset given to mmap() (8 pages); it reads zeros, reading all of it
 *    maps the zero page only (Rss 0), writing it gives Rss = Anonymous
 *    = its size; MADV_MERGEABLE sets VM_MERGEABLE ("mg"), as for any
 *    anonymous memory; a forked child's writes stay its own; an
 *    O_RDONLY descriptor is enough, even for PROT_WRITE;
 *  - MAP_SHARED is a new shmem object per mmap() ("/dev/zero (deleted)",
 *    another inode): reading allocates its pages (Rss its size,
 *    Anonymous 0), a forked child's writes are seen by the parent, a
 *    second mmap() of the same descriptor is another object (another
 *    inode, zeros); MADV_MERGEABLE leaves it alone (no "mg": KSM takes private
 *    memory only); PROT_WRITE through an O_RDONLY descriptor is EACCES;
 *  - munmap() of the middle page of either leaves two VMAs around a hole
 *    (SIGSEGV, SEGV_MAPERR) and the data of the other pages.
 */

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "vm_helpers.h"

#define NPG 16

static size_t ps;
static int fd_rw, fd_ro;
static struct stat zst;

struct maps_line {
	unsigned long start, end, off, ino;
	char perms[8], path[256];
};

/* The /proc/self/maps line of the mapping that starts at addr. */
static int maps_of(void *addr, struct maps_line *m)
{
	char line[512];
	unsigned int mj, mn;
	int found = 0;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");
	memset(m, 0, sizeof(*m));
	while (!found && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (sscanf(line, "%lx-%lx %7s %lx %x:%x %lu %255[^\n]",
			   &m->start, &m->end, m->perms, &m->off, &mj, &mn,
			   &m->ino, m->path) >= 7 &&
		    m->start == (unsigned long)addr)
			found = 1;
	}
	fclose(f);
	return found;
}

static char *map_zero(int fd, int flags, off_t off)
{
	return SAFE_MMAP(NULL, NPG * ps, PROT_READ | PROT_WRITE, flags, fd,
			 off);
}

static long sum_bytes(const char *a, size_t n)
{
	long s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += a[i];
	return s;
}

static void private_map(void)
{
	struct maps_line m;
	char *a = map_zero(fd_rw, MAP_PRIVATE, 8 * ps), *b;
	pid_t pid;

	TST_EXP_EXPR(maps_of(a, &m) && !strcmp(m.path, "/dev/zero") &&
		     m.ino == zst.st_ino && m.off == 8 * ps &&
		     !strcmp(m.perms, "rw-p"), "MAP_PRIVATE: maps line "
		     "\"%s\" %s inode %lu offset %#lx (expected /dev/zero, "
		     "inode %lu, offset %#zx)", m.path, m.perms, m.ino, m.off,
		     (unsigned long)zst.st_ino, 8 * ps);
	TST_EXP_EQ_LI(sum_bytes(a, NPG * ps), 0);
	TST_EXP_EQ_LI(smaps_kb(a, "Rss"), 0);
	memset(a, 'p', NPG * ps);
	TST_EXP_EQ_LI(smaps_kb(a, "Rss"), (long)(NPG * ps / 1024));
	TST_EXP_EQ_LI(smaps_kb(a, "Anonymous"), (long)(NPG * ps / 1024));
	TST_EXP_PASS(madvise(a, NPG * ps, MADV_MERGEABLE));
	TST_EXP_EXPR(smaps_flag(a, "mg"), "MAP_PRIVATE: VmFlags has mg");

	pid = SAFE_FORK();
	if (!pid) {
		memset(a, 'c', NPG * ps);
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EXPR(a[0] == 'p' && a[NPG * ps - 1] == 'p',
		     "MAP_PRIVATE: the child's writes stay its own");

	SAFE_MUNMAP(a + 4 * ps, ps);
	TST_EXP_EXPR(maps_of(a, &m) && m.end == (unsigned long)(a + 4 * ps) &&
		     maps_of(a + 5 * ps, &m) && m.off == 13 * ps,
		     "MAP_PRIVATE: munmap of page 4 leaves 4 + 11 pages, "
		     "offset of the second %#lx", m.off);
	expect_access(a + 4 * ps, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "MAP_PRIVATE: the hole");
	TST_EXP_EXPR(a[3 * ps] == 'p' && a[5 * ps] == 'p',
		     "MAP_PRIVATE: data around the hole kept");
	SAFE_MUNMAP(a, 4 * ps);
	SAFE_MUNMAP(a + 5 * ps, (NPG - 5) * ps);

	b = map_zero(fd_ro, MAP_PRIVATE, 0);
	b[0] = 1;
	TST_EXP_EXPR(b[0] == 1, "MAP_PRIVATE of an O_RDONLY descriptor is "
		     "writable");
	SAFE_MUNMAP(b, NPG * ps);
}

static void shared_map(void)
{
	struct maps_line m;
	char *a = map_zero(fd_rw, MAP_SHARED, 0), *b;
	unsigned long ino;
	pid_t pid;

	TST_EXP_EXPR(maps_of(a, &m) && !strcmp(m.path, "/dev/zero (deleted)")
		     && m.ino != zst.st_ino && !strcmp(m.perms, "rw-s"),
		     "MAP_SHARED: maps line \"%s\" %s inode %lu (not %lu)",
		     m.path, m.perms, m.ino, (unsigned long)zst.st_ino);
	ino = m.ino;
	TST_EXP_EQ_LI(sum_bytes(a, NPG * ps), 0);
	TST_EXP_EQ_LI(smaps_kb(a, "Rss"), (long)(NPG * ps / 1024));
	TST_EXP_EQ_LI(smaps_kb(a, "Anonymous"), 0);
	TST_EXP_PASS(madvise(a, NPG * ps, MADV_MERGEABLE));
	TST_EXP_EXPR(!smaps_flag(a, "mg"), "MAP_SHARED: no mg in VmFlags");

	pid = SAFE_FORK();
	if (!pid) {
		memset(a, 's', NPG * ps);
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EXPR(a[0] == 's' && a[NPG * ps - 1] == 's',
		     "MAP_SHARED: the child's writes are seen");

	b = map_zero(fd_rw, MAP_SHARED, 0);
	TST_EXP_EXPR(sum_bytes(b, NPG * ps) == 0 && maps_of(b, &m) &&
		     m.ino != ino, "a second MAP_SHARED of the same descriptor "
		     "is a new object (inode %lu, not %lu; zeros)", m.ino, ino);
	SAFE_MUNMAP(b, NPG * ps);

	SAFE_MUNMAP(a + 4 * ps, ps);
	expect_access(a + 4 * ps, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "MAP_SHARED: the hole");
	TST_EXP_EXPR(a[3 * ps] == 's' && a[5 * ps] == 's',
		     "MAP_SHARED: data around the hole kept");
	SAFE_MUNMAP(a, 4 * ps);
	SAFE_MUNMAP(a + 5 * ps, (NPG - 5) * ps);

	TST_EXP_FAIL((long)mmap(NULL, ps, PROT_READ | PROT_WRITE, MAP_SHARED,
				fd_ro, 0), EACCES,
		      "MAP_SHARED PROT_WRITE of an O_RDONLY descriptor");
}

static void run(void)
{
	private_map();
	shared_map();
}

static void setup(void)
{
	ps = getpagesize();
	fd_rw = SAFE_OPEN("/dev/zero", O_RDWR);
	fd_ro = SAFE_OPEN("/dev/zero", O_RDONLY);
	SAFE_FSTAT(fd_rw, &zst);
}

static void cleanup(void)
{
	if (fd_rw > 0)
		SAFE_CLOSE(fd_rw);
	if (fd_ro > 0)
		SAFE_CLOSE(fd_ro);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

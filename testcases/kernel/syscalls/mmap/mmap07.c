// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a mapping shows and allows, read back:
 * - /proc/self/maps gives each anonymous mapping the permissions of its
 *   prot and flags (r, w, x, and p or s), for all 16 combinations, and
 *   the new ones after mprotect(); a file mapping at page offset 2 shows
 *   offset 0x2000, the file's inode and its path;
 * - a PROT_READ | PROT_EXEC private mapping of a mode 0555 file opened
 *   O_RDONLY holds the file's bytes, and its code runs (x86-64: returns
 *   42); the same bytes mapped PROT_READ only cannot be executed
 *   (SIGSEGV);
 * - ftruncate() of a mapped MAP_SHARED file: shrunk to 1.5 pages, the
 *   tail of the second page reads zero and the third raises SIGBUS;
 *   grown back, the new pages read zero, accept stores and read() sees
 *   them; truncated to 0, even the first page raises SIGBUS;
 * - two files mapped, unmapped and mapped again at each other's
 *   addresses (MAP_FIXED) show their own data each time (no stale TLB
 *   entry).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"

static long psize;

/* The maps line of the mapping that starts at addr, or TBROK. */
static void maps_line(void *addr, char *line, size_t len)
{
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long start;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");
	while (fgets(line, len, f)) {
		if (sscanf(line, "%lx-", &start) == 1 &&
		    start == (unsigned long)addr) {
			fclose(f);
			return;
		}
	}
	fclose(f);
	tst_brk(TBROK, "no maps line for %p", addr);
}

static void perms_of(void *addr, char perms[5])
{
	char line[512];

	maps_line(addr, line, sizeof(line));
	if (sscanf(line, "%*x-%*x %4s", perms) != 1)
		tst_brk(TBROK, "bad maps line: %s", line);
}

static void maps_perms(void)
{
	int prot, shared, bad = 0;
	char perms[5], want[5];
	void *p;

	for (shared = 0; shared < 2; shared++) {
		for (prot = 0; prot < 8; prot++) {
			p = SAFE_MMAP(NULL, psize, prot, MAP_ANONYMOUS |
				      (shared ? MAP_SHARED : MAP_PRIVATE),
				      -1, 0);
			snprintf(want, sizeof(want), "%c%c%c%c",
				 prot & PROT_READ ? 'r' : '-',
				 prot & PROT_WRITE ? 'w' : '-',
				 prot & PROT_EXEC ? 'x' : '-',
				 shared ? 's' : 'p');
			perms_of(p, perms);
			if (strcmp(perms, want)) {
				tst_res(TFAIL, "prot %d %s: maps says %s, "
					"expected %s", prot, shared ?
					"shared" : "private", perms, want);
				bad = 1;
			}
			SAFE_MPROTECT(p, psize, PROT_READ | PROT_WRITE);
			perms_of(p, perms);
			want[0] = 'r';
			want[1] = 'w';
			want[2] = '-';
			if (strcmp(perms, want)) {
				tst_res(TFAIL, "after mprotect(rw): %s, "
					"expected %s", perms, want);
				bad = 1;
			}
			SAFE_MUNMAP(p, psize);
		}
	}
	if (!bad)
		tst_res(TPASS, "maps shows the permissions of all 16 prot "
			"and flag combinations, and of mprotect()");
}

static void maps_file(void)
{
	char line[512], path[256], cwd[200];
	unsigned long off, ino;
	struct stat st;
	void *p;
	int fd;

	fd = SAFE_OPEN("mapped", O_RDWR | O_CREAT, 0600);
	SAFE_FTRUNCATE(fd, 4 * psize);
	SAFE_FSTAT(fd, &st);
	p = SAFE_MMAP(NULL, psize, PROT_READ, MAP_SHARED, fd, 2 * psize);
	maps_line(p, line, sizeof(line));
	if (sscanf(line, "%*x-%*x %*4s %lx %*x:%*x %lu %255s", &off, &ino,
		   path) != 3)
		tst_brk(TBROK, "bad maps line: %s", line);
	TST_EXP_EQ_LU(off, 2 * psize);
	TST_EXP_EQ_LU(ino, st.st_ino);
	if (!getcwd(cwd, sizeof(cwd)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	strcat(cwd, "/mapped");
	TST_EXP_EXPR(!strcmp(path, cwd), "maps names the file: %s", path);
	SAFE_MUNMAP(p, psize);
	SAFE_CLOSE(fd);
}

#ifdef __x86_64__
/* mov $42, %eax; ret */
static const unsigned char code[] = { 0xb8, 0x2a, 0x00, 0x00, 0x00, 0xc3 };

static int cpu_has_nx(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[4096];
	int nx = 0;

	if (!f)
		return 0;
	while (!nx && fgets(line, sizeof(line), f))
		nx = !strncmp(line, "flags", 5) && strstr(line, " nx ");
	fclose(f);
	return nx;
}

static void exec_map(void)
{
	int (*fn)(void);
	void *p;
	pid_t pid;
	int fd;

	fd = SAFE_OPEN("code", O_WRONLY | O_CREAT | O_TRUNC, 0700);
	SAFE_WRITE(1, fd, code, sizeof(code));
	SAFE_CLOSE(fd);
	SAFE_CHMOD("code", 0555);
	fd = SAFE_OPEN("code", O_RDONLY);
	p = SAFE_MMAP(NULL, psize, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	TST_EXP_EXPR(!memcmp(p, code, sizeof(code)),
		     "the PROT_EXEC mapping holds the file's bytes");
	fn = (int (*)(void))p;
	TST_EXP_VAL(fn(), 42, "code run from the PROT_EXEC file mapping");
	SAFE_MUNMAP(p, psize);

	if (!cpu_has_nx()) {
		tst_res(TCONF, "no NX bit: a PROT_READ page is executable");
		SAFE_CLOSE(fd);
		return;
	}
	p = SAFE_MMAP(NULL, psize, PROT_READ, MAP_PRIVATE, fd, 0);
	pid = SAFE_FORK();
	if (!pid) {
		fn = (int (*)(void))p;
		fn();
		exit(0);
	}
	reap_child_killed(pid, SIGSEGV);
	tst_res(TPASS, "executing a PROT_READ mapping raises SIGSEGV");
	SAFE_MUNMAP(p, psize);
	SAFE_CLOSE(fd);
}
#else
static void exec_map(void)
{
	tst_res(TCONF, "the code bytes are x86-64 only");
}
#endif

/* Touch *addr in a child: 0 if it returned, else the signal. */
static int touch_sig(volatile char *addr)
{
	int status;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		(void)*addr;
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFSIGNALED(status))
		return WTERMSIG(status);
	if (WEXITSTATUS(status))
		tst_res(TFAIL, "toucher exited with %d", WEXITSTATUS(status));
	return 0;
}

static void truncate_mapped(void)
{
	char *p, buf[16];
	long i, nonzero = 0;
	int fd;

	fd = SAFE_OPEN("trunc", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, 4 * psize);
	p = SAFE_MMAP(NULL, 4 * psize, PROT_READ | PROT_WRITE, MAP_SHARED,
		      fd, 0);
	memset(p, 'x', 4 * psize);

	SAFE_FTRUNCATE(fd, psize + psize / 2);
	TST_EXP_EQ_LI(touch_sig(p), 0);
	for (i = psize + psize / 2; i < 2 * psize; i++)
		nonzero += p[i] != 0;
	TST_EXP_EXPR(!nonzero && p[psize] == 'x', "after shrinking to 1.5 "
		     "pages the page tail past EOF reads zero (%ld not)",
		     nonzero);
	TST_EXP_EQ_LI(touch_sig(p + 2 * psize), SIGBUS);

	SAFE_FTRUNCATE(fd, 4 * psize);
	TST_EXP_EXPR(p[2 * psize] == 0 && p[4 * psize - 1] == 0,
		     "grown back: the new pages read zero");
	memcpy(p + 3 * psize, "grown", 5);
	SAFE_PREAD(1, fd, buf, 5, 3 * psize);
	TST_EXP_EXPR(!memcmp(buf, "grown", 5),
		     "a store to a grown page is seen by read()");

	SAFE_FTRUNCATE(fd, 0);
	TST_EXP_EQ_LI(touch_sig(p), SIGBUS);
	SAFE_MUNMAP(p, 4 * psize);
	SAFE_CLOSE(fd);
}

static void check_fill(char *p, char c, const char *what, int *bad)
{
	long i;

	for (i = 0; i < 2 * psize; i++) {
		if (p[i] != c) {
			tst_res(TFAIL, "%s: byte %ld is '%c', not '%c'", what,
				i, p[i], c);
			*bad = 1;
			return;
		}
	}
}

static void swapped_remap(void)
{
	int fa, fb, round, bad = 0;
	char *area, *x, *y, *buf = SAFE_MALLOC(2 * psize);

	fa = SAFE_OPEN("a", O_RDWR | O_CREAT | O_TRUNC, 0600);
	fb = SAFE_OPEN("b", O_RDWR | O_CREAT | O_TRUNC, 0600);
	memset(buf, 'a', 2 * psize);
	SAFE_WRITE(1, fa, buf, 2 * psize);
	memset(buf, 'b', 2 * psize);
	SAFE_WRITE(1, fb, buf, 2 * psize);
	area = SAFE_MMAP(NULL, 4 * psize, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	x = area;
	y = area + 2 * psize;
	for (round = 0; round < 20 && !bad; round++) {
		int swap = round & 1;

		SAFE_MMAP(swap ? y : x, 2 * psize, PROT_READ,
			  MAP_SHARED | MAP_FIXED, fa, 0);
		SAFE_MMAP(swap ? x : y, 2 * psize, PROT_READ,
			  MAP_SHARED | MAP_FIXED, fb, 0);
		check_fill(swap ? y : x, 'a', "file a", &bad);
		check_fill(swap ? x : y, 'b', "file b", &bad);
		SAFE_MUNMAP(area, 4 * psize);
		SAFE_MMAP(area, 4 * psize, PROT_NONE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	}
	if (!bad)
		tst_res(TPASS, "20 remaps at swapped addresses showed the "
			"right file each time");
	SAFE_MUNMAP(area, 4 * psize);
	SAFE_CLOSE(fa);
	SAFE_CLOSE(fb);
	free(buf);
}

static void (*const cases[])(void) = {
	maps_perms,
	maps_file,
	exec_map,
	truncate_mapped,
	swapped_remap,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	psize = getpagesize();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

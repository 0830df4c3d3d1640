// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /dev/mem under CONFIG_STRICT_DEVMEM on x86 (read_mem(), mmap_mem(),
 * open_port() in drivers/char/mem.c; devmem_is_allowed() in
 * arch/x86/mm/init.c; valid_phys_addr_range() in arch/x86/mm/mmap.c).
 * The physical layout comes from /proc/iomem (top-level entries):
 *  - System RAM below 1 MiB reads back as zeros, every byte, with the
 *    full count (a4866aa81251: it used to give the real contents, the
 *    real-mode trampoline and BIOS data among them);
 *  - a ROM below 1 MiB (System ROM or Video ROM: not RAM) reads its real
 *    bytes (not all zero), and mmap() of its first page shows the same;
 *  - RAM above 1 MiB (its first page, the page of "Kernel code", the last
 *    byte of RAM) is EPERM, the file offset unchanged; a read that
 *    starts in the allowed page below 1 MiB and runs into RAM at 1 MiB
 *    is EPERM as a whole; mmap() of RAM above 1 MiB EPERM;
 *  - reads end at the top of RAM: the last byte's read is EPERM (a valid
 *    address), one byte past it EFAULT, two bytes across it EFAULT;
 *  - opening needs CAP_SYS_RAWIO: root without it EPERM; nobody is
 *    refused by the mode first (EACCES when others may not read).
 * Catches: kernel memory readable or mappable through /dev/mem, low RAM
 * leaking, a partial read over a forbidden page, the open not checking
 * CAP_SYS_RAWIO, an off-by-one at the end of memory.
 * TCONF: no /dev/mem, or no STRICT_DEVMEM (root reads RAM at 1 MiB), or
 * a kernel lockdown refusing the open.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "caps_raw.h"

#if defined(__x86_64__) || defined(__i386__)

#define MEM "/dev/mem"
#define ONE_MIB 0x100000ULL
#define PG 4096ULL
#define MAX_LOW 16

struct range {
	unsigned long long start, end;	/* end inclusive, as iomem shows */
};

static struct range low_ram[MAX_LOW], rom, first_high_ram;
static unsigned int nr_low_ram;
static unsigned long long kernel_code, ram_top;
static int fd = -1;
static unsigned char *buf;

static void parse_iomem(void)
{
	unsigned long long s = 0, e = 0;
	char line[256], name[128];
	FILE *f = fopen("/proc/iomem", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/iomem)");
	while (fgets(line, sizeof(line), f)) {
		int top = line[0] != ' ';

		if (sscanf(line, " %llx-%llx : %127[^\n]", &s, &e, name) != 3)
			continue;
		if (!strcmp(name, "Kernel code") && !kernel_code)
			kernel_code = s;
		/*
		 * The highest ROM (QEMU's BIOS: a "System ROM" child of
		 * "Reserved" up to 1 MiB), so the read across 1 MiB can use it
		 */
		if ((!strcmp(name, "System ROM") ||
		     !strcmp(name, "Video ROM")) && e < ONE_MIB &&
		    (!rom.end || s > rom.start)) {
			rom.start = s;
			rom.end = e;
		}
		if (!top || strcmp(name, "System RAM"))
			continue;
		if (e < ONE_MIB && nr_low_ram < MAX_LOW) {
			low_ram[nr_low_ram].start = s;
			low_ram[nr_low_ram++].end = e;
		} else if (s >= ONE_MIB && !first_high_ram.end) {
			first_high_ram.start = s;
			first_high_ram.end = e;
		}
		/* max_pfn: the end of the last RAM range, rounded down */
		if (((e + 1) & ~(PG - 1)) > ram_top)
			ram_top = (e + 1) & ~(PG - 1);
	}
	fclose(f);
	if (!ram_top)
		tst_brk(TBROK, "/proc/iomem shows no addresses");
	if (!first_high_ram.end || !kernel_code || !nr_low_ram)
		tst_brk(TBROK, "/proc/iomem: no RAM above 1 MiB, Kernel code "
			"or RAM below it");
	tst_res(TINFO, "RAM below 1 MiB in %u ranges, from 0x%llx above it, "
		"kernel code at 0x%llx, top of RAM 0x%llx, ROM 0x%llx-0x%llx",
		nr_low_ram, first_high_ram.start, kernel_code, ram_top,
		rom.start, rom.end);
}

static void low_ram_zeroed(void)
{
	unsigned long long off, len, bad = 0, nonzero = 0;
	unsigned int i;
	ssize_t ret;

	for (i = 0; i < nr_low_ram; i++) {
		for (off = low_ram[i].start; off <= low_ram[i].end;
		     off += len) {
			len = PG - (off & (PG - 1));
			if (off + len > low_ram[i].end + 1)
				len = low_ram[i].end + 1 - off;
			ret = pread(fd, buf, len, off);
			if (ret != (ssize_t)len) {
				tst_res(TFAIL | TERRNO, "pread(%llu at 0x%llx) "
					"of RAM below 1 MiB returned %zd", len,
					off, ret);
				bad++;
				continue;
			}
			while (ret--)
				nonzero += buf[ret] != 0;
		}
	}
	if (!bad)
		TST_EXP_EXPR(nonzero == 0, "RAM below 1 MiB reads as zeros "
			     "(%llu non-zero bytes)", nonzero);
}

static void rom_real(void)
{
	unsigned long long nonzero = 0, i;
	unsigned char *map;
	ssize_t ret;

	if (!rom.end) {
		tst_res(TCONF, "no System ROM or Video ROM below 1 MiB");
		return;
	}
	ret = pread(fd, buf, PG, rom.start);
	if (ret != (ssize_t)PG) {
		tst_res(TFAIL | TERRNO, "pread(4096 at 0x%llx) of the ROM "
			"returned %zd", rom.start, ret);
		return;
	}
	for (i = 0; i < PG; i++)
		nonzero += buf[i] != 0;
	TST_EXP_EXPR(nonzero > 0, "the ROM at 0x%llx reads real bytes "
		     "(%llu non-zero)", rom.start, nonzero);

	map = mmap(NULL, PG, PROT_READ, MAP_SHARED, fd, rom.start);
	if (map == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mmap() of the ROM page 0x%llx",
			rom.start);
		return;
	}
	TST_EXP_EXPR(!memcmp(map, buf, PG), "mmap() of the ROM page shows "
		     "what read() gave");
	SAFE_MUNMAP(map, PG);
}

static void read_eperm(unsigned long long off, size_t len, const char *what)
{
	off_t before = SAFE_LSEEK(fd, off, SEEK_SET);

	TST_EXP_FAIL(read(fd, buf, len), EPERM, "read(%zu) at 0x%llx (%s)",
		      len, off, what);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), before);
}

static void high_ram_refused(void)
{
	void *map;

	read_eperm(first_high_ram.start, PG, "first page of RAM above 1 MiB");
	read_eperm(kernel_code, 64, "kernel code");
	read_eperm(ram_top - 1, 1, "last byte of RAM");
	if (first_high_ram.start == ONE_MIB && rom.end == ONE_MIB - 1)
		read_eperm(ONE_MIB - PG, 2 * PG,
			   "the page below 1 MiB and the one above");

	map = mmap(NULL, PG, PROT_READ, MAP_SHARED, fd, first_high_ram.start);
	TST_EXP_EXPR(map == MAP_FAILED && errno == EPERM, "mmap() of RAM at "
		     "0x%llx EPERM (%s)", first_high_ram.start,
		     map == MAP_FAILED ? tst_strerrno(errno) : "mapped");
	if (map != MAP_FAILED)
		SAFE_MUNMAP(map, PG);
}

static void end_of_memory(void)
{
	TST_EXP_FAIL(pread(fd, buf, 1, ram_top), EFAULT,
		      "pread(1) at the top of RAM 0x%llx", ram_top);
	TST_EXP_FAIL(pread(fd, buf, 2, ram_top - 1), EFAULT,
		      "pread(2) across the top of RAM");
	TST_EXP_FAIL(pread(fd, buf, PG, ram_top + 64 * PG), EFAULT,
		      "pread(4096) 64 pages above the top of RAM");
}

static void open_unprivileged(void)
{
	struct stat st;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		drop_eff_caps(CAP_BIT(CAP_SYS_RAWIO));
		TST_EXP_FAIL(open(MEM, O_RDONLY), EPERM,
			      "open(/dev/mem) by root without CAP_SYS_RAWIO");
		exit(0);
	}
	reap_child(pid);

	SAFE_STAT(MEM, &st);
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		TST_EXP_FAIL(open(MEM, O_RDONLY), st.st_mode & S_IROTH ?
			      EPERM : EACCES, "open(/dev/mem) by nobody "
			      "(mode %04o)", st.st_mode & 07777);
		exit(0);
	}
	reap_child(pid);
}

static void run(void)
{
	low_ram_zeroed();
	rom_real();
	high_ram_refused();
	end_of_memory();
	open_unprivileged();
}

static void setup(void)
{
	if (access(MEM, F_OK))
		tst_brk(TCONF, "no %s (CONFIG_DEVMEM unset?)", MEM);
	fd = open(MEM, O_RDONLY);
	if (fd < 0 && errno == EPERM)
		tst_brk(TCONF | TERRNO, "open(%s) as root: kernel lockdown?",
			MEM);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s)", MEM);
	buf = SAFE_MALLOC(2 * PG);
	parse_iomem();
	if (pread(fd, buf, 16, first_high_ram.start) == 16)
		tst_brk(TCONF, "root reads RAM at 0x%llx: no STRICT_DEVMEM",
			first_high_ram.start);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	free(buf);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
#else

static void run(void)
{
	tst_brk(TCONF, "the devmem_is_allowed() rules checked are x86's");
}

static struct tst_test test = {
	.test_all = run,
};

#endif

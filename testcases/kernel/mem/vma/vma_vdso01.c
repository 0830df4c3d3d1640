// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's special mappings, [vdso] and [vsyscall], as /proc/PID/maps
 * reports them and as a core dump holds them:
 *  - /proc/self/maps has one [vdso] line; it starts at the address the
 *    auxiliary vector gives (AT_SYSINFO_EHDR), which holds an ELF header,
 *    and reads "r-xp" with offset 0: readable and executable, never
 *    writable (b6558c4a2378, "fix [vdso] page permissions");
 *  - where the kernel has a vsyscall page (vsyscall=emulate or xonly; the
 *    Debian kernels default to none, then only that is reported), its
 *    line covers exactly ffffffffff600000-ffffffffff601000 and reads
 *    "r-xp" (emulate) or "--xp" (xonly), the range and permissions the
 *    gate area really has (103efcd9aac1, "fix perms/range of vsyscall
 *    vma in /proc/PID/maps");
 *  - a child that sets its coredump_filter to 0 (no anonymous or file
 *    memory dumped) and aborts writes a core (kernel.core_pattern
 *    "core.%p", saved and restored) whose PT_LOAD segment at the vDSO
 *    holds the whole vDSO, byte for byte the image this process maps,
 *    while its 64 KiB of written private anonymous memory is left out
 *    (p_filesz 0): the vDSO is always dumped, whatever the filter,
 *    so that debuggers can unwind through it (e5b97dde514f, "Add
 *    VM_ALWAYSDUMP"); a vsyscall page, where present, also has a
 *    segment of its whole page in the file.
 */
#include <elf.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "coredump.h"

#define ANON_SIZE (64 << 10)
#define VSYSCALL_START 0xffffffffff600000UL

static unsigned long vdso_start, vdso_end, vsys_start, vsys_end;
static int have_vsyscall;

static void check_maps(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512], perms[8], name[64];
	unsigned long start, end, off;
	int nvdso = 0, nvsys = 0;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");
	while (fgets(line, sizeof(line), f)) {
		name[0] = 0;
		if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %63s", &start, &end,
			   perms, &off, name) < 4)
			continue;
		if (!strcmp(name, "[vdso]")) {
			nvdso++;
			vdso_start = start;
			vdso_end = end;
			if (start != getauxval(AT_SYSINFO_EHDR))
				tst_res(TFAIL, "[vdso] at %lx, AT_SYSINFO_EHDR "
					"%lx", start, getauxval(AT_SYSINFO_EHDR));
			if (strcmp(perms, "r-xp") || off)
				tst_res(TFAIL, "[vdso] reads '%s' offset %lx, "
					"expected 'r-xp' offset 0", perms, off);
			else
				tst_res(TPASS, "[vdso] %lx-%lx reads 'r-xp' "
					"offset 0", start, end);
		}
		if (!strcmp(name, "[vsyscall]")) {
			nvsys++;
			vsys_start = start;
			vsys_end = end;
			if (start != VSYSCALL_START ||
			    end != VSYSCALL_START + 4096 ||
			    (strcmp(perms, "r-xp") && strcmp(perms, "--xp")))
				tst_res(TFAIL, "[vsyscall] %lx-%lx '%s', expected "
					"%lx-%lx 'r-xp' or '--xp'", start, end,
					perms, VSYSCALL_START,
					VSYSCALL_START + 4096);
			else
				tst_res(TPASS, "[vsyscall] %lx-%lx reads '%s'",
					start, end, perms);
		}
	}
	fclose(f);

	TST_EXP_EQ_LI(nvdso, 1);
	if (nvdso == 1 && memcmp((void *)vdso_start, ELFMAG, SELFMAG))
		tst_res(TFAIL, "no ELF header at the start of [vdso]");
	if (nvsys > 1)
		tst_res(TFAIL, "%d [vsyscall] lines", nvsys);
	have_vsyscall = nvsys == 1;
	if (!nvsys)
		tst_res(TINFO, "no [vsyscall] page (vsyscall=none): its line "
			"and segment not checked");
}

static void dumper(void)
{
	unsigned char *p;
	long i;

	core_allow(1);
	SAFE_FILE_PRINTF("/proc/self/coredump_filter", "0");
	p = SAFE_MMAP(NULL, ANON_SIZE, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < ANON_SIZE; i++)
		p[i] = (unsigned char)(i * 7 + 1);
	/* the parent learns where from the core: say it on stdout */
	printf("anon %p\n", (void *)p);
	fflush(stdout);
	abort();
}

static int segment(Elf64_Phdr *ph, int n, unsigned long vaddr)
{
	int i;

	for (i = 0; i < n; i++)
		if (ph[i].p_type == PT_LOAD && ph[i].p_vaddr == vaddr)
			return i;
	return -1;
}

static void check_core(pid_t pid, unsigned long anon)
{
	unsigned long vsize = vdso_end - vdso_start;
	Elf64_Ehdr eh;
	Elf64_Phdr *ph;
	unsigned char *buf;
	char path[64];
	int fd, i;

	snprintf(path, sizeof(path), "core.%d", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "no %s of the aborted child", path);
		return;
	}
	if (read(fd, &eh, sizeof(eh)) != sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_type != ET_CORE ||
	    eh.e_phentsize != sizeof(Elf64_Phdr) || !eh.e_phnum ||
	    eh.e_phnum == PN_XNUM) {
		tst_res(TFAIL, "%s is no ELF64 core with program headers",
			path);
		goto out;
	}
	ph = SAFE_MALLOC(eh.e_phnum * sizeof(*ph));
	SAFE_PREAD(1, fd, ph, eh.e_phnum * sizeof(*ph), eh.e_phoff);

	i = segment(ph, eh.e_phnum, vdso_start);
	if (i < 0) {
		tst_res(TFAIL, "the core has no PT_LOAD at the vDSO (%lx)",
			vdso_start);
	} else if (ph[i].p_filesz != vsize || ph[i].p_memsz != vsize) {
		tst_res(TFAIL, "vDSO segment: p_filesz %lu p_memsz %lu, "
			"expected %lu both (always dumped)",
			(unsigned long)ph[i].p_filesz,
			(unsigned long)ph[i].p_memsz, vsize);
	} else {
		buf = SAFE_MALLOC(vsize);
		SAFE_PREAD(1, fd, buf, vsize, ph[i].p_offset);
		if (memcmp(buf, (void *)vdso_start, vsize))
			tst_res(TFAIL, "the vDSO segment differs from the vDSO");
		else
			tst_res(TPASS, "coredump_filter 0: the core holds the "
				"whole vDSO (%lu bytes), as mapped", vsize);
		free(buf);
	}

	i = segment(ph, eh.e_phnum, anon);
	if (i < 0)
		tst_res(TFAIL, "the core has no PT_LOAD for the anonymous "
			"memory at %lx", anon);
	else if (ph[i].p_filesz)
		tst_res(TFAIL, "coredump_filter 0: %lu bytes of anonymous "
			"memory dumped", (unsigned long)ph[i].p_filesz);
	else
		tst_res(TPASS, "coredump_filter 0: the anonymous memory is "
			"left out (p_filesz 0)");

	if (have_vsyscall) {
		i = segment(ph, eh.e_phnum, vsys_start);
		if (i < 0 || ph[i].p_filesz != vsys_end - vsys_start)
			tst_res(TFAIL, "vsyscall page: %s", i < 0 ?
				"no PT_LOAD" : "not dumped whole");
		else
			tst_res(TPASS, "the core holds the vsyscall page");
	}
	free(ph);
out:
	close(fd);
	unlink(path);
}

static void run(void)
{
	unsigned long anon = 0;
	char line[64] = "";
	int pfd[2];
	ssize_t len;
	pid_t pid;

	check_maps();
	if (!vdso_start)
		return;

	SAFE_PIPE(pfd);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(pfd[0]);
		SAFE_DUP2(pfd[1], STDOUT_FILENO);
		dumper();
	}
	SAFE_CLOSE(pfd[1]);
	len = SAFE_READ(0, pfd[0], line, sizeof(line) - 1);
	SAFE_CLOSE(pfd[0]);
	line[len > 0 ? len : 0] = 0;
	reap_child_killed(pid, SIGABRT);
	if (sscanf(line, "anon %lx", &anon) != 1)
		tst_brk(TBROK, "child said '%s', not its mapping", line);
	check_core(pid, anon);
}

static void setup(void)
{
	if (!getauxval(AT_SYSINFO_EHDR))
		tst_brk(TCONF, "no vDSO (AT_SYSINFO_EHDR 0, vdso=0?)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = COREDUMP_SAVE_RESTORE,
	.tags = (const struct tst_tag[]) {
		/* fix perms/range of vsyscall vma in /proc/PID/maps */
		{ "linux-git", "103efcd9aac1" },
		/* fix [vdso] page permissions */
		{ "linux-git", "b6558c4a2378" },
		/* Add VM_ALWAYSDUMP */
		{ "linux-git", "e5b97dde514f" },
		{}
	},
};

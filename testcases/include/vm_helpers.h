/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the memory syscall tests (mmap, munmap, mprotect, mremap,
 * madvise, mlock*, mincore, msync, brk, memfd_create):
 *
 *  - probe_access(): touch one address in a child process and report how
 *    it ended. The child catches SIGSEGV/SIGBUS itself and passes the
 *    signal, si_code and si_addr back, so a test can tell an unmapped page
 *    (SEGV_MAPERR) from a protected one (SEGV_ACCERR) and no core file is
 *    ever written.
 *  - page residency through mincore(), fields of /proc/self/status and
 *    /proc/self/smaps, a free address range for MAP_FIXED tests, and the
 *    drop to an unprivileged user for the EPERM/EAGAIN/ENOMEM paths that
 *    CAP_IPC_LOCK would skip.
 */
#ifndef VM_HELPERS_H
#define VM_HELPERS_H

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "tst_test.h"

#include "lapi/mman.h"

static inline size_t vm_page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

enum vm_access { VM_READ_ACCESS, VM_WRITE_ACCESS };

/* How a probe ended: sig 0 means the access completed. */
struct vm_fault {
	int sig;
	int code;
	void *addr;
	unsigned char value;	/* the byte read, for VM_READ_ACCESS */
};

/* Wait for a child that must exit 0 (its results are already counted). */
static inline void wait_child(pid_t pid)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "child %d ended with status 0x%x", (int)pid,
			status);
}

/*
 * Shared with the probing child. Mapped before main(): mapped on first use
 * it could land in a range a test has just unmapped and probes next.
 */
static volatile struct vm_fault *vm_fault_report;

__attribute__((constructor)) static void vm_fault_report_map(void)
{
	void *p = mmap(NULL, sizeof(struct vm_fault), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p != MAP_FAILED)
		vm_fault_report = p;
}

static void vm_fault_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	vm_fault_report->sig = sig;
	vm_fault_report->code = si->si_code;
	vm_fault_report->addr = si->si_addr;
	_exit(0);
}

/*
 * Read or write the byte at addr in a child and return how that went.
 * Anything other than a clean exit of the child is a broken test (TBROK).
 */
static inline struct vm_fault probe_access(void *addr, enum vm_access how)
{
	struct vm_fault result;
	int status;
	pid_t pid;

	if (!vm_fault_report)
		tst_brk(TBROK, "the shared page for probe results was not "
			"mapped at start-up");
	memset((void *)vm_fault_report, 0, sizeof(*vm_fault_report));

	pid = SAFE_FORK();
	if (!pid) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = vm_fault_handler;
		sa.sa_flags = SA_SIGINFO;
		sigaction(SIGSEGV, &sa, NULL);
		sigaction(SIGBUS, &sa, NULL);
		if (how == VM_WRITE_ACCESS)
			*(volatile unsigned char *)addr = 0xa5;
		else
			vm_fault_report->value =
				*(volatile unsigned char *)addr;
		_exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "probe child for %p ended with status 0x%x",
			addr, status);
	memcpy(&result, (void *)vm_fault_report, sizeof(result));
	return result;
}

static inline const char *vm_code_name(int sig, int code)
{
	if (sig == SIGSEGV && code == SEGV_MAPERR)
		return "SEGV_MAPERR";
	if (sig == SIGSEGV && code == SEGV_ACCERR)
		return "SEGV_ACCERR";
	if (sig == SIGBUS && code == BUS_ADRERR)
		return "BUS_ADRERR";
	return "other";
}

/*
 * Expect an access to addr to raise sig with si_code code at exactly addr
 * (sig 0: expect the access to succeed). Reports TPASS or TFAIL.
 */
static inline int expect_access_(const char *file, int line, void *addr,
				 enum vm_access how, int sig, int code,
				 const char *what)
{
	const char *verb = how == VM_WRITE_ACCESS ? "write" : "read";
	struct vm_fault f = probe_access(addr, how);

	if (!sig && !f.sig) {
		tst_res_(file, line, TPASS, "%s: %s at %p succeeded",
			 what, verb, addr);
		return 1;
	}
	if (!sig) {
		tst_res_(file, line, TFAIL,
			 "%s: %s at %p raised %s (%s, si_addr %p)",
			 what, verb, addr, tst_strsig(f.sig),
			 vm_code_name(f.sig, f.code), f.addr);
		return 0;
	}
	if (!f.sig) {
		tst_res_(file, line, TFAIL,
			 "%s: %s at %p succeeded, expected %s (%s)",
			 what, verb, addr, tst_strsig(sig),
			 vm_code_name(sig, code));
		return 0;
	}
	if (f.sig != sig || f.code != code || f.addr != addr) {
		tst_res_(file, line, TFAIL,
			 "%s: %s at %p raised %s (%s, si_addr %p), "
			 "expected %s (%s, si_addr %p)", what, verb, addr,
			 tst_strsig(f.sig), vm_code_name(f.sig, f.code),
			 f.addr, tst_strsig(sig), vm_code_name(sig, code),
			 addr);
		return 0;
	}
	tst_res_(file, line, TPASS, "%s: %s at %p raised %s (%s)",
		 what, verb, addr, tst_strsig(sig), vm_code_name(sig, code));
	return 1;
}

#define expect_access(addr, how, sig, code, what) \
	expect_access_(__FILE__, __LINE__, (addr), (how), (sig), (code), (what))

/* Number of resident pages in [addr, addr + len) according to mincore(). */
static inline size_t resident_pages(void *addr, size_t len)
{
	size_t pg = vm_page_size(), n = (len + pg - 1) / pg, i, count = 0;
	unsigned char vec[n];

	if (mincore(addr, len, vec))
		tst_brk(TBROK | TERRNO, "mincore(%p, %zu)", addr, len);
	for (i = 0; i < n; i++)
		count += vec[i] & 1;
	return count;
}

/* A "Field:   N kB" line of /proc/self/status, in kB. */
static inline long status_kb(const char *field)
{
	size_t flen = strlen(field);
	char line[256];
	long val = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, field, flen) && line[flen] == ':') {
			val = strtol(line + flen + 1, NULL, 10);
			break;
		}
	}
	fclose(f);
	if (val < 0)
		tst_brk(TBROK, "no %s line in /proc/self/status", field);
	return val;
}

/*
 * A "Field: N kB" line of the /proc/self/smaps entry of the mapping that
 * starts at addr, in kB; -1 when the kernel does not print that field.
 */
static inline long smaps_kb(void *addr, const char *field)
{
	size_t flen = strlen(field);
	char line[512];
	unsigned long start, end;
	int in_vma = 0, found_vma = 0;
	long val = -1;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/smaps)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &start, &end) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			if (in_vma)
				break;
			in_vma = start == (unsigned long)addr;
			found_vma |= in_vma;
			continue;
		}
		if (in_vma && !strncmp(line, field, flen) &&
		    line[flen] == ':') {
			val = strtol(line + flen + 1, NULL, 10);
			break;
		}
	}
	fclose(f);
	if (!found_vma)
		tst_brk(TBROK, "no mapping starts at %p in /proc/self/smaps",
			addr);
	return val;
}

/*
 * A "Field: N kB" line of /proc/PID/FILE (smaps or smaps_rollup): of the
 * entry that starts at addr, or with addr NULL the sum over all entries
 * (*nvma, when not NULL, gets their number). For another process's
 * mappings, which smaps_kb() of /proc/self cannot read.
 */
static inline long proc_smaps_kb(pid_t pid, const char *file, void *addr,
			const char *field, int *nvma)
{
	char path[64], line[512];
	size_t flen = strlen(field);
	unsigned long start, end;
	int in = 0, n = 0;
	long sum = 0, val = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, file);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &start, &end) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			in = !addr || start == (unsigned long)addr;
			n++;
			continue;
		}
		if (in && !strncmp(line, field, flen) && line[flen] == ':') {
			val = strtol(line + flen + 1, NULL, 10);
			sum += val;
			if (addr)
				break;
		}
	}
	fclose(f);
	if (nvma)
		*nvma = n;
	if (val < 0)
		tst_brk(TBROK, "no %s in %s%s", field, path,
			addr ? " for the mapping" : "");
	return addr ? val : sum;
}

/* mlock() that must succeed. */
static inline void vm_mlock(void *addr, size_t len)
{
	if (mlock(addr, len))
		tst_brk(TBROK | TERRNO, "mlock(%p, %zu)", addr, len);
}

/*
 * Whether the VmFlags line of the /proc/self/smaps entry of the mapping
 * that starts at addr has the two-letter flag (e.g. "sl", "dp").
 */
static inline int smaps_flag(void *addr, const char *flag)
{
	char line[512], want[8];
	unsigned long start, end;
	int in_vma = 0, found = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/smaps)");
	snprintf(want, sizeof(want), " %s", flag);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &start, &end) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			in_vma = start == (unsigned long)addr;
			continue;
		}
		if (in_vma && !strncmp(line, "VmFlags:", 8)) {
			found = strstr(line, want) != NULL;
			break;
		}
	}
	fclose(f);
	return found;
}

/* Start and end of the mapping that contains addr (/proc/self/maps). */
static inline int vma_bounds(void *addr, unsigned long *start,
			     unsigned long *end)
{
	unsigned long a = (unsigned long)addr;
	char line[512];
	int found = 0;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx", start, end) == 2 &&
		    *start <= a && a < *end) {
			found = 1;
			break;
		}
	}
	fclose(f);
	return found;
}

/*
 * An address range of len bytes that nothing is mapped in (it was mapped
 * and unmapped again), for MAP_FIXED and "unmapped range" cases.
 */
static inline void *free_range(size_t len)
{
	void *p = SAFE_MMAP(NULL, len, PROT_NONE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	SAFE_MUNMAP(p, len);
	return p;
}

/*
 * In a child: become an unprivileged user (nobody when started as root), so
 * the CAP_IPC_LOCK bypass of the locking limits is gone. The hard limits
 * stay: set_memlock() lowers only the soft RLIMIT_MEMLOCK, which nobody may
 * raise again up to the hard one.
 */
static inline void become_unprivileged(void)
{
	if (geteuid() == 0)
		tst_drop_privs();
}

/* Set the soft RLIMIT_MEMLOCK, in bytes. */
static inline void set_memlock(rlim_t bytes)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_MEMLOCK, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_MEMLOCK)");
	rl.rlim_cur = bytes;
	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_MEMLOCK, %lu)",
			(unsigned long)bytes);
}

/* madvise() that must succeed: TBROK naming the advice otherwise. */
static inline void vm_madvise(void *addr, size_t len, int advice,
			      const char *name)
{
	if (madvise(addr, len, advice))
		tst_brk(TBROK | TERRNO, "madvise(%p, %zu, %s)", addr, len, name);
}

/*
 * No transparent huge page for [addr, addr + len), for tests that count
 * pages or faults one by one. A kernel without THP (PREEMPT_RT ones)
 * refuses MADV_NOHUGEPAGE with EINVAL, and needs no such advice.
 */
static inline void vm_no_thp(void *addr, size_t len)
{
	if (madvise(addr, len, MADV_NOHUGEPAGE) &&
	    (errno != EINVAL ||
	     !access("/sys/kernel/mm/transparent_hugepage", F_OK)))
		tst_brk(TBROK | TERRNO, "madvise(%p, %zu, MADV_NOHUGEPAGE)",
			addr, len);
}

/* Fill n bytes with a pattern derived from seed; check it back. */
static inline void fill_pattern(void *buf, size_t n, unsigned int seed)
{
	unsigned char *p = buf;
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(seed + i * 7 + i / 4096);
}

/*
 * buf holds bytes off.. of the pattern (a part of a patterned region,
 * or one moved elsewhere): index in buf of the first byte that differs,
 * or -1.
 */
static inline long check_pattern_at(const void *buf, size_t off, size_t n,
				    unsigned int seed)
{
	const unsigned char *p = buf;
	size_t i, o;

	for (i = 0; i < n; i++) {
		o = off + i;
		if (p[i] != (unsigned char)(seed + o * 7 + o / 4096))
			return (long)i;
	}
	return -1;
}

/* Offset of the first byte that differs from the pattern, or -1. */
static inline long check_pattern(const void *buf, size_t n, unsigned int seed)
{
	return check_pattern_at(buf, 0, n, seed);
}

/*
 * Write size bytes (a multiple of 1 MiB) of fill_pattern() to a new file,
 * one seed a MiB, then write them back and drop them from the page cache:
 * the file's pages are charged where the writer runs, and later reads
 * come from the disk.
 */
static inline void write_pattern_file(const char *name, size_t size)
{
	const size_t chunk = 1024 * 1024;
	char *buf = SAFE_MALLOC(chunk);
	size_t off;
	int fd;

	fd = SAFE_OPEN(name, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	for (off = 0; off < size; off += chunk) {
		fill_pattern(buf, chunk, off / chunk);
		SAFE_WRITE(1, fd, buf, chunk);
	}
	SAFE_FSYNC(fd);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	SAFE_CLOSE(fd);
	free(buf);
}

/* Offset of the first non-zero byte, or -1. */
static inline long first_nonzero(const void *buf, size_t n)
{
	const unsigned char *p = buf;
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i])
			return (long)i;
	}
	return -1;
}

#endif /* VM_HELPERS_H */

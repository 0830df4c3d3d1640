// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Access to hugetlb mappings from outside the faulting path: /proc/self/mem,
 * process_vm_readv()/writev() and ptrace(PEEKDATA/POKEDATA), pool of 4
 * default-size pages and no overcommit, HugePages_Free/Rsvd read back at
 * every step (mm/gup.c check_vma_flags(), fs/proc/base.c mem_rw()):
 *  1. /proc/self/mem: a read of 64 bytes across the boundary of two
 *     unfaulted private huge pages returns zeros and faults both in, each
 *     taking its own reservation (hugetlb has no zero page); a write there
 *     lands in the mapping;
 *  2. forced writes (FOLL_FORCE, as a debugger's) into a hugetlb mapping
 *     without PROT_WRITE are refused, where a base page mapping would get a
 *     private copy: /proc/self/mem write into a PROT_READ private mapping of
 *     a hugetlbfs file, into a PROT_READ shared one and into a PROT_NONE
 *     private one are EIO, nothing is written or allocated, the file page
 *     keeps its data; forced reads of the PROT_READ and PROT_NONE mappings
 *     return their data (the PROT_NONE one unless the kernel was booted
 *     with proc_mem.force_override= other than "always");
 *  3. in a stopped child: process_vm_readv() of 64 bytes across its two
 *     pages returns them; process_vm_writev() into its read-write page
 *     writes (the child reads it back) and into its PROT_READ page is
 *     EFAULT with nothing written; reading an unfaulted page of the child
 *     faults it in, on its reservation;
 *  4. ptrace(PEEKDATA) of the child's PROT_READ huge page returns its
 *     word, POKEDATA there is EIO and changes nothing, POKEDATA into its
 *     read-write page works.
 * Everything is back in the pool once the child has exited and the
 * mappings are gone.
 * Syscalls: process_vm_readv, process_vm_writev, ptrace
 */

#include <stdlib.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "hugetlb_pool.h"
#include "process_vm.h"
#include "ptrace_raw.h"

#define POOL 4

static int mem_fd = -1;

/* Addresses the child publishes: rw (2 pages), ro (1), cold (1 unfaulted) */
struct child_maps {
	char *rw, *ro, *cold;
};
static struct child_maps *cm;

static char *private_huge(size_t len, int prot)
{
	return SAFE_MMAP(NULL, len, prot, MAP_PRIVATE | MAP_ANONYMOUS |
			 MAP_HUGETLB, -1, 0);
}

static long count_not(const char *buf, size_t n, char c)
{
	long bad = 0;
	size_t i;

	for (i = 0; i < n; i++)
		bad += buf[i] != c;
	return bad;
}

static void mem_rw(void)
{
	char buf[64], *p = private_huge(2 * hp, PROT_READ | PROT_WRITE);
	const char msg[] = "across the boundary";
	ssize_t n;

	htl_expect("2 private pages reserved", 0, 2);
	memset(buf, 0x55, sizeof(buf));
	n = pread(mem_fd, buf, sizeof(buf), (off_t)(uintptr_t)(p + hp - 32));
	TST_EXP_EXPR(n == 64 && !count_not(buf, 64, 0), "/proc/self/mem read "
		     "across 2 unfaulted pages: %zd bytes, %ld not zero", n,
		     count_not(buf, 64, 0));
	htl_expect("the read faulted both pages in", 2, 0);
	n = pwrite(mem_fd, msg, sizeof(msg), (off_t)(uintptr_t)(p + hp - 4));
	TST_EXP_EXPR(n == sizeof(msg) && !memcmp(p + hp - 4, msg, sizeof(msg)),
		     "/proc/self/mem write across the boundary: %zd bytes, "
		     "%s", n, memcmp(p + hp - 4, msg, sizeof(msg)) ?
		     "not in the mapping" : "in the mapping");
	SAFE_MUNMAP(p, 2 * hp);
	htl_expect("unmapped", 0, 0);
}

static void forced_write(char *at, const char *what)
{
	char c = 'X';

	TST_EXP_FAIL(pwrite(mem_fd, &c, 1, (off_t)(uintptr_t)at), EIO,
		     "/proc/self/mem write into %s", what);
}

static void forced_read(char *at, char expect, const char *what)
{
	char c = 0;
	ssize_t n = pread(mem_fd, &c, 1, (off_t)(uintptr_t)at);

	TST_EXP_EXPR(n == 1 && c == expect, "/proc/self/mem read of %s: %zd "
		     "byte, 0x%x (expected 0x%x)", what, n, c & 0xff,
		     expect & 0xff);
}

/*
 * Whether /proc/self/mem accesses are forced (FOLL_FORCE): always, unless
 * the kernel was booted with proc_mem.force_override= other than always
 * (6.12+).
 */
static int proc_mem_forced(void)
{
	char cmd[4096] = "";
	const char *opt;
	int fd = SAFE_OPEN("/proc/cmdline", O_RDONLY);

	SAFE_READ(0, fd, cmd, sizeof(cmd) - 1);
	SAFE_CLOSE(fd);
	opt = strstr(cmd, "proc_mem.force_override=");
	return !opt || !strncmp(opt + 24, "always", 6);
}

static void no_forced_writes(void)
{
	int fd = htl_file();
	char *w, *ro, *sro, *none;

	SAFE_FTRUNCATE(fd, hp);
	w = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	w[0] = 'F';
	ro = SAFE_MMAP(NULL, hp, PROT_READ, MAP_PRIVATE, fd, 0);
	sro = SAFE_MMAP(NULL, hp, PROT_READ, MAP_SHARED, fd, 0);
	none = private_huge(hp, PROT_READ | PROT_WRITE);
	none[0] = 'N';
	SAFE_MPROTECT(none, hp, PROT_NONE);
	htl_expect("file page, private page, one private reservation", 2, 1);

	forced_write(ro, "a PROT_READ private file mapping");
	forced_write(sro, "a PROT_READ shared file mapping");
	forced_write(none, "a PROT_NONE private mapping");
	TST_EXP_EXPR(w[0] == 'F' && ro[0] == 'F', "the file page is unchanged "
		     "(0x%x, 0x%x through the private mapping)", w[0] & 0xff,
		     ro[0] & 0xff);
	htl_expect("refused forced writes allocate nothing", 2, 1);
	forced_read(ro, 'F', "the PROT_READ private mapping");
	if (proc_mem_forced())
		forced_read(none, 'N', "the PROT_NONE mapping");
	else
		tst_res(TCONF, "proc_mem.force_override is not \"always\": "
			"no forced read of a PROT_NONE mapping");
	htl_expect("forced reads allocate nothing", 2, 1);
	SAFE_MUNMAP(w, hp);
	SAFE_MUNMAP(ro, hp);
	SAFE_MUNMAP(sro, hp);
	SAFE_MUNMAP(none, hp);
	SAFE_CLOSE(fd);
	htl_expect("all closed", 0, 0);
}

static void target(void)
{
	cm->rw = private_huge(2 * hp, PROT_READ | PROT_WRITE);
	cm->ro = private_huge(hp, PROT_READ | PROT_WRITE);
	cm->cold = private_huge(hp, PROT_READ | PROT_WRITE);
	memset(cm->rw + hp - 32, 'c', 64);
	memset(cm->ro, 'r', 64);
	SAFE_MPROTECT(cm->ro, hp, PROT_READ);
	if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PTRACE_TRACEME");
	raise(SIGSTOP);
	TST_EXP_EXPR(!memcmp(cm->rw + 16, "written", 8) &&
		     !memcmp(cm->rw + hp, "poked!!", 8),
		     "the child reads what process_vm_writev() and POKEDATA "
		     "wrote");
	TST_EXP_EXPR(!count_not(cm->ro, 64, 'r'), "the child's PROT_READ "
		     "page is unchanged");
	exit(0);
}

static void other_process(void)
{
	char buf[64], word[8];
	struct iovec l = { buf, sizeof(buf) }, r;
	pid_t pid;
	long v;
	int st;

	pid = SAFE_FORK();
	if (!pid)
		target();
	SAFE_WAITPID(pid, &st, 0);
	if (!WIFSTOPPED(st))
		tst_brk(TBROK, "child %s", ptrace_status_str(st));
	htl_expect("child: 3 pages written, one reserved", 3, 1);

	r = (struct iovec){ cm->rw + hp - 32, sizeof(buf) };
	TST_EXP_VAL(pvm_readv(pid, &l, 1, &r, 1, 0), 64,
		    "process_vm_readv() across the child's 2 pages");
	TST_EXP_EXPR(!count_not(buf, 64, 'c'), "the child's bytes read");
	memcpy(buf, "written", 8);
	l.iov_len = 8;
	r = (struct iovec){ cm->rw + 16, 8 };
	TST_EXP_VAL(pvm_writev(pid, &l, 1, &r, 1, 0), 8,
		    "process_vm_writev() into the read-write page");
	r.iov_base = cm->ro + 8;
	TST_EXP_FAIL(pvm_writev(pid, &l, 1, &r, 1, 0), EFAULT,
		     "process_vm_writev() into the PROT_READ page");
	r.iov_base = cm->cold + hp - 8;
	TST_EXP_VAL(pvm_readv(pid, &l, 1, &r, 1, 0), 8,
		    "process_vm_readv() of an unfaulted page");
	htl_expect("the read faulted the child's reserved page in", 4, 0);

	/* the raw call stores the word at the address given as data */
	v = 0;
	TST_EXP_PASS(sys_ptrace(PTRACE_PEEKDATA, pid, (unsigned long)cm->ro,
				(unsigned long)&v),
		     "PEEKDATA of the PROT_READ huge page");
	memcpy(word, &v, sizeof(word));
	TST_EXP_EXPR(!count_not(word, sizeof(long), 'r'), "PEEKDATA read "
		     "the child's word");
	memcpy(&v, "poked!!", 8);
	TST_EXP_FAIL(sys_ptrace(PTRACE_POKEDATA, pid, (unsigned long)cm->ro,
				v), EIO, "POKEDATA into the PROT_READ page");
	TST_EXP_PASS(sys_ptrace(PTRACE_POKEDATA, pid,
				(unsigned long)(cm->rw + hp), v),
		     "POKEDATA into the read-write page");
	htl_expect("nothing copied", 4, 0);
	PTRACE_OK(PTRACE_DETACH, pid, 0, 0);
	reap_child(pid);
	htl_expect("the child exited", 0, 0);
}

static void run(void)
{
	mem_rw();
	no_forced_writes();
	other_process();
}

static void setup(void)
{
	htl_setup(POOL, 1);
	mem_fd = SAFE_OPEN("/proc/self/mem", O_RDWR);
	cm = SAFE_MMAP(NULL, sizeof(*cm), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static void cleanup(void)
{
	if (mem_fd >= 0)
		SAFE_CLOSE(mem_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	HTL_TEST_FIELDS(POOL),
};

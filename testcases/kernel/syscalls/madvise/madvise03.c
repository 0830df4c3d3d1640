// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * madvise() error returns:
 *
 *   EINVAL  unknown advice; start not page aligned; a length that rounds
 *           up to 0 or a range that wraps around; MADV_DONTNEED on
 *           mlock()ed memory; MADV_FREE on a file mapping and on shared
 *           anonymous memory; MADV_POPULATE_WRITE on a read-only mapping
 *           and MADV_POPULATE_READ on PROT_NONE (5.14)
 *   ENOMEM  a range with nothing mapped; a range with an unmapped hole
 *   EFAULT  MADV_POPULATE_READ of a file mapping past the end of the file
 *           (the fault would raise SIGBUS) (5.14)
 *   EPERM   MADV_HWPOISON without CAP_SYS_ADMIN (CONFIG_MEMORY_FAILURE);
 *           only ever tried by an unprivileged child with no capability
 *
 * A length of 0 succeeds.
 */
#include "vm_helpers.h"
#include "lapi/mman.h"

#define FILE_NAME "madvise03_file"

static size_t pg;
static unsigned char *map, *locked, *file_map, *shared, *ro, *none, *holed;
static void *unmapped;
static int fd = -1;

static void setup(void)
{
	pg = vm_page_size();
	map = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	locked = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mlock(locked, pg))
		tst_brk(TBROK | TERRNO, "mlock()");
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, pg);
	/* Two pages of a one-page file: the second is past EOF. */
	file_map = SAFE_MMAP(NULL, 2 * pg, PROT_READ, MAP_PRIVATE, fd, 0);
	shared = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ro = SAFE_MMAP(NULL, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	none = SAFE_MMAP(NULL, pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	unmapped = free_range(2 * pg);
	/* Last, so that no later mapping fills the hole. */
	holed = SAFE_MMAP(NULL, 3 * pg, PROT_READ,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(holed + pg, pg);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static int populate_missing(void)
{
	if (madvise(map, pg, MADV_POPULATE_READ) == -1 && errno == EINVAL &&
	    tst_kvercmp(5, 14, 0) < 0) {
		tst_res(TCONF, "MADV_POPULATE_READ/WRITE need Linux 5.14");
		return 1;
	}
	return 0;
}

/* 1 if /proc/self/status shows no effective capability. */
static int no_capabilities(void)
{
	char line[256];
	unsigned long long caps = ~0ULL;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "CapEff: %llx", &caps) == 1)
			break;
	}
	fclose(f);
	return caps == 0;
}

static void test_hwpoison_unprivileged(void)
{
	pid_t pid = SAFE_FORK();
	int kconfig;

	if (pid) {
		wait_child(pid);
		return;
	}
	become_unprivileged();
	/* Never poison a page for real: only without any capability. */
	if (!no_capabilities())
		tst_brk(TBROK, "the child still has capabilities");
	TEST(madvise(map, pg, MADV_HWPOISON));
	kconfig = tst_kconfig_check("CONFIG_MEMORY_FAILURE=y");
	if (TST_RET == -1 && TST_ERR == EINVAL && kconfig != 1) {
		tst_res(TCONF, "MADV_HWPOISON is unknown to this kernel "
			"(CONFIG_MEMORY_FAILURE is %s)",
			kconfig ? "not readable" : "not set");
	} else if (TST_RET == -1 && TST_ERR == EPERM) {
		tst_res(TPASS, "unprivileged MADV_HWPOISON failed with EPERM");
	} else {
		tst_res(TFAIL | TTERRNO, "unprivileged MADV_HWPOISON returned "
			"%ld, expected EPERM", TST_RET);
	}
	_exit(0);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		TST_EXP_FAIL(madvise(map, pg, -1), EINVAL, "advice -1");
		TST_EXP_FAIL(madvise(map, pg, 999), EINVAL, "advice 999");
		break;
	case 1:
		TST_EXP_FAIL(madvise(map + 1, pg, MADV_NORMAL), EINVAL,
			     "start not page aligned");
		TST_EXP_FAIL(madvise(map, -1, MADV_NORMAL), EINVAL,
			     "length (size_t)-1, which rounds up to 0");
		TST_EXP_FAIL(madvise(map, -2 * pg, MADV_NORMAL), EINVAL,
			     "a range that wraps around");
		TST_EXP_PASS(madvise(map, 0, MADV_DONTNEED), "length 0");
		break;
	case 2:
		TST_EXP_FAIL(madvise(locked, pg, MADV_DONTNEED), EINVAL,
			     "MADV_DONTNEED on mlock()ed memory");
		TST_EXP_FAIL(madvise(file_map, pg, MADV_FREE), EINVAL,
			     "MADV_FREE on a file mapping");
		TST_EXP_FAIL(madvise(shared, pg, MADV_FREE), EINVAL,
			     "MADV_FREE on shared anonymous memory");
		break;
	case 3:
		if (populate_missing())
			break;
		TST_EXP_FAIL(madvise(ro, pg, MADV_POPULATE_WRITE), EINVAL,
			     "MADV_POPULATE_WRITE on a PROT_READ mapping");
		TST_EXP_FAIL(madvise(none, pg, MADV_POPULATE_READ), EINVAL,
			     "MADV_POPULATE_READ on a PROT_NONE mapping");
		TST_EXP_PASS(madvise(file_map, pg, MADV_POPULATE_READ),
			     "MADV_POPULATE_READ of the file's one page");
		TST_EXP_FAIL(madvise(file_map, 2 * pg, MADV_POPULATE_READ),
			     EFAULT, "MADV_POPULATE_READ of a page past EOF");
		break;
	case 4:
		TST_EXP_FAIL(madvise(unmapped, 2 * pg, MADV_NORMAL), ENOMEM,
			     "a range with nothing mapped");
		TST_EXP_FAIL(madvise(holed, 3 * pg, MADV_NORMAL), ENOMEM,
			     "a range with an unmapped hole");
		break;
	case 5:
		test_hwpoison_unprivileged();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

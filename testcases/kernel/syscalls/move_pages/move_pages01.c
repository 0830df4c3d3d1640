// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * move_pages() (mm/migrate.c kernel_move_pages()):
 *
 * - With nodes NULL it returns 0 and reports in status, page by page:
 *   the node of a page in memory (the one get_mempolicy(MPOL_F_NODE|
 *   MPOL_F_ADDR) gives); -EFAULT for an address nothing is mapped at and
 *   for a page only read so far (the shared zero page; d899844e9c98, it
 *   was -ENOENT before 4.3); -ENOENT for a page of a shared file mapping
 *   that this process has not faulted in, and, from 6.12 on, for an
 *   anonymous page never touched (7dff875c9436; from 4.3 to 6.11 it was
 *   -EFAULT, which is what the test expects there). The same for the
 *   pages of another process (a child, by pid, that faulted in the same
 *   pages).
 * - Moving pages to the node they are on returns 0 with that node in
 *   status, -EFAULT for the unmapped address, and for the untouched
 *   anonymous page what the query gave; the data stays.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "numa_raw.h"

#define NPAGES 7
#define FILE_NAME "move_pages01_file"

static size_t pg;
static int node;
static char *anon, *filemap, *unmapped;
static int fd = -1;
static void *pages[NPAGES];
static int expect[NPAGES];
static const char *const what[NPAGES] = {
	"written page", "written page", "read-only page (zero page)",
	"unmapped address", "file page not faulted in", "written file page",
	"anonymous page never touched",
};

static void setup(void)
{
	struct numa_mask allowed = numa_allowed(), mask;
	char buf[64];
	int i;

	pg = getpagesize();
	node = numa_first(&allowed);
	/*
	 * Every page of the test and of its child (which inherits the
	 * policy), the file's page cache too, comes from that node: with
	 * more nodes the local node of the CPU the test runs on would
	 * otherwise be used.
	 */
	mask = numa_mask_of(node);
	if (set_mempolicy_raw(MPOL_BIND, mask.b, NUMA_MAXNODE_IN))
		tst_brk(TBROK | TERRNO, "set_mempolicy(MPOL_BIND, node %d)",
			node);

	anon = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT, 0600);
	memset(buf, 'f', sizeof(buf));
	for (i = 0; i < 2; i++)
		SAFE_PWRITE(1, fd, buf, sizeof(buf), i * pg);
	SAFE_FTRUNCATE(fd, 2 * pg);
	filemap = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED,
			    fd, 0);

	anon[0] = 1;
	anon[pg] = 2;
	if (*(volatile char *)(anon + 2 * pg))
		tst_brk(TBROK, "fresh anonymous page not zero");
	filemap[pg] = 'g';
	/* last: nothing mapped after it may land there */
	unmapped = SAFE_MMAP(NULL, pg, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, pg);

	pages[0] = anon;
	pages[1] = anon + pg;
	pages[2] = anon + 2 * pg;
	pages[3] = unmapped;
	pages[4] = filemap;
	pages[5] = filemap + pg;
	pages[6] = anon + 3 * pg;
	expect[0] = expect[1] = expect[5] = node;
	expect[2] = expect[3] = -EFAULT;
	expect[4] = -ENOENT;
	expect[6] = tst_kvercmp(6, 12, 0) >= 0 ? -ENOENT : -EFAULT;
}

static void check_status(const int *status, const char *call)
{
	int i;

	for (i = 0; i < NPAGES; i++) {
		if (status[i] == expect[i])
			tst_res(TPASS, "%s: %s: status %d", call, what[i],
				status[i]);
		else
			tst_res(TFAIL, "%s: %s: status %d (%s), expected %d",
				call, what[i], status[i],
				status[i] < 0 ? tst_strerrno(-status[i]) : "node",
				expect[i]);
	}
}

static void run(void)
{
	int status[NPAGES], nodes[NPAGES], i;
	pid_t pid;

	for (i = 0; i < NPAGES; i++)
		status[i] = -1000;
	TST_EXP_PASS(move_pages_raw(0, NPAGES, pages, NULL, status, 0),
		     "move_pages(self, nodes NULL)");
	check_status(status, "query");
	TST_EXP_EQ_LI(status[0], numa_node_of(anon));

	pid = SAFE_FORK();
	if (!pid) {
		/* fork() copies no PTEs of a shared file mapping: fault it */
		filemap[pg] = 'h';
		TST_CHECKPOINT_WAKE(0);
		pause();
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	for (i = 0; i < NPAGES; i++)
		status[i] = -1000;
	TST_EXP_PASS(move_pages_raw(pid, NPAGES, pages, NULL, status, 0),
		     "move_pages(child, nodes NULL)");
	check_status(status, "query of a child");
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);

	for (i = 0; i < NPAGES; i++) {
		status[i] = -1000;
		nodes[i] = node;
	}
	/* the read-only page and the file page not faulted in stay out */
	pages[2] = anon;
	expect[2] = node;
	pages[4] = filemap + pg;
	expect[4] = node;
	TST_EXP_PASS(move_pages_raw(0, NPAGES, pages, nodes, status,
				    MPOL_MF_MOVE),
		     "move_pages(self, to node %d, MPOL_MF_MOVE)", node);
	check_status(status, "move");
	TST_EXP_EXPR(anon[0] == 1 && anon[pg] == 2 && filemap[pg] == 'h',
		     "the data stays after the move");
	pages[2] = anon + 2 * pg;
	expect[2] = -EFAULT;
	pages[4] = filemap;
	expect[4] = -ENOENT;
}

static void cleanup(void)
{
	if (filemap)
		SAFE_MUNMAP(filemap, 2 * pg);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		/* mm: fix status code which move_pages() returns for zero
		 * page */
		{"linux-git", "d899844e9c98"},
		/* mm/migrate: convert add_page_for_migration() from
		 * follow_page() to folio_walk */
		{"linux-git", "7dff875c9436"},
		{}
	},
};

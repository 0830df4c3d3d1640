// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * finit_module(2) refuses, with the errno of kernel/module/main.c and
 * fs/kernel_read_file.c, and leaves no module behind:
 * - EPERM without CAP_SYS_MODULE (a root child that dropped it);
 * - EINVAL for a flag outside MODULE_INIT_IGNORE_MODVERSIONS,
 *   MODULE_INIT_IGNORE_VERMAGIC and MODULE_INIT_COMPRESSED_FILE (the
 *   fd is a good one);
 * - EBADF for fd -1 and for a copy of the .ko opened O_WRONLY (not open
 *   for reading; 032146cda855 added the check);
 * - EINVAL for fds of what is not a regular file (a directory, a pipe)
 *   and of an empty regular file;
 * - ETXTBSY for a copy of the .ko opened O_RDWR (it is open for writing,
 *   so the kernel cannot deny writes while it reads it; 39d637af5aa7);
 * - ENOEXEC for a file of 4096 bytes of garbage;
 * - EFAULT for a parameter string pointer into a PROT_NONE mapping;
 * - EEXIST for a second load of a live module, which stays live.
 */
#include <sys/mman.h>
#include "test_module.h"

#define COPY	"ltp_test_mod_copy.ko"
#define EMPTY	"empty.ko"
#define GARBAGE	"garbage.ko"

static char *mod_path;
static int mod_fd = -1, bad_fd = -1, wronly_fd = -1, rdwr_fd = -1;
static int dir_fd = -1, empty_fd = -1, garbage_fd = -1;
static int pipe_fds[2] = { -1, -1 };
static const char *no_params = "", *bad_params;

static struct tcase {
	int *fd;
	const char **params;
	int flags;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &mod_fd, &no_params, 8, EINVAL, "the module with flags 8 (unknown)" },
	{ &mod_fd, &no_params, 1 << 30, EINVAL, "the module with flags 1 << 30" },
	{ &bad_fd, &no_params, 0, EBADF, "fd -1" },
	{ &wronly_fd, &no_params, 0, EBADF, "a copy of the module opened O_WRONLY" },
	{ &dir_fd, &no_params, 0, EINVAL, "a directory" },
	{ &pipe_fds[0], &no_params, 0, EINVAL, "the read end of a pipe" },
	{ &empty_fd, &no_params, 0, EINVAL, "an empty file" },
	{ &rdwr_fd, &no_params, 0, ETXTBSY, "a copy of the module opened O_RDWR" },
	{ &garbage_fd, &no_params, 0, ENOEXEC, "4096 bytes of garbage" },
	{ &mod_fd, &bad_params, 0, EFAULT, "a params pointer to PROT_NONE memory" },
};

static void run_tcase(struct tcase *tc)
{
	TST_EXP_FAIL(sys_finit_module(*tc->fd, *tc->params, tc->flags),
		     tc->exp_errno, "finit_module() of %s", tc->desc);
	tm_check_loaded(TM_MOD, 0);
}

static long load_mod(const char *params)
{
	return sys_finit_module(mod_fd, params, 0);
}

static void eexist(void)
{
	tm_check_eexist("finit_module", load_mod);
}

static void eperm_calls(void)
{
	TST_EXP_FAIL(sys_finit_module(mod_fd, "", 0), EPERM,
		     "finit_module() as root without CAP_SYS_MODULE");
	TST_EXP_FAIL(sys_finit_module(bad_fd, "", 0), EPERM,
		     "finit_module(-1) without CAP_SYS_MODULE");
}

static void eperm(void)
{
	tm_without_cap_sys_module(eperm_calls);
	tm_check_loaded(TM_MOD, 0);
}

static void run(unsigned int n)
{
	if (n == 0)
		eperm();
	else if (n == 1)
		eexist();
	else
		run_tcase(&tcases[n - 2]);
}

static void setup(void)
{
	char junk[4096];
	size_t len;
	void *img;
	int fd;

	tm_setup();
	mod_path = tm_path(TM_MOD);
	img = tm_read(mod_path, &len);
	fd = SAFE_OPEN(COPY, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, img, len);
	SAFE_CLOSE(fd);
	free(img);
	memset(junk, 0x5a, sizeof(junk));
	fd = SAFE_OPEN(GARBAGE, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, junk, sizeof(junk));
	SAFE_CLOSE(fd);

	mod_fd = SAFE_OPEN(mod_path, O_RDONLY);
	wronly_fd = SAFE_OPEN(COPY, O_WRONLY);
	rdwr_fd = SAFE_OPEN(COPY, O_RDWR);
	dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	SAFE_PIPE(pipe_fds);
	empty_fd = SAFE_OPEN(EMPTY, O_RDONLY | O_CREAT, 0600);
	garbage_fd = SAFE_OPEN(GARBAGE, O_RDONLY);
	bad_params = SAFE_MMAP(NULL, sysconf(_SC_PAGESIZE), PROT_NONE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		SAFE_CLOSE(*fd);
}

static void cleanup(void)
{
	tm_cleanup();
	close_fd(&mod_fd);
	close_fd(&wronly_fd);
	close_fd(&rdwr_fd);
	close_fd(&dir_fd);
	close_fd(&pipe_fds[0]);
	close_fd(&pipe_fds[1]);
	close_fd(&empty_fd);
	close_fd(&garbage_fd);
}

static struct tst_test test = {
	.tcnt = 2 + sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.exclusive = 1,
	.expected_taint = "OE",
	.tags = (const struct tst_tag[]) {
		/* vfs: check fd has read access in
		 * kernel_read_file_from_fd() */
		{"linux-git", "032146cda855"},
		/* vfs: forbid write access when reading a file into memory */
		{"linux-git", "39d637af5aa7"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve() fails, and leaves the caller running, with the exact errno of
 * each error: ENOENT (missing file, empty path, missing "#!" interpreter),
 * ENOTDIR, EACCES (no execute bit even for root, a directory, a FIFO, and
 * for nobody a 0700 root file or an unsearchable directory), ENOEXEC
 * (unknown format, a broken ELF header, a "#!" line whose interpreter path
 * does not fit the 256-byte buffer), ENAMETOOLONG, ELOOP, EFAULT (path,
 * argv, an argv string), E2BIG (one string over MAX_ARG_STRLEN) and
 * ETXTBSY (a file open for writing).
 *
 * The truncated "#!" case is the fix b5372fe5dc84 ("exec: load_script: Do
 * not exec truncated interpreter path").
 */
#include <stdlib.h>
#include <sys/stat.h>
#include "exec_child_run.h"

enum args { ARGS_PLAIN, ARGS_BAD_ARRAY, ARGS_BAD_STRING, ARGS_HUGE_STRING };

static char *bad_addr;
static char long_name[300];
static char long_path[PATH_MAX + 16];
static int busy_fd = -1;

static const struct tcase {
	const char *path;	/* NULL: execve_child; "BAD": bad_addr */
	enum args args;
	int nobody;
	int err;
	const char *what;
} tcases[] = {
	{"missing", ARGS_PLAIN, 0, ENOENT, "a missing file"},
	{"", ARGS_PLAIN, 0, ENOENT, "an empty path"},
	{"noint", ARGS_PLAIN, 0, ENOENT, "a script with a missing interpreter"},
	{"file/prog", ARGS_PLAIN, 0, ENOTDIR, "a path through a regular file"},
	{"noexec", ARGS_PLAIN, 0, EACCES, "a 0644 file, as root"},
	{"dir", ARGS_PLAIN, 0, EACCES, "a directory"},
	{"fifo", ARGS_PLAIN, 0, EACCES, "a FIFO with mode 0755"},
	{"private", ARGS_PLAIN, 1, EACCES, "a 0700 root file, as nobody"},
	{"closed/prog", ARGS_PLAIN, 1, EACCES,
	 "a file in a 0700 root directory, as nobody"},
	{"garbage", ARGS_PLAIN, 0, ENOEXEC, "a file of unknown format"},
	{"badelf", ARGS_PLAIN, 0, ENOEXEC, "an ELF magic with a zero header"},
	{"longshebang", ARGS_PLAIN, 0, ENOEXEC,
	 "a \"#!\" interpreter path cut by the 256-byte buffer"},
	{long_name, ARGS_PLAIN, 0, ENAMETOOLONG, "a 299-byte name"},
	{long_path, ARGS_PLAIN, 0, ENAMETOOLONG, "a path over PATH_MAX"},
	{"loop1", ARGS_PLAIN, 0, ELOOP, "a symlink loop"},
	{"BAD", ARGS_PLAIN, 0, EFAULT, "an unmapped path"},
	{NULL, ARGS_BAD_ARRAY, 0, EFAULT, "an unmapped argv array"},
	{NULL, ARGS_BAD_STRING, 0, EFAULT, "an unmapped argv[1] string"},
	{NULL, ARGS_HUGE_STRING, 0, E2BIG, "an argv[1] over MAX_ARG_STRLEN"},
	{"busy", ARGS_PLAIN, 0, ETXTBSY, "a file open for writing"},
};

static void try_exec(const struct tcase *tc)
{
	const char *path = tc->path;
	char *argv[] = {"x", NULL, NULL};
	char *const *args = argv;
	size_t huge;

	if (!path)
		path = exec_child_path();
	else if (!strcmp(path, "BAD"))
		path = bad_addr;

	switch (tc->args) {
	case ARGS_PLAIN:
		break;
	case ARGS_BAD_ARRAY:
		args = (char *const *)bad_addr;
		break;
	case ARGS_BAD_STRING:
		argv[1] = bad_addr;
		break;
	case ARGS_HUGE_STRING:
		/* MAX_ARG_STRLEN is 32 pages, counting the NUL */
		huge = 32 * getpagesize() + 1;
		argv[1] = SAFE_MALLOC(huge + 1);
		memset(argv[1], 'x', huge);
		argv[1][huge] = 0;
		break;
	}
	if (tc->nobody)
		tst_drop_privs();

	TST_EXP_FAIL(execve(path, args, (char *[]){NULL}), tc->err,
		     "execve() of %s", tc->what);
	_exit(0);
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();
	int status;

	if (!pid)
		try_exec(&tcases[n]);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "execve() of %s did not fail: a program ran "
			"and ended with status 0x%x", tcases[n].what, status);
}

static void write_file(const char *path, mode_t mode, const void *buf,
		       size_t len)
{
	int fd = SAFE_OPEN(path, O_WRONLY | O_CREAT | O_EXCL, mode);

	SAFE_WRITE(1, fd, buf, len);
	SAFE_CLOSE(fd);
	/* umask must not take the bits the test relies on */
	SAFE_CHMOD(path, mode);
}

static void setup(void)
{
	static const char garbage[] = "no known format starts like this\n";
	static const char noint[] = "#!/nonexistent/interpreter\n";
	char elf[64] = "\177ELF";
	char shebang[300];
	size_t i;

	exec_child_path();
	write_file("file", 0755, garbage, sizeof(garbage));
	write_file("noexec", 0644, garbage, sizeof(garbage));
	write_file("garbage", 0755, garbage, sizeof(garbage));
	write_file("badelf", 0755, elf, sizeof(elf));
	write_file("noint", 0755, noint, sizeof(noint) - 1);
	/* "#!" and 298 bytes of interpreter path, no blank, no newline */
	memset(shebang, 'a', sizeof(shebang));
	memcpy(shebang, "#!/", 3);
	write_file("longshebang", 0755, shebang, sizeof(shebang));
	write_file("private", 0700, garbage, sizeof(garbage));
	SAFE_MKDIR("closed", 0700);
	SAFE_CHMOD("closed", 0700);
	write_file("closed/prog", 0755, garbage, sizeof(garbage));
	SAFE_MKDIR("dir", 0755);
	if (mkfifo("fifo", 0755))
		tst_brk(TBROK | TERRNO, "mkfifo(fifo)");
	SAFE_CHMOD("fifo", 0755);
	if (symlink("loop2", "loop1") || symlink("loop1", "loop2"))
		tst_brk(TBROK | TERRNO, "symlink(loop1 <-> loop2)");

	write_file("busy", 0755, garbage, sizeof(garbage));
	busy_fd = SAFE_OPEN("busy", O_WRONLY);

	memset(long_name, 'n', sizeof(long_name) - 1);
	for (i = 0; i + 2 < sizeof(long_path); i += 2)
		memcpy(long_path + i, "d/", 2);

	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static void cleanup(void)
{
	if (busy_fd != -1)
		SAFE_CLOSE(busy_fd);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "b5372fe5dc84"},
		{}
	},
};

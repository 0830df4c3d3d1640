// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A proc file system mounted from inside a new pid namespace (in a
 * private mount namespace) shows that namespace's view:
 *  - /proc/self links to "1", and the only pid directories are those of
 *    the namespace's members (1, then 1 and 2 after a fork);
 *  - the parent's pid directory is not there;
 *  - the mount does not leak to the parent, whose /proc still shows the
 *    init under its outer pid.
 */
#include <ctype.h>
#include <dirent.h>
#include <sys/mount.h>
#include "tst_test.h"
#include "ns_helpers.h"

static pid_t parent_pid;

/* The pid directories of a proc mount, as a bit set of pids below 64. */
static unsigned long long pid_dirs(const char *proc, int *others)
{
	unsigned long long set = 0;
	struct dirent *de;
	DIR *dir = opendir(proc);
	long pid;

	if (!dir)
		tst_brk(TBROK | TERRNO, "opendir(%s)", proc);
	*others = 0;
	while ((de = readdir(dir))) {
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		pid = atol(de->d_name);
		if (pid < 64)
			set |= 1ULL << pid;
		else
			(*others)++;
	}
	closedir(dir);
	return set;
}

static void init_main(void)
{
	unsigned long long set;
	char link[32] = "", path[64];
	int others;
	pid_t pid;

	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("proc", "proc", "proc", 0, NULL);

	if (readlink("proc/self", link, sizeof(link) - 1) < 0)
		tst_brk(TBROK | TERRNO, "readlink(proc/self)");
	TST_EXP_EXPR(!strcmp(link, "1"), "proc/self links to '%s'", link);

	set = pid_dirs("proc", &others);
	TST_EXP_EXPR(set == (1ULL << 1) && !others,
		     "the only pid directory is 1 (set 0x%llx, %d others)",
		     set, others);

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		_exit(0);
	}
	set = pid_dirs("proc", &others);
	TST_EXP_EXPR(set == ((1ULL << 1) | (1ULL << 2)) && !others,
		     "after a fork the pid directories are 1 and 2 (set "
		     "0x%llx, %d others)", set, others);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);

	snprintf(path, sizeof(path), "proc/%d", (int)parent_pid);
	TST_EXP_FAIL(access(path, F_OK), ENOENT,
		     "access(the parent's pid directory)");
}

static void run(void)
{
	char path[64];
	struct stat st, proc_st;
	pid_t pid;

	parent_pid = getpid();
	pid = SAFE_NS_FORK(CLONE_NEWPID | CLONE_NEWNS);
	if (!pid) {
		init_main();
		exit(0);
	}
	snprintf(path, sizeof(path), "/proc/%d", (int)pid);
	TST_EXP_PASS(access(path, F_OK),
		     "the parent's /proc has the init as %d", (int)pid);
	NS_REAP(pid);
	SAFE_STAT(".", &st);
	SAFE_STAT("proc", &proc_st);
	TST_EXP_EXPR(st.st_dev == proc_st.st_dev,
		     "the child's proc mount is not in the parent's table");
}

static void setup(void)
{
	SAFE_MKDIR("proc", 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_PID_NS", NULL},
};

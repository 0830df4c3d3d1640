// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * umask() sets the file mode creation mask to cmask & 0777 and returns
 * the previous mask. The bits set in it are cleared from the mode of
 * files made by open(O_CREAT), mkdir() and mkfifo() (read back with
 * stat()); a set-user-ID bit given to umask() is not kept; a child
 * inherits the mask and its change does not affect the parent.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];

static mode_t made(int kind, mode_t mode, const char *name)
{
	char path[128];
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (kind == 0) {
		fd = open(path, O_CREAT | O_EXCL | O_WRONLY, mode);
		if (fd < 0)
			PTS_UNRES("open(%s): %s", path, strerror(errno));
		close(fd);
	} else if (kind == 1) {
		if (mkdir(path, mode))
			PTS_UNRES("mkdir(%s): %s", path, strerror(errno));
	} else if (mkfifo(path, mode)) {
		PTS_UNRES("mkfifo(%s): %s", path, strerror(errno));
	}
	if (stat(path, &st))
		PTS_UNRES("stat(%s): %s", path, strerror(errno));
	if (kind == 1)
		rmdir(path);
	else
		unlink(path);
	return st.st_mode & 07777;
}

int main(void)
{
	static const mode_t masks[] = { 022, 077, 0777, 0, 0135 };
	static const char *kinds[] = { "open", "mkdir", "mkfifo" };
	mode_t old, m;
	unsigned int i, k;
	int status;
	pid_t pid;

	strcpy(dir, "/tmp/umask_1-1.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	old = umask(022);
	for (i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		m = umask(masks[i]);
		if (m != (i ? masks[i - 1] : 022))
			PTS_FAILED("umask() returned %04o, previous was %04o",
				   (unsigned int)m,
				   (unsigned int)(i ? masks[i - 1] : 022));
		for (k = 0; k < 3; k++) {
			m = made(k, 0777, kinds[k]);
			if (m != (0777 & ~masks[i]))
				PTS_FAILED("%s with mask %04o: mode %04o, expected %04o",
					   kinds[k], (unsigned int)masks[i],
					   (unsigned int)m,
					   (unsigned int)(0777 & ~masks[i]));
		}
	}
	umask(S_ISUID | 0027);
	m = umask(0027);
	if (m != 0027)
		PTS_FAILED("umask(S_ISUID|0027) kept %04o, expected 0027",
			   (unsigned int)m);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		_exit(umask(0) == 0027 ? 0 : 1);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child did not exit");
	if (WEXITSTATUS(status))
		PTS_FAILED("the child did not inherit the mask");
	if (umask(old) != 0027)
		PTS_FAILED("the child's umask() changed the parent's mask");
	rmdir(dir);
	PTS_PASSED("previous mask returned, applied to open/mkdir/mkfifo, low 9 bits only, inherited");
}

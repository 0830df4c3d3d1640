// SPDX-License-Identifier: GPL-2.0-or-later
/* Running helper commands and dropping privileges. */
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tst_lib.h"

int tst_cmd(const char *const argv[], int pass_exit_val)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "fork for %s", argv[0]);
	if (!pid) {
		/* mkfs and friends live in sbin: make sure it is searched. */
		const char *path = getenv("PATH");
		char newpath[4096];

		snprintf(newpath, sizeof(newpath), "%s:/usr/sbin:/sbin",
			 path ? path : "/usr/bin:/bin");
		setenv("PATH", newpath, 1);
		execvp(argv[0], (char *const *)argv);
		_exit(errno == ENOENT ? 255 : 254);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			tst_brk(TBROK | TERRNO, "waitpid for %s", argv[0]);
	}
	if (WIFSIGNALED(status))
		tst_brk(TBROK, "%s killed by %s", argv[0],
			tst_strsig(WTERMSIG(status)));
	if (WEXITSTATUS(status) == 255)
		return -1;
	if (!pass_exit_val && WEXITSTATUS(status))
		tst_brk(TBROK, "%s exited with %d", argv[0],
			WEXITSTATUS(status));
	return WEXITSTATUS(status);
}

void tst_drop_privs(void)
{
	struct passwd *pw = getpwnam("nobody");
	uid_t uid = pw ? pw->pw_uid : 65534;
	gid_t gid = pw ? pw->pw_gid : 65534;

	if (setgroups(0, NULL))
		tst_brk(TBROK | TERRNO, "setgroups(0, NULL)");
	if (setgid(gid))
		tst_brk(TBROK | TERRNO, "setgid(%d)", (int)gid);
	if (setuid(uid))
		tst_brk(TBROK | TERRNO, "setuid(%d)", (int)uid);
}

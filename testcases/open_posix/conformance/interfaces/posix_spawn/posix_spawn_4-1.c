// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawn() does not run a command interpreter for a file that is
 * not a valid executable (unlike execlp()/execvp(), its ERRORS list
 * [ENOEXEC] as a failure): an executable text file without "#!" fails
 * with [ENOEXEC] as the return value, and nothing runs (the script
 * would create a marker file). An executable "#!/bin/sh" script of the
 * same body does run (the kernel's interpreter handling), and exits 3.
 */
#include <sys/statvfs.h>

#include "pts_spawn20.h"

int main(void)
{
	char file[64], marker[80], body[200];
	char *argv[] = { "x", NULL };
	struct statvfs sv;
	pid_t pid = -1;
	int e, status;

	if (!statvfs("/tmp", &sv) && (sv.f_flag & ST_NOEXEC))
		PTS_UNRES("/tmp is mounted noexec");
	snprintf(marker, sizeof(marker), "/tmp/posix_spawn_4-1.%d", (int)getpid());
	snprintf(body, sizeof(body), "echo ran > %s\nexit 3\n", marker);
	pts_spawn_file(file, "posix_spawn_4-1", 0755, body);
	e = posix_spawn(&pid, file, NULL, NULL, argv, environ);
	if (!e) {
		waitpid(pid, &status, 0);
		unlink(file);
		unlink(marker);
		PTS_FAILED("posix_spawn of a script without #! returned 0 (status 0x%x)",
			   status);
	}
	if (e != ENOEXEC)
		PTS_FAILED("returned %d (%s), expected ENOEXEC", e, strerrorname_np(e));
	pts_spawn_no_child("ENOEXEC");
	if (!access(marker, F_OK))
		PTS_FAILED("the script ran though ENOEXEC was returned");
	unlink(file);

	snprintf(body, sizeof(body), "#!/bin/sh\necho ran > %s\nexit 3\n", marker);
	pts_spawn_file(file, "posix_spawn_4-1", 0755, body);
	e = posix_spawn(&pid, file, NULL, NULL, argv, environ);
	if (e)
		PTS_FAILED("posix_spawn of a #! script returned %d", e);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 3)
		PTS_FAILED("#! script: status 0x%x, expected exit 3", status);
	if (access(marker, F_OK))
		PTS_FAILED("#! script exited 3 but wrote no marker");
	unlink(marker);
	unlink(file);
	PTS_PASSED("ENOEXEC returned for a script without #!, nothing ran; a #! script runs");
}

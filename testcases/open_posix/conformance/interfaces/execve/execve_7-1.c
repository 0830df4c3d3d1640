// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve() of a file with the set-user-ID and set-group-ID bits: the
 * effective user and group IDs of the new image become the file's owner
 * and group, and are saved as the saved set-IDs, the real IDs stay the
 * caller's (root here: real 0, effective and saved 65534/65533). A copy
 * of the test binary, owned by 65534:65533 with mode 06755, in a fresh
 * directory; a filesystem mounted nosuid cannot host the test
 * (UNSUPPORTED).
 */
#include <sys/stat.h>
#include <sys/statvfs.h>

#include "pts_helpers.h"

int main(int argc, char *argv[])
{
	char dir[] = "/tmp/pts-setid-XXXXXX", file[64], buf[65536];
	uid_t r, e, s;
	gid_t gr, ge, gs;
	struct statvfs sv;
	int status, in, out;
	ssize_t n;
	pid_t pid;

	(void)argv;
	if (argc > 1) {
		if (getresuid(&r, &e, &s) || getresgid(&gr, &ge, &gs))
			return 9;
		if (r != 0 || e != 65534 || s != 65534)
			return 10;
		if (gr != 0 || ge != 65533 || gs != 65533)
			return 11;
		return 0;
	}
	if (getuid() != 0)
		PTS_UNSUPP("needs root");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	if (chmod(dir, 0755))
		PTS_UNRES("chmod(): %m");
	snprintf(file, sizeof(file), "%s/prog", dir);
	in = open("/proc/self/exe", O_RDONLY);
	out = open(file, O_WRONLY | O_CREAT | O_EXCL, 0700);
	if (in < 0 || out < 0)
		PTS_UNRES("open(): %m");
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			PTS_UNRES("write(): %m");
	close(in);
	if (fchown(out, 65534, 65533) || fchmod(out, 06755))
		PTS_UNRES("fchown()/fchmod(): %m");
	close(out);
	if (statvfs(dir, &sv) == 0 && (sv.f_flag & ST_NOSUID)) {
		unlink(file);
		rmdir(dir);
		PTS_UNSUPP("%s is on a nosuid filesystem", dir);
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		execl(file, "prog", "check", (char *)NULL);
		_exit(30);
	}
	waitpid(pid, &status, 0);
	unlink(file);
	rmdir(dir);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 30)
		PTS_UNRES("execl() of the copy failed");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("new image status %#x (10: uids not 0/65534/65534, 11: gids not 0/65533/65533)",
			   status);
	PTS_PASSED("set-ID bits give effective and saved IDs of the file, real IDs kept");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lseek() and O_APPEND: "If the O_APPEND flag of the file status flags
 * is set, the file offset shall be set to the end of the file prior to
 * each write": after lseek(0) and a write of three bytes the offset is
 * the new end of file (lseek(SEEK_CUR) reports it), and another
 * process's write through its own descriptor moves the end that the
 * next append starts from; the offset is shared through a dup() but not
 * with a separate open() (its offset stays where it was set).
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[32];
	int ap, d, other, status;
	struct stat st;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_lseek2_%d", (int)getpid());
	ap = open(path, O_RDWR | O_CREAT | O_EXCL | O_APPEND, 0600);
	other = open(path, O_RDWR);
	unlink(path);
	if (ap < 0 || other < 0)
		PTS_UNRES("open(): %m");
	write(ap, "0123456789", 10);
	lseek(ap, 0, SEEK_SET);
	lseek(other, 2, SEEK_SET);
	d = dup(ap);
	if (write(ap, "abc", 3) != 3)
		PTS_UNRES("write(): %m");
	if (lseek(ap, 0, SEEK_CUR) != 13 || lseek(d, 0, SEEK_CUR) != 13)
		PTS_FAILED("offset %ld after an append, expected 13 (dup %ld)",
			   (long)lseek(ap, 0, SEEK_CUR), (long)lseek(d, 0, SEEK_CUR));
	if (lseek(other, 0, SEEK_CUR) != 2)
		PTS_FAILED("a separate open()'s offset moved to %ld",
			   (long)lseek(other, 0, SEEK_CUR));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		_exit(pwrite(other, "XYZW", 4, 13) == 4 ? 0 : 1);
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_UNRES("the child's write failed");
	lseek(ap, 5, SEEK_SET);
	write(ap, "!", 1);
	fstat(ap, &st);
	if (st.st_size != 18 || lseek(ap, 0, SEEK_CUR) != 18)
		PTS_FAILED("size %ld offset %ld after the child's write and an append, expected 18",
			   (long)st.st_size, (long)lseek(ap, 0, SEEK_CUR));
	pread(other, buf, 18, 0);
	if (memcmp(buf, "0123456789abcXYZW!", 18))
		PTS_FAILED("file holds '%.18s'", buf);
	PTS_PASSED("each append starts at the current end; offset per description");
}

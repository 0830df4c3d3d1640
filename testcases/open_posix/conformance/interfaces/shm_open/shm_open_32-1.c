// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): [EACCES] when the object exists and the permissions that
 * oflag asks for are denied. As nobody (uid and gid 65534) against
 * objects owned by root: mode 0600 (other class, no bits) denies
 * O_RDONLY and O_RDWR; mode 0604 allows O_RDONLY and denies O_RDWR;
 * mode 0046 with group nobody puts nobody in the group class, whose
 * bits allow O_RDONLY but deny O_RDWR although the other class may
 * write; mode 0606 allows O_RDWR.
 */
#include "pts_shmobj.h"

static char name[4][64];

static int try(int i, int acc, int want)
{
	int fd;

	errno = 0;
	fd = shm_open(name[i], acc, 0);
	if (fd >= 0)
		close(fd);
	printf("%s %s: %s\n", name[i], acc == O_RDONLY ? "O_RDONLY" : "O_RDWR",
	       fd >= 0 ? "opened" : strerrorname_np(errno));
	if (want ? fd >= 0 : (fd == -1 && errno == EACCES))
		return 0;
	return 1;
}

static int child(void)
{
	int bad = 0;

	bad += try(0, O_RDONLY, 0) + try(0, O_RDWR, 0);
	bad += try(1, O_RDONLY, 1) + try(1, O_RDWR, 0);
	bad += try(2, O_RDONLY, 1) + try(2, O_RDWR, 0);
	bad += try(3, O_RDONLY, 1) + try(3, O_RDWR, 1);
	return bad ? PTS_FAIL : PTS_PASS;
}

int main(void)
{
	static const mode_t mode[4] = { 0600, 0604, 0046, 0606 };
	int i, fd, status;

	if (geteuid())
		PTS_UNSUPP("needs root to own objects nobody tries");
	for (i = 0; i < 4; i++) {
		snprintf(name[i], sizeof(name[i]), "/pts_shmo32_%d_%o",
			 (int)getpid(), (unsigned int)mode[i]);
		fd = pts_shm_make(name[i], mode[i], 4096, NULL);
		if (i == 2 && fchown(fd, 0, PTS_NOBODY))
			PTS_UNRES("fchown(): %m");
		close(fd);
	}
	fflush(stdout);
	i = fork();
	if (!i) {
		pts_become_nobody();
		exit(child());
	}
	if (waitpid(i, &status, 0) != i)
		PTS_UNRES("waitpid(): %m");
	for (i = 0; i < 4; i++)
		shm_unlink(name[i]);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_EXIT(WIFEXITED(status) ? WEXITSTATUS(status) : PTS_UNRESOLVED,
			 "Test FAILED as nobody (wait status 0x%x)", status);
	PTS_PASSED("EACCES exactly where the mode denies the access of oflag");
}

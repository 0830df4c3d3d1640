// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shrinking a shared memory object with ftruncate() discards the data
 * past the new size ("the extra data shall be discarded") for every
 * process that maps it, and whole pages past the new end of the object
 * give SIGBUS (mmap(); POSIX leaves other effects of a size change on
 * an existing mapping unspecified, Linux applies the new end at once).
 * A child that mapped all four pages before gets SIGBUS (BUS_ADRERR at
 * the address) for the page wholly past the new end of 2 pages + 100
 * bytes, reads zeros in the rest of the partial page and the old data
 * below the end; the parent's mapping faults there too. Grown back to
 * four pages, the object reads zeros where data was discarded, in the
 * parent's mapping as in the child's.
 */
#include <setjmp.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static sigjmp_buf env;
static void *fault_addr;
static int fault_code;

static void on_bus(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	fault_addr = si->si_addr;
	fault_code = si->si_code;
	siglongjmp(env, 1);
}

/* 1 when reading p raises SIGBUS at p */
static int bus_at(volatile char *p)
{
	fault_addr = NULL;
	if (sigsetjmp(env, 1))
		return fault_addr == (void *)p && fault_code == BUS_ADRERR ? 1 : -1;
	(void)*p;
	return 0;
}

static int all_zero(const char *p, long n)
{
	while (n--)
		if (*p++)
			return 0;
	return 1;
}

/* the child's verdict, when it ended before a handshake */
static void child_verdict(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != PTS_PASS)
		PTS_EXIT(WIFEXITED(status) ? WEXITSTATUS(status) : PTS_UNRESOLVED,
			 "child status 0x%x", status);
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	int fd, p2c[2], c2p[2], r;
	struct sigaction sa;
	char name[64], c, *m;
	pid_t pid;

	snprintf(name, sizeof(name), "/pts_shm_open11_%d", (int)getpid());
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	shm_unlink(name);
	if (ftruncate(fd, 4 * pg) || pipe(p2c) || pipe(c2p))
		PTS_UNRES("set-up: %m");
	m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memset(m, 0x5a, 4 * pg);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_bus;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGBUS, &sa, NULL);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		char *cm = mmap(NULL, 4 * pg, PROT_READ, MAP_SHARED, fd, 0);

		close(p2c[1]);
		close(c2p[0]);
		if (cm == MAP_FAILED || cm[3 * pg] != 0x5a)
			PTS_UNRES("child mmap(): %m");
		if (write(c2p[1], "r", 1) != 1 || read(p2c[0], &c, 1) != 1)
			PTS_UNRES("child sync: %m");
		r = bus_at(cm + 3 * pg);
		if (r != 1)
			PTS_FAILED("child: page past the new end %s",
				   r ? "faulted elsewhere" : "still readable");
		r = bus_at(cm + 4 * pg - 1);
		if (r != 1)
			PTS_FAILED("child: last byte of the discarded page: %d", r);
		if (!all_zero(cm + 2 * pg + 100, pg - 100))
			PTS_FAILED("child: the partial page past the end is not zero");
		if (cm[0] != 0x5a || cm[2 * pg + 99] != 0x5a)
			PTS_FAILED("child: data below the new end lost");
		if (write(c2p[1], "s", 1) != 1 || read(p2c[0], &c, 1) != 1)
			PTS_UNRES("child sync: %m");
		if (!all_zero(cm + 2 * pg + 100, 2 * pg - 100) ||
		    cm[2 * pg + 99] != 0x5a)
			PTS_FAILED("child: grown object does not read zeros");
		exit(PTS_PASS);
	}
	close(p2c[0]);
	close(c2p[1]);
	if (read(c2p[0], &c, 1) != 1) {
		child_verdict(pid);
		PTS_UNRES("child ended before the handshake");
	}
	if (ftruncate(fd, 2 * pg + 100))
		PTS_UNRES("ftruncate() shrink: %m");
	r = bus_at(m + 3 * pg);
	if (r != 1)
		PTS_FAILED("parent: page past the new end %s",
			   r ? "faulted elsewhere" : "still readable");
	if (write(p2c[1], "t", 1) != 1 || read(c2p[0], &c, 1) != 1) {
		child_verdict(pid);
		PTS_UNRES("child ended before the handshake");
	}
	if (ftruncate(fd, 4 * pg))
		PTS_UNRES("ftruncate() grow: %m");
	if (!all_zero(m + 2 * pg + 100, 2 * pg - 100))
		PTS_FAILED("parent: grown object does not read zeros");
	if (m[0] != 0x5a || m[2 * pg + 99] != 0x5a)
		PTS_FAILED("parent: data below the old end lost");
	if (write(p2c[1], "g", 1) != 1)
		PTS_UNRES("parent sync: %m");
	child_verdict(pid);
	PTS_PASSED("shrink discards data for every mapping: SIGBUS past the end, zeros after regrowth");
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Core dumps for the wait and kill tests: kernel.core_pattern is set to
 * "core.%p" (saved and restored by the library, COREDUMP_SAVE_RESTORE),
 * so a child that dumps writes core.<pid> into its working directory,
 * the test's tmpdir; the child raises its own RLIMIT_CORE (or sets it to
 * 0 to forbid the dump). The core file is the effect read back: an ELF
 * core (e_type ET_CORE) when WCOREDUMP/CLD_DUMPED is reported, absent
 * when not.
 */
#ifndef COREDUMP_H
#define COREDUMP_H

#include <elf.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include "tst_test.h"

#define CORE_PATTERN "/proc/sys/kernel/core_pattern"

#define COREDUMP_SAVE_RESTORE (const struct tst_path_val[]) { \
	{ CORE_PATTERN, "core.%p", 0 }, \
	{ NULL, NULL, 0 } \
}

/*
 * In the child: allow (or forbid) a core dump of any size, and give every
 * signal its default action, unblocked (a runner may have ignored some,
 * such as SIGPIPE or SIGXFSZ, and ignoring survives exec).
 */
static inline void core_allow(int allow)
{
	struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };
	sigset_t none;
	int sig;

	for (sig = 1; sig <= SIGRTMAX; sig++) {
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, SIG_DFL);
	}
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);

	if (!allow)
		rl.rlim_cur = rl.rlim_max = 0;
	if (setrlimit(RLIMIT_CORE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_CORE)");
}

/*
 * core.<pid> must exist and be an ELF core when dumped, be absent when
 * not; it is removed either way. Returns 1 when it matched.
 */
#define check_core_file(pid, dumped, what) \
	check_core_file_(__FILE__, __LINE__, (pid), (dumped), (what))

static inline int check_core_file_(const char *file, int line, pid_t pid,
				   int dumped, const char *what)
{
	char path[64];
	Elf64_Ehdr eh;
	ssize_t len = -1;
	int fd, ok;

	snprintf(path, sizeof(path), "core.%d", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd >= 0) {
		len = read(fd, &eh, sizeof(eh));
		close(fd);
		unlink(path);
	}
	if (!dumped) {
		ok = fd < 0 && errno == ENOENT;
		tst_res_(file, line, ok ? TPASS : TFAIL, "%s: %s", what,
			 ok ? "no core file" : "a core file was written");
		return ok;
	}
	ok = len == (ssize_t)sizeof(eh) && !memcmp(eh.e_ident, ELFMAG, SELFMAG)
	     && eh.e_type == ET_CORE;
	if (ok)
		tst_res_(file, line, TPASS, "%s: %s is an ELF core", what, path);
	else if (fd < 0)
		tst_res_(file, line, TFAIL | TERRNO, "%s: no %s", what, path);
	else
		tst_res_(file, line, TFAIL, "%s: %s is no ELF core (%zd bytes "
			 "read)", what, path, len);
	return ok;
}

#endif /* COREDUMP_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TIOCSTI, faking terminal input (drivers/tty/tty_io.c tiocsti()):
 * - root (CAP_SYS_ADMIN) may push input into any tty: bytes pushed into
 *   a slave that is not its controlling tty are read from the slave, a
 *   byte pushed into the master is read from the master; an unmapped
 *   argument is EFAULT;
 * - an unprivileged user may push input only into its controlling tty:
 *   into another tty it is EPERM;
 * - where the kernel has dev.tty.legacy_tiocsti (6.2 and later) it is
 *   tried with both values: 1 as above, 0 refuses every unprivileged
 *   TIOCSTI with EIO, its controlling tty included, while root may go
 *   on. Without the sysctl that half is TCONF.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "pty_pair.h"

#define LEGACY "/proc/sys/dev/tty/legacy_tiocsti"

static int master = -1, slave = -1;
static void *unmapped;
static int has_legacy;

static void push(int fd, const char *s)
{
	for (; *s; s++)
		if (ioctl(fd, TIOCSTI, s))
			tst_brk(TBROK | TERRNO, "TIOCSTI '%c'", *s);
}

static void as_root(void)
{
	TST_EXP_PASS(ioctl(slave, TIOCSTI, "r"), "root: TIOCSTI into a "
		     "slave that is not its controlling tty");
	push(slave, "t\n");
	pty_expect(slave, "rt\n", 3, "the pushed bytes read from the slave");
	TST_EXP_PASS(ioctl(master, TIOCSTI, "m"),
		     "root: TIOCSTI into the master");
	pty_expect(master, "m", 1, "the pushed byte reads from the master");
	TST_EXP_FAIL(ioctl(slave, TIOCSTI, unmapped), EFAULT,
		     "TIOCSTI from an unmapped address");
}

/*
 * In a child: a new session whose controlling tty is a new pty's slave,
 * then nobody; TIOCSTI into that slave gives want (0: success, read
 * back from the slave), into the outer slave (not its ctty) other.
 */
static void as_nobody(int want, int other)
{
	char path[PATH_MAX];
	int m, ctty, status;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(master);
		if (setsid() < 0)
			tst_brk(TBROK | TERRNO, "setsid()");
		/* closing m hangs up our ctty: SIGHUP to us, the leader */
		if (signal(SIGHUP, SIG_IGN) == SIG_ERR)
			tst_brk(TBROK | TERRNO, "signal(SIGHUP)");
		m = pty_open_master(path);
		/* a session leader's first tty open makes it the ctty */
		ctty = SAFE_OPEN(path, O_RDWR);
		tst_drop_privs();
		if (want) {
			TST_EXP_FAIL(ioctl(ctty, TIOCSTI, "n"), want,
				     "nobody: TIOCSTI into its controlling "
				     "tty");
		} else {
			TST_EXP_PASS(ioctl(ctty, TIOCSTI, "n"), "nobody: "
				     "TIOCSTI into its controlling tty");
			push(ctty, "\n");
			pty_expect(ctty, "n\n", 2, "nobody's pushed bytes "
				   "read from its controlling tty");
		}
		TST_EXP_FAIL(ioctl(slave, TIOCSTI, "x"), other,
			     "nobody: TIOCSTI into a tty that is not its "
			     "controlling tty");
		SAFE_CLOSE(ctty);
		SAFE_CLOSE(m);
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TBROK, "child as nobody ended with status 0x%x",
			status);
}

static void run(void)
{
	as_root();
	if (has_legacy)
		SAFE_FILE_PRINTF(LEGACY, "1");
	as_nobody(0, EPERM);
	if (!has_legacy) {
		tst_res(TCONF, "no %s (kernel before 6.2): TIOCSTI with the "
			"legacy switch off is not tested", LEGACY);
		return;
	}
	SAFE_FILE_PRINTF(LEGACY, "0");
	tst_res(TINFO, "dev.tty.legacy_tiocsti = 0");
	as_nobody(EIO, EIO);
	as_root();
}

static void setup(void)
{
	struct termios t;

	pty_open_pair(&master, &slave, 0);
	pty_lflag(slave, ECHO, ICANON);
	pty_getattr(slave, &t);
	t.c_oflag &= ~OPOST;
	pty_setattr(slave, &t);
	unmapped = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			     -1, 0);
	has_legacy = !access(LEGACY, F_OK);
}

static void cleanup(void)
{
	if (slave >= 0)
		SAFE_CLOSE(slave);
	if (master >= 0)
		SAFE_CLOSE(master);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
	.save_restore = (const struct tst_path_val[]) {
		{LEGACY, NULL, TST_SR_SKIP_MISSING},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Line disciplines of a pty slave, and hangup while one is busy
 * (drivers/tty/tty_ldisc.c):
 * - TIOCGETD of a new slave is N_TTY; TIOCSETD N_TTY again is 0; a
 *   number below 0 or out of range is EINVAL, an unmapped argument
 *   EFAULT; a discipline no module provides (N_DEVELOPMENT) is EINVAL
 *   for root, and for an unprivileged user EINVAL with
 *   dev.tty.ldisc_autoload 1 but EPERM with 0 (no module loading on
 *   its behalf); a failed TIOCSETD leaves N_TTY in place;
 * - for each discipline of upstream's list the kernel has (SLIP, PPP,
 *   AX25/KISS, HDLC, sync PPP, SLCAN, PPS, CAIF, GSM; N_MOUSE first
 *   where it exists): set on the slave (TIOCGETD reads it back), then
 *   for a time budget TIOCVHANGUP of the slave races tcflush() of the
 *   master, which wakes the slave's discipline to write; the hung-up
 *   slave's TIOCGETD is EIO, and the kernel neither oopsed nor warned.
 *   A discipline the kernel lacks is a TCONF line naming it.
 *
 * Fixes: 0ace17d56824 ("can, slip: Protect tty->disc_data in
 * write_wakeup and close with RCU", CVE-2020-14416: the write wakeup
 * read disc_data freed by a concurrent hangup) and dd42bf119714 ("tty:
 * Prevent ldisc drivers from re-using stale tty fields": a new discipline
 * saw the disc_data and receive_room of the one before).
 */
#include <pthread.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "lapi/tty.h"
#include "pty_pair.h"

#define AUTOLOAD "/proc/sys/dev/tty/ldisc_autoload"
#define RACE_SECONDS 1
static const struct {
	int n;
	const char *name;
} ldiscs[] = {
	{N_SLIP, "SLIP (CONFIG_SLIP)"},
	{N_PPP, "async PPP (CONFIG_PPP_ASYNC)"},
	{N_AX25, "AX25/KISS (CONFIG_MKISS)"},
	{N_HDLC, "HDLC (CONFIG_N_HDLC)"},
	{N_SYNC_PPP, "sync PPP (CONFIG_PPP_SYNC_TTY)"},
	{N_SLCAN, "SLCAN (CONFIG_CAN_SLCAN)"},
	{N_PPS, "PPS (CONFIG_PPS_CLIENT_LDISC)"},
	{N_CAIF, "CAIF (CONFIG_CAIF)"},
	{N_GSM0710, "GSM 0710 (CONFIG_N_GSM)"},
};

static void *unmapped;
static int has_autoload;
static int race_master = -1;
static pthread_barrier_t barrier;

static void *flusher(void *arg)
{
	int i;

	(void)arg;
	for (;;) {
		pthread_barrier_wait(&barrier);
		for (i = 0; i < 10; i++)
			tcflush(race_master, TCIFLUSH);
		pthread_barrier_wait(&barrier);
	}
	return NULL;
}

static void setd_nobody(int autoload, int want)
{
	int master, slave, disc = N_DEVELOPMENT, status;
	pid_t pid;

	SAFE_FILE_PRINTF(AUTOLOAD, "%d", autoload);
	pty_open_pair(&master, &slave, 0);
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		TST_EXP_FAIL(ioctl(slave, TIOCSETD, &disc), want,
			     "nobody: TIOCSETD N_DEVELOPMENT with "
			     "ldisc_autoload %d", autoload);
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TBROK, "child as nobody ended with status 0x%x",
			status);
	SAFE_CLOSE(slave);
	SAFE_CLOSE(master);
}

static void setd_errors(void)
{
	int master, slave, disc = -1;

	pty_open_pair(&master, &slave, 0);
	TST_EXP_PASS(ioctl(slave, TIOCGETD, &disc), "TIOCGETD");
	TST_EXP_EQ_LI(disc, N_TTY);
	disc = N_TTY;
	TST_EXP_PASS(ioctl(slave, TIOCSETD, &disc), "TIOCSETD N_TTY");
	disc = -1;
	TST_EXP_FAIL(ioctl(slave, TIOCSETD, &disc), EINVAL, "TIOCSETD -1");
	disc = 1000;
	TST_EXP_FAIL(ioctl(slave, TIOCSETD, &disc), EINVAL, "TIOCSETD 1000");
	TST_EXP_FAIL(ioctl(slave, TIOCSETD, unmapped), EFAULT,
		     "TIOCSETD from an unmapped address");
	disc = N_DEVELOPMENT;
	TST_EXP_FAIL(ioctl(slave, TIOCSETD, &disc), EINVAL,
		     "root: TIOCSETD N_DEVELOPMENT (no such discipline)");
	disc = -1;
	TST_EXP_PASS(ioctl(slave, TIOCGETD, &disc), "TIOCGETD");
	TST_EXP_EQ_LI(disc, N_TTY);
	SAFE_CLOSE(slave);
	SAFE_CLOSE(master);

	if (!has_autoload) {
		tst_res(TCONF, "no %s (kernel before 5.1)", AUTOLOAD);
		return;
	}
	setd_nobody(1, EINVAL);
	setd_nobody(0, EPERM);
}

/*
 * TIOCSETD n on slave: 1 when set, 0 when the kernel lacks it (EINVAL),
 * -1 (reported) when it failed otherwise.
 */
static int set_ldisc(int slave, int n, const char *name)
{
	int got = -1;

	if (ioctl(slave, TIOCSETD, &n)) {
		if (errno == EINVAL)
			return 0;
		tst_res(TBROK | TERRNO, "TIOCSETD %s", name);
		return -1;
	}
	if (ioctl(slave, TIOCGETD, &got) || got != n)
		tst_res(TFAIL | TERRNO, "TIOCGETD after TIOCSETD %s: %d",
			name, got);
	return 1;
}

static void race(unsigned int i)
{
	double end = tst_mono_secs() + RACE_SECONDS;
	int slave, disc, ret, mouse = 0;
	unsigned long iter = 0;

	do {
		pty_open_pair(&race_master, &slave, 0);
		if (!iter)
			mouse = set_ldisc(slave, N_MOUSE, "mouse") > 0;
		else if (mouse)
			set_ldisc(slave, N_MOUSE, "mouse");
		ret = set_ldisc(slave, ldiscs[i].n, ldiscs[i].name);
		if (ret <= 0) {
			SAFE_CLOSE(slave);
			SAFE_CLOSE(race_master);
			if (!ret)
				tst_res(TCONF, "no %s line discipline",
					ldiscs[i].name);
			return;
		}
		pthread_barrier_wait(&barrier);
		if (ioctl(slave, TIOCVHANGUP))
			tst_brk(TBROK | TERRNO, "TIOCVHANGUP");
		pthread_barrier_wait(&barrier);
		if (ioctl(slave, TIOCGETD, &disc) != -1 || errno != EIO) {
			tst_res(TFAIL | TERRNO, "TIOCGETD of the hung-up "
				"slave did not fail with EIO");
			end = 0;
		}
		SAFE_CLOSE(slave);
		SAFE_CLOSE(race_master);
		iter++;
	} while (tst_mono_secs() < end);
	tst_res(TPASS, "%s%s: %lu hangups raced tcflush()", ldiscs[i].name,
		mouse ? " after N_MOUSE" : "", iter);
}

static void run(void)
{
	unsigned int i;

	setd_errors();
	for (i = 0; i < ARRAY_SIZE(ldiscs); i++)
		race(i);
}

static void setup(void)
{
	pthread_t thr;

	unmapped = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			     -1, 0);
	has_autoload = !access(AUTOLOAD, F_OK);
	pthread_barrier_init(&barrier, NULL, 2);
	if (pthread_create(&thr, NULL, flusher, NULL))
		tst_brk(TBROK, "pthread_create()");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 90,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.save_restore = (const struct tst_path_val[]) {
		{AUTOLOAD, NULL, TST_SR_SKIP_MISSING},
		{}
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "0ace17d56824"},
		{"CVE", "2020-14416"},
		{"linux-git", "dd42bf119714"},
		{}
	},
};

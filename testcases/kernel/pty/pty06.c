// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * VT_DISALLOCATE against open and close of the virtual console it frees
 * (drivers/tty/vt/vt_ioctl.c):
 * - a console number above MAX_NR_CONSOLES is ENXIO; the foreground
 *   console and one held open are EBUSY, and VT_GETSTATE shows the held
 *   one in use; once closed it is freed (0) and no longer in use;
 * - VT_RESIZEX: a character height above 32 is EINVAL, so are rows that
 *   disagree with the scan lines over the character height; with every
 *   field 0 (keep each console's size) it leaves the size of console 8
 *   (TIOCGWINSZ) as it was;
 * - for a time budget one thread opens and closes /dev/tty8, another
 *   frees console 8 and a third resizes every console with VT_RESIZEX
 *   (all fields 0): every VT_DISALLOCATE is 0 or EBUSY, every open()
 *   succeeds, every VT_RESIZEX returns what the one before the race did,
 *   the console works after (a write() of one byte), and the kernel
 *   neither oopsed nor warned (taint_check).
 *
 * Before ca4463bf8438 ("vt: vt_ioctl: fix VT_DISALLOCATE freeing in-use
 * virtual console") a console whose tty was still being released looked
 * unused, so VT_DISALLOCATE freed its vc_data under con_shutdown(): a use
 * after free (CVE-2020-36557). Before 6cd1ed50efd8 ("vt: vt_ioctl: fix
 * race in VT_RESIZEX") VT_RESIZEX read vc_cons[i].d before taking the
 * console lock, and resized a console VT_DISALLOCATE had just freed.
 *
 * Needs virtual consoles (CONFIG_VT): TCONF when /dev/tty1 and /dev/tty8
 * are missing.
 */
#include <pthread.h>
#include <sys/ioctl.h>
#include <linux/vt.h>
#include "tst_test.h"

#define RACE_SECONDS 3
#define VC 8
#define VC_PATH "/dev/tty8"

static int ctl_fd = -1;
static volatile int stop;
static unsigned long opens, open_errors, resizes, resize_odd;
static int open_errno, resize_ret, resize_errno;

static int vc_in_use(int vc)
{
	struct vt_stat st;

	if (ioctl(ctl_fd, VT_GETSTATE, &st))
		tst_brk(TBROK | TERRNO, "VT_GETSTATE");
	return !!(st.v_state & (1U << vc));
}

/*
 * Free console vc: the last close releases the tty from a workqueue, so
 * EBUSY may last a moment after close(); 0 when freed, else the errno.
 */
static int disallocate(int vc)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();

	while (ioctl(ctl_fd, VT_DISALLOCATE, vc)) {
		if (errno != EBUSY || tst_mono_ms() > deadline)
			return errno;
		usleep(1000);
	}
	return 0;
}

static void *open_close(void *arg)
{
	int fd;

	(void)arg;
	while (!stop) {
		fd = open(VC_PATH, O_RDWR | O_NOCTTY);
		if (fd < 0) {
			open_errors++;
			open_errno = errno;
			continue;
		}
		opens++;
		close(fd);
	}
	return NULL;
}

/* VT_RESIZEX keeping every console's size: its return value, or -errno */
static int resizex_keep(void)
{
	struct vt_consize cs = { 0 };

	return ioctl(ctl_fd, VT_RESIZEX, &cs) ? -errno : 0;
}

static void *resizer(void *arg)
{
	int ret;

	(void)arg;
	while (!stop) {
		ret = resizex_keep();
		resizes++;
		if (ret != resize_ret) {
			resize_odd++;
			resize_errno = -ret;
		}
	}
	return NULL;
}

static void resizex_checks(void)
{
	struct vt_consize cs = { .v_clin = 33 };
	struct winsize before, after;
	int fd;

	TST_EXP_FAIL(ioctl(ctl_fd, VT_RESIZEX, &cs), EINVAL,
		     "VT_RESIZEX with a character height of 33");
	cs.v_vlin = 400;
	cs.v_clin = 16;
	cs.v_rows = 20;
	TST_EXP_FAIL(ioctl(ctl_fd, VT_RESIZEX, &cs), EINVAL,
		     "VT_RESIZEX of 20 rows for 400 scan lines of 16");

	fd = SAFE_OPEN(VC_PATH, O_RDWR | O_NOCTTY);
	if (ioctl(fd, TIOCGWINSZ, &before))
		tst_brk(TBROK | TERRNO, "TIOCGWINSZ");
	resize_ret = resizex_keep();
	if (resize_ret)
		tst_res(TINFO, "VT_RESIZEX keeping the sizes: %s (console "
			"driver)", tst_strerrno(-resize_ret));
	if (ioctl(fd, TIOCGWINSZ, &after))
		tst_brk(TBROK | TERRNO, "TIOCGWINSZ");
	TST_EXP_EXPR(before.ws_row == after.ws_row &&
		     before.ws_col == after.ws_col,
		     "VT_RESIZEX with all fields 0 keeps console %d at %ux%u",
		     VC, before.ws_col, before.ws_row);
	SAFE_CLOSE(fd);
}

static void checks(void)
{
	struct vt_stat st;
	int fd, err;

	TST_EXP_FAIL(ioctl(ctl_fd, VT_DISALLOCATE, MAX_NR_CONSOLES + 1), ENXIO,
		     "VT_DISALLOCATE %d", MAX_NR_CONSOLES + 1);
	if (ioctl(ctl_fd, VT_GETSTATE, &st))
		tst_brk(TBROK | TERRNO, "VT_GETSTATE");
	TST_EXP_FAIL(ioctl(ctl_fd, VT_DISALLOCATE, st.v_active), EBUSY,
		     "VT_DISALLOCATE of the foreground console %d",
		     st.v_active);
	if (st.v_active == VC)
		tst_brk(TCONF, "console %d is the foreground one", VC);

	fd = SAFE_OPEN(VC_PATH, O_RDWR | O_NOCTTY);
	TST_EXP_EXPR(vc_in_use(VC), "VT_GETSTATE: console %d open is in use",
		     VC);
	TST_EXP_FAIL(ioctl(ctl_fd, VT_DISALLOCATE, VC), EBUSY,
		     "VT_DISALLOCATE of an open console");
	SAFE_CLOSE(fd);
	err = disallocate(VC);
	if (err)
		tst_res(TFAIL, "VT_DISALLOCATE of closed console %d: %s", VC,
			tst_strerrno(err));
	else
		tst_res(TPASS, "VT_DISALLOCATE of closed console %d", VC);
	TST_EXP_EXPR(!vc_in_use(VC), "console %d freed is not in use", VC);
}

static void run(void)
{
	unsigned long freed = 0, busy = 0, other = 0;
	double end;
	pthread_t thr, rthr;
	int fd, other_errno = 0;

	checks();
	resizex_checks();
	if (disallocate(VC))
		tst_brk(TBROK, "VT_DISALLOCATE %d after the VT_RESIZEX checks", VC);

	stop = 0;
	opens = open_errors = resizes = resize_odd = 0;
	if (pthread_create(&thr, NULL, open_close, NULL) ||
	    pthread_create(&rthr, NULL, resizer, NULL))
		tst_brk(TBROK, "pthread_create()");
	end = tst_mono_secs() + RACE_SECONDS;
	while (tst_mono_secs() < end) {
		if (!ioctl(ctl_fd, VT_DISALLOCATE, VC)) {
			freed++;
		} else if (errno == EBUSY) {
			busy++;
		} else {
			other++;
			other_errno = errno;
		}
	}
	stop = 1;
	pthread_join(thr, NULL);
	pthread_join(rthr, NULL);
	tst_res(TINFO, "%lu opens, %lu VT_DISALLOCATE freed, %lu EBUSY, "
		"%lu VT_RESIZEX", opens, freed, busy, resizes);
	if (resize_odd)
		tst_res(TFAIL, "%lu VT_RESIZEX returned otherwise than before "
			"the race, last %s", resize_odd,
			tst_strerrno(resize_errno));
	else
		tst_res(TPASS, "every VT_RESIZEX returned as before the race");
	if (other)
		tst_res(TFAIL, "%lu VT_DISALLOCATE failed with %s", other,
			tst_strerrno(other_errno));
	else
		tst_res(TPASS, "every VT_DISALLOCATE was 0 or EBUSY");
	if (open_errors)
		tst_res(TFAIL, "%lu opens of %s failed, last with %s",
			open_errors, VC_PATH, tst_strerrno(open_errno));
	else
		tst_res(TPASS, "every open() of %s succeeded", VC_PATH);

	fd = SAFE_OPEN(VC_PATH, O_RDWR | O_NOCTTY);
	TST_EXP_VAL(write(fd, "\n", 1), 1, "write() to console %d after the "
		    "race", VC);
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	if (access("/dev/tty1", F_OK) || access(VC_PATH, F_OK))
		tst_brk(TCONF, "no virtual consoles (/dev/tty1, %s): "
			"CONFIG_VT", VC_PATH);
	/* any console's fd takes VT ioctls; tty9 stays out of the race */
	ctl_fd = SAFE_OPEN("/dev/tty9", O_RDWR | O_NOCTTY);
}

static void cleanup(void)
{
	if (ctl_fd < 0)
		return;
	disallocate(VC);
	SAFE_CLOSE(ctl_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.exclusive = 1,
	.timeout = 60,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "ca4463bf8438"},
		{"CVE", "2020-36557"},
		/* vt: vt_ioctl: fix race in VT_RESIZEX */
		{"linux-git", "6cd1ed50efd8"},
		{}
	},
};

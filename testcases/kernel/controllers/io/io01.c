// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 io controller on the test's loop device (block/blk-cgroup.c,
 * block/blk-throttle.c):
 *  - io.stat of a cgroup counts exactly the bytes its process moved with
 *    O_DIRECT on the device: 1 MiB written in 4 writes and 1 MiB read in
 *    2 reads give wbytes and rbytes deltas of exactly 1 MiB (the bytes of
 *    a bio are counted once, at submission, even when it is split), wios
 *    at least 4 and rios at least 2; the data read back is what was
 *    written;
 *  - io.max parsing: "MAJ:MIN rbps=1048576" reads back as
 *    "MAJ:MIN rbps=1048576 wbps=max riops=max wiops=max"; a value of 0 is
 *    ERANGE, 1 is EINVAL, an unknown key or a value that is not a number
 *    is EINVAL, and a line with an error changes nothing even when an
 *    earlier key on it was valid; a device that does not exist (0:0) is
 *    ENODEV, a line without MAJ:MIN EINVAL; all keys "max" remove the
 *    device's line;
 *  - the limit holds: 2 MiB read with O_DIRECT under rbps 1 MiB/s take
 *    at least 1 s (an early start of the first slice allows at most
 *    100 ms of budget; the bound is a lower one, which a slow machine
 *    cannot break).
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "cgroup2.h"

#define KB 1024
#define MB (1024 * 1024)

static char devno[32];
static char *buf;

/* A key of this device's line in io.stat; 0 when there is no line. */
static long long io_stat(const char *key)
{
	char path[PATH_MAX], line[512], pat[40], *p;
	long long val = 0;
	FILE *f;

	cg_path(path, sizeof(path), "w", "io.stat");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	snprintf(pat, sizeof(pat), " %s=", key);
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, devno, strlen(devno)) ||
		    line[strlen(devno)] != ' ')
			continue;
		p = strstr(line, pat);
		if (p)
			val = atoll(p + strlen(pat));
	}
	fclose(f);
	return val;
}

/* This device's line of io.max, "" when there is none. */
static void io_max_line(char *out, size_t size)
{
	char path[PATH_MAX], line[512];
	FILE *f;

	out[0] = 0;
	cg_path(path, sizeof(path), "w", "io.max");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, devno, strlen(devno)) &&
		    line[strlen(devno)] == ' ') {
			line[strcspn(line, "\n")] = 0;
			snprintf(out, size, "%s", line);
		}
	}
	fclose(f);
}

static void check_max_line(const char *want)
{
	char line[512];

	io_max_line(line, sizeof(line));
	TST_EXP_EXPR(!strcmp(line, want), "io.max line '%s' ('%s')", line,
		     want);
}

static void stat_child(void)
{
	int fd, i;

	cg_enter("w");
	fd = SAFE_OPEN(tst_device->dev, O_RDWR | O_DIRECT);
	for (i = 0; i < 4; i++) {
		memset(buf, 'a' + i, 256 * KB);
		SAFE_PWRITE(1, fd, buf, 256 * KB, i * 256 * KB);
	}
	for (i = 0; i < 2; i++) {
		SAFE_PREAD(1, fd, buf, 512 * KB, i * 512 * KB);
		if (buf[0] != 'a' + 2 * i || buf[256 * KB] != 'b' + 2 * i ||
		    buf[512 * KB - 1] != 'b' + 2 * i)
			tst_brk(TFAIL, "O_DIRECT read %d returned other data",
				i);
	}
	SAFE_CLOSE(fd);
	exit(0);
}

static void throttle_child(void)
{
	long long start, ms;
	int fd, i;

	cg_enter("w");
	fd = SAFE_OPEN(tst_device->dev, O_RDONLY | O_DIRECT);
	start = tst_mono_ms();
	for (i = 0; i < 8; i++)
		SAFE_PREAD(1, fd, buf, 256 * KB, i * 256 * KB);
	ms = tst_mono_ms() - start;
	TST_EXP_EXPR(ms >= 1000, "2 MiB read under rbps 1 MiB/s took %lld ms "
		     "(>= 1000)", ms);
	SAFE_CLOSE(fd);
	exit(0);
}

static void run(void)
{
	long long r0 = io_stat("rbytes"), w0 = io_stat("wbytes");
	long long ri0 = io_stat("rios"), wi0 = io_stat("wios");
	char want[128];
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		stat_child();
	reap_child(pid);
	TST_EXP_EQ_LI(io_stat("wbytes") - w0, MB);
	TST_EXP_EQ_LI(io_stat("rbytes") - r0, MB);
	TST_EXP_EXPR(io_stat("wios") - wi0 >= 4, "wios grew by %lld >= 4",
		     io_stat("wios") - wi0);
	TST_EXP_EXPR(io_stat("rios") - ri0 >= 2, "rios grew by %lld >= 2",
		     io_stat("rios") - ri0);

	TST_EXP_PASS(cg_try_write("w", "io.max", "%s rbps=%d", devno, MB),
		     "io.max rbps=%d", MB);
	snprintf(want, sizeof(want), "%s rbps=%d wbps=max riops=max "
		 "wiops=max", devno, MB);
	check_max_line(want);
	TST_EXP_FAIL(cg_try_write("w", "io.max", "%s wbps=0", devno), ERANGE,
		     "io.max wbps=0");
	TST_EXP_FAIL(cg_try_write("w", "io.max", "%s wbps=1", devno), EINVAL,
		     "io.max wbps=1");
	TST_EXP_FAIL(cg_try_write("w", "io.max", "%s wbps=lots", devno),
		     EINVAL, "io.max wbps=lots");
	TST_EXP_FAIL(cg_try_write("w", "io.max", "%s speed=5", devno), EINVAL,
		     "io.max speed=5");
	TST_EXP_FAIL(cg_try_write("w", "io.max", "%s rbps=%d speed=5", devno,
				  2 * MB), EINVAL,
		     "io.max with a valid key before an unknown one");
	TST_EXP_FAIL(cg_try_write("w", "io.max", "0:0 rbps=%d", MB), ENODEV,
		     "io.max for device 0:0");
	TST_EXP_FAIL(cg_try_write("w", "io.max", "rbps=%d", MB), EINVAL,
		     "io.max without MAJ:MIN");
	check_max_line(want);

	pid = SAFE_FORK();
	if (!pid)
		throttle_child();
	reap_child(pid);

	TST_EXP_PASS(cg_try_write("w", "io.max", "%s rbps=max wbps=max "
				  "riops=max wiops=max", devno),
		     "io.max all max");
	check_max_line("");
}

static void setup(void)
{
	static const char *const ctrls[] = {"io", NULL};
	struct stat st;

	SAFE_STAT(tst_device->dev, &st);
	snprintf(devno, sizeof(devno), "%u:%u", major(st.st_rdev),
		 minor(st.st_rdev));
	buf = SAFE_MMAP(NULL, 512 * KB, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	cg_setup(ctrls, 1);
	cg_mkdir("w");
	cg_require_file("io.max", "no blk-throttle (CONFIG_BLK_DEV_THROTTLING)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_BLK_CGROUP", NULL
	},
};

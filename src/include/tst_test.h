/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The test API: a test fills one struct tst_test named "test" and the
 * library's main() does the rest (option parsing, requirements, services,
 * the timeout, result accounting and the summary).
 *
 * Exit value of a test binary (bits OR-ed together):
 *   0 all passed, 1 a TFAIL, 2 a TBROK, 4 a TWARN, 32 only TCONF results.
 */
#ifndef TST_TEST_H
#define TST_TEST_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "tst_res_flags.h"
#include "tst_checkpoint.h"
#include "tst_safe_macros.h"
#include "tst_test_macros.h"
#include "tst_kernel.h"

/* Elements of an array (not of a pointer) */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* A reference printed when a test fails: {"linux-git", "39fd8fd22b32"}. */
struct tst_tag {
	const char *name;
	const char *value;
};

/* Flags of struct tst_path_val. */
#define TST_SR_TCONF_MISSING	0x1	/* path missing: TCONF */
#define TST_SR_TBROK_MISSING	0x2	/* path missing: TBROK (default) */
#define TST_SR_SKIP_MISSING	0x4	/* path missing: ignore it */
#define TST_SR_TCONF_RO		0x8	/* cannot write: TCONF */
#define TST_SR_SKIP_RO		0x10	/* cannot write: ignore it */

/* Kernel taint bits for .taint_check (Documentation/admin-guide/tainted-kernels) */
#define TST_TAINT_B	(1UL << 5)	/* a page was released in a bad state */
#define TST_TAINT_D	(1UL << 7)	/* the kernel died: an oops */
#define TST_TAINT_W	(1UL << 9)	/* a warning was issued */

/*
 * A /proc/sys (or /sys) value saved before setup and restored after the
 * test, whatever way it ended. With val != NULL the value is also set.
 */
struct tst_path_val {
	const char *path;
	const char *val;
	unsigned int flags;
};

/* Policies for struct tst_hugepage. */
enum tst_hp_policy {
	TST_REQUEST,	/* reserve as many as possible up to number */
	TST_NEEDS,	/* TCONF unless exactly number can be reserved */
};

struct tst_hugepage {
	unsigned long number;
	enum tst_hp_policy policy;
};

/* The block device of needs_device/format_device/mount_device. */
struct tst_device {
	const char *dev;	/* e.g. /dev/loop0 */
	const char *fs_type;	/* filesystem it was formatted with */
	unsigned long size_mb;
};

/*
 * A filesystem an all_filesystems test does not run on, and why (printed
 * as its TCONF line): {"vfat", "no hard links on FAT"}.
 */
struct tst_fs_skip {
	const char *fs;
	const char *reason;
};

struct tst_test {
	/* test(n) is called for n = 0 .. tcnt - 1; or test_all() once */
	unsigned int tcnt;
	void (*test)(unsigned int n);
	void (*test_all)(void);
	void (*setup)(void);
	/* runs exactly once, also after tst_brk(); never twice */
	void (*cleanup)(void);

	/* requirements: unmet ones end the test with TCONF and the reason */
	int needs_root;
	const char *min_kver;			/* "4.18" */
	const char *const *needs_kconfigs;	/* {"CONFIG_X=y", "CONFIG_Y", NULL} */
	const char *const *needs_cmds;		/* {"mkfs.ext4", NULL} */
	const char *needs_fs_type;		/* listed in /proc/filesystems */
	unsigned long min_mem_avail_mb;		/* MemAvailable */
	unsigned int min_cpus;

	/* services */
	int needs_tmpdir;		/* private dir under $TMPDIR, cwd */
	int forks_child;		/* the test forks: children are reaped */
	int needs_checkpoints;		/* TST_CHECKPOINT_* usable */
	int needs_device;		/* a block device: tst_device */
	int format_device;		/* ... formatted with dev_fs_type */
	int mount_device;		/* ... and mounted on mntpoint */
	const char *mntpoint;		/* relative to the tmpdir */
	const char *dev_fs_type;	/* default $LTP_DEV_FS_TYPE or ext4 */
	const char *const *dev_fs_opts;	/* extra mkfs options, NULL ended */
	unsigned long dev_min_size_mb;	/* default 256 */
	const char *mnt_data;		/* mount(2) data */
	struct tst_hugepage hugepages;	/* reserved; tst_hugepages = count */
	const struct tst_path_val *save_restore; /* {NULL} terminated */

	/*
	 * The filesystem matrix (src/lib/tst_fs_matrix.c): run the test once
	 * per filesystem (ext2 ext3 ext4 xfs btrfs vfat exfat ntfs3 tmpfs),
	 * each freshly made on its own loop device, mounted on mntpoint,
	 * which is the test process's working directory. tst_fs_type names
	 * the filesystem; result lines carry "[fs]". $LTP_SINGLE_FS_TYPE
	 * runs one. dev_min_size_mb raises the image size, dev_fs_opts and
	 * dev_fs_type do not apply.
	 */
	int all_filesystems;
	const struct tst_fs_skip *skip_filesystems;	/* {NULL} terminated */
	/*
	 * With all_filesystems: also run on "nfs3" and "nfs42", a fresh
	 * directory on the guest's loopback NFS mounts $LTP_NFS3_DIR and
	 * $LTP_NFS42_DIR (ltp-vm --nfs), where those are NFS mounts (no
	 * mkfs, no device: tst_device is NULL). Without them, nothing is
	 * added. skip_filesystems can name them with the reason.
	 */
	int matrix_nfs;

	/* seconds for the whole run, scaled by $LTP_TIMEOUT_MUL; 0 = 30 s,
	 * TST_UNLIMITED_TIMEOUT = none */
	int timeout;

	/*
	 * Root-global resources this test changes, read by the executor to
	 * keep it away from parallel runs (see ltp-pan -x). needs_device,
	 * mount_device, hugepages and save_restore imply exclusive.
	 */
	int exclusive;

	/*
	 * Kernel taint letters (as in /proc/sys/kernel/tainted's
	 * documentation) this test sets by design, e.g. "OE" for a test that
	 * loads an out-of-tree, unsigned test module. The executor does not
	 * count those new bits against the test; any other new bit is.
	 */
	const char *expected_taint;

	/*
	 * Taint bits (TST_TAINT_D, TST_TAINT_W, ...) the kernel must not
	 * gain while the test runs: the harness reads /proc/sys/kernel/
	 * tainted before and after each test process and reports TFAIL
	 * with the new bits. For tests that hunt a crash or a warning, so
	 * that one run alone (without the executor's own check) fails too.
	 */
	unsigned long taint_check;

	/* {"linux-git", "<sha>"}, {"CVE", "2017-xxxx"}, ..., {NULL, NULL} */
	const struct tst_tag *tags;
};

#define TST_UNLIMITED_TIMEOUT (-1)

/* Set by the library before setup(). */
extern const char *tst_tmpdir_path;	/* NULL without needs_tmpdir */
extern struct tst_device *tst_device;	/* NULL without needs_device */
extern unsigned long tst_hugepages;	/* pages reserved */
extern unsigned int tst_iteration;	/* 0 .. -i N - 1 */
/* all_filesystems: the filesystem of this run ("ext4", "ntfs3", "tmpfs") */
extern const char *tst_fs_type;

/*
 * Results. ttype is one of TPASS, TFAIL, TBROK, TCONF, TWARN, TINFO, or-ed
 * with TERRNO (append errno) or TTERRNO (append TST_ERR). Each line starts
 * with "file:line: TYPE: ".
 */
void tst_res_(const char *file, int line, int ttype, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void tst_brk_(const char *file, int line, int ttype, const char *fmt, ...)
	__attribute__((format(printf, 4, 5), noreturn));

#define tst_res(ttype, fmt, ...) \
	tst_res_(__FILE__, __LINE__, (ttype), (fmt), ##__VA_ARGS__)
#define tst_brk(ttype, fmt, ...) \
	tst_brk_(__FILE__, __LINE__, (ttype), (fmt), ##__VA_ARGS__)

/* Names: "EINVAL", "SIGSEGV", "TPASS". Unknown values give "???". */
const char *tst_strerrno(int err);
const char *tst_strsig(int sig);
const char *tst_strttype(int ttype);

/* fork() that flushes stdio first and TBROKs on failure. */
pid_t safe_fork(const char *file, int line);
#define SAFE_FORK() safe_fork(__FILE__, __LINE__)

/*
 * Wait for every child of the calling process; a child that exited with a
 * non-zero status or died of a signal is reported TBROK (its results are
 * already counted through shared memory).
 */
void tst_reap_children(void);

/*
 * Wait for one child that reports its own results. A child killed by a
 * signal, or exiting with a value no result explains, fails the test
 * with a message naming the pid and how it ended.
 */
void tst_reap_child_(const char *file, int line, pid_t pid);
#define reap_child(pid) tst_reap_child_(__FILE__, __LINE__, (pid))

/* Wait for a child that must be killed by exactly signal sig. */
void tst_reap_child_killed_(const char *file, int line, pid_t pid, int sig);
#define reap_child_killed(pid, sig) \
	tst_reap_child_killed_(__FILE__, __LINE__, (pid), (sig))

/* Multiplier from $LTP_TIMEOUT_MUL (>= 1.0). */
float tst_timeout_mul(void);

/*
 * A test parameter from the environment: the unsigned number in $name
 * (decimal, 0x hex or 0 octal), def when unset or empty; TBROK for
 * anything else.
 */
unsigned long tst_env_ulong(const char *name, unsigned long def);

/*
 * CLOCK_MONOTONIC, for deadlines of bounded waits and for measuring
 * intervals (never the wall clock, which a test or NTP may move).
 */
static inline long long tst_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static inline long long tst_mono_ms(void)
{
	return tst_mono_ns() / 1000000;
}

static inline double tst_mono_secs(void)
{
	return tst_mono_ns() / 1e9;
}

/* Seconds left before the library timeout fires (for time budgets). */
unsigned int tst_remaining_runtime(void);

/* Read a /proc/meminfo field in kB, e.g. "HugePages_Free:". TBROK if missing. */
long tst_read_meminfo(const char *field);
/* Read a /proc/vmstat counter, e.g. "thp_fault_alloc". TBROK if missing. */
long tst_read_vmstat(const char *key);

/* Check the running kernel's config: 1 when opt (e.g. "CONFIG_X=y" or
 * "CONFIG_X") is satisfied, 0 when not, -1 when no config can be read. */
int tst_kconfig_check(const char *opt);

/*
 * 1 when the kernel supports filesystem type fs: listed in
 * /proc/filesystems, or listed once "modprobe fs" loaded its module (root).
 */
int tst_fs_is_supported(const char *fs);

/* Running-kernel version compare: <0, 0, >0 like strcmp. */
int tst_kvercmp(int r1, int r2, int r3);

/* Run a command (argv, NULL ended); return exit status, or -1 when the
 * command is missing. Output goes to the test's stdout. */
int tst_cmd(const char *const argv[], int pass_exit_val);

/* Drop to an unprivileged user (nobody) in the calling process. */
void tst_drop_privs(void);

#ifndef TST_NO_DEFAULT_MAIN
static struct tst_test test;

int tst_run_test(int argc, char *argv[], struct tst_test *self)
	__attribute__((noreturn));

int main(int argc, char *argv[])
{
	tst_run_test(argc, argv, &test);
}
#endif

#endif /* TST_TEST_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory limits as written and read back (memory.min, .low,
 * .high, .max and, where present, .swap.max: page_counter_memparse() and
 * seq_puts_memcg_tunable() of mm/memcontrol.c):
 *  - defaults: min and low "0", high, max and swap.max "max";
 *  - values are bytes in any base strtoull() takes (0x200000, 020000),
 *    with an optional K/M/G/T suffix of either case, surrounding blanks
 *    and newline stripped, and are rounded down to whole pages: page + 1
 *    reads back one page, page - 1 reads 0;
 *  - the top edge: the largest page count (LONG_MAX / page size on
 *    64-bit, PAGE_COUNTER_MAX) reads back "max", one page less reads back
 *    as bytes, and 8E (2^63) is clamped to "max";
 *  - EINVAL with the value kept (1M) for -1, 1MB, 1.5M, MAX, a word and
 *    "max 1";
 *  - the limits are not checked against each other: min 8M above max 4M
 *    is taken as it is;
 *  - the root cgroup has none of these files nor memory.events or
 *    memory.oom.group (CFTYPE_NOT_ON_ROOT); the read-only memory.current,
 *    memory.stat and memory.events have no write bit, and a write by
 *    root (who may open them for writing) fails with EINVAL: they have
 *    no write handler (cgroup_file_write()).
 */
#include "tst_test.h"
#include "cgroup2.h"

static const char *const files[] = {
	"memory.min", "memory.low", "memory.high", "memory.max",
	"memory.swap.max",
};

static char buf[64];

static const char *read_val(const char *file)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), "p", file);
	SAFE_FILE_SCANF(path, "%63s", buf);
	return buf;
}

static void expect_val(const char *file, const char *in, const char *want)
{
	const char *got;

	if (cg_try_write("p", file, "%s", in)) {
		tst_res(TFAIL | TERRNO, "%s: write '%s'", file, in);
		return;
	}
	got = read_val(file);
	TST_EXP_EXPR(!strcmp(got, want), "%s: '%s' reads back '%s' (%s "
		     "expected)", file, in, got, want);
}

static void expect_einval(const char *file, const char *in)
{
	int err = cg_write_err("p", file, in);

	TST_EXP_EXPR(err == EINVAL, "%s: '%s' fails with %s (EINVAL "
		     "expected)", file, in,
		     err ? tst_strerrno(err) : "success");
	TST_EXP_EXPR(!strcmp(read_val(file), "1048576"),
		     "%s: 1048576 kept after '%s' (reads %s)", file, in, buf);
}

static void one_file(const char *file)
{
	static const char *const bad[] = {
		"-1", "1MB", "1.5M", "MAX", "abc", "max 1",
	};
	long long page = getpagesize();
	long long top = LONG_MAX / page;
	char in[64], want[64];
	const char *def;
	size_t i;

	def = !strcmp(file, "memory.min") || !strcmp(file, "memory.low") ?
	      "0" : "max";
	TST_EXP_EXPR(!strcmp(read_val(file), def), "%s: default '%s' (%s "
		     "expected)", file, buf, def);

	expect_val(file, "1M", "1048576");
	expect_val(file, "3m", "3145728");
	expect_val(file, "8k", "8192");
	expect_val(file, "1G", "1073741824");
	expect_val(file, "1T", "1099511627776");
	expect_val(file, "0x200000", "2097152");
	expect_val(file, "020000", "8192");
	expect_val(file, "  5M \n", "5242880");
	snprintf(in, sizeof(in), "%lld", page + 1);
	snprintf(want, sizeof(want), "%lld", page);
	expect_val(file, in, want);
	snprintf(in, sizeof(in), "%lld", page - 1);
	expect_val(file, in, "0");
	expect_val(file, "max", "max");
	expect_val(file, "0", "0");

	if (sizeof(long) == 8) {
		snprintf(in, sizeof(in), "%lld", top * page);
		expect_val(file, in, "max");
		snprintf(in, sizeof(in), "%lld", (top - 1) * page);
		expect_val(file, in, in);
		expect_val(file, "8E", "max");
	}

	expect_val(file, "1M", "1048576");
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		expect_einval(file, bad[i]);
	CG_WRITE("p", file, "%s", def);
}

static void not_on_root(void)
{
	static const char *const names[] = {
		"memory.min", "memory.low", "memory.high", "memory.max",
		"memory.events", "memory.oom.group",
	};
	char path[PATH_MAX + 32];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		snprintf(path, sizeof(path), "%s/%s", cg_root, names[i]);
		TST_EXP_FAIL(access(path, F_OK), ENOENT, "root cgroup %s",
			     names[i]);
	}
}

static void read_only(void)
{
	static const char *const names[] = {
		"memory.current", "memory.stat", "memory.events",
	};
	char path[PATH_MAX];
	struct stat st;
	size_t i;
	int err;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		cg_path(path, sizeof(path), "p", names[i]);
		SAFE_STAT(path, &st);
		TST_EXP_EXPR(!(st.st_mode & 0222), "%s mode %04o: no write "
			     "bit", names[i], st.st_mode & 07777);
		err = cg_write_err("p", names[i], "0");
		TST_EXP_EXPR(err == EINVAL, "write to %s fails with %s "
			     "(EINVAL expected)", names[i],
			     err ? tst_strerrno(err) : "success");
	}
}

static void run(void)
{
	char path[PATH_MAX];
	size_t i;

	cg_mkdir("p");
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		cg_path(path, sizeof(path), "p", files[i]);
		if (access(path, F_OK)) {
			tst_res(TCONF, "no %s", files[i]);
			continue;
		}
		one_file(files[i]);
	}

	/* no cross-check between the limits */
	expect_val("memory.max", "4M", "4194304");
	expect_val("memory.min", "8M", "8388608");
	expect_val("memory.low", "16M", "16777216");
	expect_val("memory.high", "2M", "2097152");
	TST_EXP_EXPR(!strcmp(read_val("memory.max"), "4194304"),
		     "memory.max still 4194304 (%s)", buf);

	not_on_root();
	read_only();
	cg_rmdir("p");
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	cg_setup(ctrls, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_MEMCG", NULL
	},
};

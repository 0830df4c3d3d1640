// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lsm_list_modules() (Linux 6.8) lists exactly the active LSMs, those
 * /sys/kernel/security/lsm names: as many ids as names, every id a
 * known LSM id (lsm.h: 100 capability .. 113 ipe) whose name is in the
 * list, no id twice, and every name of the list that has an id is
 * returned. The list also agrees with landlock's own answer:
 * landlock_create_ruleset(VERSION) gives an ABI version when landlock
 * is in the list and EOPNOTSUPP when it is not.
 * TCONF on a kernel without the call (ENOSYS).
 */
#include "tst_test.h"
#include "lsm_raw.h"
#include "landlock_raw.h"

static char names[1024];

static int count_names(void)
{
	int n = 1;
	const char *p;

	if (!names[0])
		return 0;
	for (p = names; *p; p++)
		n += *p == ',';
	return n;
}

static void run(void)
{
	uint64_t ids[LSM_MAX_IDS];
	uint32_t size = sizeof(ids);
	uint64_t id;
	const char *name;
	long n, i, j;
	int bad = 0, ret, err;

	n = lsm_list_modules(ids, &size, 0);
	if (n < 0) {
		tst_res(TFAIL | TERRNO, "lsm_list_modules()");
		return;
	}
	TST_EXP_EQ_LI(n, count_names());
	TST_EXP_EQ_LU(size, n * 8);
	for (i = 0; i < n; i++) {
		name = lsm_id_name(ids[i]);
		if (!name) {
			tst_res(TFAIL, "id %llu is no LSM id of lsm.h",
				(unsigned long long)ids[i]);
			bad = 1;
			continue;
		}
		if (!lsm_list_has(names, name)) {
			tst_res(TFAIL, "id %llu (%s) is not in '%s'",
				(unsigned long long)ids[i], name, names);
			bad = 1;
		}
		for (j = 0; j < i; j++) {
			if (ids[j] == ids[i]) {
				tst_res(TFAIL, "id %llu (%s) listed twice",
					(unsigned long long)ids[i], name);
				bad = 1;
			}
		}
	}
	for (id = LSM_ID_CAPABILITY; id <= LSM_ID_IPE; id++) {
		if (!lsm_list_has(names, lsm_id_name(id)))
			continue;
		for (j = 0; j < n && ids[j] != id; j++)
			;
		if (j == n) {
			tst_res(TFAIL, "'%s' is active but its id %llu is not "
				"listed", lsm_id_name(id),
				(unsigned long long)id);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "the %ld ids are the LSMs of '%s'", n, names);

	ret = syscall(__NR_landlock_create_ruleset, NULL, 0,
		      LL_CREATE_RULESET_VERSION);
	err = errno;
	if (ret < 0 && err == ENOSYS) {
		tst_res(TINFO, "no landlock syscalls: not compared");
		return;
	}
	if (lsm_list_has(names, "landlock"))
		TST_EXP_EXPR(ret > 0, "landlock is active and "
			     "landlock_create_ruleset(VERSION) gave ABI %d",
			     ret);
	else
		TST_EXP_EXPR(ret < 0 && err == EOPNOTSUPP, "landlock is "
			     "not active and landlock_create_ruleset(VERSION) "
			     "is EOPNOTSUPP");
}

static void setup(void)
{
	lsm_need_syscalls();
	lsm_active_names(names, sizeof(names));
	tst_res(TINFO, "active LSMs: %s", names);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};

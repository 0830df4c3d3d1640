// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * futex() on words it cannot reach, and on a word never written:
 * - shared FUTEX_WAKE resolves the page behind the word (get_futex_key()):
 *   EFAULT for an unmapped word (no VMA), a PROT_NONE word (VMA without
 *   access) and a word of a MAP_SHARED file mapping beyond the file's end
 *   after a truncate (the fault is SIGBUS, the call sees EFAULT);
 * - FUTEX_WAIT is EFAULT for an unmapped, PROT_NONE or truncated word,
 *   and for an unmapped timeout, and the bad timeout is seen before the
 *   call sleeps (it would otherwise block forever on a word holding val);
 * - shared FUTEX_CMP_REQUEUE is EFAULT when either word is unmapped or
 *   PROT_NONE, even though the other word holds the expected value;
 * - FUTEX_WAIT and FUTEX_WAIT_PRIVATE on a word of a page never touched
 *   (the zero page, private or shared anonymous) read 0 and return
 *   EAGAIN at once for val 1, and a short timeout ends val 0 with
 *   ETIMEDOUT (the zero page is a valid futex, not a fault).
 */
#include "futex_helpers.h"

static uint32_t *unmapped, *prot_none, *truncated, *word, *fresh_priv,
	*fresh_shared;
static void *bad_ts;
static long psize;

static struct {
	const char *name;
	uint32_t **addr;
} bad[] = {
	{"unmapped", &unmapped},
	{"PROT_NONE", &prot_none},
	{"beyond EOF of a truncated file", &truncated},
};

static void wake_efault(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		TST_EXP_FAIL(sys_futex(*bad[i].addr, FUTEX_WAKE, 1, NULL,
				       NULL, 0), EFAULT,
			     "shared FUTEX_WAKE on a %s word", bad[i].name);
}

static void wait_efault(void)
{
	struct timespec to = { 0, 10000000 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		TST_EXP_FAIL(sys_futex(*bad[i].addr, FUTEX_WAIT, 0, &to,
				       NULL, 0), EFAULT,
			     "FUTEX_WAIT on a %s word", bad[i].name);
		TST_EXP_FAIL(sys_futex(*bad[i].addr, FUTEX_WAIT_PRIVATE, 0,
				       &to, NULL, 0), EFAULT,
			     "FUTEX_WAIT_PRIVATE on a %s word", bad[i].name);
	}
	*word = 0;
	TST_EXP_FAIL(sys_futex(word, FUTEX_WAIT, 0, bad_ts, NULL, 0), EFAULT,
		     "FUTEX_WAIT with an unmapped timeout");
	TST_EXP_FAIL(sys_futex(word, FUTEX_WAIT_BITSET, 0, bad_ts, NULL,
			       FUTEX_BITSET_MATCH_ANY), EFAULT,
		     "FUTEX_WAIT_BITSET with an unmapped timeout");
}

static void requeue_efault(void)
{
	unsigned int i;

	*word = 0;
	for (i = 0; i < 2; i++) {
		TST_EXP_FAIL(sys_futex_val2(*bad[i].addr, FUTEX_CMP_REQUEUE, 1,
					    1, word, 0), EFAULT,
			     "FUTEX_CMP_REQUEUE, uaddr %s", bad[i].name);
		TST_EXP_FAIL(sys_futex_val2(word, FUTEX_CMP_REQUEUE, 1, 1,
					    *bad[i].addr, 0), EFAULT,
			     "FUTEX_CMP_REQUEUE, uaddr2 %s", bad[i].name);
	}
	TST_EXP_EQ_LU(*word, 0);
}

static void zero_page(void)
{
	struct timespec to = { 0, 10000000 };

	TST_EXP_FAIL(sys_futex(fresh_priv, FUTEX_WAIT_PRIVATE, 1, &to, NULL,
			       0), EAGAIN,
		     "FUTEX_WAIT_PRIVATE(val 1) on an untouched private page");
	TST_EXP_FAIL(sys_futex(fresh_priv, FUTEX_WAIT, 1, &to, NULL, 0),
		     EAGAIN, "FUTEX_WAIT(val 1) on an untouched private page");
	TST_EXP_FAIL(sys_futex(fresh_shared, FUTEX_WAIT, 1, &to, NULL, 0),
		     EAGAIN, "FUTEX_WAIT(val 1) on an untouched shared page");
	TST_EXP_FAIL(sys_futex(fresh_priv + 1, FUTEX_WAIT, 0, &to, NULL, 0),
		     ETIMEDOUT, "FUTEX_WAIT(val 0, 10 ms) on the zero page");
	TST_EXP_VAL(sys_futex(fresh_priv, FUTEX_WAKE, 1, NULL, NULL, 0), 0,
		    "FUTEX_WAKE on the zero page wakes nobody");
}

static void (*const cases[])(void) = {
	wake_efault,
	wait_efault,
	requeue_efault,
	zero_page,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	int fd;

	psize = getpagesize();
	unmapped = SAFE_MMAP(NULL, psize, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, psize);
	bad_ts = unmapped;
	prot_none = SAFE_MMAP(NULL, psize, PROT_NONE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fd = SAFE_OPEN("futex_file", O_CREAT | O_RDWR | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, psize);
	truncated = SAFE_MMAP(NULL, psize, PROT_READ | PROT_WRITE, MAP_SHARED,
			      fd, 0);
	SAFE_FTRUNCATE(fd, 0);
	SAFE_CLOSE(fd);
	word = futex_shared(sizeof(*word));
	/* never written: reads map the zero page */
	fresh_priv = SAFE_MMAP(NULL, psize, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fresh_shared = SAFE_MMAP(NULL, psize, PROT_READ | PROT_WRITE,
				 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(cases),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A fake library test declaring .expected_taint = "O" (as the module
 * tests do): it writes $FAKE_TAINT into the fake taint file
 * $LTP_PAN_TAINTED and passes, so the self-tests check that ltp-pan
 * does not count the declared bits against it, and counts any other.
 */
#include <stdlib.h>
#include "tst_test.h"

static void run(void)
{
	const char *taint = getenv("FAKE_TAINT"), *file = getenv("LTP_PAN_TAINTED");

	if (!taint || !file)
		tst_brk(TBROK, "FAKE_TAINT and LTP_PAN_TAINTED must be set");
	SAFE_FILE_PRINTF(file, "%s\n", taint);
	tst_res(TPASS, "taint file set to %s", taint);
}

static struct tst_test test = {
	.test_all = run,
	.expected_taint = "O",
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readlink(2) copies the link's target and nothing more:
 * - it returns the target's length and writes no terminating NUL (the
 *   byte after the target keeps its old value);
 * - a buffer shorter than the target gets its first bufsiz bytes and the
 *   call returns bufsiz: silent truncation, no error, no NUL;
 * - only the last component is read as a link: "dirlink/link" follows
 *   the directory link and reads the inner link;
 * - nobody may read a link in a searchable directory whatever the
 *   target's permissions.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define TARGET "readlink01_target_string"
#define LINK_NAME "readlink01_link"

static void setup(void)
{
	SAFE_MKDIR("readlink01_dir", 0755);
	FSM_SAFE(symlink(TARGET, LINK_NAME));
	FSM_SAFE(symlink("inner_target", "readlink01_dir/inner"));
	FSM_SAFE(symlink("readlink01_dir", "readlink01_dirlink"));
}

static void check_full(void)
{
	char buf[64];

	memset(buf, 'X', sizeof(buf));
	TST_EXP_VAL(readlink(LINK_NAME, buf, sizeof(buf)), strlen(TARGET),
		    "readlink() into a 64-byte buffer");
	TST_EXP_EXPR(!memcmp(buf, TARGET, strlen(TARGET)) &&
		     buf[strlen(TARGET)] == 'X',
		     "the target is copied without a NUL after it");
}

static void check_truncation(void)
{
	char buf[16];

	memset(buf, 'X', sizeof(buf));
	TST_EXP_VAL(readlink(LINK_NAME, buf, 5), 5,
		    "readlink() into a 5-byte buffer");
	TST_EXP_EXPR(!memcmp(buf, TARGET, 5) && buf[5] == 'X',
		     "the first 5 bytes, nothing written after them");
	TST_EXP_VAL(readlink(LINK_NAME, buf, 1), 1,
		    "readlink() into a 1-byte buffer");
	TST_EXP_EXPR(buf[0] == TARGET[0], "the first byte");
}

static void check_path(void)
{
	char buf[32] = "";

	TST_EXP_VAL(readlink("readlink01_dirlink/inner", buf, sizeof(buf)),
		    strlen("inner_target"),
		    "readlink() through a directory symlink");
	TST_EXP_EXPR(!memcmp(buf, "inner_target", strlen("inner_target")),
		     "the inner link was read");
}

static void nobody_reads(void)
{
	char buf[64];

	TST_EXP_VAL(readlink(LINK_NAME, buf, sizeof(buf)), strlen(TARGET),
		    "readlink() as nobody");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_full();
		break;
	case 1:
		check_truncation();
		break;
	case 2:
		check_path();
		break;
	case 3:
		fsm_as_nobody(nobody_reads);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

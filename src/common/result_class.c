// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "result_class.h"

static const char *const names[RC_COUNT] = {
	[RC_PASS] = "pass",
	[RC_FAIL] = "fail",
	[RC_BROKEN] = "broken",
	[RC_WARNING] = "warning",
	[RC_SKIPPED] = "skipped",
};

static const char *const labels[RC_COUNT] = {
	[RC_PASS] = "PASS",
	[RC_FAIL] = "FAIL",
	[RC_BROKEN] = "BROK",
	[RC_WARNING] = "WARN",
	[RC_SKIPPED] = "CONF",
};

const char *rc_name(enum result_class rc)
{
	return (unsigned int)rc < RC_COUNT ? names[rc] : "?";
}

const char *rc_label(enum result_class rc)
{
	return (unsigned int)rc < RC_COUNT ? labels[rc] : "????";
}

int rc_from_name(const char *name)
{
	int i;

	for (i = 0; i < RC_COUNT; i++) {
		if (!strcmp(names[i], name))
			return i;
	}
	return -1;
}

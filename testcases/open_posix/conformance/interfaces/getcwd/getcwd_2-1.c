// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getcwd() of a deep directory: twelve levels of 250-character names
 * (a path of over 3000 bytes, below {PATH_MAX}) come back exactly as
 * built, in a buffer of strlen + 1 bytes; a buffer of strlen bytes is
 * [ERANGE].
 * After chdir("..") three times the result is the path shortened by
 * three components.
 */
#include <limits.h>
#include <sys/stat.h>

#include "pts_helpers.h"

#define LEVELS 12
#define NAMELEN 250

int main(void)
{
	static char want[PATH_MAX], got[PATH_MAX], full[PATH_MAX];
	char name[NAMELEN + 1];
	size_t len, cut[LEVELS];
	int i;

	snprintf(want, sizeof(want), "/tmp/pts_getcwd2_%d", (int)getpid());
	if (mkdir(want, 0755) || chdir(want))
		PTS_UNRES("set-up: %m");
	for (i = 0; i < LEVELS; i++) {
		memset(name, 'a' + i, NAMELEN);
		name[NAMELEN] = 0;
		cut[i] = strlen(want);
		if (mkdir(name, 0755) || chdir(name))
			PTS_UNRES("level %d: %m", i);
		strcat(want, "/");
		strcat(want, name);
	}
	len = strlen(want);
	if (len < 3000 || len >= PATH_MAX)
		PTS_UNRES("path of %zu bytes", len);
	if (!getcwd(got, len + 1))
		PTS_FAILED("getcwd() of a %zu-byte path with %zu bytes: %m", len, len + 1);
	if (strcmp(got, want))
		PTS_FAILED("getcwd() returned a different %zu-byte path", strlen(got));
	errno = 0;
	if (getcwd(got, len) != NULL || errno != ERANGE)
		PTS_FAILED("getcwd() with strlen bytes: %s, ERANGE expected",
			   errno ? strerrorname_np(errno) : "success");
	for (i = 0; i < 3; i++)
		if (chdir(".."))
			PTS_UNRES("chdir(..): %m");
	memcpy(full, want, len + 1);
	want[cut[LEVELS - 3]] = 0;
	if (!getcwd(got, sizeof(got)) || strcmp(got, want))
		PTS_FAILED("after three chdir(\"..\"): %zu bytes, %zu expected",
			   strlen(got), strlen(want));
	if (chdir("/"))
		PTS_UNRES("chdir(/): %m");
	for (i = LEVELS; i >= 0; i--) {
		full[i == LEVELS ? len : cut[i]] = 0;
		rmdir(full);
	}
	PTS_PASSED("deep path returned exactly, ERANGE one byte short, \"..\" steps");
}

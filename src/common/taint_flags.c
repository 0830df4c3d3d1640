// SPDX-License-Identifier: GPL-2.0-or-later
#include "taint_flags.h"

/* Index = bit number, as in kernel/panic.c of 6.1 (19 bits). */
static const struct {
	char letter;
	const char *what;
} flags[] = {
	{ 'P', "proprietary module loaded" },
	{ 'F', "module force-loaded" },
	{ 'S', "CPU out of specification" },
	{ 'R', "module force-unloaded" },
	{ 'M', "machine check exception" },
	{ 'B', "bad page referenced" },
	{ 'U', "taint requested by user space" },
	{ 'D', "kernel died (oops or BUG)" },
	{ 'A', "ACPI table overridden" },
	{ 'W', "kernel warning" },
	{ 'C', "staging driver loaded" },
	{ 'I', "firmware bug worked around" },
	{ 'O', "out-of-tree module loaded" },
	{ 'E', "unsigned module loaded" },
	{ 'L', "soft lockup" },
	{ 'K', "kernel live-patched" },
	{ 'X', "auxiliary taint (distribution)" },
	{ 'T', "built with struct randomization" },
	{ 'N', "in-kernel test run" },
};

#define NFLAGS	(sizeof(flags) / sizeof(flags[0]))

unsigned long taint_mask(const char *letters, char *bad)
{
	unsigned long mask = 0;
	unsigned int bit;
	const char *c;

	if (bad)
		*bad = 0;
	for (c = letters; *c; c++) {
		for (bit = 0; bit < NFLAGS; bit++)
			if (flags[bit].letter == *c)
				break;
		if (bit < NFLAGS)
			mask |= 1UL << bit;
		else if (bad && !*bad)
			*bad = *c;
	}
	return mask;
}

void taint_describe(struct strbuf *sb, unsigned long mask, int names)
{
	const char *sep = "";
	unsigned int bit;

	for (bit = 0; bit < 8 * sizeof(mask); bit++) {
		if (!(mask & (1UL << bit)))
			continue;
		sb_adds(sb, sep);
		sep = names ? ", " : " ";
		if (bit >= NFLAGS) {
			sb_printf(sb, "bit %u", bit);
			continue;
		}
		sb_addc(sb, flags[bit].letter);
		if (names)
			sb_printf(sb, " (%s)", flags[bit].what);
	}
}

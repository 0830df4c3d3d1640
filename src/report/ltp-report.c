// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ltp-report: derive the views of a run from its result records
 * (doc/records.md): LTP's results log, the failed and tconf runtest lists,
 * and an HTML page. With no view asked for it prints the totals.
 *
 * Exit value: 0 the views were written, 2 usage error or a file could not
 * be read or written.
 */
#include <stdio.h>
#include <unistd.h>

#include "records.h"
#include "views.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ltp-report [-p] [-l LOG] [-C FAILED] [-T TCONF] [-g HTML] RECORDS\n"
		"  -l LOG     LTP's results log (raw pan lines; pretty with -p)\n"
		"  -p         pretty log format\n"
		"  -C FAILED  runtest file of the failed and broken tests\n"
		"  -T TCONF   runtest file of the skipped (TCONF) tests\n"
		"  -g HTML    self-contained HTML page of the run\n");
}

int main(int argc, char *argv[])
{
	const char *log = NULL, *failed = NULL, *tconf = NULL, *html = NULL;
	struct run_records rr;
	int c, pretty = 0, bad = 0;

	while ((c = getopt(argc, argv, "pl:C:T:g:h")) != -1) {
		switch (c) {
		case 'p':
			pretty = 1;
			break;
		case 'l':
			log = optarg;
			break;
		case 'C':
			failed = optarg;
			break;
		case 'T':
			tconf = optarg;
			break;
		case 'g':
			html = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "ltp-report: %s\n", optind < argc ?
			"only one records file, please" : "no records file given");
		usage(stderr);
		return 2;
	}
	if (records_load(argv[optind], &rr))
		return 2;

	if (log)
		bad |= view_log(&rr, log, pretty);
	if (failed)
		bad |= view_list(&rr, failed, 1u << RC_FAIL | 1u << RC_BROKEN);
	if (tconf)
		bad |= view_list(&rr, tconf, 1u << RC_SKIPPED);
	if (html)
		bad |= view_html(&rr, html);
	if (!log && !failed && !tconf && !html)
		view_summary(&rr, stdout);
	/* the records are freed with the process */
	return bad ? 2 : 0;
}

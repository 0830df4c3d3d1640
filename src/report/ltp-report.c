// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ltp-report: derive the views of a run from its result records
 * (doc/records.md): LTP's results log, the failed and tconf runtest lists,
 * an HTML page, kirk's JSON report, JUnit XML and per-test kernel logs.
 * With no view asked for it prints the totals. --compare OLD NEW lists
 * what changed between two runs; --flakes RECORDS... the tests whose
 * verdict differed between runs of the same tests.
 *
 * Exit value: 0 the views were written, 2 usage error or a file could not
 * be read or written. With --compare: 0 no new failure, 1 new failures.
 * With --flakes: 0 every verdict the same, 1 some differed, 2 a file
 * missing or holding a malformed line.
 */
#include <getopt.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "records.h"
#include "strbuf.h"
#include "views.h"

enum { OPT_JUNIT = 256, OPT_COMPARE, OPT_FLAKES };

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ltp-report [-p] [-l LOG] [-C FAILED] [-T TCONF] [-g HTML] [-j JSON]\n"
		"                  [--junit XML] [-K DIR] RECORDS\n"
		"       ltp-report --compare OLD_RECORDS NEW_RECORDS\n"
		"       ltp-report --flakes RUN RUN...   (records files or ltp-vm outputs)\n"
		"  -l LOG       LTP's results log (raw pan lines; pretty with -p)\n"
		"  -p           pretty log format\n"
		"  -C FAILED    runtest file of the failed and broken tests\n"
		"  -T TCONF     runtest file of the skipped (TCONF) tests\n"
		"  -g HTML      self-contained HTML page of the run\n"
		"  -j JSON      JSON report in the format of LTP's kirk runner\n"
		"  --junit XML  JUnit XML (Jenkins, GitLab)\n"
		"  -K DIR       DIR/TAG.dmesg: kernel log of each test (ltp-pan -K)\n"
		"  --compare    new failures, fixes and still failing tests of NEW\n"
		"               against OLD; exit 1 when there are new failures\n"
		"  --flakes     the tests whose verdict differs between runs of the\n"
		"               same tests, with each verdict's output; exit 1 when\n"
		"               there are some\n");
}

static int compare(const char *old_path, const char *new_path)
{
	struct run_records old, new;

	if (records_load(old_path, &old) || records_load(new_path, &new))
		return 2;
	return compare_runs(&old, old_path, &new, new_path, stdout) ? 1 : 0;
}

/*
 * Unlike the views, a flake hunt refuses a malformed line: a record it
 * skipped could be the very verdict that differs. A cut last line is
 * what a crash leaves, and the run's other records still count.
 */
static int flakes(char *const *names, size_t n)
{
	struct run_records *runs = xmalloc(n * sizeof(*runs));
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	size_t i;
	int bad = 0;

	for (i = 0; i < n; i++) {
		/* an ltp-vm output directory: the hunt's runs are named so */
		sb_reset(&path);
		sb_adds(&path, names[i]);
		if (!stat(names[i], &st) && S_ISDIR(st.st_mode))
			sb_adds(&path, "/results/records.jsonl");
		if (records_load(path.buf, &runs[i])) {
			bad = 1;
			continue;
		}
		if (runs[i].bad_lines) {
			fprintf(stderr, "ltp-report: --flakes: %s has %u malformed record line(s), named above: repair or remove them, or leave out this run\n",
				path.buf, runs[i].bad_lines);
			bad = 1;
		}
	}
	sb_free(&path);
	if (bad)
		return 2;
	/* the records are freed with the process */
	return flake_report(runs, (const char *const *)names, n, stdout) ? 1 : 0;
}

int main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "junit", required_argument, NULL, OPT_JUNIT },
		{ "compare", no_argument, NULL, OPT_COMPARE },
		{ "flakes", no_argument, NULL, OPT_FLAKES },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *log = NULL, *failed = NULL, *tconf = NULL, *html = NULL;
	const char *json = NULL, *junit = NULL, *dmesg = NULL;
	struct run_records rr;
	int c, pretty = 0, bad = 0, cmp = 0, flk = 0, views;

	while ((c = getopt_long(argc, argv, "pl:C:T:g:j:K:h", longopts,
				NULL)) != -1) {
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
		case 'j':
			json = optarg;
			break;
		case OPT_JUNIT:
			junit = optarg;
			break;
		case 'K':
			dmesg = optarg;
			break;
		case OPT_COMPARE:
			cmp = 1;
			break;
		case OPT_FLAKES:
			flk = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	views = log || failed || tconf || html || json || junit || dmesg;
	if (flk) {
		if (views || cmp || argc - optind < 2) {
			fprintf(stderr, "ltp-report: --flakes takes two or more records files and no other option\n");
			usage(stderr);
			return 2;
		}
		return flakes(argv + optind, argc - optind);
	}
	if (cmp) {
		if (views || optind != argc - 2) {
			fprintf(stderr, "ltp-report: --compare takes two records files and no view option\n");
			usage(stderr);
			return 2;
		}
		return compare(argv[optind], argv[optind + 1]);
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
	if (json)
		bad |= view_kirk(&rr, json);
	if (junit)
		bad |= view_junit(&rr, junit);
	if (dmesg)
		bad |= view_dmesg_dir(&rr, dmesg);
	if (!views)
		view_summary(&rr, stdout);
	/* the records are freed with the process */
	return bad ? 2 : 0;
}

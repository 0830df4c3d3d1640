// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ltp-report: derive the views of a run from its result records
 * (doc/records.md): LTP's results log, the failed and tconf runtest lists,
 * an HTML page, kirk's JSON report, JUnit XML and per-test kernel logs.
 * With no view asked for it prints the totals. --compare OLD NEW lists
 * what changed between two runs; --flakes RECORDS... the tests whose
 * verdict differed between runs of the same tests. The query modes
 * (--fields, --run-fields, --count, --per, --catalog) print records or
 * catalog entries as tab separated lines for scripts, so that nothing
 * else parses the records. --known-issues FILE checks the release gate's
 * known-issues file and holds runs against it; --escape-html is the
 * views' HTML escaping as a filter, for the release notes.
 *
 * Exit value: 0 the views were written, 2 usage error or a file could not
 * be read or written. With --compare: 0 no new failure, 1 new failures.
 * With --flakes: 0 every verdict the same, 1 some differed, 2 a file
 * missing or holding a malformed line. A query: 0 something was
 * selected, 1 nothing was, 2 usage error or an unreadable file.
 * --known-issues: 0 the file is good (with --failures: and every failure
 * of the run is in it), 1 (--failures) some failure is not, 2 usage
 * error, a bad line or an unreadable file.
 */
#include <getopt.h>
#include <regex.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "known.h"
#include "markup.h"
#include "query.h"
#include "records.h"
#include "strbuf.h"
#include "views.h"

enum {
	OPT_JUNIT = 256, OPT_COMPARE, OPT_FLAKES, OPT_TAG, OPT_TAG_REGEX,
	OPT_CLASS, OPT_LAST, OPT_FIELDS, OPT_RUN_FIELDS, OPT_COUNT, OPT_PER,
	OPT_CATALOG, OPT_RUNTEST_DIR, OPT_KCIDB, OPT_KCIDB_ORIGIN,
	OPT_KCIDB_CHECKOUT, OPT_KCIDB_TREE, OPT_KNOWN_ISSUES,
	OPT_CHECK_FLAVOURS, OPT_FAILURES, OPT_ESCAPE_HTML,
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ltp-report [-p] [-l LOG] [-C FAILED] [-T TCONF] [-g HTML] [-j JSON]\n"
		"                  [--junit XML] [-K DIR] RECORDS\n"
		"       ltp-report --compare OLD_RECORDS NEW_RECORDS\n"
		"       ltp-report --flakes RUN RUN...   (records files or ltp-vm outputs)\n"
		"       ltp-report [SELECT] --fields LIST|--count|--per class|runtest RECORDS\n"
		"       ltp-report --run-fields LIST RECORDS\n"
		"       ltp-report --catalog CATALOG [--tag T] [--tag-regex ERE] [--fields LIST|--count]\n"
		"       ltp-report --kcidb FILE [--kcidb-origin O] [--kcidb-checkout ID]\n"
		"                  [--kcidb-tree T] [--runtest-dir DIR] [NAME=]RECORDS...\n"
		"       ltp-report --known-issues FILE [--check-flavours LIST] [NAME=RECORDS...]\n"
		"       ltp-report --known-issues FILE [--check-flavours LIST] --failures NAME RECORDS\n"
		"       ltp-report --escape-html < TEXT > HTML\n"
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
		"  --kcidb      KernelCI's KCIDB JSON (schema 5.3): one checkout, one\n"
		"               build per RECORDS (NAME: its config_name, default the\n"
		"               kernel release), one test per record (doc/kcidb.md)\n"
		"  --flakes     the tests whose verdict differs between runs of the\n"
		"               same tests, with each verdict's output; exit 1 when\n"
		"               there are some\n"
		"Queries print tab separated lines (doc/ltp-report.md):\n"
		"  --fields LIST      members of each selected test record (default tag,class)\n"
		"  --count            the number of selected test records\n"
		"  --per class        selected records per class: CLASS COUNT\n"
		"  --per runtest      per runtest file: NAME TOTAL PASS FAIL BROKEN WARNING SKIPPED\n"
		"  --runtest-dir DIR  read the run's runtest files from DIR (a guest's run)\n"
		"  --run-fields LIST  one line about the run (version, outcome, totals...)\n"
		"  --catalog FILE     the test catalog (metadata/ltp.json) instead of records\n"
		"SELECT: --tag TAG (repeatable), --tag-regex ERE, --class LIST (comma\n"
		"separated), --last (only each tag's last record, before --class)\n"
		"The release gate's known issues (release/gate/known-issues):\n"
		"  --known-issues FILE    check FILE, print its entries: FLAVOUR TAG CLASS\n"
		"                         LINK REASON OCCURRED (the NAMEs whose records it\n"
		"                         excuses)\n"
		"  --check-flavours LIST  the names FLAVOUR may take besides * (blank\n"
		"                         separated)\n"
		"  --failures NAME        the fail and broken records of the run NAME:\n"
		"                         CLASS TAG LINK REASON, LINK - when not known;\n"
		"                         exit 1 when some is not\n"
		"  --escape-html          stdin to stdout escaped as the views escape text\n");
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

/* origin: what the KCIDB schema allows, [a-z0-9_]+ */
static int bad_origin(const char *s)
{
	if (!*s)
		return 1;
	for (; *s; s++) {
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		      *s == '_'))
			return 1;
	}
	return 0;
}

/*
 * --kcidb: each argument is RECORDS or NAME=RECORDS, one build each; the
 * checkout is named after the suite and the first run's start unless
 * given.
 */
static int kcidb(struct kcidb_opts *o, const char *path, char **args,
		 size_t n)
{
	struct kcidb_run *runs = xmalloc(n * sizeof(*runs));
	struct strbuf id = STRBUF_INIT;
	time_t start;
	char stamp[32];
	char *eq;
	size_t i;

	if (bad_origin(o->origin)) {
		fprintf(stderr, "ltp-report: --kcidb-origin '%s': KCIDB origins are lower-case letters, digits and '_'\n",
			o->origin);
		return 2;
	}
	for (i = 0; i < n; i++) {
		eq = strchr(args[i], '=');
		runs[i].name = NULL;
		/* NAME=: a name has no '/', a path may have '=' */
		if (eq && eq != args[i] &&
		    !memchr(args[i], '/', eq - args[i])) {
			*eq = '\0';
			runs[i].name = args[i];
			args[i] = eq + 1;
		}
		if (records_load(args[i], &runs[i].rr))
			return 2;
		if (!runs[i].name)
			runs[i].name = *runs[i].rr.kernel ? runs[i].rr.kernel :
							    args[i];
	}
	if (!o->checkout) {
		start = run_start(&runs[0].rr);
		strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", gmtime(&start));
		sb_printf(&id, "ltp-%s-%s", *runs[0].rr.version ?
			  runs[0].rr.version : "unknown", stamp);
		o->checkout = id.buf;
	}
	if (!o->comment)
		o->comment = "LTP-style kernel test suite run";
	/* the records are freed with the process */
	return view_kcidb(o, runs, n, path) ? 2 : 0;
}

/* --known-issues FILE: its entries, or with --failures one run's verdicts. */
static int known(const char *path, const char *flavours, const char *name,
		 int other_modes, int nargs, char *const *args)
{
	struct known_issues ki;

	if (other_modes || (name && nargs != 1)) {
		fprintf(stderr, "ltp-report: --known-issues takes only --check-flavours, and --failures NAME with one records file or NAME=RECORDS files without it\n");
		return 2;
	}
	if (known_issues_load(path, flavours, &ki))
		return 2;
	/* the entries are freed with the process */
	if (name)
		return known_failures(&ki, name, args[0]);
	return known_entries(&ki, args, nargs);
}

static int escape_html(int other_options, int nargs)
{
	if (other_options || nargs) {
		fprintf(stderr, "ltp-report: --escape-html reads stdin and takes nothing else\n");
		return 2;
	}
	return markup_escape_stream(stdin, stdout) ? 2 : 0;
}

/* The query modes: one thing to print, from one file. */
static int query(const struct query *q, const char *catalog, int queries,
		 int other_modes, int nfiles, char *const *files)
{
	struct run_records rr;

	if (other_modes || queries > 1 || (!queries && !catalog) ||
	    (q->run_fields && (q->tags_n || q->have_tag_re || q->class_mask ||
			       q->last))) {
		fprintf(stderr, "ltp-report: a query prints one of --fields, --count, --per or --run-fields (--run-fields selects nothing), and makes no view\n");
		usage(stderr);
		return 2;
	}
	if (catalog) {
		if (nfiles || q->run_fields || q->per || q->class_mask ||
		    q->last) {
			fprintf(stderr, "ltp-report: --catalog takes no records file and only --tag, --tag-regex, --fields or --count\n");
			return 2;
		}
		return query_catalog(q, catalog);
	}
	if (nfiles != 1) {
		fprintf(stderr, "ltp-report: a query reads one records file\n");
		return 2;
	}
	if (records_load(files[0], &rr))
		return 2;
	return query_records(q, &rr);
}

int main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "junit", required_argument, NULL, OPT_JUNIT },
		{ "compare", no_argument, NULL, OPT_COMPARE },
		{ "flakes", no_argument, NULL, OPT_FLAKES },
		{ "tag", required_argument, NULL, OPT_TAG },
		{ "tag-regex", required_argument, NULL, OPT_TAG_REGEX },
		{ "class", required_argument, NULL, OPT_CLASS },
		{ "last", no_argument, NULL, OPT_LAST },
		{ "fields", required_argument, NULL, OPT_FIELDS },
		{ "run-fields", required_argument, NULL, OPT_RUN_FIELDS },
		{ "count", no_argument, NULL, OPT_COUNT },
		{ "per", required_argument, NULL, OPT_PER },
		{ "catalog", required_argument, NULL, OPT_CATALOG },
		{ "runtest-dir", required_argument, NULL, OPT_RUNTEST_DIR },
		{ "kcidb", required_argument, NULL, OPT_KCIDB },
		{ "kcidb-origin", required_argument, NULL, OPT_KCIDB_ORIGIN },
		{ "kcidb-checkout", required_argument, NULL, OPT_KCIDB_CHECKOUT },
		{ "kcidb-tree", required_argument, NULL, OPT_KCIDB_TREE },
		{ "known-issues", required_argument, NULL, OPT_KNOWN_ISSUES },
		{ "check-flavours", required_argument, NULL, OPT_CHECK_FLAVOURS },
		{ "failures", required_argument, NULL, OPT_FAILURES },
		{ "escape-html", no_argument, NULL, OPT_ESCAPE_HTML },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *log = NULL, *failed = NULL, *tconf = NULL, *html = NULL;
	const char *json = NULL, *junit = NULL, *dmesg = NULL;
	const char *catalog = NULL, *kcidb_file = NULL;
	const char *known_file = NULL, *flavours = NULL, *failures = NULL;
	struct kcidb_opts ko = { "ltp", NULL, "debian", NULL, NULL };
	struct run_records rr;
	struct query q;
	int c, pretty = 0, bad = 0, cmp = 0, flk = 0, views, queries;
	int selects = 0, escape = 0, others;

	memset(&q, 0, sizeof(q));

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
		case OPT_TAG:
			q.tags = xrealloc(q.tags, (q.tags_n + 1) *
					  sizeof(*q.tags));
			q.tags[q.tags_n++] = optarg;
			selects = 1;
			break;
		case OPT_TAG_REGEX:
			if (q.have_tag_re ||
			    regcomp(&q.tag_re, optarg, REG_EXTENDED | REG_NOSUB)) {
				fprintf(stderr, "ltp-report: --tag-regex '%s': %s\n",
					optarg, q.have_tag_re ? "only one, please" :
					"not an extended regular expression");
				return 2;
			}
			q.have_tag_re = 1;
			selects = 1;
			break;
		case OPT_CLASS:
			if (query_classes(&q, optarg))
				return 2;
			selects = 1;
			break;
		case OPT_LAST:
			q.last = 1;
			selects = 1;
			break;
		case OPT_FIELDS:
			q.fields = optarg;
			break;
		case OPT_RUN_FIELDS:
			q.run_fields = optarg;
			break;
		case OPT_COUNT:
			q.count = 1;
			break;
		case OPT_PER:
			if (strcmp(optarg, "class") && strcmp(optarg, "runtest")) {
				fprintf(stderr, "ltp-report: --per class or --per runtest, not '%s'\n",
					optarg);
				return 2;
			}
			q.per = optarg;
			break;
		case OPT_CATALOG:
			catalog = optarg;
			break;
		case OPT_RUNTEST_DIR:
			q.runtest_dir = optarg;
			break;
		case OPT_KCIDB:
			kcidb_file = optarg;
			break;
		case OPT_KCIDB_ORIGIN:
			ko.origin = optarg;
			break;
		case OPT_KCIDB_CHECKOUT:
			ko.checkout = optarg;
			break;
		case OPT_KCIDB_TREE:
			ko.tree = optarg;
			break;
		case OPT_KNOWN_ISSUES:
			known_file = optarg;
			break;
		case OPT_CHECK_FLAVOURS:
			flavours = optarg;
			break;
		case OPT_FAILURES:
			failures = optarg;
			break;
		case OPT_ESCAPE_HTML:
			escape = 1;
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
	queries = !!q.fields + !!q.run_fields + q.count + !!q.per;
	others = views || queries || selects || catalog || q.runtest_dir ||
		 cmp || flk || kcidb_file || pretty;
	if (escape)
		return escape_html(others || known_file || flavours || failures,
				   argc - optind);
	if (known_file)
		return known(known_file, flavours, failures, others,
			     argc - optind, argv + optind);
	if (flavours || failures) {
		fprintf(stderr, "ltp-report: --check-flavours and --failures go with --known-issues FILE\n");
		return 2;
	}
	if (kcidb_file) {
		if (views || queries || selects || catalog || cmp || flk ||
		    optind == argc) {
			fprintf(stderr, "ltp-report: --kcidb takes one or more records files and only the --kcidb-* and --runtest-dir options\n");
			return 2;
		}
		ko.runtest_dir = q.runtest_dir;
		return kcidb(&ko, kcidb_file, argv + optind, argc - optind);
	}
	if (queries || selects || catalog || q.runtest_dir)
		return query(&q, catalog, queries, views || cmp || flk,
			     argc - optind, argv + optind);
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

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ltp-pan: the executor. Reads runtest files, runs each selected test
 * (see run_one.h), and appends one result record per test to the records
 * file as soon as it ends. The records are the one source of truth; the
 * log, lists and HTML views are made from them by ltp-report.
 *
 * Exit value: 0 no test failed or broke, 1 some did, 2 usage or runtest
 * error (nothing run), 3 the -s filter selected nothing, 130 interrupted.
 */
#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel_health.h"
#include "record.h"
#include "run_one.h"
#include "runtest.h"
#include "strbuf.h"

#define DEFAULT_TIMEOUT	900.0

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ltp-pan [-q] [-s REGEX] [-d TMPBASE] [-t SECS] [-m MIRROR]\n"
		"               -r RECORDS RUNTEST_FILE...\n"
		"  -q          print only one line per test, not its output\n"
		"  -s REGEX    run only tests whose tag or command matches (POSIX ERE)\n"
		"  -d TMPBASE  make per-test TMPDIRs here (default $TMPDIR or /tmp)\n"
		"  -t SECS     kill a test after SECS (default 900 x $LTP_TIMEOUT_MUL)\n"
		"  -m MIRROR   also write every record line to MIRROR (a serial port)\n"
		"  -r RECORDS  append the JSON-lines result records to RECORDS\n");
}

static double timeout_mul(void)
{
	const char *s = getenv("LTP_TIMEOUT_MUL");
	double mul;
	char *end;

	if (!s || !*s)
		return 1.0;
	mul = strtod(s, &end);
	if (*end || !(mul >= 1.0)) {
		fprintf(stderr, "ltp-pan: LTP_TIMEOUT_MUL=%s is not a number >= 1, using 1\n",
			s);
		return 1.0;
	}
	return mul;
}

/* The installed suite's Version file, "unknown" without LTPROOT. */
static char *suite_version(void)
{
	const char *root = getenv("LTPROOT");
	struct strbuf path = STRBUF_INIT;
	char line[128] = "unknown";
	FILE *f;

	if (root && *root) {
		sb_printf(&path, "%s/Version", root);
		f = fopen(path.buf, "re");
		if (f) {
			if (!fgets(line, sizeof(line), f))
				strcpy(line, "unknown");
			line[strcspn(line, "\r\n")] = '\0';
			fclose(f);
		}
	}
	sb_free(&path);
	return xstrdup(line);
}

/* $LTPROOT/testcases/bin first, so tests find each other and helpers. */
static char *test_path(void)
{
	const char *root = getenv("LTPROOT"), *path = getenv("PATH");
	struct strbuf sb = STRBUF_INIT;

	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin";
	if (root && *root)
		sb_printf(&sb, "%s/testcases/bin:", root);
	sb_adds(&sb, path);
	return sb_detach(&sb);
}

static int select_tests(struct test_list *all, const char *pattern)
{
	regex_t re;
	size_t i, kept = 0;
	char msg[256];
	int err;

	err = regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB);
	if (err) {
		regerror(err, &re, msg, sizeof(msg));
		fprintf(stderr, "ltp-pan: bad -s regex \"%s\": %s\n", pattern,
			msg);
		exit(2);
	}
	for (i = 0; i < all->n; i++) {
		if (!regexec(&re, all->v[i].tag, 0, NULL, 0) ||
		    !regexec(&re, all->v[i].cmd, 0, NULL, 0))
			all->v[kept++] = all->v[i];
	}
	regfree(&re);
	all->n = kept;
	if (!kept) {
		fprintf(stderr, "ltp-pan: no test matches %s\n", pattern);
		exit(3);
	}
	return 0;
}

struct totals {
	unsigned int n[RC_COUNT];
	unsigned int ran;
};

static void print_result_line(const struct test_entry *t,
			      const struct test_result *r)
{
	printf("%-32s  %s  %7.2fs", t->tag, rc_label(r->rc), r->duration);
	if (r->rc != RC_PASS && r->reason.len)
		printf("  %s", r->reason.buf);
	putchar('\n');
	fflush(stdout);
}

static void print_totals(const struct totals *tot, int interrupted)
{
	printf("\nltp-pan: %u tests%s: pass %u, fail %u, broken %u, warning %u, skipped %u\n",
	       tot->ran, interrupted ? " (interrupted)" : "",
	       tot->n[RC_PASS], tot->n[RC_FAIL], tot->n[RC_BROKEN],
	       tot->n[RC_WARNING], tot->n[RC_SKIPPED]);
	fflush(stdout);
}

static int run_all(struct test_list *tests, struct run_opts *o,
		   struct totals *tot)
{
	struct test_result r;
	size_t i;
	int ret;

	for (i = 0; i < tests->n && !runner_interrupted(); i++) {
		const struct test_entry *t = &tests->v[i];

		if (!o->quiet) {
			printf("==== %s: %s\n", t->tag, t->cmd);
			fflush(stdout);
		}
		memset(&r, 0, sizeof(r));
		ret = run_one(t, o, &r);
		if (ret == 1) {
			test_result_free(&r);
			return 1;
		}
		if (ret < 0) {
			/* could not even start it: the runner's problem */
			r.rc = RC_BROKEN;
			r.taint_after = r.taint_before;
		} else {
			classify(&r);
		}
		record_test(t, &r);
		print_result_line(t, &r);
		tot->n[r.rc]++;
		tot->ran++;
		test_result_free(&r);
	}
	return runner_interrupted();
}

int main(int argc, char *argv[])
{
	const char *pattern = NULL, *records = NULL, *mirror = NULL;
	struct test_list tests = { NULL, 0, 0 };
	struct kmsg_watch kmsg;
	struct run_opts o;
	struct totals tot;
	unsigned int problems = 0;
	struct stat st;
	char *end, *version;
	int c, i, interrupted;

	memset(&o, 0, sizeof(o));
	o.timeout = DEFAULT_TIMEOUT * timeout_mul();
	o.tmpbase = getenv("TMPDIR");
	if (!o.tmpbase || !*o.tmpbase)
		o.tmpbase = "/tmp";

	while ((c = getopt(argc, argv, "+qs:d:t:m:r:h")) != -1) {
		switch (c) {
		case 'q':
			o.quiet = 1;
			break;
		case 's':
			pattern = optarg;
			break;
		case 'd':
			o.tmpbase = optarg;
			break;
		case 't':
			o.timeout = strtod(optarg, &end);
			if (*end || end == optarg || !(o.timeout > 0)) {
				fprintf(stderr, "ltp-pan: -t %s: want a number of seconds > 0\n",
					optarg);
				return 2;
			}
			break;
		case 'm':
			mirror = optarg;
			break;
		case 'r':
			records = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (!records || optind >= argc) {
		fprintf(stderr, "ltp-pan: %s\n", records ?
			"no runtest file given" : "no records file given (-r)");
		usage(stderr);
		return 2;
	}

	/* every runtest file is checked before anything runs */
	for (i = optind; i < argc; i++)
		problems += runtest_load(argv[i], &tests);
	if (problems) {
		fprintf(stderr, "ltp-pan: %u problem%s in runtest files, nothing run\n",
			problems, problems > 1 ? "s" : "");
		return 2;
	}
	if (pattern)
		select_tests(&tests, pattern);
	if (stat(o.tmpbase, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "ltp-pan: temporary base %s is not a directory\n",
			o.tmpbase);
		return 2;
	}
	if (record_open(records, mirror))
		return 2;

	o.path = test_path();
	kh_open(&kmsg);
	o.kmsg = &kmsg;
	runner_init();

	version = suite_version();
	record_run(version, argv + optind, argc - optind);
	memset(&tot, 0, sizeof(tot));
	interrupted = run_all(&tests, &o, &tot);
	record_end(interrupted);
	print_totals(&tot, interrupted);
	if (interrupted)
		return 130;
	return tot.n[RC_FAIL] || tot.n[RC_BROKEN] ? 1 : 0;
}

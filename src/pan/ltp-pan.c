// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ltp-pan: the executor. Reads runtest files, plans the run (selection,
 * skip list, iterations, order), runs each test under a runner of its own
 * (worker.h), up to -x N at a time, and appends one result record per
 * test to the records file as soon as it ends. The records are the one
 * source of truth; the views are made from them by ltp-report.
 *
 * Exit value: 0 no test failed or broke, 1 some did, 2 usage or runtest
 * error (nothing run), 3 the -s filter selected nothing, 4 the records
 * could not be written (the run stopped), 130 interrupted.
 */
#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel_health.h"
#include "plan.h"
#include "progress.h"
#include "record.h"
#include "resume.h"
#include "run_one.h"
#include "runtest.h"
#include "scheduler.h"
#include "skip_list.h"
#include "strbuf.h"

#define MAX_WORKERS	256
#define MAX_ITERATIONS	100000

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ltp-pan [-q] [-c] [-K] [-s REGEX] [-S SKIPFILE] [-d TMPBASE]\n"
		"               [-t SECS] [-D SECS [-L]] [-I N] [-x N] [-R SEED]\n"
		"               [-o TAG=SECS]... [-m MIRROR] [-P PID] -r RECORDS RUNTEST_FILE...\n"
		"  -q          print only one line per test, not its output\n"
		"  -c          continue RECORDS: run only the tests it has no record of\n"
		"  -K          keep every kernel log line of each test in its record\n"
		"  -s REGEX    run only tests whose tag or command matches (POSIX ERE)\n"
		"  -S SKIPFILE record the tests it lists (\"TAG [why]\", TAG may be a\n"
		"              shell pattern) as skipped without running them\n"
		"  -d TMPBASE  make per-test TMPDIRs here (default $TMPDIR or /tmp)\n"
		"  -t SECS     kill any test after SECS (default: from its metadata,\n"
		"              else 900; both times $LTP_TIMEOUT_MUL)\n"
		"  -D SECS     start no test after SECS of running\n"
		"  -L          with -D: run the tests again and again, round after\n"
		"              round, until the time limit (runltp -t)\n"
		"  -I N        run the tests N times\n"
		"  -x N        run up to N tests at a time (exclusive ones alone)\n"
		"  -R SEED     run the tests in a random order made from SEED\n"
		"  -o TAG=SECS give tests matching TAG (a shell pattern) SECS\n"
		"  -m MIRROR   also write every record line to MIRROR (a serial port)\n"
		"  -P PID      our parent (runltp): when it dies, end the run as\n"
		"              interrupted and remove TMPBASE if empty\n"
		"  -r RECORDS  append the JSON-lines result records to RECORDS\n");
}

static void __attribute__((noreturn)) bad_value(char opt, const char *val,
						const char *want)
{
	fprintf(stderr, "ltp-pan: -%c %s: want %s\n", opt, val, want);
	exit(2);
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

static double seconds(char opt, const char *s)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !(v > 0) || v > 1e9)
		bad_value(opt, s, "a number of seconds > 0");
	return v;
}

static unsigned long count_arg(char opt, const char *s, unsigned long max)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v < 1 || v > max) {
		char want[64];

		snprintf(want, sizeof(want), "a whole number from 1 to %lu", max);
		bad_value(opt, s, want);
	}
	return v;
}

static unsigned long long seed_arg(const char *s)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s == '-')
		bad_value('R', s, "a whole number from 0 to 18446744073709551615");
	return v;
}

static void add_override(struct timeout_override **ov, size_t *n,
			 const char *arg)
{
	const char *eq = strrchr(arg, '=');
	char *glob;

	if (!eq || eq == arg)
		bad_value('o', arg, "TAG=SECS");
	glob = xstrndup(arg, eq - arg);
	*ov = xrealloc(*ov, (*n + 1) * sizeof(**ov));
	(*ov)[*n].glob = glob;
	(*ov)[*n].secs = seconds('o', eq + 1);
	(*n)++;
}

/* The installed suite's Version file, "unknown" without LTPROOT. */
/* The first line of ROOT/Version into line; 0, or -1 when unreadable. */
static int read_version(const char *root, char *line, size_t size)
{
	struct strbuf path = STRBUF_INIT;
	FILE *f;
	int ret = -1;

	sb_printf(&path, "%s/Version", root);
	f = fopen(path.buf, "re");
	if (f) {
		if (fgets(line, size, f)) {
			line[strcspn(line, "\r\n")] = '\0';
			ret = 0;
		}
		fclose(f);
	}
	sb_free(&path);
	return ret;
}

/*
 * The suite's version: $LTPROOT/Version, else (ltp-pan run by hand,
 * without LTPROOT) the Version of the suite this binary is installed in,
 * ROOT/bin/ltp-pan.
 */
static char *suite_version(void)
{
	const char *root = getenv("LTPROOT");
	char line[128], exe[4096], *slash;
	ssize_t n;

	if (root && *root && !read_version(root, line, sizeof(line)))
		return xstrdup(line);
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			slash = strrchr(exe, '/');
		}
		if (slash) {
			*slash = '\0';
			if (!read_version(*exe ? exe : "/", line, sizeof(line)))
				return xstrdup(line);
		}
	}
	return xstrdup("unknown");
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

static void select_tests(struct test_list *all, const char *pattern)
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
}

/* A skip list entry that matches nothing is most likely a typo. */
static void warn_unused(const struct skip_list *sl)
{
	size_t i;

	for (i = 0; i < sl->n; i++) {
		if (!sl->v[i].used)
			fprintf(stderr, "ltp-pan: %s:%u: warning: \"%s\" matches no test of this run\n",
				sl->path, sl->v[i].line, sl->v[i].glob);
	}
}

static void print_totals(const struct sched_totals *tot, long earlier)
{
	printf("\nltp-pan: %u tests%s: pass %u, fail %u, broken %u, warning %u, skipped %u\n",
	       tot->ran, tot->interrupted ? " (interrupted)" : "",
	       tot->n[RC_PASS], tot->n[RC_FAIL], tot->n[RC_BROKEN],
	       tot->n[RC_WARNING], tot->n[RC_SKIPPED]);
	if (earlier > 0)
		printf("ltp-pan: %ld tests of the plan had run before\n", earlier);
	if (tot->stopped && !strcmp(tot->stopped, "time_limit"))
		printf("ltp-pan: time limit reached: %zu tests not run\n",
		       tot->not_run);
	fflush(stdout);
}

/*
 * -P PID: runltp, killed with SIGKILL, cannot pass anything on; without
 * this its ltp-pan would run on as an orphan beside a --resume of the
 * same run. The kernel sends us SIGTERM when the parent dies, which ends
 * the run as SIGTERM does (tests killed, end record "interrupted").
 * Checked after setting it: the parent may have died before.
 */
static void die_with_parent(pid_t parent)
{
	if (prctl(PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0))
		perror("ltp-pan: prctl(PR_SET_PDEATHSIG)");
	if (getppid() == parent)
		return;
	if (kill(parent, 0) && errno == ESRCH) {
		raise(SIGTERM);
		return;
	}
	fprintf(stderr, "ltp-pan: -P %d is not our parent (%d): the run will not end when %d dies\n",
		(int)parent, (int)getppid(), (int)parent);
}

/*
 * The parent that made TMPBASE for this run is gone and cannot remove
 * it: we do, when our tests left it empty.
 */
static void orphan_cleanup(pid_t parent, const char *tmpbase)
{
	if (parent > 0 && getppid() != parent)
		rmdir(tmpbase);
}

/*
 * LTP_PAN_STATS=1: what the executor itself cost (not its tests or
 * runners), for tests/bench/pan-overhead.
 */
static void print_own_cost(void)
{
	struct rusage ru;

	if (!getenv("LTP_PAN_STATS") || getrusage(RUSAGE_SELF, &ru))
		return;
	fprintf(stderr, "ltp-pan: own cpu %.6f s (user %.6f, system %.6f), peak memory %ld kB\n",
		ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
		ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6,
		ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6,
		ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6, ru.ru_maxrss);
}

int main(int argc, char *argv[])
{
	const char *pattern = NULL, *records = NULL, *mirror = NULL;
	const char *skip_path = NULL;
	struct test_list tests = { NULL, 0, 0 };
	struct timeout_override *ov = NULL;
	struct skip_list skips;
	struct kmsg_watch kmsg;
	struct sched_opts so;
	struct sched_totals tot;
	struct run_info ri;
	struct plan plan;
	unsigned int problems = 0, iterations = 1, earlier_failed = 0;
	unsigned long long seed = 0;
	int c, i, shuffle = 0, resume = 0;
	long earlier = 0;
	pid_t parent = 0;
	size_t n_ov = 0;
	struct stat st;

	memset(&so, 0, sizeof(so));
	memset(&ri, 0, sizeof(ri));
	so.workers = 1;
	so.mul = timeout_mul();
	so.run.tmpbase = getenv("TMPDIR");
	if (!so.run.tmpbase || !*so.run.tmpbase)
		so.run.tmpbase = "/tmp";

	while ((c = getopt(argc, argv, "+qcKs:S:d:t:D:LI:x:R:o:m:P:r:h")) != -1) {
		switch (c) {
		case 'q':
			so.quiet = 1;
			break;
		case 'c':
			resume = 1;
			break;
		case 'K':
			so.run.dmesg = 1;
			break;
		case 's':
			pattern = optarg;
			break;
		case 'S':
			skip_path = optarg;
			break;
		case 'd':
			so.run.tmpbase = optarg;
			break;
		case 't':
			so.timeout = seconds('t', optarg);
			break;
		case 'D':
			so.time_limit = seconds('D', optarg);
			break;
		case 'L':
			so.repeat = 1;
			break;
		case 'I':
			iterations = count_arg('I', optarg, MAX_ITERATIONS);
			break;
		case 'x':
			so.workers = count_arg('x', optarg, MAX_WORKERS);
			break;
		case 'R':
			seed = seed_arg(optarg);
			shuffle = 1;
			break;
		case 'o':
			add_override(&ov, &n_ov, optarg);
			break;
		case 'm':
			mirror = optarg;
			break;
		case 'P':
			parent = count_arg('P', optarg, 4194304);
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

	/* -L rounds are the iterations, and end at the time limit */
	if (so.repeat && (!so.time_limit || iterations > 1 || resume)) {
		fprintf(stderr, "ltp-pan: -L needs -D, and goes with neither -I nor -c\n");
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
	if (skip_path && skip_list_load(skip_path, &skips))
		return 2;
	if (pattern)
		select_tests(&tests, pattern);
	plan_build(&plan, &tests, iterations, shuffle, seed, ov, n_ov);
	if (skip_path) {
		plan_apply_skips(&plan, &skips);
		warn_unused(&skips);
	}
	if (stat(so.run.tmpbase, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "ltp-pan: temporary base %s is not a directory\n",
			so.run.tmpbase);
		return 2;
	}
	/* locked before it is read: a live run's records are not resumed */
	if (record_open(records, mirror, resume))
		return 2;
	if (resume) {
		earlier = resume_mark_done(records, &plan, &earlier_failed);
		if (earlier < 0)
			return 2;
	}

	so.run.path = test_path();
	kh_open(&kmsg);
	so.run.kmsg = &kmsg;
	runner_init();
	if (parent)
		die_with_parent(parent);
	progress_init(so.repeat ? 0 : plan.n - earlier, so.workers, so.quiet);

	ri.version = suite_version();
	ri.runtest = argv + optind;
	ri.runtest_n = argc - optind;
	ri.planned = plan.n;
	ri.plan_id = plan.id;
	ri.iterations = iterations;
	ri.workers = so.workers;
	ri.shuffled = shuffle;
	ri.seed = seed;
	ri.resumed = resume;
	ri.skip_list = skip_path;
	record_run(&ri);
	memset(&tot, 0, sizeof(tot));
	if (record_failed())
		tot.stopped = "records";
	else
		schedule_run(&plan, &so, &tot);
	progress_finish();
	record_end(tot.interrupted, tot.stopped, tot.not_run);
	print_totals(&tot, earlier);
	print_own_cost();
	orphan_cleanup(parent, so.run.tmpbase);
	if (tot.interrupted)
		return 130;
	if (record_failed())
		return 4;
	return tot.n[RC_FAIL] || tot.n[RC_BROKEN] || earlier_failed ? 1 : 0;
}

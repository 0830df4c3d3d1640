// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The harness. The process that starts (the harness) checks requirements,
 * sets up the services (tmpdir, device, hugepages, sysctls), forks the test
 * into its own process group and waits with a timeout. Undoing the services
 * happens here, in the harness, so it also happens when the test times out
 * or crashes; the test's own cleanup() runs in the test process, once.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include "tst_lib.h"

#define DEFAULT_TIMEOUT 30

struct tst_test *tst_self;
const char *tst_name = "test";
pid_t tst_main_pid;
pid_t tst_harness_pid;
const char *tst_tmpdir_path;
unsigned int tst_iteration;

static unsigned int iterations = 1;
static unsigned int timeout_secs;	/* 0: unlimited */
static struct timespec start_time;
static volatile sig_atomic_t alarm_fired;
static volatile sig_atomic_t stop_signal;
static int services_up;

float tst_timeout_mul(void)
{
	const char *env = getenv("LTP_TIMEOUT_MUL");
	char *end;
	float mul;

	if (!env || !*env)
		return 1.0;
	mul = strtof(env, &end);
	if (*end || mul <= 0)
		tst_brk(TBROK, "LTP_TIMEOUT_MUL='%s' is not a positive number",
			env);
	return mul < 1.0 ? 1.0 : mul;
}

unsigned long tst_env_ulong(const char *name, unsigned long def)
{
	const char *env = getenv(name);
	unsigned long val;
	char *end;

	if (!env || !*env)
		return def;
	errno = 0;
	val = strtoul(env, &end, 0);
	if (*end || errno || *env == '-')
		tst_brk(TBROK, "%s='%s' is not a number", name, env);
	return val;
}

unsigned int tst_remaining_runtime(void)
{
	struct timespec now;
	long elapsed;

	if (!timeout_secs)
		return UINT32_MAX;
	clock_gettime(CLOCK_MONOTONIC, &now);
	elapsed = now.tv_sec - start_time.tv_sec;
	return elapsed >= (long)timeout_secs ? 0 : timeout_secs - elapsed;
}

/*
 * Whether the test needs the machine to itself. A device test shares it
 * when its device is a loop device of its own (the library takes a free
 * one, retrying when another test takes it first), not when LTP_DEV names
 * one device for every test.
 */
static int is_exclusive(const struct tst_test *t)
{
	const char *dev = getenv("LTP_DEV");
	int shared_dev = (t->needs_device || t->mount_device) && dev && *dev;

	/* The matrix: mkfs of nine filesystems, images up to 300 MB. */
	return t->exclusive || shared_dev || t->hugepages.number ||
	       t->save_restore || t->all_filesystems;
}

/* A JSON string: only metadata from the source, escaped all the same. */
static void print_json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", (unsigned char)*s);
		else
			putchar(*s);
	}
	putchar('"');
}

static void print_meta_flag(const char *key, int val)
{
	if (val)
		printf(",\"%s\":true", key);
}

static void print_meta_str(const char *key, const char *val)
{
	if (!val)
		return;
	printf(",\"%s\":", key);
	print_json_str(val);
}

static void print_meta_strs(const char *key, const char *const *vals)
{
	const char *sep = "";

	if (!vals || !*vals)
		return;
	printf(",\"%s\":[", key);
	for (; *vals; vals++) {
		printf("%s", sep);
		print_json_str(*vals);
		sep = ",";
	}
	printf("]");
}

/* Machine-readable metadata for the executor (-M). */
static void print_metadata(const struct tst_test *t)
{
	const struct tst_tag *tag;
	const char *sep = "";
	int timeout = t->timeout ? t->timeout : DEFAULT_TIMEOUT;

	if (t->all_filesystems && timeout > 0)
		timeout = tst_fs_matrix_timeout(t, timeout);
	printf("{\"name\":\"%s\",\"needs_root\":%s,\"exclusive\":%s,"
	       "\"needs_device\":%s,\"timeout\":%d,",
	       tst_name, t->needs_root ? "true" : "false",
	       is_exclusive(t) ? "true" : "false",
	       t->needs_device || t->mount_device || t->all_filesystems ?
	       "true" : "false", timeout);
	if (t->expected_taint)
		printf("\"expected_taint\":\"%s\",", t->expected_taint);
	printf("\"tags\":[");
	for (tag = t->tags; tag && tag->name; tag++) {
		printf("%s[\"%s\",\"%s\"]", sep, tag->name, tag->value);
		sep = ",";
	}
	printf("]");
	/* The rest is for the catalog (metadata/ltp.json): set fields only. */
	if (t->all_filesystems)
		tst_fs_matrix_print_meta(t);
	print_meta_flag("format_device", t->format_device);
	print_meta_flag("mount_device", t->mount_device);
	print_meta_flag("needs_tmpdir", t->needs_tmpdir);
	print_meta_flag("forks_child", t->forks_child);
	print_meta_flag("needs_checkpoints", t->needs_checkpoints);
	if (t->mount_device)
		print_meta_str("mntpoint", t->mntpoint ? t->mntpoint : "mntpoint");
	print_meta_str("dev_fs_type", t->format_device ? t->dev_fs_type : NULL);
	print_meta_str("min_kver", t->min_kver);
	print_meta_str("needs_fs_type", t->needs_fs_type);
	print_meta_strs("needs_kconfigs", t->needs_kconfigs);
	print_meta_strs("needs_cmds", t->needs_cmds);
	if (t->min_cpus)
		printf(",\"min_cpus\":%u", t->min_cpus);
	if (t->min_mem_avail_mb)
		printf(",\"min_mem_avail\":%lu", t->min_mem_avail_mb);
	if (t->hugepages.number)
		printf(",\"hugepages\":%lu", t->hugepages.number);
	if (t->save_restore && t->save_restore->path) {
		const struct tst_path_val *pv;

		sep = "";
		printf(",\"save_restore\":[");
		for (pv = t->save_restore; pv->path; pv++) {
			printf("%s", sep);
			print_json_str(pv->path);
			sep = ",";
		}
		printf("]");
	}
	printf("}\n");
}

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: %s [-h] [-i N] [-M]\n"
		"  -h    this help\n"
		"  -i N  run the test functions N times (setup and cleanup once)\n"
		"  -M    print the test's metadata as JSON and exit\n"
		"Environment: TMPDIR, LTP_TIMEOUT_MUL, LTP_DEV, LTP_DEV_FS_TYPE,\n"
		"LTP_SINGLE_FS_TYPE, KCONFIG_PATH.\n", tst_name);
}

static void parse_opts(int argc, char *argv[])
{
	char *end;
	long val;
	int opt;

	while ((opt = getopt(argc, argv, "hi:M")) != -1) {
		switch (opt) {
		case 'h':
			usage(stdout);
			exit(0);
		case 'i':
			val = strtol(optarg, &end, 10);
			if (*end || val < 1 || val > 1000000) {
				fprintf(stderr, "%s: -i '%s': expected a count"
					" from 1 to 1000000\n", tst_name, optarg);
				exit(TBROK);
			}
			iterations = val;
			break;
		case 'M':
			print_metadata(tst_self);
			exit(0);
		default:
			usage(stderr);
			exit(TBROK);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument '%s'\n", tst_name,
			argv[optind]);
		usage(stderr);
		exit(TBROK);
	}
}

void tst_run_cleanup_once(void)
{
	if (__atomic_exchange_n(&tst_shared->cleanup_started, 1,
				__ATOMIC_SEQ_CST))
		return;
	if (tst_self && tst_self->cleanup)
		tst_self->cleanup();
}

static void print_tags_hint(void)
{
	const struct tst_tag *tag = tst_self ? tst_self->tags : NULL;

	if (!tag || !tag->name || !(tst_shared->failed || tst_shared->broken))
		return;
	printf("\nHINT: this test catches bugs fixed upstream by the commits"
	       " below;\nthe kernel under test may lack one of them:\n");
	for (; tag->name; tag++) {
		if (!strcmp(tag->name, "linux-git"))
			printf("  linux-git %s  (https://git.kernel.org/"
			       "torvalds/c/%s)\n", tag->value, tag->value);
		else
			printf("  %s %s\n", tag->name, tag->value);
	}
}

void tst_harness_exit(void)
{
	if (services_up) {
		services_up = 0;
		tst_device_release();
		tst_hugepages_restore();
		tst_sys_conf_restore();
	}
	if (tst_tmpdir_path)
		tst_tmpdir_remove(tst_tmpdir_path);
	fflush(stdout);
	print_tags_hint();
	fflush(stdout);
	tst_print_summary();
	exit(tst_exit_value());
}

static void run_test_functions(void)
{
	unsigned int n;

	for (tst_iteration = 0; tst_iteration < iterations; tst_iteration++) {
		if (tst_self->test_all) {
			tst_self->test_all();
		} else {
			for (n = 0; n < tst_self->tcnt; n++)
				tst_self->test(n);
		}
		if (tst_self->forks_child)
			tst_reap_children();
	}
}

static void __attribute__((noreturn)) test_process(void)
{
	signal(SIGALRM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	setpgid(0, 0);
	/* Never outlive the harness: it is what undoes the services. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != tst_harness_pid)
		_exit(TBROK);
	tst_main_pid = getpid();

	if (tst_self->all_filesystems) {
		if (chdir(tst_fs_mnt_path))
			tst_brk(TBROK | TERRNO, "chdir(%s)", tst_fs_mnt_path);
	} else if (tst_tmpdir_path && chdir(tst_tmpdir_path)) {
		tst_brk(TBROK | TERRNO, "chdir(%s)", tst_tmpdir_path);
	}
	if (tst_self->setup)
		tst_self->setup();
	run_test_functions();
	tst_run_cleanup_once();
	fflush(NULL);
	_exit(0);
}

static void on_alarm(int sig)
{
	(void)sig;
	alarm_fired = 1;
}

static void on_stop(int sig)
{
	stop_signal = sig;
}

static void check_test_status(int status)
{
	if (WIFSIGNALED(status)) {
		tst_res(TBROK, "test process killed by signal %s (%d)",
			tst_strsig(WTERMSIG(status)), WTERMSIG(status));
		return;
	}
	switch (WEXITSTATUS(status)) {
	case 0: case TFAIL: case TBROK: case TWARN: case TCONF:
		return;	/* results were counted when reported */
	}
	tst_res(TBROK, "test process exited with unexpected value %d",
		WEXITSTATUS(status));
}

/* Wait for the test; enforce the timeout and forward stop signals. */
static void wait_for_test(pid_t pid)
{
	int status, killed = 0;

	for (;;) {
		if (waitpid(pid, &status, 0) == pid)
			break;
		if (errno != EINTR)
			tst_brk(TBROK | TERRNO, "waitpid(%d)", pid);
		if (killed)
			continue;
		if (alarm_fired) {
			kill(-pid, SIGKILL);
			killed = 1;
			tst_res(TBROK, "test timed out after %u s and was "
				"killed with its process group; raise the test's"
				" .timeout or set LTP_TIMEOUT_MUL", timeout_secs);
		} else if (stop_signal) {
			kill(-pid, SIGKILL);
			killed = 1;
			tst_res(TBROK, "harness received %s, test killed",
				tst_strsig(stop_signal));
		}
	}
	alarm(0);
	/* Orphans the test left behind must not outlive the run. */
	kill(-pid, SIGKILL);
	if (!killed)
		check_test_status(status);
}

static void compute_timeout(void)
{
	double secs;

	if (tst_self->timeout == TST_UNLIMITED_TIMEOUT) {
		timeout_secs = 0;
		return;
	}
	secs = tst_self->timeout ? tst_self->timeout : DEFAULT_TIMEOUT;
	secs *= tst_timeout_mul() * iterations;
	timeout_secs = secs < 1 ? 1 : (unsigned int)(secs + 0.5);
}

static void setup_shared(void)
{
	void *mem = mmap(NULL, sizeof(struct tst_shared),
			 PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
			 -1, 0);

	if (mem == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap of the shared results page");
	tst_shared = mem;
}

static void check_struct(const struct tst_test *t)
{
	if (!t->test && !t->test_all)
		tst_brk(TBROK, "struct tst_test has neither test nor test_all");
	if (t->test && t->test_all)
		tst_brk(TBROK, "struct tst_test has both test and test_all");
	if (t->test && !t->tcnt)
		tst_brk(TBROK, "struct tst_test has test but tcnt is 0");
}

static void start_services(void)
{
	struct tst_test *t = tst_self;

	if (t->needs_tmpdir || t->needs_device || t->mount_device ||
	    t->mntpoint || t->all_filesystems)
		tst_tmpdir_path = tst_tmpdir_create();
	services_up = 1;
	if (t->save_restore)
		tst_sys_conf_save(t->save_restore);
	if (t->hugepages.number)
		tst_hugepages_reserve(t);
	if ((t->needs_device || t->format_device || t->mount_device) &&
	    !t->all_filesystems)
		tst_device_setup(t);
}

int tst_matrix_stop(void)
{
	return stop_signal;
}

/* One test process: fork it, wait with the timeout, check it reported. */
static void run_test_process(void)
{
	int before = tst_shared->passed + tst_shared->failed +
		     tst_shared->broken + tst_shared->skipped +
		     tst_shared->warnings;
	unsigned long taint0 = 0;
	pid_t pid;

	if (tst_self->taint_check)
		taint0 = tst_taint_read();
	tst_shared->cleanup_started = 0;
	alarm_fired = 0;
	clock_gettime(CLOCK_MONOTONIC, &start_time);
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "fork of the test process");
	if (!pid)
		test_process();
	/* Both sides set the group: no window where a kill misses it. */
	setpgid(pid, pid);
	if (timeout_secs)
		alarm(timeout_secs);
	wait_for_test(pid);
	if (tst_self->taint_check)
		tst_taint_verdict(taint0, tst_self->taint_check);

	if (before == tst_shared->passed + tst_shared->failed +
	    tst_shared->broken + tst_shared->skipped + tst_shared->warnings)
		tst_res(TBROK, "test reported no results");
}

int tst_run_test(int argc, char *argv[], struct tst_test *self)
{
	struct sigaction sa = { 0 };
	const char *slash = strrchr(argv[0], '/');

	tst_self = self;
	tst_name = slash ? slash + 1 : argv[0];
	tst_harness_pid = getpid();
	parse_opts(argc, argv);
	setup_shared();
	check_struct(self);
	tst_check_requirements(self);
	compute_timeout();

	if (timeout_secs)
		tst_res(TINFO, "timeout %u s%s (LTP_TIMEOUT_MUL %.2f), "
			"%u iteration(s)", timeout_secs,
			self->all_filesystems ? " per filesystem" : "",
			tst_timeout_mul(), iterations);
	else
		tst_res(TINFO, "no timeout, %u iteration(s)", iterations);

	sa.sa_handler = on_stop;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);

	start_services();
	if (self->all_filesystems)
		tst_fs_matrix_run(self, run_test_process);
	else
		run_test_process();
	tst_harness_exit();
}

pid_t safe_fork(const char *file, int line)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		tst_brk_(file, line, TBROK | TERRNO, "fork()");
	return pid;
}

void tst_reap_child_(const char *file, int line, pid_t pid)
{
	int status;

	if (safe_waitpid(file, line, pid, &status, 0) != pid)
		return;
	if (WIFSIGNALED(status))
		tst_res_(file, line, TFAIL, "child %d killed by signal %s",
			 (int)pid, tst_strsig(WTERMSIG(status)));
	else if (WEXITSTATUS(status) & ~(TFAIL | TBROK | TWARN | TCONF))
		tst_res_(file, line, TFAIL, "child %d exited with status %d",
			 (int)pid, WEXITSTATUS(status));
}

void tst_reap_child_killed_(const char *file, int line, pid_t pid, int sig)
{
	int status;

	if (safe_waitpid(file, line, pid, &status, 0) != pid)
		return;
	if (WIFSIGNALED(status) && WTERMSIG(status) == sig)
		return;
	if (WIFSIGNALED(status))
		tst_res_(file, line, TFAIL, "child %d killed by signal %s, "
			 "expected %s", (int)pid, tst_strsig(WTERMSIG(status)),
			 tst_strsig(sig));
	else
		tst_res_(file, line, TFAIL, "child %d exited with status %d, "
			 "expected to be killed by %s", (int)pid,
			 WEXITSTATUS(status), tst_strsig(sig));
}

void tst_reap_children(void)
{
	int status;
	pid_t pid;

	while ((pid = waitpid(-1, &status, 0)) > 0 || errno == EINTR) {
		if (pid <= 0)
			continue;
		if (WIFSIGNALED(status)) {
			tst_res(TBROK, "child %d killed by signal %s", pid,
				tst_strsig(WTERMSIG(status)));
			continue;
		}
		switch (WEXITSTATUS(status)) {
		case 0: case TFAIL: case TBROK: case TWARN: case TCONF:
			break;
		default:
			tst_res(TBROK, "child %d exited with %d", pid,
				WEXITSTATUS(status));
		}
	}
}

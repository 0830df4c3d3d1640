// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ftrace through tracefs (a mount of the test's own), in a trace instance
 * of its own so that its buffer and switches touch no other tracer:
 *  - trace_marker: a child's write appears once in "trace" as
 *    tracing_mark_write with the child's pid; with tracing_on 0 a write
 *    is EBADF and nothing is recorded;
 *  - the sched_process_fork event with the filter "parent_pid == PID":
 *    two forks of the test record exactly two events naming the test as
 *    parent and each child's pid, a grandchild's fork is filtered out;
 *    a filter without a value or naming no field is EINVAL;
 *  - kprobe_events: "p:ltp_ftrace01/fsync vfs_fsync_range" creates the
 *    event in the instance, a second one of that name is EEXIST, an
 *    unknown command letter and a bad fetch argument are EINVAL, an
 *    unknown symbol fails (6.1: ENOENT, 6.12: EINVAL from the symbol
 *    check) and creates nothing; enabled with "common_pid == PID", three
 *    fsync() calls record exactly three hits; removing the enabled probe
 *    is EBUSY, after disabling it goes and its events directory with it;
 *    removing an event that does not exist is ENOENT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"

#define TMNT "tracefs"
#define KPROBE "ltp_ftrace01/fsync"

static char inst[128];
static int mounted, inst_made, kprobe_made, kprobe_on;

static char *ipath(const char *rel)
{
	static char path[4][256];
	static int n;

	n = (n + 1) % 4;
	snprintf(path[n], sizeof(path[n]), "%s/%s", inst, rel);
	return path[n];
}

/* write() of a string to a tracefs file: 0, or -1 with errno */
static int twrite(const char *path, const char *s, int flags)
{
	int fd = SAFE_OPEN(path, O_WRONLY | flags);
	ssize_t ret = write(fd, s, strlen(s));
	int err = errno;

	SAFE_CLOSE(fd);
	errno = err;
	return ret == (ssize_t)strlen(s) ? 0 : -1;
}

static void set(const char *rel, const char *val)
{
	if (twrite(ipath(rel), val, O_TRUNC))
		tst_brk(TBROK | TERRNO, "write '%s' to %s", val, rel);
}

static int kprobe_write(const char *def)
{
	return twrite(TMNT "/kprobe_events", def, O_APPEND);
}

/* The instance's trace, whole, into a malloc()ed string. */
static char *read_trace(void)
{
	size_t size = 1 << 16, len = 0;
	char *buf = SAFE_MALLOC(size);
	int fd = SAFE_OPEN(ipath("trace"), O_RDONLY);
	ssize_t n;

	while ((n = SAFE_READ(0, fd, buf + len, size - len - 1)) > 0) {
		len += n;
		if (len + 1 == size) {
			size *= 2;
			buf = realloc(buf, size);
			if (!buf)
				tst_brk(TBROK, "realloc()");
		}
	}
	SAFE_CLOSE(fd);
	buf[len] = 0;
	return buf;
}

/* Lines holding both a and b (b may be NULL). */
static int count_lines(const char *text, const char *a, const char *b)
{
	const char *line = text, *end;
	char tmp[1024];
	int n = 0;

	for (; *line; line = *end ? end + 1 : end) {
		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		if (*line == '#' || end - line >= (long)sizeof(tmp))
			continue;
		memcpy(tmp, line, end - line);
		tmp[end - line] = 0;
		if (strstr(tmp, a) && (!b || strstr(tmp, b)))
			n++;
	}
	return n;
}

static void clear_trace(void)
{
	set("trace", "");
}

static void test_marker(void)
{
	char text[64], task[32];
	char *trace;
	pid_t pid;

	clear_trace();
	pid = SAFE_FORK();
	if (!pid) {
		snprintf(text, sizeof(text), "ltp-ftrace01 marker %d",
			 (int)getpid());
		TST_EXP_PASS(twrite(ipath("trace_marker"), text, 0),
			     "write to trace_marker");
		exit(0);
	}
	reap_child(pid);
	snprintf(text, sizeof(text), "tracing_mark_write: ltp-ftrace01 marker "
		 "%d", (int)pid);
	snprintf(task, sizeof(task), "-%d ", (int)pid);
	trace = read_trace();
	TST_EXP_EXPR(count_lines(trace, text, task) == 1,
		     "one '%s' line, task ...%s(%d such lines)", text, task,
		     count_lines(trace, text, NULL));
	free(trace);

	set("tracing_on", "0");
	TST_EXP_FAIL(twrite(ipath("trace_marker"), "ltp-ftrace01 off", 0),
		     EBADF, "write to trace_marker with tracing_on 0");
	set("tracing_on", "1");
	trace = read_trace();
	TST_EXP_EXPR(!count_lines(trace, "ltp-ftrace01 off", NULL),
		     "nothing recorded while off");
	free(trace);
}

static void test_fork_event(void)
{
	const char *filter = "events/sched/sched_process_fork/filter";
	const char *enable = "events/sched/sched_process_fork/enable";
	char flt[64], want[128];
	pid_t kids[2];
	char *trace;
	int i;

	TST_EXP_FAIL(twrite(ipath(filter), "parent_pid ==", O_TRUNC), EINVAL,
		     "filter 'parent_pid ==' ");
	TST_EXP_FAIL(twrite(ipath(filter), "no_such_field == 1", O_TRUNC),
		     EINVAL, "filter 'no_such_field == 1'");
	snprintf(flt, sizeof(flt), "parent_pid == %d", (int)getpid());
	set(filter, flt);
	clear_trace();
	set(enable, "1");
	for (i = 0; i < 2; i++) {
		kids[i] = SAFE_FORK();
		if (!kids[i]) {
			/* a fork by someone else: filtered out */
			pid_t gc = SAFE_FORK();

			if (!gc)
				exit(0);
			reap_child(gc);
			exit(0);
		}
		reap_child(kids[i]);
	}
	set(enable, "0");
	set(filter, "0");

	trace = read_trace();
	TST_EXP_EQ_LI(count_lines(trace, "sched_process_fork:", NULL), 2);
	for (i = 0; i < 2; i++) {
		snprintf(want, sizeof(want), " pid=%d child_comm=",
			 (int)getpid());
		snprintf(flt, sizeof(flt), "child_pid=%d", (int)kids[i]);
		TST_EXP_EXPR(count_lines(trace, want, flt) == 1,
			     "fork event with%s... %s", want, flt);
	}
	free(trace);
}

static void test_kprobe(void)
{
	const char *def = "p:" KPROBE " vfs_fsync_range";
	char flt[64], task[32];
	char *trace;
	int i, pfd[2];

	TST_EXP_PASS(kprobe_write(def), "kprobe_events '%s'", def);
	if (!TST_PASS)
		return;
	kprobe_made = 1;
	TST_EXP_PASS(access(ipath("events/" KPROBE "/enable"), F_OK),
		     "the instance has events/" KPROBE);
	TST_EXP_FAIL(kprobe_write(def), EEXIST, "the same definition again");
	TST_EXP_FAIL(kprobe_write("x:ltp_ftrace01/bad vfs_fsync_range"),
		     EINVAL, "kprobe_events with command 'x'");
	TST_EXP_FAIL(kprobe_write("p:ltp_ftrace01/bad vfs_fsync_range "
				  "arg=%no_such_reg"), EINVAL,
		     "kprobe_events with a bad fetch argument");
	TEST(kprobe_write("p:ltp_ftrace01/bad ltp_no_such_symbol_xyz"));
	TST_EXP_EXPR(TST_RET == -1 && (TST_ERR == ENOENT || TST_ERR == EINVAL),
		     "kprobe on an unknown symbol fails (%s)",
		     tst_strerrno(TST_ERR));
	TST_EXP_FAIL(access(ipath("events/ltp_ftrace01/bad"), F_OK), ENOENT,
		     "no event for the failed definitions");
	TST_EXP_FAIL(kprobe_write("-:ltp_ftrace01/none"), ENOENT,
		     "removing an event that does not exist");

	snprintf(flt, sizeof(flt), "common_pid == %d", (int)getpid());
	set("events/" KPROBE "/filter", flt);
	clear_trace();
	set("events/" KPROBE "/enable", "1");
	kprobe_on = 1;
	/* fsync() of a pipe: one vfs_fsync_range() call, which says EINVAL */
	SAFE_PIPE(pfd);
	for (i = 0; i < 3; i++)
		TST_EXP_FAIL(fsync(pfd[0]), EINVAL, "fsync(pipe)");
	SAFE_CLOSE(pfd[0]);
	SAFE_CLOSE(pfd[1]);

	TST_EXP_FAIL(kprobe_write("-:" KPROBE), EBUSY,
		     "removing the enabled probe");
	set("events/" KPROBE "/enable", "0");
	kprobe_on = 0;
	snprintf(task, sizeof(task), "-%d ", (int)getpid());
	trace = read_trace();
	TST_EXP_EXPR(count_lines(trace, "fsync:", task) == 3,
		     "3 probe hits by the test (%d; %d in all)",
		     count_lines(trace, "fsync:", task),
		     count_lines(trace, "fsync:", NULL));
	free(trace);

	TST_EXP_PASS(kprobe_write("-:" KPROBE), "removing the disabled probe");
	if (TST_PASS)
		kprobe_made = 0;
	TST_EXP_FAIL(access(ipath("events/ltp_ftrace01"), F_OK), ENOENT,
		     "events/ltp_ftrace01 after the removal");
}

static void run(void)
{
	test_marker();
	test_fork_event();
	test_kprobe();
}

static void setup(void)
{
	SAFE_MKDIR(TMNT, 0755);
	if (mount("nodev", TMNT, "tracefs", MS_NODEV | MS_NOEXEC | MS_NOSUID,
		  NULL)) {
		if (errno == ENODEV)
			tst_brk(TCONF, "no tracefs in this kernel");
		tst_brk(TBROK | TERRNO, "mount(tracefs)");
	}
	mounted = 1;
	snprintf(inst, sizeof(inst), TMNT "/instances/ltp_ftrace01_%d",
		 (int)getpid());
	SAFE_MKDIR(inst, 0755);
	inst_made = 1;
}

static void cleanup(void)
{
	if (kprobe_on)
		twrite(ipath("events/" KPROBE "/enable"), "0", O_TRUNC);
	if (kprobe_made && kprobe_write("-:" KPROBE))
		tst_res(TWARN | TERRNO, "removing kprobe " KPROBE);
	if (inst_made && rmdir(inst))
		tst_res(TWARN | TERRNO, "rmdir(%s)", inst);
	if (mounted && umount2(TMNT, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s)", TMNT);
}

static struct tst_test test = {
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.exclusive = 1,
	.timeout = 60,
};

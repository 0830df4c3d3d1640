/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The nobody half of the *_unlink_2-1 tests (mq, sem, shm): a child as
 * nobody uses root's 0666 object by name, then its unlink must fail with
 * EACCES. Linux keeps these objects in sticky directories and refuses
 * with EPERM, which glibc reports as EACCES; a bare EPERM is a known
 * issue, never a pass.
 */
#ifndef PTS_UNLINK_H
#define PTS_UNLINK_H

#include "pts_helpers.h"

/* the child's code for an EPERM refusal */
#define PTS_UNLINK_EPERM 10

struct pts_unlink {
	const char *name;			/* the object's name */
	const char *what;			/* "queue", "semaphore", ... */
	int (*use)(const char *name);		/* 0 once nobody used it */
	int (*unlink)(const char *name);	/* mq_unlink() and so on */
};

static const struct pts_unlink *pts_unlink_obj;

static inline int pts_unlink_child(void)
{
	const struct pts_unlink *o = pts_unlink_obj;

	if (o->use(o->name)) {
		printf("nobody cannot use the 0666 %s: %m\n", o->what);
		return PTS_UNRESOLVED;
	}
	errno = 0;
	if (!o->unlink(o->name)) {
		printf("nobody unlinked root's %s\n", o->what);
		return PTS_FAIL;
	}
	printf("nobody's unlink of the %s: %s\n", o->what,
	       strerrorname_np(errno));
	if (errno == EPERM)
		return PTS_UNLINK_EPERM;
	return errno == EACCES ? PTS_PASS : PTS_FAIL;
}

/*
 * Run the child as nobody: its exit code (PTS_PASS, PTS_UNLINK_EPERM,
 * ...). When it did not exit normally the object is removed and the
 * test ends unresolved.
 */
static inline int pts_unlink_as_nobody(const struct pts_unlink *o)
{
	int status;
	pid_t pid;

	pts_unlink_obj = o;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		pts_become_nobody();
		exit(pts_unlink_child());	/* exit(): output flushed */
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		o->unlink(o->name);
		PTS_UNRES("the child did not exit normally");
	}
	return WEXITSTATUS(status);
}

/* The verdict once the test has seen its object survive. */
static inline void pts_unlink_verdict(const struct pts_unlink *o, int code,
				      const char *clause)
{
	if (code == PTS_UNLINK_EPERM)
		PTS_KNOWN_ISSUE(clause,
				"the unlink was refused with EPERM, not EACCES");
	if (code != PTS_PASS)
		PTS_EXIT(code, "as nobody");
	PTS_PASSED("EACCES for nobody, the %s kept", o->what);
}

#endif /* PTS_UNLINK_H */
